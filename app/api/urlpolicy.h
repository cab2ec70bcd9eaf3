#pragma once

#include <QString>
#include <QUrl>

// Where remote input may send us. A URL from an API reply is hostile: Qt's file backend takes a PUT as
// a write, so a `file:` upload URL would overwrite a local file. Only https, or plain http to this
// machine (the emulator), is ever requested; each check answers "" when fine, else a sentence for a
// person, and runs before any request is made.
namespace UrlPolicy {

// 127.0.0.0/8, ::1 (and ::ffff:127.x.y.z), "localhost".
bool isLoopbackHost(const QString &host);
// An upload, dump or artifact URL from the API.
QString checkSignedUrl(const QUrl &url);
// The API base URL the Bearer token is sent to.
QString checkBaseUrl(const QUrl &url);
// An MCP server URL (a sandbox's, or one the user typed): the same rule as the base URL.
QString checkMcpUrl(const QUrl &url);
// A redirect from `from` to `to`: no https -> http downgrade (loopback to loopback aside), and a request
// with a body is never re-sent to another origin.
QString checkRedirect(const QUrl &from, const QUrl &to, bool methodHasBody);

} // namespace UrlPolicy
