#include "previews/previewspane.h"

#include "models/blaxelpreviewlistmodel.h"
#include "models/displaytext.h"
#include "previews/previewcreatedialog.h"
#include "previews/previewtokendialog.h"
#include "session/previewcontroller.h"

#include <QApplication>
#include <QClipboard>
#include <QDateTime>
#include <QDesktopServices>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTreeView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

PreviewsPane::PreviewsPane(PreviewController *controller, QWidget *parent)
    : QWidget(parent), m_controller(controller), m_notice(new QLabel(this)), m_state(new QLabel(this)),
      m_create(new QPushButton(tr("&New Preview…"), this)), m_delete(new QPushButton(tr("&Delete…"), this)),
      m_copy(new QPushButton(tr("&Copy URL"), this)), m_open(new QPushButton(tr("&Open"), this)),
      m_token(new QPushButton(tr("To&ken…"), this)), m_view(new QTreeView(this))
{
    setObjectName(u"previewsPane"_s);
    m_notice->setObjectName(u"previewsNotice"_s);
    m_notice->setWordWrap(true);
    m_state->setObjectName(u"previewsState"_s);
    m_state->setWordWrap(true);
    m_state->setTextFormat(Qt::PlainText);
    m_create->setObjectName(u"newPreviewButton"_s);
    m_delete->setObjectName(u"deletePreviewButton"_s);
    m_copy->setObjectName(u"copyPreviewUrlButton"_s);
    m_open->setObjectName(u"openPreviewButton"_s);
    m_open->setToolTip(tr("Opens the preview's URL in the browser"));
    m_token->setObjectName(u"previewTokenButton"_s);
    m_token->setToolTip(tr("A token for a private preview, shown once"));
    m_view->setObjectName(u"previewsView"_s);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAllColumnsShowFocus(true);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_create);
    buttons->addWidget(m_delete);
    buttons->addStretch(1);
    buttons->addWidget(m_copy);
    buttons->addWidget(m_open);
    buttons->addWidget(m_token);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_notice);
    layout->addLayout(buttons);
    layout->addWidget(m_state);
    layout->addWidget(m_view, 1);
    connect(m_create, &QPushButton::clicked, this, &PreviewsPane::createPreview);
    connect(m_delete, &QPushButton::clicked, this, &PreviewsPane::deleteSelected);
    connect(m_copy, &QPushButton::clicked, this, &PreviewsPane::copyUrl);
    connect(m_open, &QPushButton::clicked, this, &PreviewsPane::openUrl);
    connect(m_token, &QPushButton::clicked, this, &PreviewsPane::createToken);
    connect(m_view, &QTreeView::doubleClicked, this, &PreviewsPane::openUrl);
    showSandbox({}, false);
}

void PreviewsPane::showSandbox(const QString &name, bool ready)
{
    ready = ready && !name.isEmpty();
    if (m_showing && name == m_name && ready == m_ready && (m_monitor || !ready))
        return;
    m_showing = true;
    m_name = name;
    m_ready = ready;
    delete m_monitor;
    m_view->setModel(nullptr);
    m_actionProblem.clear();
    m_listProblem.clear();
    m_noMonitor.clear();
    m_toSelect.clear();
    m_notice->setText(
        m_controller->isDemo()
            ? tr("Demo: previews are listed and made as Blaxel does, but their URLs lead nowhere.")
            : tr("A preview is a URL on Blaxel's edge that reaches one port of the sandbox."));
    if (name.isEmpty())
        m_noMonitor = tr("Select one sandbox to see its previews.");
    else if (!ready)
        m_noMonitor = tr("A DEPLOYED sandbox has previews.");
    else
        m_monitor = m_controller->monitorBlaxel(name, this, &m_noMonitor);
    if (m_monitor) {
        m_view->setModel(m_monitor->model());
        m_view->header()->resizeSection(BlaxelPreviewListModel::NameColumn, 110);
        m_view->header()->resizeSection(BlaxelPreviewListModel::PortColumn, 60);
        m_view->header()->resizeSection(BlaxelPreviewListModel::AccessColumn, 70);
        m_view->header()->resizeSection(BlaxelPreviewListModel::UrlColumn, 300);
        connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
                &PreviewsPane::updateButtons);
        connect(m_monitor->model(), &QAbstractItemModel::modelReset, this, [this] {
            if (const int row = m_monitor->model()->rowOf(m_toSelect); row >= 0) {
                m_toSelect.clear();
                m_view->setCurrentIndex(m_monitor->model()->index(row, 0));
            }
            updateButtons();
        });
        connect(m_monitor, &PreviewMonitor::listed, this, [this](const QString &problem) {
            m_listProblem = problem;
            updateState();
        });
        connect(m_monitor, &PreviewMonitor::actionFailed, this, [this](const QString &problem) {
            m_actionProblem = problem;
            updateState();
        });
        connect(m_monitor, &PreviewMonitor::created, this,
                [this](const QString &preview) { m_toSelect = preview; });
        connect(m_monitor, &PreviewMonitor::tokenCreated, this,
                [this](const QString &preview, const BlaxelPreviewToken &token) {
                    const int row = m_monitor ? m_monitor->model()->rowOf(preview) : -1;
                    const QUrl url =
                        row >= 0
                            ? m_monitor->model()->index(row, 0).data(BlaxelPreviewListModel::UrlRole).toUrl()
                            : QUrl();
                    PreviewTokenDialog dialog(preview, url, token, this);
                    dialog.exec();
                });
        if (isVisible())
            m_monitor->refresh();
    }
    updateState();
    updateButtons();
}

