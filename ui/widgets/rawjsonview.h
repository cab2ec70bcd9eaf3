#pragma once

#include <QJsonObject>
#include <QWidget>

class QPlainTextEdit;
class QToolButton;

// "Raw JSON" under a details pane: a fold-out, read-only view of what the server sent, with secret
// values masked unless the pane has revealed them.
class RawJsonView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RawJsonView)

public:
    explicit RawJsonView(QWidget *parent = nullptr);

    void setJson(const QJsonObject &object, bool secretsRevealed);
    QString text() const;
    bool isOpen() const;

private:
    QToolButton *m_toggle;
    QPlainTextEdit *m_edit;
};
