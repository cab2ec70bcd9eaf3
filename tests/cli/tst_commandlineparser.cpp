// sandboxdeck-cli's argument parser, compiled from the CLI's own sources: which argv runs which command with
// which values, and which is a usage error with which one line.
#include "catalog/klavishosts.h"
#include "catalog/serverlists.h"
#include "cli/clicommandspec.h"
#include "cli/cliusage.h"
#include "cli/commandlineparser.h"

#include <QTest>

using namespace Qt::StringLiterals;

using Action = CommandLineParser::Action;

class TestCommandLineParser final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void runs_data()
    {
        QTest::addColumn<QStringList>("argv");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("options"); // name=value pairs joined by ';', sorted by name
        QTest::addColumn<bool>("json");

        QTest::newRow("plain") << QStringList{u"list"_s} << u"list"_s << QStringList{} << QString() << false;
        QTest::newRow("json before") << QStringList{u"--json"_s, u"list"_s} << u"list"_s << QStringList{}
                                     << QString() << true;
        QTest::newRow("options after the arguments")
            << QStringList{u"acquire"_s, u"github"_s, u"--json"_s, u"--tag"_s, u"x"_s} << u"acquire"_s
            << QStringList{u"github"_s} << u"tag=x"_s << true;
        QTest::newRow("options between the arguments")
            << QStringList{u"get"_s, u"--show-secrets"_s, u"github"_s, u"ID"_s} << u"get"_s
            << QStringList{u"github"_s, u"ID"_s} << u"show-secrets="_s << false;
        QTest::newRow("--name=value")
            << QStringList{u"acquire"_s, u"github"_s, u"--ttl=600"_s, u"--benchmark=MCP_Atlas"_s}
            << u"acquire"_s << QStringList{u"github"_s} << u"benchmark=MCP_Atlas;ttl=600"_s << false;
        QTest::newRow("-- makes a dash word a path")
            << QStringList{u"local"_s, u"upload"_s, u"ID"_s, u"--"_s, u"--weird"_s, u"-x"_s}
            << u"local upload"_s << QStringList{u"ID"_s, u"--weird"_s, u"-x"_s} << QString() << false;
        QTest::newRow("-- then --json is a path, not the flag")
            << QStringList{u"local"_s, u"upload"_s, u"ID"_s, u"--"_s, u"--json"_s} << u"local upload"_s
            << QStringList{u"ID"_s, u"--json"_s} << QString() << false;
        QTest::newRow("-- before the command")
            << QStringList{u"--json"_s, u"--"_s, u"local"_s, u"upload"_s, u"ID"_s, u"--region"_s}
            << u"local upload"_s << QStringList{u"ID"_s, u"--region"_s} << QString() << true;
        QTest::newRow("a lone dash is an argument")
            << QStringList{u"local"_s, u"upload"_s, u"ID"_s, u"-"_s} << u"local upload"_s
            << QStringList{u"ID"_s, u"-"_s} << QString() << false;
        QTest::newRow("global option between local and its command")
            << QStringList{u"local"_s, u"--json"_s, u"dump"_s, u"ID"_s, u"--out"_s, u"f.tar.gz"_s}
            << u"local dump"_s << QStringList{u"ID"_s} << u"out=f.tar.gz"_s << true;
        QTest::newRow("local acquire")
            << QStringList{u"local"_s, u"acquire"_s, u"--servers"_s, u"ALL"_s, u"--no-ttl"_s}
            << u"local acquire"_s << QStringList{} << u"no-ttl=;servers=ALL"_s << false;
        QTest::newRow("release flags")
            << QStringList{u"release"_s, u"s"_s, u"i"_s, u"--is-ttl"_s, u"--instance-id"_s, u"n"_s}
            << u"release"_s << QStringList{u"s"_s, u"i"_s} << u"instance-id=n;is-ttl="_s << false;
        QTest::newRow("several paths")
            << QStringList{u"local"_s, u"upload"_s, u"ID"_s, u"a"_s, u"b"_s, u"--region"_s, u"asia"_s}
            << u"local upload"_s << QStringList{u"ID"_s, u"a"_s, u"b"_s} << u"region=asia"_s << false;
        QTest::newRow("--status repeated and comma-separated, folded and each once")
            << QStringList{u"list"_s, u"--status"_s, u"Idle"_s, u"--status"_s, u"error, idle"_s} << u"list"_s
            << QStringList{} << u"status=idle,error"_s << false;
        QTest::newRow("blaxel --status folded to Blaxel's upper case")
            << QStringList{u"blaxel"_s, u"list"_s, u"--status"_s, u"deployed,Failed"_s, u"--all"_s}
            << u"blaxel list"_s << QStringList{} << u"all=;status=DEPLOYED,FAILED"_s << false;
        QTest::newRow("blaxel delete takes several names")
            << QStringList{u"blaxel"_s, u"delete"_s, u"a"_s, u"b-2"_s, u"--wait"_s, u"--workspace"_s, u"w"_s}
            << u"blaxel delete"_s << QStringList{u"a"_s, u"b-2"_s} << u"wait=;workspace=w"_s << false;
    }

    void repeatedOptionsKeepEveryValueInOrder()
    {
        const auto result = CommandLineParser::parse(
            {u"blaxel"_s, u"create"_s, u"box"_s, u"--image"_s, u"img"_s, u"--label"_s, u"b=2"_s, u"--label"_s,
             u"a=x=y"_s, u"--port"_s, u"8080"_s, u"--port"_s, u"80"_s, u"--secret-env"_s, u"T=s"_s});
        QCOMPARE(result.text, QString());
        QCOMPARE(result.action, Action::Run);
        QCOMPARE(result.command.values(u"label"_s), (QStringList{u"b=2"_s, u"a=x=y"_s}));
        QCOMPARE(result.command.values(u"port"_s), (QStringList{u"8080"_s, u"80"_s}));
        QCOMPARE(result.command.values(u"secret-env"_s), QStringList{u"T=s"_s});
        QVERIFY(result.command.values(u"env"_s).isEmpty());
        QCOMPARE(result.command.option(u"image"_s), u"img"_s);
        QVERIFY(result.command.isBlaxel());
    }

    void runs()
    {
        QFETCH(QStringList, argv);
        QFETCH(QString, name);
        QFETCH(QStringList, arguments);
        QFETCH(QString, options);
        QFETCH(bool, json);
        const auto result = CommandLineParser::parse(argv);
        QCOMPARE(result.text, QString());
        QCOMPARE(result.action, Action::Run);
        QCOMPARE(result.command.name, name);
        QCOMPARE(result.command.arguments, arguments);
        QStringList pairs;
        for (auto it = result.command.options.cbegin(); it != result.command.options.cend(); ++it)
            pairs << it.key() + u'=' + it.value();
        QCOMPARE(pairs.join(u';'), options);
        QCOMPARE(result.command.json, json);
        QCOMPARE(result.command.timeoutSeconds, 90);
    }

    void globalValues()
    {
        const auto result = CommandLineParser::parse(
            {u"--base-url"_s, u"http://127.0.0.1:1"_s, u"list"_s, u"--timeout"_s, u"5"_s});
        QCOMPARE(result.action, Action::Run);
        QCOMPARE(result.command.baseUrl, u"http://127.0.0.1:1"_s);
        QCOMPARE(result.command.timeoutSeconds, 5);
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("argv");
        QTest::addColumn<QString>("error");

        const auto row = [](const char *name, const QStringList &argv, const QString &error) {
            QTest::newRow(name) << argv << error;
        };
        row("nothing", {}, u"no command given"_s);
        row("unknown command", {u"frobnicate"_s}, u"unknown command 'frobnicate'"_s);
        row("unknown local command", {u"local"_s, u"frob"_s}, u"unknown command 'local frob'"_s);
        row("local alone", {u"local"_s},
            u"`local` needs a command: list, get, acquire, release, reset, upload, dump, exec, logs, artifacts"_s);
        row("unknown option", {u"list"_s, u"--frob"_s}, u"unknown option '--frob'"_s);
        row("unknown short option", {u"list"_s, u"-x"_s}, u"unknown option '-x'"_s);
        row("unknown option before the command", {u"--frob"_s, u"list"_s}, u"unknown option '--frob'"_s);
        row("another command's option", {u"list"_s, u"--ttl"_s, u"5"_s}, u"`list` does not take --ttl"_s);
        row("a command's option before it", {u"--tag"_s, u"x"_s, u"list"_s},
            u"--tag goes after the command it belongs to"_s);
        row("a dash word without --", {u"local"_s, u"upload"_s, u"ID"_s, u"-x"_s}, u"unknown option '-x'"_s);
        row("missing argument", {u"get"_s, u"github"_s}, u"`get`: no ID given"_s);
        row("missing all arguments", {u"local"_s, u"upload"_s}, u"`local upload`: no ID given"_s);
        row("-- and no path", {u"local"_s, u"upload"_s, u"ID"_s, u"--"_s},
            u"`local upload`: no PATH given"_s);
        row("extra argument", {u"reset"_s, u"s"_s, u"i"_s, u"extra"_s},
            u"`reset`: unexpected argument 'extra'"_s);
        row("option missing its value", {u"acquire"_s, u"github"_s, u"--ttl"_s},
            u"missing value after '--ttl'"_s);
        row("flag with a value", {u"list"_s, u"--json=yes"_s}, u"unexpected value after '--json'"_s);
        row("empty value", {u"local"_s, u"dump"_s, u"ID"_s, u"--out="_s}, u"--out needs a non-empty FILE"_s);
        row("repeated option", {u"list"_s, u"--tag"_s, u"a"_s, u"--tag"_s, u"b"_s},
            u"--tag given more than once"_s);
        row("repeated global option", {u"--timeout"_s, u"5"_s, u"list"_s, u"--timeout"_s, u"6"_s},
            u"--timeout given more than once"_s);
        const QString ttlRange = u"--ttl must be a number of seconds from 60 to 86400"_s;
        for (const char *ttl : {"59", "86401", "abc", "+600", " 600", "600s", "-1", "99999999999"})
            QTest::newRow(qPrintable(u"--ttl "_s + QLatin1StringView(ttl)))
                << QStringList{u"acquire"_s, u"github"_s, u"--ttl"_s, QString::fromLatin1(ttl)} << ttlRange;
        row("--ttl with --no-ttl", {u"acquire"_s, u"github"_s, u"--ttl"_s, u"600"_s, u"--no-ttl"_s},
            u"--ttl and --no-ttl exclude each other"_s);
        const QString timeoutRange = u"--timeout must be a number of seconds from 1 to 86400"_s;
        row("--timeout 0", {u"--timeout"_s, u"0"_s, u"list"_s}, timeoutRange);
        row("--timeout text", {u"list"_s, u"--timeout"_s, u"soon"_s}, timeoutRange);
        row("--out with --extract",
            {u"local"_s, u"dump"_s, u"ID"_s, u"--out"_s, u"a"_s, u"--extract"_s, u"b"_s},
            u"--out and --extract exclude each other"_s);
        row("--force with --extract", {u"local"_s, u"dump"_s, u"ID"_s, u"--extract"_s, u"b"_s, u"--force"_s},
            u"--force goes with --out; --extract never writes into a folder that is not empty"_s);
        row("dump without a target", {u"local"_s, u"dump"_s, u"ID"_s},
            u"`local dump` needs --out FILE or --extract DIR"_s);
        row("local acquire without --servers", {u"local"_s, u"acquire"_s},
            u"`local acquire` needs --servers a,b,c or --servers ALL"_s);
        row("bad region", {u"local"_s, u"upload"_s, u"ID"_s, u"p"_s, u"--region"_s, u"mars"_s},
            u"--region must be us or asia"_s);
        row("empty base URL", {u"--base-url="_s, u"list"_s}, u"--base-url needs a URL"_s);
        row("unknown status", {u"list"_s, u"--status"_s, u"occupied,busy"_s},
            u"--status must be one of idle, occupied, error, not 'busy'"_s);
        row("empty status in a list", {u"list"_s, u"--status"_s, u"idle,"_s},
            u"--status must be one of idle, occupied, error, not ''"_s);
        row("status on another command", {u"get"_s, u"s"_s, u"i"_s, u"--status"_s, u"idle"_s},
            u"`get` does not take --status"_s);
        // The line is returned as typed; main() escapes it (TerminalText) before it reaches the terminal.
        row("hostile argument", {u"get"_s, u"s"_s, u"i"_s, u"\x1b]0;x\x07"_s},
            u"`get`: unexpected argument '\x1b]0;x\x07'"_s);
    }

    void usageErrors()
    {
        QFETCH(QStringList, argv);
        QFETCH(QString, error);
        const auto result = CommandLineParser::parse(argv);
        QCOMPARE(result.text, error);
        QCOMPARE(result.action, Action::UsageError);
        QVERIFY(!result.text.contains(u'\n'));
    }

    void help_data()
    {
        QTest::addColumn<QStringList>("argv");
        QTest::addColumn<QString>("expected");
        QTest::newRow("--help") << QStringList{u"--help"_s} << CliUsage::full();
        QTest::newRow("-h") << QStringList{u"-h"_s} << CliUsage::full();
        QTest::newRow("--help before a command") << QStringList{u"--help"_s, u"list"_s} << CliUsage::full();
        QTest::newRow("COMMAND --help")
            << QStringList{u"acquire"_s, u"--help"_s} << CliUsage::forCommand(u"acquire"_s);
        QTest::newRow("COMMAND -h without its arguments")
            << QStringList{u"get"_s, u"-h"_s} << CliUsage::forCommand(u"get"_s);
        QTest::newRow("local --help")
            << QStringList{u"local"_s, u"--help"_s} << CliUsage::forCommand(u"local"_s);
        QTest::newRow("local dump --help")
            << QStringList{u"local"_s, u"dump"_s, u"--help"_s} << CliUsage::forCommand(u"local dump"_s);
    }

    void help()
    {
        QFETCH(QStringList, argv);
        QFETCH(QString, expected);
        const auto result = CommandLineParser::parse(argv);
        QCOMPARE(result.action, Action::ShowHelp);
        QCOMPARE(result.text, expected);
    }

    void version()
    {
        for (const auto &argv :
             {QStringList{u"--version"_s}, QStringList{u"-v"_s}, QStringList{u"list"_s, u"--version"_s}}) {
            const auto result = CommandLineParser::parse(argv);
            QCOMPARE(result.action, Action::ShowVersion);
            QCOMPARE(result.text, u"sandboxdeck-cli "_s + QStringLiteral(SANDBOXDECK_VERSION) + u'\n');
        }
    }

    void helpTakesItsFactsFromTheCatalog()
    {
        const QString usage = CliUsage::full();
        QVERIFY(usage.contains(u"Benchmarks: "_s + ServerLists::benchmarks().join(u", "_s) + u'.'));
        QVERIFY(usage.contains(KlavisHosts::defaultBaseUrl().toString()));
        for (const auto &spec : CliCommandSpecs::all())
            QVERIFY2(usage.contains(u"  "_s + spec.name + u' '), qPrintable(spec.name));
        // The parser's table and the help describe every option of every command.
        for (const auto &spec : CliCommandSpecs::all()) {
            const QString help = CliUsage::forCommand(spec.name);
            for (const auto &option : spec.options)
                QVERIFY2(help.contains(u"--"_s + option.name),
                         qPrintable(spec.name + u" --"_s + option.name));
        }
    }

    void helpLinesFitATerminal()
    {
        QStringList texts{CliUsage::full(), CliUsage::forCommand(u"local"_s),
                          CliUsage::forCommand(u"blaxel"_s)};
        for (const auto &spec : CliCommandSpecs::all())
            texts << CliUsage::forCommand(spec.name);
        for (const auto &text : texts) {
            for (const auto &line : text.split(u'\n'))
                QVERIFY2(line.size() <= 106, qPrintable(line));
        }
    }
};

QTEST_GUILESS_MAIN(TestCommandLineParser)
#include "tst_commandlineparser.moc"
