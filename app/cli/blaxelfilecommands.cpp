#include "cli/blaxelfilecommands.h"

#include "api/blaxelsandboxfiles.h"
#include "api/blaxelsandboxsearch.h"
#include "api/blaxelsandboxservice.h"
#include "api/httptransport.h"
#include "cli/blaxelsandboxlookup.h"
#include "cli/interruptnotifier.h"
#include "cli/remotebyteswriter.h"
#include "cli/terminaltext.h"
#include "cli/texttable.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryFile>

#include <cstdio>
#include <filesystem>
#include <system_error>

using namespace Qt::StringLiterals;

namespace {

QByteArray compact(const QJsonValue &value)
{
    return value.isArray() ? QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact)
                           : QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
}

// "the working directory" for the default path, else the path as typed, quoted.
QString pathWords(const QString &path)
{
    return path.isEmpty() ? u"the working directory"_s : u"'%1'"_s.arg(path);
}

} // namespace

const QMap<QString, BlaxelFileCommands::Handler> &BlaxelFileCommands::handlers()
{
    static const QMap<QString, Handler> handlers = {
        {u"blaxel fs ls"_s, &BlaxelFileCommands::list},   {u"blaxel fs cat"_s, &BlaxelFileCommands::cat},
        {u"blaxel fs put"_s, &BlaxelFileCommands::put},   {u"blaxel fs get"_s, &BlaxelFileCommands::get},
        {u"blaxel fs rm"_s, &BlaxelFileCommands::remove}, {u"blaxel fs find"_s, &BlaxelFileCommands::find},
        {u"blaxel fs grep"_s, &BlaxelFileCommands::grep},
    };
    return handlers;
}

bool BlaxelFileCommands::handles(const QString &command)
{
    return handlers().contains(command);
}

BlaxelFileCommands::BlaxelFileCommands(CliContext &context, QObject *parent)
    : CliCommandGroup(context, parent),
      m_blaxel(new BlaxelSandboxService(context.transport(), context.command().option(u"workspace"_s), this))
{}

BlaxelFileCommands::~BlaxelFileCommands() = default;

void BlaxelFileCommands::start()
{
    if (!localSideAcceptable())
        return;
    const Handler handler = handlers().value(m_command.name);
    BlaxelSandboxLookup::open(m_context, m_blaxel, this,
                              [this, handler](BlaxelSandboxFiles *files) { (this->*handler)(files); });
}

bool BlaxelFileCommands::localSideAcceptable()
{
    if (m_command.name == u"blaxel fs put"_s) {
        const QFileInfo local(m_command.arguments[1]);
        if (!local.isFile() || !local.isReadable()) {
            m_output.err(u"error: %1 is not a file that can be read; nothing was sent (`blaxel upload` sends "
                         "folders).\n"_s.arg(m_command.arguments[1]));
            done(2);
            return false;
        }
        return true;
    }
    if (m_command.name != u"blaxel fs get"_s)
        return true;
    const QString remote = m_command.arguments[1];
    QString target = m_command.arguments[2];
    if (QFileInfo(target).isDir()) {
        const QString name = remote.section(u'/', -1, -1, QString::SectionSkipEmpty);
        if (name.isEmpty()) {
            m_output.err(u"error: %1 names no file to save in the folder %2.\n"_s.arg(remote, target));
            done(2);
            return false;
        }
        target = QDir(target).filePath(name);
    }
    const QFileInfo existing(target);
    if ((existing.exists() || existing.isSymLink()) && (existing.isDir() || !m_command.has(u"force"_s))) {
        m_output.err(u"error: %1 already exists; nothing was downloaded. Choose another name, or add --force "
                     "to replace it.\n"_s.arg(target));
        done(2);
        return false;
    }
    m_target = existing.absoluteFilePath();
    return true;
}

int BlaxelFileCommands::failed(const ApiError &error, const QString &path)
{
    if (m_interrupted) {
        m_output.err(u"Cancelled.\n"_s);
        return InterruptNotifier::interruptedExitCode;
    }
    if (error.httpStatus() == 404) {
        m_output.err(u"error: no such file or folder in Blaxel sandbox %1: %2\n"_s.arg(m_command.arguments[0],
                                                                                       pathWords(path)));
        return 1;
    }
    return m_output.apiError(error);
}

void BlaxelFileCommands::cancelOnInterrupt()
{
    // Its signal comes through the event loop, so m_call is set by the time it arrives.
    auto *interrupt = new InterruptNotifier(this);
    connect(interrupt, &InterruptNotifier::interrupted, this, [this] {
        m_interrupted = true;
        if (m_call)
            m_call->abort();
    });
}

