#pragma once

#include <QPushButton>

// "Reveal secrets" / "Hide secrets": the toggle above a details pane's masked values. Its text says what
// a click does next.
class RevealSecretsButton final : public QPushButton
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RevealSecretsButton)

public:
    explicit RevealSecretsButton(QWidget *parent = nullptr);

private:
    void updateText(bool revealed);
};
