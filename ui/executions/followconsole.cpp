#include "executions/followconsole.h"

#include "common/errorcolour.h"
#include "execution/executionjob.h"
#include "executions/consolecolours.h"
#include "executions/executionconsole.h"
#include "executions/executionstab.h"
#include "session/executionscontroller.h"

#include <QDir>
#include <QElapsedTimer>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

FollowConsole::FollowConsole(ExecutionsController *executions, QWidget *parent)
    : QWidget(parent, Qt::Window), m_executions(executions), m_console(new ExecutionConsole(this)),
      m_filter(new QLineEdit(this)), m_filterProblem(new QLabel(this)), m_strip(new QHBoxLayout)
{
    m_dark = ConsoleColours::isDark(palette());
    m_filter->setPlaceholderText(tr("Show only lines matching a regular expression"));
    m_filter->setClearButtonEnabled(true);
    m_filterProblem->setTextFormat(Qt::PlainText);
    m_filterProblem->hide();
    auto *filterLabel = new QLabel(tr("&Filter:"), this);
    filterLabel->setBuddy(m_filter);
    auto *filterRow = new QHBoxLayout;
    filterRow->addWidget(filterLabel);
    filterRow->addWidget(m_filter, 1);
    m_strip->setContentsMargins(0, 0, 0, 0);
    m_strip->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(m_strip);
    layout->addLayout(filterRow);
    layout->addWidget(m_filterProblem);
    layout->addWidget(m_console, 1);
    connect(m_filter, &QLineEdit::textChanged, this, &FollowConsole::setFilter);
    m_stripTimer.setSingleShot(true);
    m_work.setSingleShot(true);
    m_work.setInterval(0);
    connect(&m_work, &QTimer::timeout, this, &FollowConsole::work);
    m_stripTimer.setInterval(250);
    connect(&m_stripTimer, &QTimer::timeout, this, [this] {
        for (int i = 0; i < int(m_sources.size()); ++i)
            updateStrip(i);
    });
    resize(900, 600);
}

FollowConsole::~FollowConsole()
{
    // The executions go on in their sandboxes; only the reading stops.
    for (Source &source : m_sources)
        if (source.job)
            source.job->cancel();
}

FollowConsole *FollowConsole::askAndRun(ExecutionsController *executions, const QStringList &sandboxIds,
                                        QWidget *parent)
{
    if (sandboxIds.isEmpty()) {
        QMessageBox::information(parent, tr("Run Script in Selected"),
                                 tr("Select the local sandboxes to run the script in first."));
        return nullptr;
    }
    const QString folder = QFileDialog::getExistingDirectory(
        parent,
        tr("Choose the folder with main.py to run in %n sandbox(es)", nullptr, int(sandboxIds.size())));
    if (folder.isEmpty())
        return nullptr;
    if (!QFileInfo(QDir(folder).filePath(u"main.py"_s)).isFile()) {
        QMessageBox::warning(parent, tr("Run Script in Selected"),
                             tr("%1 has no main.py: an execution runs the main.py at the top of its folder.")
                                 .arg(QDir::toNativeSeparators(folder)));
        return nullptr;
    }
    QString name = ExecutionsTab::defaultName();
    for (;;) {
        bool ok = false;
        name = QInputDialog::getText(parent, tr("Run Script in Selected"),
                                     tr("Execution name (the same in every sandbox):"), QLineEdit::Normal,
                                     name, &ok);
        if (!ok)
            return nullptr;
        if (ExecutionsTab::isValidName(name))
            break;
        QMessageBox::warning(parent, tr("Run Script in Selected"),
                             tr("An execution name is 1 to 64 letters, digits, '_', '.' or '-'."));
    }
    auto *console = new FollowConsole(executions, parent);
    console->setAttribute(Qt::WA_DeleteOnClose);
    console->show();
    console->run(sandboxIds, folder, name);
    return console;
}

