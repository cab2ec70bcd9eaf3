#include "emulator/klavis/catalog.h"

using namespace Qt::StringLiterals;

namespace Emulator {

const QStringList &Catalog::sandboxServers()
{
    static const QStringList servers = {
        u"jira"_s,
        u"github"_s,
        u"salesforce"_s,
        u"hubspot"_s,
        u"notion"_s,
        u"airtable"_s,
        u"linear"_s,
        u"asana"_s,
        u"google_sheets"_s,
        u"google_drive"_s,
        u"google_docs"_s,
        u"gmail"_s,
        u"google_calendar"_s,
        u"google_forms"_s,
        u"clickup"_s,
        u"close"_s,
        u"monday"_s,
        u"motion"_s,
        u"onedrive"_s,
        u"microsoft_teams"_s,
        u"outlook_mail"_s,
        u"cal.com"_s,
        u"quickbooks"_s,
        u"moneybird"_s,
        u"dropbox"_s,
        u"shopify"_s,
        u"woocommerce"_s,
        u"outlook_calendar"_s,
        u"resend"_s,
        u"wordpress"_s,
        u"mem0"_s,
        u"supabase"_s,
        u"slack"_s,
        u"confluence"_s,
        u"discord"_s,
        u"snowflake"_s,
        u"postgres"_s,
        u"mongodb"_s,
        u"youtube"_s,
        u"googleworkspaceatlas"_s,
        u"huggingface"_s,
        u"arxiv_latex"_s,
        u"calculator"_s,
        u"clinicaltrialsgov"_s,
        u"fetch"_s,
        u"met_museum"_s,
        u"open_library"_s,
        u"osm"_s,
        u"pubmed"_s,
        u"us_weather"_s,
        u"duckduckgo"_s,
        u"whois"_s,
        u"wikipedia"_s,
        u"scholarly"_s,
        u"howtocook"_s,
        u"yahoo_finance"_s,
        u"12306"_s,
        u"youtube_transcript"_s,
        u"weather"_s,
        u"twelvedata"_s,
        u"national_parks"_s,
        u"lara_translate"_s,
        u"e2b"_s,
        u"context7"_s,
        u"alchemy"_s,
        u"weights_and_biases"_s,
        u"oxylabs"_s,
        u"google_maps"_s,
        u"brave_search"_s,
        u"exa"_s,
        u"serper"_s,
    };
    return servers;
}

const QStringList &Catalog::localServers()
{
    static const QStringList servers = {
        u"filesystem"_s,
        u"git"_s,
        u"terminal"_s,
        u"desktop-commander"_s,
        u"arxiv"_s,
        u"excel"_s,
        u"word"_s,
        u"powerpoint"_s,
        u"code-executor"_s,
        u"code-runner"_s,
        u"pdf-tools"_s,
        u"google_cloud"_s,
        u"poste_email_toolathlon"_s,
        u"canvas"_s,
        u"localmemory"_s,
        u"playwright"_s,
    };
    return servers;
}

const QStringList &Catalog::benchmarks()
{
    static const QStringList values = {u"MCP_Atlas"_s, u"Toolathlon"_s, u"MCP_Mark"_s};
    return values;
}

const QStringList &Catalog::regions()
{
    static const QStringList values = {u"us"_s, u"asia"_s};
    return values;
}

const QStringList &Catalog::statuses()
{
    static const QStringList values = {u"idle"_s, u"occupied"_s, u"error"_s};
    return values;
}

} // namespace Emulator
