#include "catalog/dataservers.h"

using namespace Qt::StringLiterals;

QStringList DataServers::names()
{
    static const QStringList servers = {
        u"airtable"_s,
        u"asana"_s,
        u"cal.com"_s,
        u"clickup"_s,
        u"close"_s,
        u"confluence"_s,
        u"discord"_s,
        u"dropbox"_s,
        u"github"_s,
        u"gmail"_s,
        u"google_calendar"_s,
        u"google_docs"_s,
        u"google_drive"_s,
        u"google_forms"_s,
        u"google_sheets"_s,
        u"googleworkspaceatlas"_s,
        u"hubspot"_s,
        u"huggingface"_s,
        u"jira"_s,
        u"linear"_s,
        u"mem0"_s,
        u"microsoft_teams"_s,
        u"monday"_s,
        u"moneybird"_s,
        u"mongodb"_s,
        u"motion"_s,
        u"notion"_s,
        u"onedrive"_s,
        u"outlook_calendar"_s,
        u"outlook_mail"_s,
        u"postgres"_s,
        u"quickbooks"_s,
        u"resend"_s,
        u"salesforce"_s,
        u"shopify"_s,
        u"slack"_s,
        u"snowflake"_s,
        u"supabase"_s,
        u"woocommerce"_s,
        u"wordpress"_s,
        u"youtube"_s,
    };
    return servers;
}

bool DataServers::contains(const QString &serverName)
{
    return names().contains(serverName);
}
