#pragma once

#include <QWidget>

class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QTimer;

// Search and facet filters above the sandbox table, with the "12 of 40 shown" count.
class SandboxFilterBar final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SandboxFilterBar)

public:
    enum class Facet
    {
        Status,
        Server,
        Benchmark,
        Tag
    };

    explicit SandboxFilterBar(QWidget *parent = nullptr);

    // A list without a facet (local sandboxes have no server of their own) hides its choice.
    void setFacetShown(Facet facet, bool shown);

    // Adds newly seen values; values seen before stay offered (a server-side filter hides them from
    // the list, not from the choice).
    void addFacets(const QStringList &servers, const QStringList &statuses, const QStringList &benchmarks,
                   const QStringList &tags);
    void setCounts(int shown, int total);
    void setTag(const QString &tag);
    void focusSearch();
    // Takes effect at once, not after the typing pause: a caller that clears the filters to show a row
    // looks for the row right after.
    void clearFilters();

    QString searchText() const;
    QString status() const;
    QString server() const;
    QString benchmark() const;
    QString tag() const;
    QLineEdit *searchField() const { return m_search; }
    QComboBox *statusChoice() const { return m_status; }

signals:
    void searchChanged(const QString &text);
    void statusChanged(const QString &status);
    void serverChanged(const QString &server);
    void benchmarkChanged(const QString &benchmark);
    void tagChanged(const QString &tag);

private:
    QComboBox *addFacet(const QString &anyText, const QString &accessibleName);
    static void mergeInto(QComboBox *combo, const QStringList &values);
    static QString value(const QComboBox *combo);

    QComboBox *facetCombo(Facet facet) const;
    void placeFacets(bool inFirstRow);
    int oneRowWidth() const;

protected:
    void resizeEvent(QResizeEvent *event) override;
    bool event(QEvent *event) override;

public:
    QSize minimumSizeHint() const override;

private:
    QHBoxLayout *m_firstRow = nullptr;
    QHBoxLayout *m_secondRow = nullptr;
    bool m_facetsInFirstRow = true;
    bool m_facetsPlaced = false;

    QLineEdit *m_search;
    QTimer *m_debounce;
    QComboBox *m_status;
    QComboBox *m_server;
    QComboBox *m_benchmark;
    QComboBox *m_tag;
    QLabel *m_counts;
};
