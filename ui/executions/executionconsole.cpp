#include "executions/executionconsole.h"

#include "executions/consolecolours.h"
#include "executions/consolesearchbar.h"
#include "models/durationtext.h"

#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPointer>
#include <QSaveFile>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextDocumentFragment>
#include <QThreadPool>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

// The size of `text` in UTF-8, without encoding it (a surrogate pair's halves are 2 bytes each).
qint64 utf8Size(const QString &text)
{
    qint64 size = 0;
    for (const QChar c : text)
        size += c.unicode() < 0x80 ? 1 : c.unicode() < 0x800 || c.isSurrogate() ? 2 : 3;
    return size;
}

} // namespace

ExecutionConsole::ExecutionConsole(QWidget *parent)
    : QWidget(parent), m_text(new QPlainTextEdit(this)),
      m_follow(ConsoleSearchBar::barButton(tr("Follow"), tr("Keep the newest line in view"), this)),
      m_wrap(ConsoleSearchBar::barButton(tr("Wrap"), tr("Wrap long lines"), this)),
      m_statusLabel(new QLabel(this)), m_elapsedLabel(new QLabel(this)), m_countsLabel(new QLabel(this)),
      m_searchBar(new ConsoleSearchBar(m_text, this))
{
    m_text->setReadOnly(true);
    m_text->setUndoRedoEnabled(false);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_text->document()->setMaximumBlockCount(displayCapLines);
    m_dark = ConsoleColours::isDark(palette());

    m_follow->setCheckable(true);
    m_follow->setChecked(true);
    m_wrap->setCheckable(true);
    auto *findButton = ConsoleSearchBar::barButton(tr("Find…"), tr("Search the log (Ctrl+F)"), this);
    auto *copyButton =
        ConsoleSearchBar::barButton(tr("Copy"), tr("Copy the selected text, or the whole log"), this);
    auto *saveButton = ConsoleSearchBar::barButton(tr("Save…"), tr("Save the whole log to a file"), this);
    m_statusLabel->setTextFormat(Qt::PlainText);
    m_countsLabel->setEnabled(false); // secondary text
    m_elapsedLabel->setEnabled(false);

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(m_statusLabel);
    bar->addWidget(m_elapsedLabel);
    bar->addStretch(1);
    bar->addWidget(m_countsLabel);
    bar->addWidget(m_follow);
    bar->addWidget(m_wrap);
    bar->addWidget(findButton);
    bar->addWidget(copyButton);
    bar->addWidget(saveButton);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_searchBar);
    layout->addWidget(m_text, 1);

    m_flushTimer.setSingleShot(true);
    m_flushTimer.setInterval(flushIntervalMs);
    connect(&m_flushTimer, &QTimer::timeout, this, [this] { flushSome(flushBudgetMs); });
    m_clockTimer.setInterval(1000);
    connect(&m_clockTimer, &QTimer::timeout, this, &ExecutionConsole::updateClock);

    connect(m_follow, &QToolButton::toggled, this, &ExecutionConsole::setFollowing);
    connect(m_wrap, &QToolButton::toggled, this, &ExecutionConsole::setWrapping);
    connect(findButton, &QToolButton::clicked, this, &ExecutionConsole::showSearch);
    connect(copyButton, &QToolButton::clicked, this, &ExecutionConsole::copy);
    connect(saveButton, &QToolButton::clicked, this, &ExecutionConsole::save);
    connect(m_text->verticalScrollBar(), &QScrollBar::valueChanged, this, &ExecutionConsole::onScrolled);
    connect(m_searchBar, &ConsoleSearchBar::aboutToSearch, this, &ExecutionConsole::flush);
    connect(m_searchBar, &ConsoleSearchBar::matchSelected, this, [this] { setFollowing(false); });
    setStatus(QString());
    updateCounts();
}

void ExecutionConsole::appendLog(const QByteArray &bytes)
{
    queueLog(bytes, false);
}

void ExecutionConsole::appendErrorLog(const QByteArray &bytes)
{
    queueLog(bytes, true);
}

void ExecutionConsole::queueLog(const QByteArray &bytes, bool error)
{
    if (bytes.isEmpty())
        return;
    m_bytes += bytes.size();
    m_lines += bytes.count('\n');
    keepRaw(bytes);
    if (!m_pending.empty() && !m_pending.back().bytes.isEmpty() && m_pending.back().spans.isEmpty() &&
        m_pending.back().error == error)
        m_pending.back().bytes += bytes;
    else
        m_pending.push_back(Pending{bytes, {}, false, error});
    scheduleFlush();
}

void ExecutionConsole::appendSpans(const QList<AnsiSpan> &spans)
{
    if (spans.isEmpty())
        return;
    // Not kept beside the document: Save writes the document's text (see saveTo).
    m_fedSpans = true;
    for (const AnsiSpan &span : spans) {
        m_bytes += utf8Size(span.text);
        m_lines += span.text.count(u'\n');
    }
    m_pending.push_back(Pending{{}, spans, false});
    scheduleFlush();
}

