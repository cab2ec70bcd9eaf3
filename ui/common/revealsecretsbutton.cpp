#include "common/revealsecretsbutton.h"

using namespace Qt::StringLiterals;

RevealSecretsButton::RevealSecretsButton(QWidget *parent)
    : QPushButton(QIcon(u":/icons/reveal.svg"_s), QString(), parent)
{
    setObjectName(u"revealButton"_s);
    setCheckable(true);
    updateText(false);
    // Connected before any pane's slot: the text is right by the time the pane refills its values.
    connect(this, &QPushButton::toggled, this, &RevealSecretsButton::updateText);
}

void RevealSecretsButton::updateText(bool revealed)
{
    setText(revealed ? tr("Hide secrets") : tr("Reveal secrets"));
}
