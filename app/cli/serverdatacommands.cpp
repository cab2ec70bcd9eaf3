#include "cli/serverdatacommands.h"

#include "api/apicall.h"
#include "api/fieldpath.h"
#include "api/klavisserverdataservice.h"
#include "api/secretfile.h"
#include "cli/jsondifferencetext.h"
#include "cli/terminaltext.h"
#include "runs/ledgerrecorder.h"
#include "json/jsondiff.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {

// A dump or a seed file larger than this is not what a sandbox holds; reading it would only cost memory.
constexpr qint64 maxJsonFileBytes = qint64{256} * 1024 * 1024;

// Any JSON value as text: QJsonDocument holds only objects and arrays, so a scalar is written in an array.
QByteArray jsonText(const QJsonValue &value, QJsonDocument::JsonFormat format)
{
    if (value.isObject())
        return QJsonDocument(value.toObject()).toJson(format);
    if (value.isArray())
        return QJsonDocument(value.toArray()).toJson(format);
    const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return wrapped.mid(1, wrapped.size() - 2) + (format == QJsonDocument::Indented ? "\n" : "");
}

// The JSON in `path`, or what is wrong with it in *problem.
QJsonValue readJsonFile(const QString &path, QString *problem)
{
    QFile file(path);
    if (QFileInfo(path).isDir()) {
        *problem = u"%1 is a folder, not a JSON file"_s.arg(path);
        return {};
    }
    if (!file.open(QIODevice::ReadOnly)) {
        *problem = u"cannot read %1: %2"_s.arg(path, file.errorString());
        return {};
    }
    if (file.size() > maxJsonFileBytes) {
        *problem = u"%1 is larger than %2 MiB"_s.arg(path).arg(maxJsonFileBytes / (qint64{1024} * 1024));
        return {};
    }
    const QByteArray bytes = file.read(maxJsonFileBytes + 1);
    if (bytes.size() > maxJsonFileBytes) {
        *problem = u"%1 is larger than %2 MiB"_s.arg(path).arg(maxJsonFileBytes / (qint64{1024} * 1024));
        return {};
    }
    QJsonParseError error;
    // Qt reads only objects and arrays at the top; a dump's data is one of those in every schema.
    const auto document = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError) {
        *problem = u"%1 is not JSON: %2 at byte %3"_s.arg(path, error.errorString()).arg(error.offset);
        return {};
    }
    return document.isObject() ? QJsonValue(document.object()) : QJsonValue(document.array());
}

// A whole dump reply, as `data dump --json` saves it, is compared by its data: dumped_at always differs.
QJsonValue dumpData(const QJsonValue &value)
{
    const QJsonObject object = value.toObject();
    if (object.contains(u"data"_s) && object.contains(u"dumped_at"_s))
        return object.value(u"data"_s);
    return value;
}

} // namespace

const QMap<QString, ServerDataCommands::Handler> &ServerDataCommands::handlers()
{
    static const QMap<QString, Handler> handlers = {
        {u"data dump"_s, &ServerDataCommands::dump},
        {u"data init"_s, &ServerDataCommands::init},
        {u"data diff"_s, &ServerDataCommands::compareDumps},
    };
    return handlers;
}

bool ServerDataCommands::handles(const QString &command)
{
    return handlers().contains(command);
}

ServerDataCommands::ServerDataCommands(CliContext &context, QObject *parent)
    : CliCommandGroup(context, parent), m_data(new KlavisServerDataService(context.transport(), this))
{}

void ServerDataCommands::start()
{
    (this->*handlers().value(m_command.name))();
}

bool ServerDataCommands::outAcceptable()
{
    const QString target = m_command.option(u"out"_s);
    const QFileInfo existing(target);
    if (existing.isDir()) {
        m_output.err(u"error: %1 is a folder; --out takes the name of the file to write. Nothing was "
                     "dumped.\n"_s.arg(target));
        done(2);
        return false;
    }
    if ((existing.exists() || existing.isSymLink()) && !m_command.has(u"force"_s)) {
        m_output.err(u"error: %1 already exists; nothing was dumped. Choose another name, or add --force to "
                     "replace it.\n"_s.arg(target));
        done(2);
        return false;
    }
    return true;
}

