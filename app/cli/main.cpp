#include "cli/clidispatcher.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(u"sandboxdeck-cli"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(SANDBOXDECK_VERSION));
    return CliDispatcher::run(QCoreApplication::arguments().mid(1));
}
