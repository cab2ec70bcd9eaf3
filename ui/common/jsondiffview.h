#pragma once

#include "json/jsondifference.h"

#include <QList>
#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QPalette;
class QToolButton;
class QTreeView;
class JsonDiffModel;

// A structural diff of two JSON documents (two dumps of a sandbox's data): one row per difference with its
// kind, path and the values before and after, coloured by kind in colours readable on light and dark
// palettes; a filter by kind, copy path, and a plain "no differences" when there are none. Rows are made as
// the view asks for them: 10,000 differences show at once.
class JsonDiffView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JsonDiffView)

public:
    enum Column
    {
        KindColumn,
        PathColumn,
        BeforeColumn,
        AfterColumn,
        ColumnCount
    };

    explicit JsonDiffView(QWidget *parent = nullptr);

    void setDifferences(const QList<JsonDifference> &differences, bool truncated, const QString &beforeLabel,
                        const QString &afterLabel);
    void clear();
    const QList<JsonDifference> &differences() const;

    // nullopt shows every kind.
    void setKindFilter(std::optional<JsonDifference::Kind> kind);
    std::optional<JsonDifference::Kind> kindFilter() const;
    int visibleRowCount() const;

    QString currentPath() const;
    void copyPath();

    QTreeView *treeView() const { return m_tree; }
    QLabel *summaryLabel() const { return m_summary; }
    QComboBox *filterBox() const { return m_filter; }

    // The colour a kind's rows are marked with on `palette`: deep on light windows, soft on dark ones.
    static QColor kindColour(JsonDifference::Kind kind, const QPalette &palette);
    static QString kindText(JsonDifference::Kind kind);

signals:
    // Names what was copied, never the value.
    void copied(const QString &what);

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void applyFilter();
    void updateSummary();
    void fitColumns();

    bool m_truncated = false;
    QString m_beforeLabel;
    QString m_afterLabel;
    QLabel *m_summary;
    QComboBox *m_filter;
    QToolButton *m_copyPath;
    JsonDiffModel *m_model;
    QTreeView *m_tree;
};
