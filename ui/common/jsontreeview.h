#pragma once

#include <QJsonValue>
#include <QWidget>

class JsonTreeModel;
class QLabel;
class QLineEdit;
class QTimer;
class QToolButton;
class QTreeView;
class TreeColumnFit;

// A JSON document as a tree (a sandbox's dump, a tool's structured result): search over keys and values
// with next/previous, copy a node's path or value, expand or collapse everything (bounded), save as JSON.
// Parsing, searching and saving run off the GUI thread, so a 60 MB dump never freezes the window.
class JsonTreeView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JsonTreeView)

public:
    // Expanding every node of a big dump would make every node: expand all stops here.
    static constexpr int maximumExpanded = 2000;
    // A search stops counting here; the label says "1000+".
    static constexpr int maximumHits = 1000;

    explicit JsonTreeView(QWidget *parent = nullptr);

    void setJson(const QJsonValue &value);
    // Parses `text` on a worker thread; loaded() tells how it went.
    void loadJson(const QByteArray &text);
    QJsonValue json() const;
    bool isBusy() const { return m_busy > 0; }

    JsonTreeModel *model() const { return m_model; }
    QTreeView *treeView() const { return m_tree; }
    QLineEdit *searchField() const { return m_search; }
    QLabel *statusLabel() const { return m_status; }

    // Starts a search now (typing starts one after a pause); searchFinished() gives the number of hits.
    void find(const QString &text);
    int hitCount() const { return int(m_hits.size()); }
    int currentHit() const { return m_currentHit; }
    void nextHit();
    void previousHit();

    QString currentPath() const;
    void copyPath();
    void copyValue();
    // Expands breadth-first up to maximumExpanded nodes; returns how many it expanded.
    int expandAll();
    void collapseAll();
    // Writes the document, indented, on a worker thread; saved() tells how it went.
    void saveTo(const QString &path);

signals:
    void loaded(bool ok, const QString &error);
    void searchFinished(int hits);
    void saved(bool ok, const QString &error);
    // Names what was copied, never the value.
    void copied(const QString &what);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void showHit(int hit);
    void updateActions();
    void setStatus(const QString &text, bool error = false);
    void saveAs();

    JsonTreeModel *m_model;
    QTreeView *m_tree;
    QLineEdit *m_search;
    QToolButton *m_previous;
    QToolButton *m_next;
    QLabel *m_hitLabel;
    QToolButton *m_copyPath;
    QToolButton *m_copyValue;
    QToolButton *m_expand;
    QToolButton *m_collapse;
    QToolButton *m_save;
    QLabel *m_status;
    QTimer *m_searchDelay;
    QList<QList<int>> m_hits;
    int m_currentHit = -1;
    // Results of a search or a parse older than the latest are dropped.
    int m_searchGeneration = 0;
    int m_loadGeneration = 0;
    int m_busy = 0;
    TreeColumnFit *m_keyFit;
};
