#include "inspector/inspectpage.h"

#include "common/detailspaneframe.h"
#include "common/errorcolour.h"
#include "common/tagchipdelegate.h"
#include "inspector/schemaform.h"
#include "inspector/toolresultview.h"
#include "mcp/mcpcall.h"
#include "mcp/mcpclient.h"
#include "mcp/mcpcurlcommand.h"
#include "models/displaytext.h"
#include "models/mcpexchangelogmodel.h"
#include "models/mcptoollistmodel.h"
#include "session/mcpinspector.h"

#include <QApplication>
#include <QClipboard>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

InspectPage::InspectPage(McpInspector *inspector, QWidget *parent)
    : QWidget(parent), m_inspector(inspector), m_client(inspector->clientFor({}, {}, this)),
      m_tools(new McpToolListModel(this)), m_toolProxy(new QSortFilterProxyModel(this)),
      m_log(new McpExchangeLogModel(this))
{
    m_toolProxy->setSourceModel(m_tools);
    m_toolProxy->setFilterRole(McpToolListModel::SearchTextRole);
    m_toolProxy->setFilterCaseSensitivity(Qt::CaseInsensitive);

    m_connect = new QPushButton(tr("Connect"), this);
    m_connect->setObjectName(u"inspectConnect"_s);
    m_status = new QLabel(this);
    m_status->setObjectName(u"inspectStatus"_s);
    m_status->setWordWrap(true);
    m_serverInfo = new QLabel(this);
    m_serverInfo->setObjectName(u"inspectServer"_s);
    m_serverInfo->setWordWrap(true);
    m_serverInfo->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_serverInfo->setVisible(false);
    // A server's instructions can run to paragraphs: folded away until asked for, so the tools keep the room.
    m_instructions = new QLabel(this);
    m_instructions->setObjectName(u"inspectInstructions"_s);
    m_instructions->setWordWrap(true);
    m_instructions->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_instructions->setVisible(false);
    m_instructionsToggle = new QToolButton(this);
    m_instructionsToggle->setObjectName(u"inspectInstructionsToggle"_s);
    m_instructionsToggle->setText(tr("Instructions"));
    m_instructionsToggle->setToolTip(tr("Show what the server tells a model about using it"));
    m_instructionsToggle->setCheckable(true);
    m_instructionsToggle->setVisible(false);
    connect(m_instructionsToggle, &QToolButton::toggled, m_instructions, &QLabel::setVisible);
    auto *top = new QHBoxLayout;
    top->addWidget(m_connect);
    top->addWidget(m_status, 1);
    top->addWidget(m_instructionsToggle);
    m_compareTools = new QPushButton(tr("Compare tools…"), this);
    m_compareTools->setObjectName(u"inspectCompareTools"_s);
    m_compareTools->setToolTip(tr("Compare this server's tools with the list first seen here, another "
                                  "sandbox's or a saved list"));
    m_compareTools->setEnabled(false);
    connect(m_compareTools, &QPushButton::clicked, this, &InspectPage::compareToolsRequested);
    top->addWidget(m_compareTools);

    auto *work = new QSplitter(Qt::Horizontal, this);
    work->addWidget(buildToolSide());
    work->addWidget(buildCallSide());
    work->setStretchFactor(1, 3);
    auto *vertical = new QSplitter(Qt::Vertical, this);
    vertical->addWidget(work);
    vertical->addWidget(buildLog());
    vertical->setStretchFactor(0, 3);
    vertical->setStretchFactor(1, 1);
    // The tools and the call matter most; the log gets a strip until the user drags it taller.
    vertical->setSizes({600, 150});

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_serverInfo);
    layout->addWidget(m_instructions);
    layout->addWidget(vertical, 1);

    connect(m_connect, &QPushButton::clicked, this, &InspectPage::connectToServer);
    connect(m_client, &McpClient::exchangeLogged, m_log, &McpExchangeLogModel::append);
    showTool(nullptr);
}

QWidget *InspectPage::buildToolSide()
{
    auto *side = new QWidget(this);
    m_toolSearch = new QLineEdit(side);
    m_toolSearch->setObjectName(u"inspectToolSearch"_s);
    m_toolSearch->setPlaceholderText(tr("Find a tool"));
    m_toolSearch->setClearButtonEnabled(true);
    m_toolView = new QTreeView(side);
    m_toolView->setObjectName(u"inspectTools"_s);
    m_toolView->setModel(m_toolProxy);
    m_toolView->setRootIsDecorated(false);
    m_toolView->setUniformRowHeights(true);
    // A server's tools often share a prefix (filesystem_read_file, filesystem_read_text_file…): the end of
    // a name tells them apart, so a narrow column keeps both ends.
    m_toolView->setTextElideMode(Qt::ElideMiddle);
    m_toolView->setItemDelegateForColumn(McpToolListModel::AnnotationsColumn,
                                         new TagChipDelegate(McpToolListModel::AnnotationsRole, m_toolView));
    m_toolView->header()->setSectionResizeMode(McpToolListModel::NameColumn, QHeaderView::Stretch);
    m_toolView->header()->setStretchLastSection(false);
    m_toolView->header()->resizeSection(McpToolListModel::AnnotationsColumn, 150);
    // Tool names run long (list_pull_request_reviews): room for them and their chips before the form.
    side->setMinimumWidth(fontMetrics().averageCharWidth() * 44);
    auto *layout = new QVBoxLayout(side);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_toolSearch);
    layout->addWidget(m_toolView, 1);
    connect(m_toolSearch, &QLineEdit::textChanged, m_toolProxy, &QSortFilterProxyModel::setFilterFixedString);
    connect(m_toolView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                showTool(m_tools->toolAt(m_toolProxy->mapToSource(current).row()));
            });
    return side;
}

