#pragma once

#include "api/blaxelpreview.h"

#include <QDialog>
#include <QUrl>

class QLineEdit;
class QPushButton;

// A private preview's new token, shown once: the token and the preview's URL carrying it, each with a copy
// button, and the URL opened in the browser. Nothing here is kept: closing the dialog forgets the token.
class PreviewTokenDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PreviewTokenDialog)

public:
    PreviewTokenDialog(const QString &preview, const QUrl &previewUrl, const BlaxelPreviewToken &token,
                       QWidget *parent = nullptr);

    // The preview's URL with the token as the SDK passes it (bl_preview_token).
    static QUrl urlWithToken(const QUrl &previewUrl, const QString &token);

    QLineEdit *tokenField() const { return m_token; }
    QLineEdit *urlField() const { return m_url; }

private:
    QLineEdit *m_token;
    QLineEdit *m_url;
};
