#include "common/viewstatesettings.h"

#include "common/splittersizing.h"

#include <QHeaderView>
#include <QSettings>
#include <QSplitter>

using namespace Qt::StringLiterals;

void ViewStateSettings::save(const QString &group, const QHeaderView *header, const QSplitter *splitter)
{
    QSettings settings;
    settings.setValue(group + u"/header"_s, header->saveState());
    if (splitter)
        settings.setValue(group + u"/splitter"_s, splitter->saveState());
}

void ViewStateSettings::restore(const QString &group, QHeaderView *header, SplitterSizing *splitter)
{
    QSettings settings;
    header->restoreState(settings.value(group + u"/header"_s).toByteArray());
    if (splitter)
        splitter->restore(settings.value(group + u"/splitter"_s).toByteArray());
    if (header->isSortIndicatorShown() && header->model())
        header->model()->sort(header->sortIndicatorSection(), header->sortIndicatorOrder());
}
