#pragma once

#include <QWidget>

class QLabel;
class QToolButton;

// One line of text a user copies more often than reads (a sandbox id, an MCP URL): elided in the
// middle, where ids and query strings differ least usefully, with the full text in the tooltip and a
// copy button beside it.
class CopyableField final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CopyableField)

public:
    // what: how the copied() signal and the button's tooltip name the value ("MCP server URL").
    explicit CopyableField(const QString &what = {}, QWidget *parent = nullptr);

    void setText(const QString &text);
    // What the label shows instead of the text, when the text itself would elide to something that
    // looks like its neighbours (a URL shown from where it differs). Copy and tooltip keep the text.
    void setDisplayText(const QString &shown, Qt::TextElideMode mode = Qt::ElideRight);
    QString text() const { return m_text; }
    void setWhat(const QString &what);
    QString what() const { return m_what; }
    // Monospace suits ids; URLs read better in the normal font.
    void setMonospace(bool monospace);
    QToolButton *copyButton() const { return m_copyButton; }
    QString displayedText() const;

    QSize minimumSizeHint() const override;

public slots:
    void copy();

signals:
    // Names what was copied, never the value itself: values can be secrets and this ends up in a
    // status bar.
    void copied(const QString &what);

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void updateElision();

    QLabel *m_label;
    QToolButton *m_copyButton;
    QString m_text;
    QString m_shown;
    QString m_what;
    Qt::TextElideMode m_elideMode = Qt::ElideMiddle;
};
