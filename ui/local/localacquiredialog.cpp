#include "local/localacquiredialog.h"

#include "catalog/serverlists.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

LocalAcquireDialog::LocalAcquireDialog(QWidget *parent)
    : FormDialog(tr("Acquire local sandbox"), parent), m_all(new QCheckBox(tr("All servers"), this)),
      m_servers(new QListWidget(this)), m_benchmark(createBenchmarkCombo(this)), m_email(new QLineEdit(this))
{
    setWindowIcon(QIcon(u":/icons/local.svg"_s));

    for (const QString &name : ServerLists::localServers()) {
        auto *item = new QListWidgetItem(name, m_servers);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        item->setCheckState(Qt::Unchecked);
    }
    // Columns as wide as the longest name ("poste_email_toolathlon"), so that no name is elided, and as
    // many rows as it takes to show them all without scrolling.
    m_servers->setFlow(QListView::TopToBottom);
    m_servers->setWrapping(true);
    m_servers->setResizeMode(QListView::Adjust);
    m_servers->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_servers->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    int widest = 0;
    int rowHeight = 0;
    for (int i = 0; i < m_servers->count(); ++i) {
        const QSize item = m_servers->sizeHintForIndex(m_servers->model()->index(i, 0));
        widest = std::max(widest, item.width());
        rowHeight = std::max(rowHeight, item.height());
    }
    const QSize cell(widest + m_servers->fontMetrics().averageCharWidth() * 2, rowHeight + 2);
    m_servers->setGridSize(cell);
    constexpr int columns = 2;
    const int rows = int((m_servers->count() + columns - 1) / columns);
    const int frame = 2 * m_servers->frameWidth();
    // One spare pixel per side: QListView starts a new column when an item touches the edge.
    m_servers->setFixedSize(columns * cell.width() + frame + 2, rows * cell.height() + frame + 2);
    m_all->setToolTip(tr("Sends \"ALL\": every local server the service offers, including new ones."));

    auto *serverBox = new QWidget(this);
    auto *serverLayout = new QVBoxLayout(serverBox);
    serverLayout->setContentsMargins(0, 0, 0, 0);
    serverLayout->addWidget(m_all);
    serverLayout->addWidget(m_servers);
    serverBox->setFocusProxy(m_all);

    // "All" means the service's whole list, so the individual choices stop mattering: show them all
    // checked and out of reach, and restore the user's picks when "All" is unticked.
    connect(m_all, &QCheckBox::toggled, this, [this](bool all) {
        m_servers->setEnabled(!all);
        for (int i = 0; i < m_servers->count(); ++i) {
            QListWidgetItem *item = m_servers->item(i);
            if (all) {
                item->setData(Qt::UserRole, int(item->checkState()));
                item->setCheckState(Qt::Checked);
            } else {
                item->setCheckState(static_cast<Qt::CheckState>(item->data(Qt::UserRole).toInt()));
            }
        }
        setFieldError(u"server_names"_s, {});
    });

    m_email->setPlaceholderText(tr("Optional: a specific test account"));
    m_email->setClearButtonEnabled(true);

    addField(tr("&Servers:"), serverBox);
    registerField(u"server_names"_s, m_servers);
    addField(tr("&Benchmark:"), m_benchmark, u"benchmark"_s);
    addField(tr("Test account &email:"), m_email, u"test_account_email"_s);
    addTtlField(tr("Time to &live:"));

    okButton()->setText(tr("Acquire"));
    okButton()->setIcon(QIcon(u":/icons/acquire.svg"_s));
}

QStringList LocalAcquireDialog::checkedServers() const
{
    QStringList names;
    for (int i = 0; i < m_servers->count(); ++i) {
        if (m_servers->item(i)->checkState() == Qt::Checked)
            names << m_servers->item(i)->text();
    }
    return names;
}

void LocalAcquireDialog::setCheckedServers(const QStringList &serverNames)
{
    m_all->setChecked(false);
    for (int i = 0; i < m_servers->count(); ++i) {
        QListWidgetItem *item = m_servers->item(i);
        item->setCheckState(serverNames.contains(item->text(), Qt::CaseInsensitive) ? Qt::Checked
                                                                                    : Qt::Unchecked);
    }
}

QString LocalAcquireDialog::validate()
{
    QString problem = FormDialog::validate();
    if (!m_all->isChecked() && checkedServers().isEmpty()) {
        setFieldError(u"server_names"_s, tr("Check at least one server, or All servers."));
        problem = tr("Some fields need attention.");
    }
    if (!checkEmailField(m_email->text().trimmed()))
        problem = tr("Some fields need attention.");
    return problem;
}

LocalAcquireRequest LocalAcquireDialog::request() const
{
    LocalAcquireRequest request;
    request.allServers = m_all->isChecked();
    if (!request.allServers)
        request.serverNames = checkedServers();
    request.benchmark = m_benchmark->currentData().toString();
    request.testAccountEmail = m_email->text().trimmed();
    request.ttlSeconds = ttlSeconds();
    request.noAutoRelease = !request.ttlSeconds;
    return request;
}
