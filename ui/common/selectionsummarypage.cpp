#include "common/selectionsummarypage.h"

#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

SelectionSummaryPage::SelectionSummaryPage(QWidget *parent)
    : QWidget(parent), m_title(new QLabel(this)), m_hint(new QLabel(this)),
      m_configButton(new QPushButton(QIcon(u":/icons/copy.svg"_s), tr("Copy MCP client config"), this))
{
    m_title->setObjectName(u"emptyTitle"_s);
    m_title->setAlignment(Qt::AlignCenter);
    m_hint->setAlignment(Qt::AlignCenter);
    m_hint->setWordWrap(true);
    m_hint->setForegroundRole(QPalette::PlaceholderText);
    auto *layout = new QVBoxLayout(this);
    layout->addStretch(1);
    layout->addWidget(m_title);
    layout->addWidget(m_hint);
    layout->addWidget(m_configButton, 0, Qt::AlignHCenter);
    layout->addStretch(2);
    connect(m_configButton, &QPushButton::clicked, this, &SelectionSummaryPage::copyMcpConfigRequested);
}

void SelectionSummaryPage::setSummary(const QString &title, const QString &hint, bool offerConfig)
{
    m_title->setText(title);
    m_hint->setText(hint);
    m_configButton->setVisible(offerConfig);
}
