#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QToolButton;

// The console's search bar: a find field, Previous and Next, the "Not found" result, and every match in
// view highlighted (up to maxHighlightedMatches). Enter finds the next match, Shift+Enter the previous one,
// Esc closes the bar.
class ConsoleSearchBar final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConsoleSearchBar)

public:
    static constexpr int maxHighlightedMatches = 1000;

    explicit ConsoleSearchBar(QPlainTextEdit *text, QWidget *parent = nullptr);

    // A flat button as the console's bars have them (the console's own bar uses it too).
    static QToolButton *barButton(const QString &text, const QString &toolTip, QWidget *parent);

    // Finds `text` from the cursor (wrapping around) and selects it; false when it is nowhere.
    bool find(const QString &text, bool backward = false);
    // Shows the bar with the field focused and its text selected.
    void open();
    QLineEdit *field() const { return m_field; }

signals:
    // Before a search: the console puts the text it has queued into the document first.
    void aboutToSearch();
    // A match was selected: the console stops following, so that it stays in view.
    void matchSelected();

private:
    void highlightMatches(const QString &text);
    void close();

    QPlainTextEdit *m_text;
    QLineEdit *m_field;
    QLabel *m_result;
};
