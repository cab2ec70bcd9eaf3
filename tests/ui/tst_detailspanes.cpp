#include <QTest>
class TstDetailsPanes : public QObject
{
    Q_OBJECT
};
QTEST_MAIN(TstDetailsPanes)
#include "tst_detailspanes.moc"
