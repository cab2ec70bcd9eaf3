#include "klavis/acquiredialog.h"

#include "catalog/serverlists.h"

#include <QComboBox>
#include <QCompleter>
#include <QFormLayout>
#include <QLineEdit>
#include <QPushButton>

using namespace Qt::StringLiterals;

AcquireDialog::AcquireDialog(const QStringList &extraServers, QWidget *parent)
    : FormDialog(tr("Acquire sandbox"), parent), m_server(new QComboBox(this)),
      m_benchmark(createBenchmarkCombo(this)), m_email(new QLineEdit(this)), m_tag(new QLineEdit(this))
{
    setWindowIcon(QIcon(u":/icons/acquire.svg"_s));

    // Known names plus whatever the account's responses contained; names drift in case ("Cal.com"),
    // so duplicates are judged case-insensitively.
    QStringList servers = ServerLists::sandboxServers();
    for (const QString &extra : extraServers) {
        const QString name = extra.trimmed();
        if (!name.isEmpty() && !servers.contains(name, Qt::CaseInsensitive))
            servers << name;
    }
    servers.sort(Qt::CaseInsensitive);

    m_server->setEditable(true);
    // A typed name stays typed: it must not be added to the list or snapped to a known one, because
    // a server unknown to this version is allowed.
    m_server->setInsertPolicy(QComboBox::NoInsert);
    m_server->addItems(servers);
    m_server->setCurrentIndex(-1);
    m_server->setMaxVisibleItems(16);
    m_server->lineEdit()->setPlaceholderText(tr("Type to search, e.g. gmail"));
    auto *completer = new QCompleter(m_server->model(), m_server);
    completer->setFilterMode(Qt::MatchContains);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setCompletionMode(QCompleter::PopupCompletion);
    m_server->setCompleter(completer);

    m_email->setPlaceholderText(tr("Optional: a specific test account"));
    m_email->setClearButtonEnabled(true);
    m_tag->setPlaceholderText(tr("Optional, e.g. run-42"));
    m_tag->setClearButtonEnabled(true);
    m_tag->setToolTip(tr("Tag the sandbox so that you can find (and release) a run's sandboxes together."));

    addField(tr("&Server:"), m_server, u"server_name"_s);
    addField(tr("&Benchmark:"), m_benchmark, u"benchmark"_s);
    addField(tr("Test account &email:"), m_email, u"test_account_email"_s);
    addField(tr("&Tag:"), m_tag, u"tag"_s);
    addTtlField(tr("Time to &live:"));

    okButton()->setText(tr("Acquire"));
    okButton()->setIcon(QIcon(u":/icons/acquire.svg"_s));
    m_server->setFocus();
}

QCompleter *AcquireDialog::serverCompleter() const
{
    return m_server->completer();
}

void AcquireDialog::setServer(const QString &serverName)
{
    const int index = m_server->findText(serverName, Qt::MatchFixedString);
    if (index >= 0)
        m_server->setCurrentIndex(index);
    else
        m_server->setEditText(serverName);
}

void AcquireDialog::setTag(const QString &tag)
{
    m_tag->setText(tag);
}

QString AcquireDialog::validate()
{
    QString problem = FormDialog::validate();
    if (m_server->currentText().trimmed().isEmpty()) {
        setFieldError(u"server_name"_s, tr("Pick or type a server."));
        problem = tr("Some fields need attention.");
    }
    if (!checkEmailField(m_email->text().trimmed()))
        problem = tr("Some fields need attention.");
    return problem;
}

AcquireRequest AcquireDialog::request() const
{
    AcquireRequest request;
    request.serverName = m_server->currentText().trimmed();
    request.benchmark = m_benchmark->currentData().toString();
    request.testAccountEmail = m_email->text().trimmed();
    request.tag = m_tag->text().trimmed();
    request.ttlSeconds = ttlSeconds();
    request.noAutoRelease = !request.ttlSeconds;
    return request;
}
