#pragma once

#include <QPlainTextEdit>

class QPaintEvent;
class QResizeEvent;

// A plain text box with its line numbers in a margin on the left, for showing and editing a file: a line
// number a search result or an error names can be found by eye.
class LineNumberEdit final : public QPlainTextEdit
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LineNumberEdit)

public:
    explicit LineNumberEdit(QWidget *parent = nullptr);

    // Moves the cursor to the start of `line` (1-based) and shows it.
    void goToLine(int line);
    int marginWidth() const;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void paintMargin(QPaintEvent *event);
    void updateMargin(const QRect &rect, int dy);

    QWidget *m_margin;
};
