#include "transfers/uploadconfirmdialog.h"

#include "common/errorcolour.h"
#include "models/transfermodel.h"
#include "workspace/workspacearchiver.h"

#include <QDialogButtonBox>
#include <QEvent>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLayout>
#include <QProgressBar>
#include <QPushButton>
#include <QtConcurrent>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

constexpr int shownSources = 6;

QString sourceList(const QStringList &sources)
{
    QStringList lines;
    for (qsizetype i = 0; i < sources.size() && i < shownSources; ++i)
        lines << QFileInfo(sources.at(i)).fileName();
    if (sources.size() > shownSources)
        lines << UploadConfirmDialog::tr("and %n more", nullptr, int(sources.size() - shownSources));
    return lines.join(u'\n');
}

} // namespace

UploadConfirmDialog::UploadConfirmDialog(const QString &sandbox, const QStringList &sources,
                                         const Words &words, const WorkspaceLimits &limits, QWidget *parent)
    : QDialog(parent), m_sandbox(sandbox), m_sources(sources), m_limits(limits), m_summary(new QLabel(this)),
      m_skipped(new QLabel(this)), m_effect(new QLabel(this)), m_warning(new QLabel(this)),
      m_limit(new QLabel(this)), m_busy(new QProgressBar(this)), m_upload(nullptr)
{
    setWindowTitle(tr("Upload workspace"));
    setWindowIcon(QIcon(u":/icons/upload.svg"_s));

    auto *intro = new QLabel(words.question, this);
    intro->setObjectName(u"uploadQuestion"_s);
    intro->setWordWrap(true);
    m_effect->setObjectName(u"uploadEffect"_s);
    m_effect->setWordWrap(true);
    m_effect->setText(words.effect);
    m_warning->setObjectName(u"uploadWarning"_s);
    m_warning->setWordWrap(true);
    m_warning->setTextFormat(Qt::PlainText);
    m_warning->setText(words.warning);
    m_warning->setVisible(!m_warning->text().isEmpty());
    ErrorColour::applyTo(m_warning, palette());
    m_limit->setObjectName(u"uploadLimit"_s);
    m_limit->setWordWrap(true);
    m_limit->setTextFormat(Qt::PlainText);
    m_limit->hide();
    ErrorColour::applyTo(m_limit, palette());
    auto *what = new QLabel(sourceList(sources), this);
    what->setTextFormat(Qt::PlainText);
    what->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setObjectName(u"uploadSummary"_s);
    m_summary->setText(tr("Counting files…"));
    m_summary->setWordWrap(true);
    m_skipped->setWordWrap(true);
    m_skipped->setTextFormat(Qt::PlainText);
    m_skipped->hide();
    m_busy->setRange(0, 0);
    m_busy->setMaximumHeight(m_summary->fontMetrics().height());
    m_busy->setTextVisible(false);

    auto *form = new QFormLayout;
    auto *sandboxLabel = new QLabel(sandbox, this);
    sandboxLabel->setTextFormat(Qt::PlainText);
    form->addRow(tr("Sandbox:"), sandboxLabel);
    form->addRow(sources.size() == 1 ? tr("Item:") : tr("Items:"), what);
    form->addRow(tr("Contents:"), m_summary);
    form->addRow(QString(), m_busy);
    form->addRow(QString(), m_skipped);
    form->addRow(QString(), m_limit);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_upload = buttons->addButton(tr("&Upload"), QDialogButtonBox::AcceptRole);
    m_upload->setObjectName(u"uploadButton"_s);
    m_upload->setIcon(QIcon(u":/icons/upload.svg"_s));
    m_upload->setEnabled(false);
    m_upload->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_effect);
    layout->addWidget(m_warning);
    layout->addLayout(form);
    layout->addStretch(1);
    layout->addWidget(buttons);
    setMinimumWidth(460);

    connect(&m_watcher, &QFutureWatcher<Counted>::finished, this, [this] { showCounts(m_watcher.result()); });
    m_watcher.setFuture(QtConcurrent::run(&UploadConfirmDialog::count, sources));
}

