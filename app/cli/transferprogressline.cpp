#include "cli/transferprogressline.h"

#include "cli/clioutput.h"
#include "models/durationtext.h"
#include "workspace/bytesize.h"
#include "workspace/transferjob.h"

#include <QLocale>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {
constexpr int redrawIntervalMs = 200;
// "\r" goes back to the start of the line, ESC[K erases what a longer previous line left behind.
QString eraseLine()
{
    return u"\r\x1b[K"_s;
}
} // namespace

TransferProgressLine::TransferProgressLine(TransferJob *job, CliOutput *output, bool enabled, QObject *parent)
    : QObject(parent), m_job(job), m_output(output), m_enabled(enabled), m_timer(this)
{
    if (!m_enabled)
        return;
    m_timer.setInterval(redrawIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &TransferProgressLine::redraw);
    // A new phase shows at once; the numbers within a phase follow the timer.
    connect(job, &TransferJob::stateChanged, this, [this] {
        m_phaseHasProgress = false;
        if (!m_job->isFinished())
            redraw();
    });
    connect(job, &TransferJob::progressChanged, this, [this] { m_phaseHasProgress = true; });
    m_timer.start();
}

void TransferProgressLine::clear()
{
    m_timer.stop();
    if (m_drawn)
        m_output->errControl(eraseLine());
    m_drawn = false;
}

void TransferProgressLine::makeRoom()
{
    if (m_drawn)
        m_output->errControl(eraseLine());
    m_drawn = false; // drawn again by the next tick
}

void TransferProgressLine::redraw()
{
    if (m_job->state() == TransferJob::State::Queued || m_job->isFinished())
        return;
    const QString line = describe(*m_job, m_phaseHasProgress);
    if (m_drawn && line == m_lastLine)
        return;
    m_output->errControl(eraseLine());
    m_output->err(line);
    m_lastLine = line;
    m_drawn = true;
}

QString TransferProgressLine::describe(const TransferJob &job, bool withNumbers)
{
    QString line = job.stateText() + u' ' + job.name();
    if (!withNumbers)
        return line;
    const qint64 done = job.bytesDone();
    const qint64 total = job.bytesTotal();
    if (total > 0)
        line += u"  %1%"_s.arg(std::clamp<qint64>(done * 100 / total, 0, 100));
    else if (done > 0)
        line += u"  "_s + formatBytes(done);
    const double speed = job.bytesPerSecond();
    if (speed > 0)
        line += u"  "_s + formatBytes(qint64(speed)) + u"/s"_s;
    const qint64 left = job.secondsLeft();
    if (left >= 0)
        line += u"  "_s + DurationText::clock(left) + u" left"_s;
    return line;
}

QString TransferProgressLine::formatBytes(qint64 bytes)
{
    // The C locale: the same text whatever LANG says, like the rest of the CLI's output.
    return ByteSize::text(bytes, QLocale::c());
}
