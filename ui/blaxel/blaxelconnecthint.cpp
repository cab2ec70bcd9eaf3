#include "blaxel/blaxelconnecthint.h"

#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

BlaxelConnectHint::BlaxelConnectHint(QWidget *parent) : QWidget(parent)
{
    setObjectName(u"blaxelConnectHint"_s);
    auto *layout = new QVBoxLayout(this);
    layout->addStretch(1);
    auto *title = new QLabel(tr("Add a Blaxel profile in Settings"), this);
    title->setObjectName(u"connectHintTitle"_s);
    QFont font = title->font();
    font.setBold(true);
    font.setPointSizeF(font.pointSizeF() * 1.25);
    title->setFont(font);
    title->setAlignment(Qt::AlignCenter);
    auto *text = new QLabel(tr("Blaxel sandboxes are listed here once a Blaxel workspace and its API key are "
                               "set up. Settings can also import them from the Blaxel CLI."),
                            this);
    text->setWordWrap(true);
    text->setAlignment(Qt::AlignCenter);
    text->setForegroundRole(QPalette::PlaceholderText);
    text->setMaximumWidth(460);
    m_settingsButton = new QPushButton(QIcon(u":/icons/settings.svg"_s), tr("Open &Settings…"), this);
    m_settingsButton->setObjectName(u"openSettingsButton"_s);
    layout->addWidget(title);
    layout->addWidget(text, 0, Qt::AlignHCenter);
    layout->addSpacing(8);
    layout->addWidget(m_settingsButton, 0, Qt::AlignHCenter);
    layout->addStretch(2);
    connect(m_settingsButton, &QPushButton::clicked, this, &BlaxelConnectHint::settingsRequested);
}
