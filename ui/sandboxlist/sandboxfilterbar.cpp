#include "sandboxlist/sandboxfilterbar.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QLineEdit>
#include <QResizeEvent>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

SandboxFilterBar::SandboxFilterBar(QWidget *parent)
    : QWidget(parent), m_search(new QLineEdit(this)), m_debounce(new QTimer(this)), m_counts(new QLabel(this))
{
    m_search->setPlaceholderText(tr("Search id, server, status, benchmark, tag…  (Ctrl+F)"));
    m_search->setClearButtonEnabled(true);
    m_search->addAction(QIcon(u":/icons/search.svg"_s), QLineEdit::LeadingPosition);
    m_search->setAccessibleName(tr("Search sandboxes"));
    m_search->setMinimumWidth(160);

    auto *rows = new QVBoxLayout(this);
    rows->setContentsMargins(0, 0, 0, 0);
    m_firstRow = new QHBoxLayout;
    m_secondRow = new QHBoxLayout;
    rows->addLayout(m_firstRow);
    rows->addLayout(m_secondRow);
    m_firstRow->addWidget(m_search, 2);
    m_status = addFacet(tr("Any status"), tr("Status filter"));
    m_server = addFacet(tr("Any server"), tr("Server filter"));
    m_benchmark = addFacet(tr("Any benchmark"), tr("Benchmark filter"));
    m_tag = addFacet(tr("Any tag"), tr("Tag filter"));
    m_firstRow->addWidget(m_counts);
    placeFacets(true);

    // Typing fires once the user pauses briefly, so a fast typist does not filter on every key.
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(120);
    connect(m_search, &QLineEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_debounce, &QTimer::timeout, this, [this] { emit searchChanged(m_search->text()); });
    connect(m_status, &QComboBox::currentIndexChanged, this, [this] { emit statusChanged(status()); });
    connect(m_server, &QComboBox::currentIndexChanged, this, [this] { emit serverChanged(server()); });
    connect(m_benchmark, &QComboBox::currentIndexChanged, this,
            [this] { emit benchmarkChanged(benchmark()); });
    connect(m_tag, &QComboBox::currentIndexChanged, this, [this] { emit tagChanged(tag()); });
}

void SandboxFilterBar::placeFacets(bool inFirstRow)
{
    if (m_facetsInFirstRow == inFirstRow && m_facetsPlaced)
        return;
    m_facetsPlaced = true;
    m_facetsInFirstRow = inFirstRow;
    for (QComboBox *combo : {m_status, m_server, m_benchmark, m_tag}) {
        m_firstRow->removeWidget(combo);
        m_secondRow->removeWidget(combo);
    }
    // Wide: search, facets, count on one line. Narrow (an 800 px window): the facets take a line of
    // their own rather than squeezing the search field or widening the window past the screen.
    int at = 1;
    for (QComboBox *combo : {m_status, m_server, m_benchmark, m_tag}) {
        if (inFirstRow)
            m_firstRow->insertWidget(at++, combo);
        else
            m_secondRow->addWidget(combo);
    }
    if (!inFirstRow && m_secondRow->count() == 4)
        m_secondRow->addStretch(1);
    else if (inFirstRow)
        while (m_secondRow->count() > 0)
            delete m_secondRow->takeAt(0);
}

int SandboxFilterBar::oneRowWidth() const
{
    int width = std::max(m_search->minimumWidth(), m_search->minimumSizeHint().width()) +
                m_counts->sizeHint().width();
    int shown = 2;
    for (const QComboBox *combo : {m_status, m_server, m_benchmark, m_tag}) {
        if (combo->isVisibleTo(this)) {
            width += combo->sizeHint().width();
            ++shown;
        }
    }
    return width + (shown - 1) * m_firstRow->spacing();
}

