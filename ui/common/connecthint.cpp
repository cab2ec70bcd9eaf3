#include "common/connecthint.h"

#include "common/detailspaneframe.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

ConnectHint::ConnectHint(const QString &title, const QString &text, Demo demo, QWidget *parent)
    : QWidget(parent), m_title(DetailsPaneFrame::sectionTitle(title, this, 1.25))
{
    setObjectName(u"connectHint"_s);
    auto *layout = new QVBoxLayout(this);
    layout->addStretch(1);
    m_title->setObjectName(u"connectHintTitle"_s);
    m_title->setAlignment(Qt::AlignCenter);
    m_title->setWordWrap(true);
    auto *body = new QLabel(text, this);
    body->setObjectName(u"connectHintText"_s);
    body->setWordWrap(true);
    body->setAlignment(Qt::AlignCenter);
    body->setForegroundRole(QPalette::PlaceholderText);
    body->setMaximumWidth(460);
    m_settingsButton = new QPushButton(QIcon(u":/icons/settings.svg"_s), tr("Open &Settings…"), this);
    m_settingsButton->setObjectName(u"openSettingsButton"_s);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_settingsButton);
    if (demo == Demo::Offered) {
        m_demoButton = new QPushButton(tr("Open the &Demo"), this);
        m_demoButton->setObjectName(u"openDemoButton"_s);
        m_demoButton->setToolTip(tr("Look around in the built-in demo: an emulator of the providers on this "
                                    "computer, with sandboxes to try everything on"));
        buttons->addWidget(m_demoButton);
        connect(m_demoButton, &QPushButton::clicked, this, &ConnectHint::demoRequested);
    }
    buttons->addStretch(1);
    layout->addWidget(m_title);
    // Centred by stretches, not by an alignment flag: an aligned item gets its size hint's height, and a
    // wrapped text taller than that was cut off after its first line.
    auto *bodyRow = new QHBoxLayout;
    bodyRow->addStretch(1);
    bodyRow->addWidget(body, 4);
    bodyRow->addStretch(1);
    layout->addLayout(bodyRow);
    layout->addSpacing(8);
    layout->addLayout(buttons);
    layout->addStretch(2);
    connect(m_settingsButton, &QPushButton::clicked, this, &ConnectHint::settingsRequested);
}

QString ConnectHint::title() const
{
    return m_title->text();
}