QWidget *InspectPage::buildCallSide()
{
    auto *inner = new QWidget;
    m_toolTitle = DetailsPaneFrame::sectionTitle(QString(), inner, 1.2);
    m_toolTitle->setObjectName(u"inspectToolTitle"_s);
    m_toolDescription = new QLabel(inner);
    m_toolDescription->setWordWrap(true);
    m_toolDescription->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_form = new SchemaForm(inner);
    m_call = new QPushButton(tr("Call"), inner);
    m_call->setObjectName(u"inspectCall"_s);
    m_result = new ToolResultView(inner);
    auto *layout = new QVBoxLayout(inner);
    layout->addWidget(m_toolTitle);
    layout->addWidget(m_toolDescription);
    layout->addWidget(m_form);
    layout->addWidget(m_call, 0, Qt::AlignLeft);
    layout->addWidget(m_result, 1);
    auto *area = new QScrollArea(this);
    area->setWidgetResizable(true);
    area->setWidget(inner);
    connect(m_call, &QPushButton::clicked, this, &InspectPage::callSelectedTool);
    connect(m_form, &SchemaForm::changed, this, [this] {
        if (!m_currentTool.isEmpty())
            m_arguments.insert(m_currentTool, m_form->arguments());
    });
    return area;
}

QWidget *InspectPage::buildLog()
{
    auto *box = new QWidget(this);
    m_logView = new QTreeView(box);
    m_logView->setObjectName(u"inspectLog"_s);
    m_logView->setModel(m_log);
    m_logView->setRootIsDecorated(false);
    m_logView->setUniformRowHeights(true);
    m_logView->header()->setSectionResizeMode(McpExchangeLogModel::MethodColumn, QHeaderView::Stretch);
    m_logView->header()->setStretchLastSection(false);
    m_logView->setMinimumWidth(fontMetrics().averageCharWidth() * 44);
    m_logDetails = new QPlainTextEdit(box);
    m_logDetails->setObjectName(u"inspectLogDetails"_s);
    m_logDetails->setReadOnly(true);
    m_logDetails->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_logDetails->setPlaceholderText(tr("Select a request to see what was sent and what came back."));
    auto *curl = new QToolButton(box);
    curl->setObjectName(u"inspectCopyCurl"_s);
    curl->setText(tr("Copy as curl"));
    curl->setPopupMode(QToolButton::MenuButtonPopup);
    auto *menu = new QMenu(curl);
    menu->addAction(tr("Copy as curl with the URL and token in full"), this, [this] { copyCurl(true); });
    curl->setMenu(menu);
    connect(curl, &QToolButton::clicked, this, [this] { copyCurl(false); });
    auto *split = new QSplitter(Qt::Horizontal, box);
    split->addWidget(m_logView);
    split->addWidget(m_logDetails);
    split->setStretchFactor(1, 2);
    auto *header = new QHBoxLayout;
    header->addWidget(DetailsPaneFrame::sectionTitle(tr("Protocol log"), box));
    header->addStretch(1);
    header->addWidget(curl);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(header);
    layout->addWidget(split, 1);
    connect(m_logView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                const McpExchange *exchange = m_log->exchangeAt(current.row());
                m_logDetails->setPlainText(exchange ? McpExchangeLogModel::describe(*exchange) : QString());
            });
    return box;
}

void InspectPage::setServer(const QUrl &url, const QString &bearerToken)
{
    if (url == m_url && bearerToken == m_token)
        return;
    m_url = url;
    m_token = bearerToken;
    // A new client per server: no session or token can carry over from the last one.
    m_client->deleteLater();
    m_client = m_inspector->clientFor(url, bearerToken, this);
    connect(m_client, &McpClient::exchangeLogged, m_log, &McpExchangeLogModel::append);
    m_log->clear();
    m_tools->setTools({});
    m_arguments.clear();
    m_results.clear();
    m_failures.clear();
    m_serverInfo->setVisible(false);
    m_result->clear();
    showTool(nullptr);
    setStatus(tr("Not connected"), false);
}

