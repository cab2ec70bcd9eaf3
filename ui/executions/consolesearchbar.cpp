#include "executions/consolesearchbar.h"

#include "executions/consolecolours.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QShortcut>
#include <QTextCursor>
#include <QTextDocument>
#include <QToolButton>

ConsoleSearchBar::ConsoleSearchBar(QPlainTextEdit *text, QWidget *parent)
    : QWidget(parent), m_text(text), m_field(new QLineEdit(this)), m_result(new QLabel(this))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_field->setPlaceholderText(tr("Find in the log"));
    m_field->setClearButtonEnabled(true);
    auto *previous = barButton(tr("Previous"), tr("Find the previous match (Shift+Enter)"), this);
    auto *next = barButton(tr("Next"), tr("Find the next match (Enter)"), this);
    auto *closeButton = barButton(tr("Close"), tr("Close the search (Esc)"), this);
    layout->addWidget(m_field, 1);
    layout->addWidget(previous);
    layout->addWidget(next);
    layout->addWidget(m_result);
    layout->addWidget(closeButton);

    const auto findNext = [this] { find(m_field->text()); };
    const auto findPrevious = [this] { find(m_field->text(), true); };
    connect(m_field, &QLineEdit::returnPressed, this, findNext);
    connect(next, &QToolButton::clicked, this, findNext);
    connect(previous, &QToolButton::clicked, this, findPrevious);
    connect(closeButton, &QToolButton::clicked, this, &ConsoleSearchBar::close);
    connect(m_field, &QLineEdit::textChanged, this, &ConsoleSearchBar::highlightMatches);
    auto *previousShortcut = new QShortcut(QKeySequence(Qt::SHIFT | Qt::Key_Return), m_field);
    previousShortcut->setContext(Qt::WidgetShortcut);
    connect(previousShortcut, &QShortcut::activated, this, findPrevious);
    auto *closeShortcut = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    closeShortcut->setContext(Qt::WidgetWithChildrenShortcut);
    connect(closeShortcut, &QShortcut::activated, closeButton, &QToolButton::click);
    hide();
}

void ConsoleSearchBar::open()
{
    show();
    m_field->setFocus();
    m_field->selectAll();
}

void ConsoleSearchBar::close()
{
    hide();
    m_text->setExtraSelections({});
    m_text->setFocus();
}

bool ConsoleSearchBar::find(const QString &text, bool backward)
{
    if (text.isEmpty())
        return false;
    emit aboutToSearch();
    const QTextDocument::FindFlags flags =
        backward ? QTextDocument::FindBackward : QTextDocument::FindFlags();
    bool found = m_text->find(text, flags);
    if (!found) {
        // Around the end (or the start) once.
        QTextCursor cursor(m_text->document());
        cursor.movePosition(backward ? QTextCursor::End : QTextCursor::Start);
        const QTextCursor keep = m_text->textCursor();
        m_text->setTextCursor(cursor);
        found = m_text->find(text, flags);
        if (!found)
            m_text->setTextCursor(keep);
    }
    if (found)
        emit matchSelected();
    m_result->setText(found ? QString() : tr("Not found"));
    highlightMatches(text);
    return found;
}

void ConsoleSearchBar::highlightMatches(const QString &text)
{
    QList<QTextEdit::ExtraSelection> selections;
    if (!text.isEmpty()) {
        const bool dark = ConsoleColours::isDark(palette());
        QTextCharFormat mark;
        mark.setBackground(dark ? QColor(0x85, 0x6a, 0x00) : QColor(0xfd, 0xe6, 0x8a));
        QTextCursor at(m_text->document());
        while (selections.size() < maxHighlightedMatches) {
            at = m_text->document()->find(text, at);
            if (at.isNull())
                break;
            selections.append({at, mark});
        }
    }
    m_text->setExtraSelections(selections);
}

QToolButton *ConsoleSearchBar::barButton(const QString &text, const QString &toolTip, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setText(text);
    button->setToolTip(toolTip);
    button->setAutoRaise(true);
    return button;
}
