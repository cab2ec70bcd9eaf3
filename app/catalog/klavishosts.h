#pragma once

#include <QList>
#include <QString>
#include <QUrl>

// A Klavis API region as a user picks it: a label ("Klavis US") and its base URL.
struct KlavisHost
{
    QString label;
    QUrl baseUrl;
};

// The one home of the Klavis API hosts. The settings form offers them, the CLI defaults to the first,
// and the credential store sends KLAVIS_API_KEY only to them without being asked.
class KlavisHosts
{
public:
    // US first: it is the default everywhere.
    static QList<KlavisHost> all();
    static QUrl defaultBaseUrl();
    // https to one of all(), on its port: the hosts a key from the environment may reach by default.
    static bool isOfficial(const QUrl &baseUrl);
};
