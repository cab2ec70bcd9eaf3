// The Transfers view as a person reads it: a failed and a cancelled row told apart from a finished one at a
// glance, in a window 800 pixels wide.

#include "demoapp.h"
#include "emulatorprobe.h"
#include "testwidgets.h"

#include "local/localworkspaceactions.h"
#include "models/transfermodel.h"
#include "transfers/transfernotifier.h"
#include "transfers/transferspage.h"
#include "transfers/transferstatedelegate.h"
#include "workspace/transferjob.h"
#include "workspace/transferqueue.h"

#include <QAction>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QTreeView>

using namespace Qt::StringLiterals;

using TestWidgets::writeFile;

class TestTransfersView : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<DemoApp> app;
    std::unique_ptr<QTemporaryDir> work;

    TransferQueue *queue() const { return app->controller()->session()->transfers(); }

private slots:
    void init()
    {
        app = std::make_unique<DemoApp>();
        work = std::make_unique<QTemporaryDir>();
        QVERIFY(app->started());
        QVERIFY(work->isValid());
    }

    void cleanup()
    {
        app.reset();
        work.reset();
    }

    void aFailedTransferReadsAsFailedAtEightHundredPixels()
    {
        // An upload the client refuses (not gzip: it would fail again) and a save cancelled in the queue.
        const QString seeded = EmulatorProbe(app->emulator()).localSandboxIds().first();
        writeFile(work->filePath(u"results.tar.gz"_s), "plain text, not gzip");
        queue()->setMaxConcurrent(1);
        auto faults = EmulatorProbe(app->emulator()).faults();
        faults.latencyMs = 400;
        app->emulator()->setFaults(faults);
        TransferJob *running =
            app->localPage()->workspaceActions()->saveDumpTo(seeded, work->filePath(u"first.tar.gz"_s));
        TransferJob *cancelled =
            app->localPage()->workspaceActions()->saveDumpTo(seeded, work->filePath(u"second.tar.gz"_s));
        queue()->cancel(queue()->indexOf(cancelled));
        QVERIFY(QTest::qWaitFor([running] { return running->isFinished(); }, 20000));
        TransferJob *failed = queue()->enqueueUpload(seeded, {work->filePath(u"results.tar.gz"_s)});
        QVERIFY(QTest::qWaitFor([failed] { return failed->isFinished(); }, 20000));
        QCOMPARE(failed->state(), TransferJob::State::Failed);
        // The status bar keeps a failure longer than the usual 8 s, by the length of its reason.
        const QString summary = TransferNotifier::summary(failed);
        QVERIFY(MainWindow::statusTimeoutMs(summary) > 8000);
        QCOMPARE(MainWindow::statusTimeoutMs(u"Retrying 1 transfer."_s), 8000);

        MainWindow *window = app->window();
        window->resize(800, 500);
        window->show();
        window->showPage(MainWindow::TransfersView);
        TransfersPage *page = window->transfersPage();
        QTreeView *view = page->view();
        QVERIFY(QTest::qWaitForWindowExposed(window));
        const int failedRow = queue()->indexOf(failed);
        const int cancelledRow = queue()->indexOf(cancelled);
        TransferModel *model = page->model();
        QCOMPARE(model->index(cancelledRow, TransferModel::DirectionColumn).data().toString(),
                 u"Save dump"_s);
        QVERIFY(
            model->index(failedRow, TransferModel::StateColumn).data().toString().startsWith(u"Failed"_s));

        // Progress, Speed and State whole inside the view, none cut below its title.
        for (const int column :
             {TransferModel::ProgressColumn, TransferModel::SpeedColumn, TransferModel::StateColumn}) {
            const int left = view->header()->sectionViewportPosition(column);
            const int width = view->header()->sectionSize(column);
            QVERIFY2(left >= 0 && left + width <= view->viewport()->width(),
                     qPrintable(u"column %1 at %2+%3 of %4"_s.arg(column).arg(left).arg(width).arg(
                         view->viewport()->width())));
            QVERIFY(width >= view->header()->sectionSizeHint(column));
        }

        // The failed row's State text is drawn in the status red; the cancelled one's in grey.
        const auto countNear = [&](int row, const QColor &colour) {
            const QImage image = view->viewport()
                                     ->grab(view->visualRect(model->index(row, TransferModel::StateColumn)))
                                     .toImage();
            int near = 0;
            for (int y = 0; y < image.height(); ++y)
                for (int x = 0; x < image.width(); ++x) {
                    const QColor pixel = image.pixelColor(x, y);
                    near += std::abs(pixel.red() - colour.red()) + std::abs(pixel.green() - colour.green()) +
                                std::abs(pixel.blue() - colour.blue()) <
                            60;
                }
            return near;
        };
        view->clearSelection();
        QVERIFY(countNear(failedRow, TransferStateDelegate::colorFor(int(TransferJob::State::Failed))) > 10);
        QCOMPARE(countNear(failedRow, TransferStateDelegate::colorFor(int(TransferJob::State::Cancelled))),
                 0);
        QVERIFY(countNear(cancelledRow, TransferStateDelegate::colorFor(int(TransferJob::State::Cancelled))) >
                10);
        // The failed bar is not the highlight blue, wherever it stopped.
        const QImage bar =
            view->viewport()
                ->grab(view->visualRect(model->index(failedRow, TransferModel::ProgressColumn)))
                .toImage();
        const QColor blue = view->palette().color(QPalette::Highlight);
        bool anyBlue = false;
        for (int y = 0; y < bar.height(); ++y)
            for (int x = 0; x < bar.width(); ++x)
                anyBlue |= bar.pixelColor(x, y) == blue;
        QVERIFY(!anyBlue);

        // Selected: the reason in full under the list, and no Retry for a failure that would repeat.
        view->setCurrentIndex(model->index(failedRow, 0));
        view->selectionModel()->select(model->index(failedRow, 0),
                                       QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QVERIFY(page->detailLabel()->isVisible());
        const QString details = page->detailLabel()->text();
        QVERIFY2(details.contains(failed->errorText()) && details.contains(u"Upload of results.tar.gz"_s) &&
                     details.contains(u"Started "_s),
                 qPrintable(details));
        QVERIFY(!page->retryAction()->isEnabled());
        // On the highlight the error icon is drawn in the highlighted-text colour, not Qt's tint of it.
        {
            const QRect cell = view->visualRect(model->index(failedRow, TransferModel::StateColumn));
            const int side = view->fontMetrics().height();
            const QImage icon =
                view->viewport()->grab(QRect(cell.topLeft(), QSize(side, cell.height()))).toImage();
            const QColor onHighlight = view->palette().color(QPalette::HighlightedText);
            int inTextColour = 0;
            for (int y = 0; y < icon.height(); ++y)
                for (int x = 0; x < icon.width(); ++x) {
                    // Near it, for the antialiased edges of a thin line icon.
                    const QColor pixel = icon.pixelColor(x, y);
                    inTextColour += std::abs(pixel.red() - onHighlight.red()) +
                                        std::abs(pixel.green() - onHighlight.green()) +
                                        std::abs(pixel.blue() - onHighlight.blue()) <
                                    90;
                }
            QVERIFY2(inTextColour > 5, qPrintable(QString::number(inTextColour)));
        }
        // A cancel can always be undone.
        view->selectionModel()->select(model->index(cancelledRow, 0),
                                       QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QVERIFY(page->retryAction()->isEnabled());
        // A finished save tells where it went, how long it took and how fast.
        view->setCurrentIndex(model->index(queue()->indexOf(running), 0));
        const QString saved = page->detailLabel()->text();
        QVERIFY2(saved.contains(u"Save dump of first.tar.gz to file "_s) && saved.contains(u" took "_s) &&
                     saved.contains(u"/s on average"_s),
                 qPrintable(saved));
    }
};

QTEST_MAIN(TestTransfersView)
#include "tst_transfersview.moc"
