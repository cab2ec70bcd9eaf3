#include "runsview/newrunexportspage.h"

#include "common/errorcolour.h"
#include "runs/runexporter.h"

#include <QCheckBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;

namespace {

const QString folderKey = u"newRun/exportFolder"_s;

} // namespace

NewRunExportsPage::NewRunExportsPage(QWidget *parent)
    : QWizardPage(parent), m_urlMapCheck(new QCheckBox(tr("&URL map (JSON)"), this)),
      m_urlMapPath(new QLineEdit(this)), m_envCheck(new QCheckBox(tr("&.env file"), this)),
      m_envPath(new QLineEdit(this)), m_mcpCheck(new QCheckBox(tr("&mcpServers configs"), this)),
      m_mcpFolder(new QLineEdit(this)), m_write(new QPushButton(tr("&Write files"), this)),
      m_result(new QLabel(this))
{
    setTitle(tr("Exports"));
    setSubTitle(tr("What an agent harness reads to reach the run's sandboxes. The files hold the MCP URLs "
                   "with their tokens, so each is written readable by you alone."));
    m_mcpFolder->setToolTip(tr("One file per sandbox: github_1.json, local_1_1.json, …"));
    m_result->setObjectName(u"exportResult"_s);
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_write->setIcon(QIcon(u":/icons/download.svg"_s));
    connect(m_write, &QPushButton::clicked, this, &NewRunExportsPage::writeExports);
    for (auto [check, edit] : {std::pair{m_urlMapCheck, m_urlMapPath}, std::pair{m_envCheck, m_envPath},
                               std::pair{m_mcpCheck, m_mcpFolder}}) {
        check->setChecked(true);
        connect(check, &QCheckBox::toggled, edit, &QWidget::setEnabled);
    }

    auto *form = new QFormLayout(this);
    form->addRow(m_urlMapCheck, pathRow(m_urlMapPath, false));
    form->addRow(m_envCheck, pathRow(m_envPath, false));
    form->addRow(m_mcpCheck, pathRow(m_mcpFolder, true));
    auto *writeRow = new QHBoxLayout;
    writeRow->addWidget(m_write);
    writeRow->addStretch();
    form->addRow(QString(), writeRow);
    form->addRow(QString(), m_result);
}

QLayout *NewRunExportsPage::pathRow(QLineEdit *edit, bool folder)
{
    auto *row = new QHBoxLayout;
    auto *browse = new QPushButton(tr("Choose…"), this);
    connect(browse, &QPushButton::clicked, this, [this, edit, folder] {
        const QString path = folder ? QFileDialog::getExistingDirectory(this, tr("Folder"), edit->text())
                                    : QFileDialog::getSaveFileName(this, tr("Save as"), edit->text());
        if (!path.isEmpty())
            edit->setText(QDir::toNativeSeparators(path));
    });
    connect(edit, &QLineEdit::textChanged, this, [this] { m_result->clear(); });
    row->addWidget(edit);
    row->addWidget(browse);
    return row;
}

void NewRunExportsPage::setRun(const QString &runName, const QList<RunSandbox> &sandboxes)
{
    m_runName = runName;
    m_sandboxes = sandboxes;
    const QDir folder(QSettings().value(folderKey, QDir::homePath()).toString());
    m_urlMapPath->setText(QDir::toNativeSeparators(folder.filePath(runName + u"-urls.json"_s)));
    m_envPath->setText(QDir::toNativeSeparators(folder.filePath(runName + u".env"_s)));
    m_mcpFolder->setText(QDir::toNativeSeparators(folder.filePath(runName + u"-mcp"_s)));
    m_result->clear();
}

NewRunExportsPage::Result NewRunExportsPage::write(const Request &request)
{
    Result result;
    const auto note = [&result](const QString &path, const QString &problem) {
        if (problem.isEmpty())
            result.written.append(path);
        else
            result.problems.append(problem);
    };
    if (!request.urlMap.isEmpty())
        note(request.urlMap, RunExporter::writeUrlMap(request.urlMap, request.runName, request.sandboxes));
    if (!request.env.isEmpty())
        note(request.env, RunExporter::writeEnvFile(request.env, request.runName, request.sandboxes));
    if (!request.mcpFolder.isEmpty())
        note(request.mcpFolder, RunExporter::writeMcpConfigs(request.mcpFolder, request.sandboxes));
    return result;
}

void NewRunExportsPage::writeExports()
{
    Request request;
    request.runName = m_runName;
    request.sandboxes = m_sandboxes;
    const auto wanted = [](QCheckBox *check, QLineEdit *edit) {
        return check->isChecked() ? QDir::fromNativeSeparators(edit->text().trimmed()) : QString();
    };
    request.urlMap = wanted(m_urlMapCheck, m_urlMapPath);
    request.env = wanted(m_envCheck, m_envPath);
    request.mcpFolder = wanted(m_mcpCheck, m_mcpFolder);
    if (request.urlMap.isEmpty() && request.env.isEmpty() && request.mcpFolder.isEmpty()) {
        showResult({{}, {tr("Tick at least one file, with a path.")}});
        return;
    }
    // The folder of the URL map (or the first file asked for) is where the next run's files go.
    const QString first = !request.urlMap.isEmpty() ? request.urlMap
                          : !request.env.isEmpty()  ? request.env
                                                    : request.mcpFolder;
    QSettings().setValue(folderKey, QFileInfo(first).absolutePath());
    m_write->setEnabled(false);
    m_result->setText(tr("Writing…"));
    auto *watcher = new QFutureWatcher<Result>(this);
    connect(watcher, &QFutureWatcher<Result>::finished, this, [this, watcher] {
        watcher->deleteLater();
        m_write->setEnabled(true);
        showResult(watcher->result());
    });
    watcher->setFuture(QtConcurrent::run(&NewRunExportsPage::write, request));
}

void NewRunExportsPage::showResult(const Result &result)
{
    QStringList lines;
    for (const QString &path : result.written)
        lines << tr("Written: %1").arg(QDir::toNativeSeparators(path));
    lines << result.problems;
    m_result->setText(lines.join(u'\n'));
    m_resultIsError = !result.problems.isEmpty();
    if (m_resultIsError)
        ErrorColour::applyTo(m_result, palette());
    else
        m_result->setPalette(palette());
    emit exportsWritten(result);
}

QString NewRunExportsPage::resultText() const
{
    return m_result->text();
}

void NewRunExportsPage::changeEvent(QEvent *event)
{
    QWizardPage::changeEvent(event);
    if (event->type() != QEvent::PaletteChange)
        return;
    if (m_resultIsError)
        ErrorColour::applyTo(m_result, palette());
    else
        m_result->setPalette(palette());
}
