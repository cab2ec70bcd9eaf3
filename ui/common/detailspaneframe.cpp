#include "common/detailspaneframe.h"

#include "common/selectionsummarypage.h"
#include "models/displaytext.h"

#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

DetailsPaneFrame::DetailsPaneFrame(QWidget *pane)
    : QStackedWidget(pane), m_summaryPage(new SelectionSummaryPage(this))
{
    auto *outer = new QVBoxLayout(pane);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(this);
    addWidget(m_summaryPage);

    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_detailsPage = new QWidget(scroll);
    scroll->setWidget(m_detailsPage);
    addWidget(scroll);
}

void DetailsPaneFrame::showDetails()
{
    setCurrentIndex(1);
}

void DetailsPaneFrame::showSummary(const QString &title, const QString &hint, bool offerConfig)
{
    setCurrentIndex(0);
    m_summaryPage->setSummary(title, hint, offerConfig);
}

QLabel *DetailsPaneFrame::sectionTitle(const QString &text, QWidget *parent, qreal scale)
{
    auto *label = new QLabel(text, parent);
    QFont font = label->font();
    font.setBold(true);
    font.setPointSizeF(font.pointSizeF() * scale);
    label->setFont(font);
    return label;
}

QLabel *DetailsPaneFrame::placeholder(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setForegroundRole(QPalette::PlaceholderText);
    label->setWordWrap(true);
    return label;
}

QString DetailsPaneFrame::valueOrDash(const QString &text)
{
    return text.isEmpty() ? u"—"_s : DisplayText::visible(text);
}