void ExecutionConsole::appendNote(const QString &note)
{
    m_pending.push_back(Pending{{}, {AnsiSpan{note + u'\n', {}}}, true});
    scheduleFlush();
}

void ExecutionConsole::keepRaw(const QByteArray &bytes)
{
    if (m_cut)
        return;
    if (m_raw.size() + bytes.size() > rawCapBytes) {
        m_cut = true;
        return;
    }
    m_raw += bytes;
}

void ExecutionConsole::clear()
{
    m_pending.clear();
    m_flushTimer.stop();
    m_parser.reset();
    m_text->clear();
    m_raw.clear();
    m_fedSpans = false;
    m_bytes = 0;
    m_lines = 0;
    m_cut = false;
    updateCounts();
}

void ExecutionConsole::startOver()
{
    clear();
    setStatus({});
    m_clock.invalidate();
    m_clockStoppedAtMs = -1;
    m_clockTimer.stop();
    updateClock();
}

void ExecutionConsole::scheduleFlush()
{
    if (!m_flushTimer.isActive())
        m_flushTimer.start();
}

void ExecutionConsole::flush()
{
    flushSome(-1);
}

void ExecutionConsole::beginBatch()
{
    if (m_batches++ == 0) {
        m_batchCursor = new QTextCursor(m_text->document());
        m_batchCursor->beginEditBlock();
    }
}

void ExecutionConsole::endBatch()
{
    if (m_batches == 0 || --m_batches > 0)
        return;
    m_batchCursor->endEditBlock();
    delete std::exchange(m_batchCursor, nullptr);
    if (m_following)
        scrollToEnd();
    updateCounts();
}

void ExecutionConsole::flushSome(qint64 budgetMs)
{
    // A slice small enough that the budget is checked often, large enough that one edit block does a lot.
    constexpr qsizetype slice = qsizetype{32} * 1024;
    if (m_pending.empty())
        return;
    QElapsedTimer spent;
    spent.start();
    // One edit block and one scroll for the whole flush: the layout is redone once, not once a piece.
    QTextCursor cursor(m_text->document());
    cursor.movePosition(QTextCursor::End);
    cursor.beginEditBlock();
    while (!m_pending.empty() && (budgetMs < 0 || spent.elapsed() < budgetMs)) {
        Pending &next = m_pending.front();
        if (!next.bytes.isEmpty()) {
            const QByteArray piece = next.bytes.left(slice);
            next.bytes.remove(0, piece.size());
            QList<AnsiSpan> spans = m_parser.feed(piece);
            if (next.error) {
                // What the process wrote to stderr, in red where it chose no colour of its own.
                for (AnsiSpan &span : spans) {
                    if (span.style.colour == AnsiStyle::Colour::Default)
                        span.style = AnsiStyle::indexed(ConsoleColours::errorIndex, span.style.bold);
                }
            }
            insert(cursor, spans, false);
            if (!next.bytes.isEmpty())
                continue;
        } else {
            insert(cursor, next.spans, next.note);
        }
        m_pending.pop_front();
    }
    cursor.endEditBlock();
    if (!m_pending.empty())
        m_flushTimer.start();
    if (m_batches > 0)
        return; // endBatch() scrolls and counts
    if (m_following)
        scrollToEnd();
    updateCounts();
}

void ExecutionConsole::insert(QTextCursor &cursor, const QList<AnsiSpan> &spans, bool note)
{
    for (const AnsiSpan &span : spans)
        cursor.insertText(span.text, formatFor(span.style, note));
}

QTextCharFormat ExecutionConsole::formatFor(const AnsiStyle &style, bool note) const
{
    QTextCharFormat format;
    if (note) {
        format.setFontItalic(true);
        format.setForeground(palette().color(QPalette::Disabled, QPalette::Text));
        return format;
    }
    const QColor colour = ConsoleColours::of(style, m_dark);
    if (colour.isValid())
        format.setForeground(colour);
    if (style.bold)
        format.setFontWeight(QFont::Bold);
    return format;
}

void ExecutionConsole::scrollToEnd()
{
    QScrollBar *bar = m_text->verticalScrollBar();
    m_scrollingToEnd = true;
    bar->setValue(bar->maximum());
    m_scrollingToEnd = false;
}

void ExecutionConsole::onScrolled(int value)
{
    if (m_scrollingToEnd)
        return;
    // The user scrolled: up stops following, back to the end resumes it.
    const bool atEnd = value >= m_text->verticalScrollBar()->maximum();
    if (atEnd != m_following)
        setFollowing(atEnd);
}

void ExecutionConsole::setFollowing(bool following)
{
    if (following == m_following && m_follow->isChecked() == following)
        return;
    m_following = following;
    const QSignalBlocker blocker(m_follow);
    m_follow->setChecked(following);
    if (following)
        scrollToEnd();
    emit followingChanged(following);
}

