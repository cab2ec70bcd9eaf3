#include "cli/blaxelsandboxcommandspecs.h"

using namespace Qt::StringLiterals;

QString BlaxelSandboxCommandSpecs::fileGroup()
{
    return u"blaxel fs"_s;
}

QList<CliCommandSpec> BlaxelSandboxCommandSpecs::build(const CliOptionSpec &workspace)
{
    const QString w = u"[--workspace W]"_s;
    const QString where =
        u"; a PATH is relative to the sandbox's working directory unless it starts with /"_s;
    return {
        {u"blaxel fs ls"_s,
         {u"NAME"_s, u"[PATH]"_s},
         w,
         u"list a folder of a Blaxel sandbox (default: its working directory): type, size, permissions, "
         "name"_s +
             where,
         {workspace}},
        {u"blaxel fs cat"_s,
         {u"NAME"_s, u"PATH"_s},
         w,
         u"print a file of a Blaxel sandbox: its bytes as they are into a pipe or a file, its text with "
         "control and bidi characters escaped on a terminal"_s,
         {workspace}},
        {u"blaxel fs put"_s,
         {u"NAME"_s, u"LOCAL"_s, u"REMOTE"_s},
         w,
         u"upload the file LOCAL as REMOTE in a Blaxel sandbox (folders are made; REMOTE is replaced)"_s,
         {workspace}},
        {u"blaxel fs get"_s,
         {u"NAME"_s, u"REMOTE"_s, u"LOCAL"_s},
         u"[--force] [--workspace W]"_s,
         u"download the file REMOTE of a Blaxel sandbox as LOCAL (into it when LOCAL is a folder); a cut "
         "connection resumes"_s,
         {{u"force"_s, {}, u"replace LOCAL if it exists (never done without it)"_s}, workspace}},
        {u"blaxel fs rm"_s,
         {u"NAME"_s, u"PATH"_s},
         u"[--recursive] [--workspace W]"_s,
         u"remove a file or an empty folder of a Blaxel sandbox"_s,
         {{u"recursive"_s, {}, u"remove a folder with everything in it"_s}, workspace}},
        {u"blaxel fs find"_s,
         {u"NAME"_s, u"[PATH]"_s},
         u"[--name GLOB] [--type file|directory] [--workspace W]"_s,
         u"find files and folders under PATH of a Blaxel sandbox (default: its working directory; hidden "
         "ones and node_modules, .git and the like are skipped)"_s,
         {{u"name"_s, u"GLOB"_s, u"only the names that match GLOB, e.g. '*.py'"_s},
          {u"type"_s, u"T"_s, u"only files (file) or only folders (directory)"_s},
          workspace}},
        {u"blaxel fs grep"_s,
         {u"NAME"_s, u"TEXT"_s, u"[PATH]"_s},
         w,
         u"print the lines of the text files under PATH (default: the working directory) that contain TEXT, "
         "in any case, as FILE:LINE:TEXT"_s,
         {workspace}},
        {u"blaxel ps"_s,
         {u"NAME"_s},
         w,
         u"list the processes of a Blaxel sandbox: name, pid, status, exit code, start, command"_s,
         {workspace}},
        {u"blaxel logs"_s,
         {u"NAME"_s, u"PROCESS"_s},
         u"[--stdout | --stderr] [--follow] [--workspace W]"_s,
         u"print what a process (its name or pid) of a Blaxel sandbox wrote, as cat does; with --follow, "
         "then what it adds until it ends, as tail -f does"_s,
         {{u"stdout"_s, {}, u"only what it wrote to its stdout"_s},
          {u"stderr"_s, {}, u"only what it wrote to its stderr"_s},
          {u"follow"_s, {}, u"keep printing what it writes until it ends (Ctrl+C stops)"_s},
          workspace}},
        {u"blaxel kill"_s,
         {u"NAME"_s, u"PROCESS"_s},
         u"[--stop] [--workspace W]"_s,
         u"kill a running process (its name or pid) of a Blaxel sandbox and wait a moment for its end"_s,
         {{u"stop"_s, {}, u"ask it to stop instead (SIGTERM, killed after a grace period)"_s}, workspace}},
        {u"blaxel connect"_s,
         {u"NAME"_s},
         w,
         u"open a shell of a Blaxel sandbox in this terminal (raw: Ctrl+] leaves, the shell goes on); with "
         "stdin from a pipe, send it to the shell and end when the shell does"_s,
         {workspace}},
    };
}