void BlaxelFileCommands::list(BlaxelSandboxFiles *files)
{
    const QString path = m_command.arguments.value(1);
    files->list(path, this, [this, path](const ApiResult<BlaxelDirectory> &result) {
        if (!result)
            return done(failed(result.error(), path));
        if (m_command.json) {
            QJsonArray entries;
            for (const auto &entry : result->entries) {
                QJsonObject object{{u"name"_s, entry.name},
                                   {u"path"_s, entry.path},
                                   {u"type"_s, entry.folder ? u"directory"_s : u"file"_s}};
                if (!entry.folder)
                    object.insert(u"size"_s, double(entry.size));
                if (!entry.permissions.isEmpty())
                    object.insert(u"permissions"_s, entry.permissions);
                entries.append(object);
            }
            m_output.jsonAsIs(compact(entries));
        } else if (result->entries.isEmpty()) {
            m_output.out(u"%1 is empty.\n"_s.arg(TerminalText::escape(
                result->path.isEmpty() ? pathWords(path) : u"'%1'"_s.arg(result->path))));
        } else {
            TextTable table({u"TYPE"_s, u"SIZE"_s, u"PERMISSIONS"_s, u"NAME"_s});
            table.setMaxColumnWidth(3, 255);
            for (const auto &entry : result->entries)
                table.addRow({entry.folder ? u"dir"_s : u"file"_s,
                              entry.folder || entry.size < 0 ? u"-"_s : QString::number(entry.size),
                              entry.permissions.isEmpty() ? u"-"_s : entry.permissions, entry.name});
            m_output.out(table.render());
        }
        if (result->truncated)
            m_output.err(
                u"note: the folder holds more entries than the %1 shown.\n"_s.arg(result->entries.size()));
        done(0);
    });
}

void BlaxelFileCommands::cat(BlaxelSandboxFiles *files)
{
    const QString path = m_command.arguments[1];
    cancelOnInterrupt();
    m_download = std::make_unique<QTemporaryFile>(QDir::temp().filePath(u"sandboxdeck-cat-XXXXXX"_s));
    if (!m_download->open()) {
        m_output.err(u"error: could not make a temporary file in %1: %2\n"_s.arg(QDir::tempPath(),
                                                                                 m_download->errorString()));
        return done(1);
    }
    m_download->close();
    m_call = files->getFile(
        path, m_download->fileName(), false, this, [this, path](const ApiResult<BlaxelDownload> &result) {
            if (!result) {
                m_download.reset();
                return done(failed(result.error(), path));
            }
            QFile file(m_download->fileName());
            if (!file.open(QIODevice::ReadOnly)) {
                m_output.err(u"error: could not read the downloaded file: %1\n"_s.arg(file.errorString()));
                m_download.reset();
                return done(1);
            }
            RemoteBytesWriter writer(stdout);
            bool written = true;
            while (written && !file.atEnd())
                written = writer.write(file.read(qint64{64} * 1024));
            written = written && writer.finish();
            file.close();
            m_download.reset();
            if (!written)
                m_output.err(u"error: could not write the file to stdout.\n"_s);
            done(written ? 0 : 1);
        });
}

void BlaxelFileCommands::put(BlaxelSandboxFiles *files)
{
    const QString local = m_command.arguments[1];
    QString remote = m_command.arguments[2];
    if (remote.endsWith(u'/'))
        remote += QFileInfo(local).fileName();
    cancelOnInterrupt();
    m_call = files->putFile(local, remote, this, [this, remote](const ApiResult<qint64> &result) {
        if (!result)
            return done(failed(result.error(), remote));
        if (m_command.json)
            m_output.jsonAsIs(compact(QJsonObject{{u"sandbox"_s, m_command.arguments[0]},
                                                  {u"workspace"_s, m_command.option(u"workspace"_s)},
                                                  {u"direction"_s, u"upload"_s},
                                                  {u"path"_s, remote},
                                                  {u"bytes"_s, double(result.value())}}));
        else
            m_output.out(u"Uploaded %1 bytes to %2:%3\n"_s.arg(result.value())
                             .arg(m_command.arguments[0], TerminalText::escape(remote)));
        done(0);
    });
}

void BlaxelFileCommands::get(BlaxelSandboxFiles *files)
{
    const QString remote = m_command.arguments[1];
    const QFileInfo target(m_target);
    cancelOnInterrupt();
    // Beside the target, so that the rename is one step on one file system; hidden until complete.
    m_download = std::make_unique<QTemporaryFile>(
        target.absoluteDir().filePath(u".%1.XXXXXX.part"_s.arg(target.fileName())));
    if (!m_download->open()) {
        m_output.err(
            u"error: could not write in %1: %2\n"_s.arg(target.absolutePath(), m_download->errorString()));
        return done(1);
    }
    m_download->close();
    m_call = files->getFile(
        remote, m_download->fileName(), false, this, [this, remote](const ApiResult<BlaxelDownload> &result) {
            if (!result) {
                m_download.reset();
                return done(failed(result.error(), remote));
            }
            // As a new file would be, not the temporary file's 0600.
            m_download->setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                       QFileDevice::ReadGroup | QFileDevice::ReadOther);
            std::error_code error;
            std::filesystem::rename(QFile::encodeName(m_download->fileName()).constData(),
                                    QFile::encodeName(m_target).constData(), error);
            m_download.reset();
            if (error) {
                m_output.err(u"error: could not save %1: %2\n"_s.arg(
                    m_target, QString::fromLocal8Bit(error.message().c_str())));
                return done(1);
            }
            if (m_command.json)
                m_output.jsonAsIs(compact(QJsonObject{{u"sandbox"_s, m_command.arguments[0]},
                                                      {u"workspace"_s, m_command.option(u"workspace"_s)},
                                                      {u"direction"_s, u"download"_s},
                                                      {u"path"_s, m_target},
                                                      {u"bytes"_s, double(result->bytes)}}));
            else
                m_output.out(u"Downloaded %1 bytes to %2\n"_s.arg(result->bytes).arg(m_target));
            done(0);
        });
}

