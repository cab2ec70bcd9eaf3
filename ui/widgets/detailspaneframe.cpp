#include "widgets/detailspaneframe.h"

#include "pages/selectionsummarypage.h"

#include <QScrollArea>
#include <QVBoxLayout>

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
