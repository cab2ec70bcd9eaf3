#pragma once

#include <QWidget>

class QComboBox;
class QLineEdit;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;
struct BlaxelContentMatches;
struct BlaxelFoundPaths;

// Find by name and search by content in the Files tab: what to look for, how, and what was found, one row
// per path (or per line, with its number and text). A row chosen names a file to open at that line.
class FileSearchPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FileSearchPanel)

public:
    enum class Mode
    {
        Names,
        Contents,
    };

    explicit FileSearchPanel(QWidget *parent = nullptr);

    // The row of what to look for, which the pane places; the results are this widget.
    QWidget *searchRow() const { return m_row; }
    QLineEdit *searchEdit() const { return m_text; }
    QTreeWidget *results() const { return m_results; }
    Mode mode() const;
    void setMode(Mode mode);
    void clear();
    // A search went: its results replace these. Shown until clear().
    void startOver(Mode mode);
    // What was found, and the sentence that says how much.
    QString showFound(const BlaxelFoundPaths &paths);
    QString showMatches(const BlaxelContentMatches &matches);

Q_SIGNALS:
    void searchRequested(const QString &text, FileSearchPanel::Mode mode);
    void fileChosen(const QString &path, int line);

private:
    void chosen(QTreeWidgetItem *item);

    QWidget *m_row;
    QLineEdit *m_text;
    QComboBox *m_mode;
    QPushButton *m_find;
    QTreeWidget *m_results;
};
