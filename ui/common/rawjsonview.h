#pragma once

#include <QJsonObject>
#include <QWidget>

class QTextEdit;
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
    QTextEdit *editor() const { return m_edit; }
    // Past this the box scrolls: a huge answer must not make the pane a mile long.
    static constexpr int maximumLines = 40;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void updateHeight();

    QToolButton *m_toggle;
    QTextEdit *m_edit;
};
