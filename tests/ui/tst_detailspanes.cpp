// The details panes on real responses (fixtures and the provider's samples): every field shown, secrets
// masked until revealed (in the trees and in the raw JSON), URLs copyable and shortened to what tells them
// apart, the MCP config well formed.

#include "api/klavisdecoder.h"
#include "blaxel/blaxelsandboxdetailspane.h"
#include "catalog/mcpclientconfig.h"
#include "common/copyablefield.h"
#include "common/rawjsonview.h"
#include "common/secrettree.h"
#include "klavis/sandboxdetailspane.h"
#include "local/localsandboxdetailspane.h"
#include "models/urldisplay.h"

#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>
#include <QTreeWidgetItemIterator>

using namespace Qt::StringLiterals;

namespace {

QByteArray readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return file.readAll();
}

// Every text a tree shows, in both columns.
QStringList shownTexts(const QTreeWidget *tree)
{
    QStringList texts;
    for (QTreeWidgetItemIterator it(const_cast<QTreeWidget *>(tree)); *it; ++it)
        texts << (*it)->text(0) << (*it)->text(1);
    return texts;
}

} // namespace

class TstDetailsPanes : public QObject
{
    Q_OBJECT

private slots:
    void sandboxPaneMasksSecretsUntilRevealed()
    {
        const auto details = KlavisDecoder::sandboxDetails(
            readFile(QStringLiteral(SANDBOXDECK_TEST_DATA_DIR) + u"/klavis/details-current.json"_s));
        QVERIFY(details.ok());
        SandboxDetailsPane pane;
        pane.resize(480, 700);
        pane.showDetails(details.value());
        QCOMPARE(pane.currentSandboxId(), u"d1"_s);

        auto *metadata = pane.findChild<SecretTree *>(u"metadataTree"_s);
        auto *auth = pane.findChild<SecretTree *>(u"authDataTree"_s);
        QVERIFY(metadata && auth);
        auto *raw = pane.findChild<RawJsonView *>();
        QVERIFY(raw);
        // Keys are visible, values are not: not in the trees, not in the raw JSON.
        QVERIFY(shownTexts(metadata).contains(u"api_token"_s));
        QVERIFY(!shownTexts(metadata).contains(u"tok-123"_s));
        QVERIFY(!shownTexts(auth).contains(u"secret-abc"_s));
        QVERIFY(!raw->text().contains(u"secret-abc"_s));
        QVERIFY(!raw->text().contains(u"tok-123"_s));
        QVERIFY(raw->text().contains(u"\"sandbox_id\": \"d1\""_s));

        auto *reveal = pane.findChild<QPushButton *>(u"revealButton"_s);
        QVERIFY(reveal);
        reveal->click();
        QVERIFY(pane.secretsRevealed());
        QVERIFY(shownTexts(metadata).contains(u"tok-123"_s));
        QVERIFY(shownTexts(auth).contains(u"secret-abc"_s));
        QVERIFY(raw->text().contains(u"secret-abc"_s));

        // Another sandbox hides them again: a reveal is for the one that was looked at.
        auto other = details.value();
        other.summary.sandboxId = u"d2"_s;
        pane.showDetails(other);
        QVERIFY(!pane.secretsRevealed());
        QVERIFY(!shownTexts(auth).contains(u"secret-abc"_s));
    }

    void sandboxPaneShowsEveryFieldAndCopiesTheUrl()
    {
        const auto details = KlavisDecoder::sandboxDetails(
            readFile(QStringLiteral(SANDBOXDECK_TEST_DATA_DIR) + u"/klavis/details-current.json"_s));
        QVERIFY(details.ok());
        SandboxDetailsPane pane;
        pane.showDetails(details.value());
        QStringList labels;
        for (const QLabel *label : pane.findChildren<QLabel *>())
            labels << label->text();
        const QString all = labels.join(u'\n');
        for (const QString &expected :
             {u"github"_s, u"occupied"_s, u"Toolathlon"_s, u"t1"_s, u"2026-01-05"_s})
            QVERIFY2(all.contains(expected), qPrintable(expected));

        auto *url = pane.findChild<CopyableField *>(u"url_github"_s);
        QVERIFY(url);
        QSignalSpy copied(&pane, &SandboxDetailsPane::copied);
        url->copyButton()->click();
        QCOMPARE(QApplication::clipboard()->text(), u"https://github-mcp.klavis.ai/mcp/?instance_id=x"_s);
        QCOMPARE(copied.count(), 1);
        // The status bar learns what was copied, never the value.
        QVERIFY(!copied.first().first().toString().contains(u"instance_id"_s));

        QSignalSpy tagClicks(&pane, &SandboxDetailsPane::tagClicked);
        auto *tags = pane.findChild<QLabel *>(u"tagsLabel"_s);
        QVERIFY(tags);
        emit tags->linkActivated(tags->text().section(u"href=\""_s, 1, 1).section(u'"', 0, 0));
        QCOMPARE(tagClicks.count(), 1);
        QCOMPARE(tagClicks.first().first().toString(), u"t1"_s);
    }