void InspectPage::connectToServer()
{
    m_connect->setEnabled(false);
    setStatus(tr("Connecting…"), false);
    McpCall *call = m_client->connectToServer();
    connect(call, &McpCall::finished, this, [this, call] {
        if (call->error().isError()) {
            m_connect->setEnabled(true);
            setStatus(tr("Could not connect: %1").arg(DisplayText::visible(call->error().describe())), true);
            return;
        }
        showServerInfo();
        setStatus(tr("Listing tools…"), false);
        McpCall *list = m_client->listTools();
        connect(list, &McpCall::finished, this, [this, list] {
            m_connect->setEnabled(true);
            if (list->error().isError()) {
                setStatus(
                    tr("Could not list the tools: %1").arg(DisplayText::visible(list->error().describe())),
                    true);
                return;
            }
            m_tools->setTools(list->tools());
            if (!m_firstListedAt.isValid()) {
                m_firstListed = list->tools();
                m_firstListedAt = QDateTime::currentDateTime();
            }
            m_compareTools->setEnabled(true);
            setStatus(tr("%n tool(s)", nullptr, int(list->tools().size())), false);
            emit toolsListed(int(list->tools().size()));
        });
    });
}

void InspectPage::showServerInfo()
{
    const McpServerInfo &info = m_client->serverInfo();
    QStringList capabilities = info.capabilities.keys();
    QString text =
        tr("%1 %2 · protocol %3 · capabilities: %4")
            .arg(DisplayText::visible(info.title.isEmpty() ? info.name : info.title),
                 DisplayText::visible(info.version), DisplayText::visible(info.protocolVersion),
                 capabilities.isEmpty() ? tr("none") : DisplayText::visible(capabilities.join(u", "_s)));
    m_serverInfo->setText(text);
    m_serverInfo->setVisible(true);
    m_instructions->setText(DisplayText::visibleLines(info.instructions));
    m_instructionsToggle->setVisible(!info.instructions.isEmpty());
    m_instructions->setVisible(m_instructionsToggle->isChecked() && !info.instructions.isEmpty());
}

void InspectPage::showTool(const McpTool *tool)
{
    // Unset while the form is rebuilt: its changes then are not what the user typed for any tool.
    m_currentTool.clear();
    m_toolTitle->setText(tool ? DisplayText::visible(tool->title.isEmpty() ? tool->name : tool->title)
                              : tr("No tool selected"));
    m_toolDescription->setText(tool ? DisplayText::visibleLines(tool->description) : QString());
    m_form->setVisible(tool);
    m_call->setVisible(tool);
    m_result->clear();
    if (!tool)
        return;
    if (m_results.contains(tool->name))
        m_result->setResult(m_results.value(tool->name));
    else if (m_failures.contains(tool->name))
        m_result->showFailure(m_failures.value(tool->name));
    m_form->setSchema(tool->inputSchema);
    if (m_arguments.contains(tool->name))
        m_form->setArguments(m_arguments.value(tool->name));
    m_currentTool = tool->name;
}

bool InspectPage::selectTool(const QString &name)
{
    for (int row = 0; row < m_toolProxy->rowCount(); ++row) {
        const QModelIndex index = m_toolProxy->index(row, 0);
        if (index.data(McpToolListModel::NameRole).toString() == name) {
            m_toolView->setCurrentIndex(index);
            return true;
        }
    }
    return false;
}

void InspectPage::callSelectedTool()
{
    if (m_currentTool.isEmpty() || m_calling)
        return;
    if (!m_form->isValid()) {
        // The form never sends what it knows to be wrong: it says where instead.
        m_form->revealProblems();
        return;
    }
    m_calling = true;
    m_call->setEnabled(false);
    const QString tool = m_currentTool;
    McpCall *call = m_client->callTool(tool, m_form->arguments());
    connect(call, &McpCall::finished, this, [this, call, tool] {
        m_calling = false;
        m_call->setEnabled(true);
        m_results.remove(tool);
        m_failures.remove(tool);
        if (call->error().isError())
            m_failures.insert(tool, tr("The call failed: %1").arg(call->error().describe()));
        else
            m_results.insert(tool, call->toolResult());
        // The user may have moved to another tool meanwhile: the answer is kept for its own.
        if (tool == m_currentTool) {
            if (call->error().isError())
                m_result->showFailure(m_failures.value(tool));
            else
                m_result->setResult(m_results.value(tool));
        }
        emit callFinished();
    });
}

QString InspectPage::curlForSelected(bool withSecrets) const
{
    const McpExchange *exchange = m_log->exchangeAt(m_logView->currentIndex().row());
    if (!exchange)
        return {};
    return McpCurlCommand::render(*exchange, withSecrets ? m_client->url() : exchange->url,
                                  withSecrets ? m_token : QString());
}

void InspectPage::copyCurl(bool withSecrets)
{
    const QString line = curlForSelected(withSecrets);
    if (line.isEmpty())
        return;
    QApplication::clipboard()->setText(line);
    emit copied(tr("curl command"));
}

void InspectPage::setStatus(const QString &text, bool error)
{
    m_status->setText(text);
    if (error)
        ErrorColour::applyTo(m_status, palette());
    else
        m_status->setPalette(palette());
}
