#include "widgets/rawjsonview.h"

#include "widgets/secrettree.h"

#include <QFontDatabase>
#include <QJsonDocument>
#include <QPlainTextEdit>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

RawJsonView::RawJsonView(QWidget *parent)
    : QWidget(parent), m_toggle(new QToolButton(this)), m_edit(new QPlainTextEdit(this))
{
    m_toggle->setObjectName(u"rawJsonToggle"_s);
    m_toggle->setText(tr("Raw JSON"));
    m_toggle->setCheckable(true);
    m_toggle->setAutoRaise(true);
    m_toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toggle->setArrowType(Qt::RightArrow);
    m_edit->setObjectName(u"rawJsonEdit"_s);
    m_edit->setReadOnly(true);
    m_edit->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_edit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_edit->setMinimumHeight(220);
    m_edit->setVisible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_toggle, 0, Qt::AlignLeft);
    layout->addWidget(m_edit);

    connect(m_toggle, &QToolButton::toggled, this, [this](bool open) {
        m_toggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
        m_edit->setVisible(open);
    });
}

void RawJsonView::setJson(const QJsonObject &object, bool secretsRevealed)
{
    m_toggle->setEnabled(!object.isEmpty());
    if (object.isEmpty()) {
        m_edit->setPlainText({});
        return;
    }
    const QJsonObject shown = secretsRevealed ? object : SecretTree::masked(object).toObject();
    m_edit->setPlainText(QString::fromUtf8(QJsonDocument(shown).toJson(QJsonDocument::Indented)));
}

QString RawJsonView::text() const
{
    return m_edit->toPlainText();
}

bool RawJsonView::isOpen() const
{
    return m_toggle->isChecked();
}