    void sandboxPaneShowsControlCharactersVisibly()
    {
        // A hostile server's status, benchmark and tag: escape sequences must be seen, not obeyed or hidden.
        // Built as an object, not a raw string literal: moc misreads those.
        const QJsonObject object{
            {u"sandbox_id"_s, u"id\x1b]0;x\x07"_s},
            {u"server_name"_s, u"github"_s},
            {u"status"_s, u"occupied\x1b[2J"_s},
            {u"benchmark"_s, u"MCP\u202eAtlas"_s},
            {u"tags"_s, QJsonArray{QString(u"t"_s + QChar(u'\0') + u"x"_s)}},
            {u"server_urls"_s,
             QJsonObject{{u"github"_s, u"https://github-mcp.klavis.ai/mcp/?instance_id=x"_s}}}};
        const QByteArray body = QJsonDocument(object).toJson();
        const auto details = KlavisDecoder::sandboxDetails(body);
        QVERIFY(details.ok());
        SandboxDetailsPane pane;
        pane.resize(900, 700);
        pane.showDetails(details.value());
        QStringList labels;
        for (const QLabel *label : pane.findChildren<QLabel *>())
            labels << label->text();
        const QString all = labels.join(u'\n');
        QVERIFY2(all.contains(u"occupied\u241b[2J"_s), qPrintable(all));
        QVERIFY2(all.contains(u"MCP\\u202EAtlas"_s), qPrintable(all));
        QVERIFY2(all.contains(u"t\u2400x"_s), qPrintable(all));
        for (const QChar c : all)
            QVERIFY2(c.unicode() >= 0x20 || c == u'\n',
                     qPrintable(u"raw control U+%1"_s.arg(c.unicode(), 4, 16)));
    }

    // The Blaxel pane, with what a hostile server could send: only a URL the decoder kept is offered
    // (and its MCP endpoint), and every text is shown with its control characters made visible.
    void blaxelPaneOffersOnlyUsableUrlsAndShowsHostileTextVisibly()
    {
        BlaxelSandboxDetailsPane pane;
        BlaxelSandbox sandbox;
        sandbox.name = u"box"_s;
        sandbox.displayName = u"evil\u202etxt.exe\u001b[31m"_s;
        sandbox.status = u"DEPLOYED"_s;
        sandbox.url = QUrl(u"https://box.example.com/"_s);
        sandbox.urlText = u"https://box.example.com/"_s;
        sandbox.envs = {{u"TOKEN"_s, u"s3cret"_s, true}};
        pane.showSandbox(sandbox, true);
        QCOMPARE(pane.mcpField()->text(), u"https://box.example.com/mcp"_s);
        QVERIFY(pane.mcpField()->isVisibleTo(&pane));
        QCOMPARE(pane.environmentTree()->topLevelItem(0)->text(1), SecretTree::maskText());
        const QString title = pane.findChild<QLabel *>(u"headerTitle"_s)->text();
        for (const QChar c : title)
            QVERIFY(c.category() != QChar::Other_Control && c.category() != QChar::Other_Format);

        // A URL the decoder refused (not https, nor http to this machine) arrives as text only.
        sandbox.url = QUrl();
        sandbox.urlText = u"http://attacker.example/"_s;
        pane.showSandbox(sandbox, true);
        QCOMPARE(pane.mcpField()->text(), QString());
        QVERIFY(!pane.mcpField()->isVisibleTo(&pane));
        QCOMPARE(BlaxelSandboxDetailsPane::mcpEndpoint(sandbox), QString());
    }

