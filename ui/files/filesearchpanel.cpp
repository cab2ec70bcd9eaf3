#include "files/filesearchpanel.h"

#include "api/blaxelsandboxsearch.h"
#include "models/displaytext.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

enum ResultRole
{
    PathRole = Qt::UserRole + 1,
    LineRole,
    FolderRole,
};

enum ResultColumn
{
    PathColumn,
    LineColumn,
    TextColumn,
};

} // namespace

FileSearchPanel::FileSearchPanel(QWidget *parent)
    : QWidget(parent), m_row(new QWidget(parent)), m_text(new QLineEdit(m_row)), m_mode(new QComboBox(m_row)),
      m_find(new QPushButton(tr("F&ind"), m_row)), m_results(new QTreeWidget(this))
{
    m_text->setObjectName(u"filesSearchEdit"_s);
    m_text->setPlaceholderText(tr("Find files (*.py) or text…"));
    m_text->setClearButtonEnabled(true);
    m_mode->setObjectName(u"filesSearchMode"_s);
    m_mode->addItem(tr("By name"), int(Mode::Names));
    m_mode->addItem(tr("By content"), int(Mode::Contents));
    m_find->setObjectName(u"findFilesButton"_s);
    m_results->setObjectName(u"filesResults"_s);
    m_results->setHeaderLabels({tr("Found"), tr("Line"), tr("Text")});
    m_results->setRootIsDecorated(false);
    m_results->setUniformRowHeights(true);
    m_results->setAllColumnsShowFocus(true);

    auto *row = new QHBoxLayout(m_row);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_text, 1);
    row->addWidget(m_mode);
    row->addWidget(m_find);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_results);

    const auto search = [this] {
        if (!m_text->text().trimmed().isEmpty())
            Q_EMIT searchRequested(m_text->text(), mode());
    };
    connect(m_find, &QPushButton::clicked, this, search);
    connect(m_text, &QLineEdit::returnPressed, this, search);
    connect(m_results, &QTreeWidget::itemActivated, this, &FileSearchPanel::chosen);
    clear();
}

FileSearchPanel::Mode FileSearchPanel::mode() const
{
    return Mode(m_mode->currentData().toInt());
}

void FileSearchPanel::setMode(Mode mode)
{
    m_mode->setCurrentIndex(m_mode->findData(int(mode)));
}

void FileSearchPanel::clear()
{
    m_results->clear();
    hide();
}

void FileSearchPanel::startOver(Mode mode)
{
    m_results->clear();
    m_results->setColumnHidden(LineColumn, mode == Mode::Names);
    m_results->setColumnHidden(TextColumn, mode == Mode::Names);
    show();
}

QString FileSearchPanel::showFound(const BlaxelFoundPaths &paths)
{
    m_results->clear();
    for (const auto &entry : paths.entries) {
        auto *item = new QTreeWidgetItem(m_results, {DisplayText::visible(entry.path)});
        item->setData(PathColumn, PathRole, entry.path);
        item->setData(PathColumn, FolderRole, entry.folder);
    }
    const int count = int(paths.entries.size());
    if (count == 0)
        return tr("Nothing found.");
    return paths.truncated ? tr("The first %n found are shown.", nullptr, count)
                           : tr("%n found.", nullptr, count);
}

QString FileSearchPanel::showMatches(const BlaxelContentMatches &matches)
{
    m_results->clear();
    for (const auto &match : matches.matches) {
        auto *item =
            new QTreeWidgetItem(m_results, {DisplayText::visible(match.path), QString::number(match.line),
                                            DisplayText::visible(match.text.trimmed())});
        item->setData(PathColumn, PathRole, match.path);
        item->setData(PathColumn, LineRole, match.line);
    }
    const int count = int(matches.matches.size());
    if (count == 0)
        return tr("No line holds that text.");
    return matches.truncated ? tr("The first %n lines found are shown.", nullptr, count)
                             : tr("%n lines found.", nullptr, count);
}

void FileSearchPanel::chosen(QTreeWidgetItem *item)
{
    if (item && !item->data(PathColumn, FolderRole).toBool())
        Q_EMIT fileChosen(item->data(PathColumn, PathRole).toString(),
                          item->data(PathColumn, LineRole).toInt());
}