void FollowConsole::run(const QStringList &sandboxIds, const QString &folder, const QString &executionName)
{
    m_executionName = executionName;
    m_log.setSourceCount(int(sandboxIds.size()));
    m_console->setStatus(u"running"_s);
    m_console->startClock();
    for (const QString &id : sandboxIds) {
        const int index = int(m_sources.size());
        m_sources.emplace_back();
        Source &source = m_sources.back();
        source.sandboxId = id;
        source.prefix = id.left(8);
        source.status = u"pending"_s;
        source.strip = new QLabel(this);
        source.strip->setTextFormat(Qt::RichText);
        source.strip->setContentsMargins(0, 0, 12, 0);
        source.strip->setToolTip(id);
        m_strip->insertWidget(m_strip->count() - 1, source.strip);
        source.pending = true;
        updateStrip(index);
    }
    updateTitle();
    // Each runs once its intent is in the ledger (the controller writes it), as the Executions tab's does, so
    // that every sandbox's list of earlier executions has it.
    for (int index = 0; index < int(m_sources.size()); ++index) {
        m_executions->run(
            m_sources[size_t(index)].sandboxId, folder, executionName, this,
            [this, index](ExecutionJob *job) {
                m_sources[size_t(index)].job = job;
                connect(job, &ExecutionJob::logText, this, [this, index](const QByteArray &bytes) {
                    enqueue(Incoming{index, bytes, 0, false});
                });
                connect(job, &ExecutionJob::statusChanged, this, [this, index](ExecutionStatus status) {
                    m_sources[size_t(index)].status = ExecutionStatusWords::word(status);
                    updateStrip(index);
                });
                connect(job, &ExecutionJob::finished, this, [this, index] {
                    enqueue(Incoming{index, {}, 0, true});
                });
                job->start();
            });
    }
}

bool FollowConsole::isRunning() const
{
    for (const Source &source : m_sources)
        if (source.pending)
            return true;
    return false;
}

QString FollowConsole::prefixOf(int source) const
{
    return m_sources.at(size_t(source)).prefix;
}

QString FollowConsole::statusOf(int source) const
{
    return m_sources.at(size_t(source)).status;
}

void FollowConsole::enqueue(Incoming incoming)
{
    m_incoming.push_back(std::move(incoming));
    scheduleWork();
}

void FollowConsole::scheduleWork()
{
    if (!m_work.isActive())
        m_work.start();
}

void FollowConsole::work()
{
    // One budget for the whole turn: taking in and showing by timers of their own could fall into the same
    // turn of the event loop and add up to more than a frame. Taking in is cheap (a parse to find where
    // lines end); it gets half the budget when there is something to show, and showing the rest.
    constexpr qint64 turnBudgetNs = 8'000'000;
    QElapsedTimer spent;
    spent.start();
    takeIn(spent, m_shown < m_log.lineCount() ? turnBudgetNs / 2 : turnBudgetNs);
    showSome(spent, turnBudgetNs - 1'000'000); // the edit block's end lays the new lines out after it
    if (!isUpToDate())
        m_work.start();
}

void FollowConsole::takeIn(const QElapsedTimer &spent, qint64 budgetNs)
{
    // Slices small enough to check the budget often; the rest waits for the next turn.
    constexpr qsizetype slice = qsizetype{8} * 1024;
    int completed = 0;
    while (!m_incoming.empty() && spent.nsecsElapsed() < budgetNs) {
        Incoming &next = m_incoming.front();
        if (next.finished) {
            const int source = next.source;
            m_incoming.pop_front();
            onJobFinished(source);
            continue;
        }
        const qsizetype size = std::min(slice, next.bytes.size() - next.taken);
        completed += m_log.feed(next.source, QByteArrayView(next.bytes).sliced(next.taken, size));
        next.taken += size;
        if (next.taken >= next.bytes.size())
            m_incoming.pop_front();
    }
    if (m_log.wasCut() && !m_cutNoted) {
        m_cutNoted = true;
        m_log.appendNote(
            tr("The merged log is past %1: later lines are counted in the strip, not kept.")
                .arg(locale().formattedDataSize(m_log.capBytes(), 0, QLocale::DataSizeTraditionalFormat)));
    }
    if (completed > 0 && !m_stripTimer.isActive())
        m_stripTimer.start();
}

void FollowConsole::showSome(const QElapsedTimer &spent, qint64 budgetNs)
{
    // Lines are handed to the console in small batches, each put into its document at once (one edit
    // block), so that the budget is checked between batches and nothing piles up in the console's queue.
    constexpr int batchLines = 64;
    constexpr qsizetype batchBytes = qsizetype{16} * 1024;
    if (m_shown >= m_log.lineCount())
        return;
    m_console->beginBatch();
    while (m_shown < m_log.lineCount() && spent.nsecsElapsed() < budgetNs) {
        qsizetype bytes = 0;
        for (int n = 0; n < batchLines && bytes < batchBytes && m_shown < m_log.lineCount(); ++n) {
            const qint64 line = m_shown++;
            const int source = m_log.sourceOf(line);
            bytes += m_log.bytesOf(line).size();
            if (source == MergedLog::noteSource) {
                m_console->appendNote(AnsiTextParser::plainText(m_log.spansOf(line)));
                continue;
            }
            const QList<AnsiSpan> spans = m_log.spansOf(line);
            if (accepts(source, spans))
                m_console->appendSpans(prefixed(source, spans));
        }
        m_console->flush();
    }
    m_console->endBatch();
}

