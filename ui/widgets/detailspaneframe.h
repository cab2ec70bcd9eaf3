#pragma once

#include <QStackedWidget>

class QString;
class SelectionSummaryPage;

// What every details pane stands in: a summary of the selection while not exactly one item is selected,
// else the item's details on a page that scrolls (secrets, events and raw JSON can be long). It fills the
// pane it is made in.
class DetailsPaneFrame final : public QStackedWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DetailsPaneFrame)

public:
    explicit DetailsPaneFrame(QWidget *pane);

    // The page the pane lays its details out on.
    QWidget *detailsPage() const { return m_detailsPage; }
    SelectionSummaryPage *summaryPage() const { return m_summaryPage; }

    void showDetails();
    // The config button is offered only with a selection.
    void showSummary(const QString &title, const QString &hint, bool offerConfig);

private:
    SelectionSummaryPage *m_summaryPage;
    QWidget *m_detailsPage;
};
