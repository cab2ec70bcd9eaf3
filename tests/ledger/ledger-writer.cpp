// Another process writing the run ledger, for tst_ledgerworker and tst_runledger.
//   ledger-writer <ledger file> <writer name> <run> <count>   writes <count> upload operations, each begun
//   and
//                                                             finished (sandbox id "<writer>-<i>"), and exits
//   ledger-writer <ledger file> <writer name> <run> intent     writes one acquire intent, says "intent <id>"
//   and
//                                                             waits to be killed (a crash mid-acquire)

#include "ledger/runledger.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QThread>

#include <cstdio>

using namespace Qt::StringLiterals;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(u"ledger-writer"_s);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() != 5) {
        std::fprintf(stderr, "usage: ledger-writer FILE WRITER RUN COUNT|intent\n");
        return 2;
    }
    const QString &writer = args.at(2);
    const QString &run = args.at(3);
    RunLedger ledger;
    if (const LedgerStatus opened = ledger.open(args.at(1)); !opened) {
        std::fprintf(stderr, "ledger-writer: %s\n", qPrintable(opened.error().message));
        return 1;
    }
    LedgerOperation operation;
    operation.profile = writer;
    operation.provider = LedgerProvider::KlavisLocal;
    operation.server = u"github"_s;
    operation.run = run;
    operation.tags = {u"sandboxdeck-run="_s + run};
    if (args.at(4) == u"intent"_s) {
        operation.kind = LedgerOperationKind::Acquire;
        const LedgerResult<qint64> id = ledger.beginOperation(operation);
        if (!id) {
            std::fprintf(stderr, "ledger-writer: %s\n", qPrintable(id.error().message));
            return 1;
        }
        std::printf("intent %lld\n", id.value());
        std::fflush(stdout);
        for (;;)
            QThread::sleep(1);
    }
    const int count = args.at(4).toInt();
    operation.kind = LedgerOperationKind::Upload;
    QElapsedTimer timer;
    timer.start();
    for (int i = 0; i < count; ++i) {
        const LedgerResult<qint64> id = ledger.beginOperation(operation);
        LedgerOutcome outcome;
        outcome.sandboxId = writer + u'-' + QString::number(i);
        outcome.transfer = LedgerTransfer{u"00"_s.repeated(32), 1024, 3, u"workspace.tar.gz"_s};
        const LedgerStatus finished = id ? ledger.finishOperation(id.value(), outcome) : id.error();
        if (!finished) {
            std::fprintf(stderr, "ledger-writer: operation %d: %s\n", i,
                         qPrintable(finished.error().message));
            return 1;
        }
    }
    std::printf("ledger-writer: %s wrote %d operations in %lld ms\n", qPrintable(writer), count,
                timer.elapsed());
    return 0;
}