QList<AnsiSpan> FollowConsole::prefixed(int source, const QList<AnsiSpan> &spans) const
{
    AnsiStyle prefixStyle;
    prefixStyle.colour = AnsiStyle::Colour::Rgb;
    prefixStyle.rgb = ConsoleColours::source(source, m_dark).rgb() & 0xffffffu;
    prefixStyle.bold = true;
    QList<AnsiSpan> line{AnsiSpan{m_sources.at(size_t(source)).prefix + u"  "_s, prefixStyle}};
    line.append(spans);
    line.append(AnsiSpan{u"\n"_s, {}});
    return line;
}

bool FollowConsole::accepts(int source, const QList<AnsiSpan> &spans) const
{
    if (m_expression.pattern().isEmpty() || !m_expression.isValid())
        return true;
    // The text the filter sees: the prefix and the line.
    return m_expression
        .match(m_sources.at(size_t(source)).prefix + u"  "_s + AnsiTextParser::plainText(spans))
        .hasMatch();
}

bool FollowConsole::setFilter(const QString &pattern)
{
    if (m_filter->text() != pattern) {
        const QSignalBlocker blocker(m_filter);
        m_filter->setText(pattern);
    }
    m_expression = QRegularExpression(pattern);
    const bool valid = m_expression.isValid();
    if (valid) {
        m_filterProblem->hide();
    } else {
        m_filterProblem->setText(tr("Not a regular expression (%1 at character %2): every line is shown.")
                                     .arg(m_expression.errorString())
                                     .arg(m_expression.patternErrorOffset() + 1));
        ErrorColour::applyTo(m_filterProblem, palette());
        m_filterProblem->show();
    }
    showAll();
    return valid;
}

void FollowConsole::showAll()
{
    // The kept lines are shown again from the first, in their order, by the same slices as new lines: a
    // filter over 300,000 lines does not freeze the window, and a newer filter simply starts over.
    const bool following = m_console->isFollowing();
    m_console->clear();
    m_console->setFollowing(following);
    m_shown = 0;
    scheduleWork();
}

void FollowConsole::onJobFinished(int index)
{
    Source &source = m_sources[size_t(index)];
    ExecutionJob *job = source.job;
    source.job = nullptr;
    source.pending = false;
    job->deleteLater();
    m_log.finish(index);
    switch (job->outcome()) {
    case ExecutionJob::Outcome::Completed:
        source.status = u"completed"_s;
        break;
    case ExecutionJob::Outcome::Failed:
        source.status = u"failed"_s;
        break;
    case ExecutionJob::Outcome::StoppedFollowing:
    case ExecutionJob::Outcome::Started:
        source.status = u"running"_s;
        break;
    default:
        source.status = u"error"_s;
        m_log.appendNote(source.prefix + u"  "_s + job->errorText());
        break;
    }
    source.strip->setToolTip(source.sandboxId +
                             (job->errorText().isEmpty() ? QString() : u"\n"_s + job->errorText()));
    updateStrip(index);
    if (!isRunning()) {
        m_console->stopClock();
        bool allCompleted = true;
        for (const Source &each : m_sources)
            allCompleted = allCompleted && each.status == u"completed"_s;
        m_console->setStatus(allCompleted ? u"completed"_s : u"failed"_s,
                             allCompleted ? tr("all completed") : tr("ended, not all completed"));
        emit allFinished();
    }
}

void FollowConsole::updateStrip(int index)
{
    Source &source = m_sources.at(size_t(index));
    //: A sandbox in the follow console's strip: its short id, its status, its line count.
    const QString lines = tr("%n line(s)", nullptr, int(std::min<qint64>(m_log.linesOf(index), INT_MAX)));
    QString text = u"<b style='color:%1'>%2</b> <span style='color:%3'>%4</span> · %5"_s.arg(
        ConsoleColours::source(index, m_dark).name(), source.prefix.toHtmlEscaped(),
        ConsoleColours::status(source.status).name(), source.status.toHtmlEscaped(), lines.toHtmlEscaped());
    if (text != source.stripText) {
        source.stripText = std::move(text);
        source.strip->setText(source.stripText);
    }
}

void FollowConsole::updateTitle()
{
    setWindowTitle(tr("%1 in %n sandbox(es)", nullptr, int(m_sources.size())).arg(m_executionName));
}

void FollowConsole::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        m_dark = ConsoleColours::isDark(palette());
        for (int i = 0; i < int(m_sources.size()); ++i)
            updateStrip(i);
    }
}