UploadConfirmDialog::~UploadConfirmDialog()
{
    // The walk only reads and shares nothing with the dialog: a Cancel while it counts 100,000 files must
    // not wait for it on the GUI thread. The watcher's destructor detaches it from the running walk.
    m_watcher.disconnect(this);
}

bool UploadConfirmDialog::isSingleArchive(const QStringList &sources)
{
    return sources.size() == 1 && QFileInfo(sources.first()).isFile() &&
           (sources.first().endsWith(u".tar.gz"_s, Qt::CaseInsensitive) ||
            sources.first().endsWith(u".tgz"_s, Qt::CaseInsensitive));
}

UploadConfirmDialog::Counted UploadConfirmDialog::count(const QStringList &sources)
{
    Counted counted;
    if (isSingleArchive(sources)) {
        counted.archive = true;
        counted.archiveBytes = QFileInfo(sources.first()).size();
        QString why;
        if (!WorkspaceArchiver::isGzipTar(sources.first(), &why))
            counted.archiveProblem =
                why.isEmpty() ? tr("This file is not a gzip-compressed tar archive.") : why;
        return counted;
    }
    counted.scan = WorkspaceArchiver::scan(sources);
    return counted;
}

void UploadConfirmDialog::showCounts(const Counted &counted)
{
    m_busy->hide();
    if (counted.archive) {
        if (!counted.archiveProblem.isEmpty()) {
            m_summary->setText(counted.archiveProblem);
            return;
        }
        m_summary->setText(tr("A .tar.gz archive of %1, uploaded as it is.")
                               .arg(TransferModel::formatBytes(counted.archiveBytes)));
        m_limit->setText(m_limits.refusal(-1, -1, counted.archiveBytes));
    } else {
        const ArchiveScan &scan = counted.scan;
        if (!scan.error.isEmpty()) {
            m_summary->setText(scan.error);
            return;
        }
        QString text = tr("%n file(s)", nullptr, int(scan.fileCount));
        if (scan.dirCount > 0)
            text += tr(" in %n folder(s)", nullptr, int(scan.dirCount));
        if (scan.linkCount > 0)
            text += tr(", %n symbolic link(s) kept as links", nullptr, int(scan.linkCount));
        text += tr(", %1 in all, packed into a .tar.gz").arg(TransferModel::formatBytes(scan.totalBytes));
        m_summary->setText(text);
        if (!scan.skipped.isEmpty()) {
            QStringList shown = scan.skipped.mid(0, 5);
            if (scan.skipped.size() > 5)
                shown << tr("and %n more", nullptr, int(scan.skipped.size() - 5));
            m_skipped->setText(tr("Left out:\n%1").arg(shown.join(u'\n')));
            m_skipped->show();
        }
        m_limit->setText(scan.refusedBy(m_limits));
    }
    m_counted = true;
    // Past a limit the server states, the upload would fail after the packing and the sending: not offered.
    m_limit->setVisible(!m_limit->text().isEmpty());
    m_upload->setEnabled(m_limit->text().isEmpty());
    if (m_upload->isEnabled())
        m_upload->setFocus();
    // The lines shown now (left out, past a limit) wrap: the open dialog grows to show them whole.
    const int needed =
        layout()->hasHeightForWidth() ? layout()->totalHeightForWidth(width()) : sizeHint().height();
    if (needed > height())
        resize(width(), needed);
}

QString UploadConfirmDialog::effectText() const
{
    return m_effect->text();
}

QString UploadConfirmDialog::warningText() const
{
    return m_warning->text();
}

QString UploadConfirmDialog::limitText() const
{
    return m_limit->text();
}

QString UploadConfirmDialog::summaryText() const
{
    return m_summary->text();
}

void UploadConfirmDialog::changeEvent(QEvent *event)
{
    QDialog::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange) {
        ErrorColour::applyTo(m_warning, palette());
        ErrorColour::applyTo(m_limit, palette());
    }
}