    void emptyAndErrorStates()
    {
        SandboxDetailsPane pane;
        pane.showEmpty(0);
        QVERIFY(pane.currentSandboxId().isEmpty());
        auto *title = pane.findChild<QLabel *>(u"emptyTitle"_s);
        QVERIFY(title && !title->text().isEmpty());
        pane.showEmpty(3);
        QVERIFY(title->text().contains(u'3'));
    }

    void localPaneListsServersWithUrls()
    {
        const auto sandbox = KlavisDecoder::localSandbox(
            readFile(QStringLiteral(SANDBOXDECK_PROVIDER_DIR) + u"/samples/local-acquire.201.json"_s));
        QVERIFY(sandbox.ok());
        LocalSandboxDetailsPane pane;
        pane.showSandbox(sandbox.value());
        QCOMPARE(pane.currentSandboxId(), u"c0a830f9-d92c-4051-ba31-27782f3e9334"_s);
        QStringList urls;
        for (const CopyableField *field : pane.findChildren<CopyableField *>())
            urls << field->text();
        for (const auto &server : sandbox->servers)
            QVERIFY2(urls.contains(server.mcpServerUrl), qPrintable(server.mcpServerUrl));
        QSignalSpy upload(&pane, &LocalSandboxDetailsPane::uploadRequested);
        QSignalSpy dump(&pane, &LocalSandboxDetailsPane::saveDumpRequested);
        QSignalSpy extract(&pane, &LocalSandboxDetailsPane::extractDumpRequested);
        pane.findChild<QPushButton *>(u"uploadButton"_s)->click();
        pane.findChild<QPushButton *>(u"saveDumpButton"_s)->click();
        pane.findChild<QPushButton *>(u"extractDumpButton"_s)->click();
        QCOMPARE(upload.count() + dump.count() + extract.count(), 3);
    }

    void distinctiveUrlsDiffer()
    {
        const QString id = u"20a9b893-0eae-4fb8-b59a-befe73a5ec4d"_s;
        const QStringList urls{u"http://127.0.0.1:40809/local/filesystem/mcp/?local_sandbox_id="_s + id,
                               u"http://127.0.0.1:40809/local/git/mcp/?local_sandbox_id="_s + id,
                               u"http://127.0.0.1:40809/local/terminal/mcp/?local_sandbox_id="_s + id};
        QCOMPARE(UrlDisplay::distinctive(urls),
                 QStringList({u"/local/filesystem/…"_s, u"/local/git/…"_s, u"/local/terminal/…"_s}));
        // Different hosts stay in the text: which host is what tells them apart.
        const QStringList hosts{u"https://a.example.com/mcp/"_s, u"https://b.example.com/mcp/"_s};
        QCOMPARE(UrlDisplay::distinctive(hosts), hosts);
        // A long shared path is cut before the segment that differs, never inside it.
        const QStringList deep{u"https://api.example.com/v1/projects/acme/servers/github/mcp"_s,
                               u"https://api.example.com/v1/projects/acme/servers/gitlab/mcp"_s};
        QCOMPARE(UrlDisplay::distinctive(deep), QStringList({u"…/github/mcp"_s, u"…/gitlab/mcp"_s}));
        // Alone, a URL only loses the origin (the tooltip and the copy keep it).
        QCOMPARE(UrlDisplay::distinctive({u"http://h:1/local/git/mcp/?x=1"_s}),
                 QStringList{u"/local/git/mcp/?x=1"_s});
        QCOMPARE(UrlDisplay::distinctive({u"not a url"_s}), QStringList{u"not a url"_s});
    }

    void mcpConfigIsValidJsonWithUniqueNames()
    {
        const QByteArray config = McpClientConfig::build({{u"github"_s, u"https://a/mcp"_s},
                                                          {u"github"_s, u"https://b/mcp"_s},
                                                          {u"jira"_s, u"https://c/mcp"_s}});
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(config, &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        const QJsonObject servers = document.object().value(u"mcpServers"_s).toObject();
        QCOMPARE(servers.size(), 3);
        QCOMPARE(servers.value(u"github"_s).toObject().value(u"url"_s).toString(), u"https://a/mcp"_s);
        QCOMPARE(servers.value(u"github-2"_s).toObject().value(u"url"_s).toString(), u"https://b/mcp"_s);
        QCOMPARE(servers.value(u"jira"_s).toObject().value(u"url"_s).toString(), u"https://c/mcp"_s);
    }
};

QTEST_MAIN(TstDetailsPanes)
#include "tst_detailspanes.moc"
