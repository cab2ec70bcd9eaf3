#pragma once

#include <QByteArray>
#include <QString>

// Text that came from the network, made fit to show or log: the API key and any `Bearer <token>`
// replaced, secret-looking JSON values masked, HTML reduced to its words.
namespace RemoteText {

// What stands in for a secret wherever one is hidden: in redacted text, the details panes, the CLI.
QString mask();

// An MCP URL fit to leave the app (export, clipboard of several rows): user info and every query value
// replaced by mask() (tokens and signatures travel there), the fragment dropped, scheme, host and path
// kept. What does not parse comes back as mask(): it cannot be shown to be free of secrets.
QString maskedUrl(const QString &url);

// Every spelling of the key (as is, percent-encoded; a key under 8 characters only as a whole token)
// and every `Bearer <token>` replaced by mask().
QString redacted(const QString &text, const QString &apiKey);
// The same on bytes; bytes that are not UTF-8 survive as they were.
QByteArray redacted(const QByteArray &text, const QString &apiKey);
// The values of auth_data, metadata, authorization and keys naming a token, secret, password,
// credential or session replaced, in a JSON body that may be broken or cut.
QByteArray maskSecretValues(const QByteArray &json);
// The start of a body as one line: HTML comments, head, script and style dropped, tags removed, the
// title kept, entities decoded (never into control characters), whitespace folded, at most maxChars.
QString bodyExcerpt(const QByteArray &body, int maxChars = 300);

} // namespace RemoteText