void ServerDataCommands::dump()
{
    if (m_command.has(u"out"_s) && !outAcceptable())
        return;
    const auto &args = m_command.arguments;
    m_context.recorder().begin(
        LedgerOperationKind::DataDump, LedgerProvider::Klavis, {args[0]}, args[1], [this](qint64 intent) {
            const auto &args = m_command.arguments;
            m_context.watch(
                m_data->dump(args[0], args[1], this, [this, intent](const ApiResult<ServerDataDump> &result) {
                    if (!result) {
                        m_context.recorder().finish(intent, result.error(), m_command.arguments[1]);
                        return done(m_output.apiError(result.error()));
                    }
                    const QJsonValue content = m_command.json ? QJsonValue(result->raw) : result->data;
                    const QByteArray text = jsonText(content, QJsonDocument::Indented);
                    m_context.recorder().finish(
                        intent, ApiError(), m_command.arguments[1],
                        LedgerRecorder::factsOf(text, QFileInfo(m_command.option(u"out"_s)).fileName()));
                    if (!m_command.has(u"out"_s))
                        return m_output.jsonAsIs(text), done(0);
                    // Written whole or not at all: a dump a grader reads must never be half a file.
                    const QString target = m_command.option(u"out"_s);
                    if (const QString problem = SecretFile::write(target, text); !problem.isEmpty()) {
                        m_output.err(u"error: %1\n"_s.arg(problem));
                        return done(1);
                    }
                    m_output.out(u"Saved the %1 data of sandbox %2 as %3 (%4 bytes).\n"_s.arg(
                        m_command.arguments[0], m_command.arguments[1], target,
                        QString::number(text.size())));
                    done(0);
                }));
        });
}

void ServerDataCommands::init()
{
    const auto &args = m_command.arguments;
    m_context.recorder().begin(LedgerOperationKind::DataInit, LedgerProvider::Klavis, {args[0]}, args[1],
                               [this](qint64 intent) { initRecorded(intent); });
}

void ServerDataCommands::initRecorded(qint64 intent)
{
    const auto &args = m_command.arguments;
    auto handle = [this, intent](const ApiResult<SandboxActionResult> &result) {
        m_context.recorder().finish(intent, result.error(), m_command.arguments[1]);
        if (!result) {
            const ApiError &error = result.error();
            if (error.fieldErrors().isEmpty())
                return done(m_output.apiError(error));
            // Each refused field on its own line, by its path in the body, so it can be found in the file.
            m_output.err(u"error: "_s + m_output.errorSentence(error) + u'\n');
            for (const auto &field : error.fieldErrors())
                m_output.err(u"  %1: %2\n"_s.arg(FieldPath::of(field), field.message));
            return done(1);
        }
        if (m_command.json)
            return m_output.json(m_context.callBody()), done(0);
        m_output.out(u"Initialized the %1 data of sandbox %2. %3\n"_s.arg(
            m_command.arguments[0], m_command.arguments[1], TerminalText::escape(result->message)));
        done(0);
    };
    if (m_command.has(u"default"_s)) {
        m_context.watch(m_data->initializeDefault(args[0], args[1], this, handle));
        return;
    }
    QString problem;
    const QJsonValue body = readJsonFile(m_command.option(u"file"_s), &problem);
    if (!problem.isEmpty()) {
        m_output.err(u"error: "_s + problem + u"; nothing was sent.\n"_s);
        m_context.recorder().finish(intent, LedgerOperationState::Failed,
                                    u"nothing was sent: the file could not be read"_s);
        return done(2);
    }
    m_context.watch(m_data->initialize(args[0], args[1], body, this, handle));
}

void ServerDataCommands::compareDumps()
{
    QString problem;
    const QJsonValue before = readJsonFile(m_command.arguments[0], &problem);
    const QJsonValue after =
        problem.isEmpty() ? readJsonFile(m_command.arguments[1], &problem) : QJsonValue();
    if (!problem.isEmpty()) {
        m_output.err(u"error: "_s + problem + u'\n');
        return done(2);
    }
    JsonDiff diff;
    const auto &differences = diff.compare(dumpData(before), dumpData(after));
    if (m_command.json) {
        const QJsonObject report{{u"differences"_s, diff.toJson()}, {u"truncated"_s, diff.isTruncated()}};
        m_output.jsonAsIs(QJsonDocument(report).toJson(QJsonDocument::Compact));
        return done(differences.isEmpty() && !diff.isTruncated() ? 0 : 1);
    }
    QString text;
    for (const auto &difference : differences)
        text += JsonDifferenceText::line(difference) + u'\n';
    if (diff.isTruncated())
        text += u"(stopped after %1 differences and %2 values compared: there may be more)\n"_s
                    .arg(differences.size())
                    .arg(diff.visitedValues());
    else if (differences.isEmpty())
        text = u"No differences.\n"_s;
    else
        text += u"%1 difference%2\n"_s.arg(differences.size()).arg(differences.size() == 1 ? u""_s : u"s"_s);
    m_output.out(text);
    done(differences.isEmpty() && !diff.isTruncated() ? 0 : 1);
}