QSize SandboxFilterBar::minimumSizeHint() const
{
    // Never asks for the one-line width: it wraps instead.
    const QSize base = QWidget::minimumSizeHint();
    int facets = 0;
    for (const QComboBox *combo : {m_status, m_server, m_benchmark, m_tag})
        if (combo->isVisibleTo(this))
            facets += combo->minimumSizeHint().width() + m_secondRow->spacing();
    const int narrow = std::max(std::max(m_search->minimumWidth(), m_search->minimumSizeHint().width()) +
                                    m_counts->sizeHint().width(),
                                facets);
    return {narrow, base.height()};
}

void SandboxFilterBar::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    placeFacets(width() >= oneRowWidth());
}

bool SandboxFilterBar::event(QEvent *event)
{
    // The facets widen as values arrive and the count changes its text: the line may no longer fit.
    if (event->type() == QEvent::LayoutRequest)
        placeFacets(width() >= oneRowWidth());
    return QWidget::event(event);
}

QComboBox *SandboxFilterBar::addFacet(const QString &anyText, const QString &accessibleName)
{
    auto *combo = new QComboBox(this);
    combo->addItem(anyText, QString());
    combo->setAccessibleName(accessibleName);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    combo->setMinimumContentsLength(8);
    return combo;
}

void SandboxFilterBar::mergeInto(QComboBox *combo, const QStringList &values)
{
    for (const auto &value : values) {
        if (value.isEmpty() || combo->findData(value) >= 0)
            continue;
        // Keep the choices sorted after the "Any" entry without disturbing the current one.
        int position = 1;
        while (position < combo->count() &&
               combo->itemData(position).toString().compare(value, Qt::CaseInsensitive) < 0)
            ++position;
        combo->insertItem(position, value, value);
    }
}

void SandboxFilterBar::addFacets(const QStringList &servers, const QStringList &statuses,
                                 const QStringList &benchmarks, const QStringList &tags)
{
    mergeInto(m_server, servers);
    mergeInto(m_status, statuses);
    mergeInto(m_benchmark, benchmarks);
    mergeInto(m_tag, tags);
}

void SandboxFilterBar::setCounts(int shown, int total)
{
    m_counts->setText(shown == total ? tr("%n sandbox(es)", nullptr, total)
                                     : tr("%1 of %2 shown").arg(shown).arg(total));
}

void SandboxFilterBar::setTag(const QString &tag)
{
    mergeInto(m_tag, {tag});
    m_tag->setCurrentIndex(std::max(0, m_tag->findData(tag)));
}

void SandboxFilterBar::focusSearch()
{
    m_search->setFocus(Qt::ShortcutFocusReason);
    m_search->selectAll();
}

void SandboxFilterBar::clearFilters()
{
    const bool searching = !m_search->text().isEmpty() || m_debounce->isActive();
    m_search->clear();
    m_debounce->stop();
    if (searching)
        emit searchChanged(QString());
    for (auto *combo : {m_status, m_server, m_benchmark, m_tag})
        combo->setCurrentIndex(0);
}

QComboBox *SandboxFilterBar::facetCombo(Facet facet) const
{
    switch (facet) {
    case Facet::Status:
        return m_status;
    case Facet::Server:
        return m_server;
    case Facet::Benchmark:
        return m_benchmark;
    case Facet::Tag:
        return m_tag;
    }
    return m_status;
}

void SandboxFilterBar::setFacetShown(Facet facet, bool shown)
{
    QComboBox *combo = facetCombo(facet);
    combo->setCurrentIndex(0);
    combo->setVisible(shown);
}

QString SandboxFilterBar::value(const QComboBox *combo)
{
    return combo->currentData().toString();
}

QString SandboxFilterBar::searchText() const
{
    return m_search->text();
}

QString SandboxFilterBar::status() const
{
    return value(m_status);
}

QString SandboxFilterBar::server() const
{
    return value(m_server);
}

QString SandboxFilterBar::benchmark() const
{
    return value(m_benchmark);
}

QString SandboxFilterBar::tag() const
{
    return value(m_tag);
}
