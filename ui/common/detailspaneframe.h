#pragma once

#include <QStackedWidget>

class QLabel;
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

    // What every pane lays its details out with: a bold section title (`scale` times the font's size), a
    // dim line standing in for what is not there, and a value made visible (DisplayText) or a dash when
    // empty.
    static QLabel *sectionTitle(const QString &text, QWidget *parent, qreal scale = 1.0);
    static QLabel *placeholder(const QString &text, QWidget *parent);
    static QString valueOrDash(const QString &text);

    void showDetails();
    // The config button is offered only with a selection.
    void showSummary(const QString &title, const QString &hint, bool offerConfig);

private:
    SelectionSummaryPage *m_summaryPage;
    QWidget *m_detailsPage;
};