void BlaxelFileCommands::remove(BlaxelSandboxFiles *files)
{
    const QString path = m_command.arguments[1];
    const bool recursive = m_command.has(u"recursive"_s);
    files->remove(path, recursive, this, [this, files, path, recursive](const ApiResult<QString> &result) {
        if (!result && !recursive &&
            (result.error().httpStatus() == 400 || result.error().httpStatus() == 409))
            return explainRefusedRemove(files, path, result.error());
        if (!result)
            return done(failed(result.error(), path));
        if (m_command.json)
            m_output.jsonAsIs(compact(QJsonObject{
                {u"sandbox"_s, m_command.arguments[0]}, {u"path"_s, path}, {u"removed"_s, true}}));
        else
            m_output.out(u"Removed %1 from %2\n"_s.arg(TerminalText::escape(path), m_command.arguments[0]));
        done(0);
    });
}

void BlaxelFileCommands::explainRefusedRemove(BlaxelSandboxFiles *files, const QString &path,
                                              const ApiError &error)
{
    files->list(path, this, [this, path, error](const ApiResult<BlaxelDirectory> &listed) {
        if (!listed || listed->entries.isEmpty())
            return done(failed(error, path));
        m_output.err(u"error: %1 is a folder that is not empty (%2 entries%3); nothing was removed. Add "
                     "--recursive to remove it with everything in it.\n"_s.arg(TerminalText::escape(path))
                         .arg(listed->entries.size())
                         .arg(listed->truncated ? u" or more"_s : QString()));
        done(1);
    });
}

void BlaxelFileCommands::find(BlaxelSandboxFiles *files)
{
    const QString folder = m_command.arguments.value(1);
    BlaxelSandboxSearch(files).find(
        folder, m_command.option(u"name"_s), m_command.option(u"type"_s), this,
        [this, folder](const ApiResult<BlaxelFoundPaths> &result) {
            if (!result)
                return done(failed(result.error(), folder));
            if (m_command.json) {
                QJsonArray found;
                for (const auto &entry : result->entries)
                    found.append(QJsonObject{{u"path"_s, entry.path},
                                             {u"type"_s, entry.folder ? u"directory"_s : u"file"_s}});
                m_output.jsonAsIs(compact(found));
            } else {
                QString lines;
                for (const auto &entry : result->entries)
                    lines += TerminalText::escape(entry.path) + (entry.folder ? u"/\n"_s : u"\n"_s);
                m_output.out(lines);
                if (result->entries.isEmpty())
                    m_output.err(
                        u"Nothing under %1 matches.\n"_s.arg(TerminalText::escape(pathWords(folder))));
            }
            if (result->truncated)
                m_output.err(u"note: only the first %1 are shown.\n"_s.arg(result->entries.size()));
            done(0);
        });
}

void BlaxelFileCommands::grep(BlaxelSandboxFiles *files)
{
    const QString text = m_command.arguments[1];
    const QString folder = m_command.arguments.value(2);
    BlaxelSandboxSearch(files).grep(
        text, folder, this, [this, folder, text](const ApiResult<BlaxelContentMatches> &result) {
            if (!result)
                return done(failed(result.error(), folder));
            if (m_command.json) {
                QJsonArray found;
                for (const auto &match : result->matches)
                    found.append(QJsonObject{{u"path"_s, match.path},
                                             {u"line"_s, match.line},
                                             {u"column"_s, match.column},
                                             {u"text"_s, match.text}});
                m_output.jsonAsIs(compact(found));
            } else {
                QString lines;
                for (const auto &match : result->matches)
                    lines += u"%1:%2:%3\n"_s.arg(TerminalText::escape(match.path))
                                 .arg(match.line)
                                 .arg(TerminalText::escape(match.text));
                m_output.out(lines);
                if (result->matches.isEmpty())
                    m_output.err(u"No line under %1 contains '%2'.\n"_s.arg(pathWords(folder), text));
            }
            if (result->truncated)
                m_output.err(u"note: only the first %1 matches are shown.\n"_s.arg(result->matches.size()));
            done(0);
        });
}