void ExecutionConsole::setWrapping(bool wrapping)
{
    const QSignalBlocker blocker(m_wrap);
    m_wrap->setChecked(wrapping);
    m_text->setLineWrapMode(wrapping ? QPlainTextEdit::WidgetWidth : QPlainTextEdit::NoWrap);
    if (m_following)
        scrollToEnd();
}

QString ExecutionConsole::plainText()
{
    flush();
    return m_text->toPlainText();
}

void ExecutionConsole::setStatus(const QString &word, const QString &shownText)
{
    m_status = word;
    if (word.isEmpty()) {
        m_statusLabel->clear();
        return;
    }
    // The word in the status's colour: green done, blue running, red failed, grey waiting.
    const QString text = shownText.isEmpty() ? word : shownText;
    m_statusLabel->setText(text);
    QPalette statusPalette = m_statusLabel->palette();
    statusPalette.setColor(QPalette::WindowText, ConsoleColours::status(word));
    m_statusLabel->setPalette(statusPalette);
    QFont bold = m_statusLabel->font();
    bold.setBold(true);
    m_statusLabel->setFont(bold);
}

void ExecutionConsole::startClock()
{
    m_clock.start();
    m_clockStoppedAtMs = -1;
    m_clockTimer.start();
    updateClock();
}

void ExecutionConsole::stopClock()
{
    if (!m_clock.isValid())
        return;
    m_clockStoppedAtMs = m_clock.elapsed();
    m_clockTimer.stop();
    updateClock();
}

QString ExecutionConsole::elapsedText() const
{
    return m_elapsedLabel->text();
}

void ExecutionConsole::updateClock()
{
    if (!m_clock.isValid()) {
        m_elapsedLabel->clear();
        return;
    }
    const qint64 seconds = (m_clockStoppedAtMs >= 0 ? m_clockStoppedAtMs : m_clock.elapsed()) / 1000;
    m_elapsedLabel->setText(DurationText::clock(seconds));
}

void ExecutionConsole::updateCounts()
{
    const QLocale locale;
    QString text = tr("%n line(s), %1", nullptr, int(std::min<qint64>(m_lines, INT_MAX)))
                       .arg(locale.formattedDataSize(m_bytes, 1, QLocale::DataSizeTraditionalFormat));
    if (m_cut)
        text +=
            u" · "_s + tr("Save keeps only the first %1")
                           .arg(locale.formattedDataSize(rawCapBytes, 0, QLocale::DataSizeTraditionalFormat));
    m_countsLabel->setText(text);
}

void ExecutionConsole::showSearch()
{
    m_searchBar->open();
}

bool ExecutionConsole::find(const QString &text, bool backward)
{
    return m_searchBar->find(text, backward);
}

QLineEdit *ExecutionConsole::searchField() const
{
    return m_searchBar->field();
}

void ExecutionConsole::copy()
{
    flush();
    const QTextCursor cursor = m_text->textCursor();
    if (cursor.hasSelection()) {
        QApplication::clipboard()->setText(cursor.selection().toPlainText());
        emit copied(tr("the selected log text"));
        return;
    }
    QApplication::clipboard()->setText(m_text->toPlainText());
    emit copied(tr("the whole log"));
}

void ExecutionConsole::save()
{
    const QString fileName = QFileDialog::getSaveFileName(this, tr("Save Log"), u"execution.log"_s,
                                                          tr("Log files (*.log *.txt);;All files (*)"));
    if (!fileName.isEmpty())
        saveTo(fileName);
}

void ExecutionConsole::saveTo(const QString &fileName)
{
    // A copy of the QByteArray shares its bytes: nothing is duplicated while the writer runs.
    QPointer<ExecutionConsole> self(this);
    // Styled text (the follow console's) is kept only in the document: its text is what Save writes.
    const QByteArray raw = m_fedSpans ? plainText().toUtf8() : m_raw;
    QThreadPool::globalInstance()->start([self, raw, fileName] {
        QSaveFile file(fileName);
        QString error;
        if (!file.open(QIODevice::WriteOnly) || file.write(raw) != raw.size() || !file.commit())
            error = file.errorString();
        QMetaObject::invokeMethod(
            qApp,
            [self, fileName, error] {
                if (self)
                    emit self->saved(fileName, error);
            },
            Qt::QueuedConnection);
    });
}

bool ExecutionConsole::event(QEvent *event)
{
    // A key the focused child leaves alone comes here before the window's shortcuts are tried; claiming
    // Find makes Qt deliver it as a key press instead.
    if (event->type() == QEvent::ShortcutOverride &&
        static_cast<QKeyEvent *>(event)->matches(QKeySequence::Find)) {
        event->accept();
        return true;
    }
    return QWidget::event(event);
}

void ExecutionConsole::keyPressEvent(QKeyEvent *event)
{
    if (event->matches(QKeySequence::Find)) {
        showSearch();
        return;
    }
    QWidget::keyPressEvent(event);
}

void ExecutionConsole::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        m_dark = ConsoleColours::isDark(palette()); // new text takes the new shades
}
