#pragma once

#include <QWidget>

class QLabel;
class QPushButton;

// What a details pane shows when not exactly one item is selected: what to do next, or how many are
// selected with the one thing that works on several (copying their MCP client config).
class SelectionSummaryPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SelectionSummaryPage)

public:
    explicit SelectionSummaryPage(QWidget *parent = nullptr);

    // The config button is offered only with a selection.
    void setSummary(const QString &title, const QString &hint, bool offerConfig);

signals:
    void copyMcpConfigRequested();

private:
    QLabel *m_title;
    QLabel *m_hint;
    QPushButton *m_configButton;
};