void PreviewsPane::createPreview()
{
    if (!m_monitor)
        return;
    PreviewCreateDialog dialog(m_name, 0, this);
    if (dialog.exec() != QDialog::Accepted || !m_monitor)
        return;
    QString problem;
    if (const auto request = dialog.request(&problem)) {
        m_actionProblem.clear();
        updateState();
        m_monitor->create(*request);
    }
}

void PreviewsPane::deleteSelected()
{
    const QString preview = selectedPreview();
    if (!m_monitor || preview.isEmpty())
        return;
    const auto answer = QMessageBox::question(
        this, tr("Delete Preview"),
        tr("Delete the preview %1 of %2? Its URL stops working, for everyone who has it.")
            .arg(DisplayText::visible(preview), DisplayText::visible(m_name)),
        QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
    if (answer != QMessageBox::Yes || !m_monitor)
        return;
    m_actionProblem.clear();
    updateState();
    m_monitor->remove(preview);
}

void PreviewsPane::copyUrl()
{
    const QUrl url = m_view->currentIndex().data(BlaxelPreviewListModel::UrlRole).toUrl();
    if (url.isValid())
        QApplication::clipboard()->setText(url.toString(QUrl::FullyEncoded));
}

void PreviewsPane::openUrl()
{
    const QUrl url = m_view->currentIndex().data(BlaxelPreviewListModel::UrlRole).toUrl();
    if (url.isValid())
        QDesktopServices::openUrl(url);
}

void PreviewsPane::createToken()
{
    const QString preview = selectedPreview();
    if (!m_monitor || preview.isEmpty())
        return;
    bool ok = false;
    const int hours = QInputDialog::getInt(
        this, tr("New Token"), tr("A token for %1, valid for (hours):").arg(preview), 24, 1, 24 * 30, 1, &ok);
    if (!ok || !m_monitor)
        return;
    m_actionProblem.clear();
    updateState();
    m_monitor->createToken(preview, QDateTime::currentDateTimeUtc().addSecs(qint64{hours} * 3600));
}

QString PreviewsPane::selectedPreview() const
{
    return m_view->currentIndex().data(BlaxelPreviewListModel::NameRole).toString();
}

void PreviewsPane::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_monitor)
        m_monitor->refresh();
}

void PreviewsPane::updateButtons()
{
    const QModelIndex current = m_view->currentIndex();
    const bool hasUrl = current.data(BlaxelPreviewListModel::UrlRole).toUrl().isValid();
    m_create->setEnabled(m_monitor != nullptr);
    m_delete->setEnabled(current.isValid());
    m_copy->setEnabled(hasUrl);
    m_open->setEnabled(hasUrl);
    m_token->setEnabled(current.isValid() && !current.data(BlaxelPreviewListModel::PublicRole).toBool());
}

void PreviewsPane::updateState()
{
    QString text = DisplayText::visibleLines(!m_actionProblem.isEmpty() ? m_actionProblem
                                             : !m_listProblem.isEmpty() ? m_listProblem
                                                                        : m_noMonitor);
    if (text.isEmpty() && m_monitor && m_monitor->hasListed() && m_monitor->model()->rowCount() == 0)
        text = tr("No previews of %1 yet: New Preview… makes one.").arg(DisplayText::visible(m_name));
    m_state->setText(text);
    m_state->setVisible(!text.isEmpty());
}
