#!/usr/bin/python3
"""The shell completions and man pages of sandboxdeck-cli against the CLI itself: every command and option
its --help lists appears in the man page and in each completion file; the server and benchmark lists in
the completion files are ServerLists' (app/catalog/serverlists.cpp), the Blaxel statuses BlaxelStatus's; bash and fish completions answer as
expected when called; the three files parse (bash -n, zsh -n, fish -n).
Exits 77 (ctest: skipped, said on stdout) when fish or zsh is missing and everything else passed."""
import os
import re
import shutil
import subprocess
import sys

CLI, SOURCE = sys.argv[1], os.path.abspath(sys.argv[2])
COMPLETIONS = os.path.join(SOURCE, "packaging", "completions")
BASH = os.path.join(COMPLETIONS, "sandboxdeck-cli.bash")
ZSH = os.path.join(COMPLETIONS, "_sandboxdeck-cli")
FISH = os.path.join(COMPLETIONS, "sandboxdeck-cli.fish")
MAN = os.path.join(SOURCE, "packaging", "man", "sandboxdeck-cli.1")
checks = {"passed": 0, "failed": 0, "skipped": []}


def check(name, condition, detail=""):
    if condition:
        checks["passed"] += 1
        print(f"PASS   : {name}")
    else:
        checks["failed"] += 1
        print(f"FAIL!  : {name} {detail!r}")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def cli_help(*command):
    done = subprocess.run([CLI, *command, "--help"], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return done.stdout


def server_lists():
    """{function: names} read from the C++ source of ServerLists."""
    source = read(os.path.join(SOURCE, "app", "catalog", "serverlists.cpp"))
    lists = {}
    for function in ("sandboxServers", "localServers", "benchmarks", "statuses"):
        body = source[source.index(f"ServerLists::{function}()"):]
        lists[function] = re.findall(r'u"([^"]*)"_s', body[:body.index("\n}\n")])
    source = read(os.path.join(SOURCE, "app", "api", "blaxelstatus.cpp"))
    body = source[source.index("BlaxelStatus::statuses()"):]
    lists["blaxelStatuses"] = re.findall(r'u"([^"]*)"_s', body[:body.index("\n}\n")])
    source = read(os.path.join(SOURCE, "app", "catalog", "dataservers.cpp"))
    body = source[source.index("DataServers::names()"):]
    lists["dataServers"] = re.findall(r'u"([^"]*)"_s', body[:body.index("\n}\n")])
    return lists


def commands_and_options():
    """The commands ("local upload") and, per command, the options its own --help lists."""
    usage = cli_help()
    commands = re.findall(r"^  ((?:local |blaxel fs |blaxel |data |mcp |run |universe )?[a-z]+)\b", usage.split("Options (")[0], re.M)
    per_command = {}
    for command in commands:
        text = cli_help(*command.split())
        options = text.split("\nOptions:\n")[1].split("\n\n")[0] if "\nOptions:\n" in text else ""
        per_command[command] = set(re.findall(r"^  --([a-z-]+)", options, re.M))
    globals_ = set(re.findall(r"^  (?:-[a-z], )?--([a-z-]+)", usage.split("Options (")[1], re.M))
    return per_command, globals_


def check_lists(lists):
    bash = read(BASH)
    for variable, function in (("servers", "sandboxServers"), ("local_servers", "localServers"),
                               ("benchmarks", "benchmarks"), ("statuses", "statuses"),
                               ("blaxel_statuses", "blaxelStatuses"), ("data_servers", "dataServers")):
        found = re.search(rf'^_sandboxdeck_cli_{variable}="([^"]*)"$', bash, re.M)
        check(f"bash: {variable} is ServerLists::{function}()",
              found and found.group(1).split() == lists[function], found and found.group(1))
        found = re.search(rf"^{variable}=\(([^)]*)\)$", read(ZSH), re.M)
        check(f"zsh: {variable} is ServerLists::{function}()",
              found and found.group(1).split() == lists[function], found and found.group(1))
        found = re.search(rf"^set -l {variable} (.*)$", read(FISH), re.M)
        check(f"fish: {variable} is ServerLists::{function}()",
              found and found.group(1).split() == lists[function], found and found.group(1))


def check_mentions(per_command, globals_, lists):
    man = re.sub(r"\\f[BIRP]", "", read(MAN)).replace("\\-", "-")
    files = {"man page": man, "bash": read(BASH), "zsh": read(ZSH), "fish": read(FISH)}
    options = set(globals_).union(*per_command.values())
    for name, text in files.items():
        missing = [c for c in per_command if not re.search(rf"\b{c.split()[-1]}\b", text)]
        check(f"{name}: names every command", not missing, missing)
        if name == "fish":
            missing = [o for o in options if not re.search(rf"-l {o}\b", text)]
        else:
            missing = [o for o in options if not re.search(rf"--{o}\b", text)]
        check(f"{name}: names every option", not missing, missing)
    for command in per_command:
        check(f"man page: a section for `{command}`", re.search(rf"^\.B {command}\b", man, re.M) is not None)
    check("man page: the benchmarks of ServerLists", all(b in man for b in lists["benchmarks"]))


def bash_complete(line):
    script = (f"source {BASH}\n"
              "read -ra COMP_WORDS <<< \"$LINE\"\n"
              "[[ $LINE == *' ' ]] && COMP_WORDS+=('')\n"
              "COMP_CWORD=$((${#COMP_WORDS[@]} - 1))\n"
              "_sandboxdeck_cli\n"
              "printf '%s\\n' \"${COMPREPLY[@]}\"\n")
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, env={**os.environ, "LINE": line},
                          timeout=30)
    return [w for w in done.stdout.split("\n") if w], done.stderr


def fish_complete(line):
    done = subprocess.run(["fish", "--no-config", "-c", f"source {FISH}; complete -C$LINE"], capture_output=True,
                          text=True, env={**os.environ, "LINE": line}, timeout=30)
    return [w.split("\t")[0] for w in done.stdout.split("\n") if w], done.stderr


def check_completer(shell, complete, per_command, globals_, lists):
    cases = [
        ("sandboxdeck-cli lo", ["local"]),
        ("sandboxdeck-cli local ", ["list", "get", "acquire", "release", "reset", "upload", "dump", "exec", "logs",
                                     "artifacts"]),
        ("sandboxdeck-cli ", ["list", "get", "acquire", "release", "reset", "prepare", "local", "blaxel", "data",
                              "mcp", "run", "leaks", "universe"]),
        ("sandboxdeck-cli run ", ["create", "list", "show", "release", "adopt", "manifest", "import"]),
        ("sandboxdeck-cli universe ", ["list", "data", "acquire", "release", "task", "verify"]),
        ("sandboxdeck-cli universe verify INSTANCE ", []),
        ("sandboxdeck-cli data ", ["dump", "init", "diff"]),
        ("sandboxdeck-cli mcp ", ["info", "tools", "call", "ping", "diff"]),
        ("sandboxdeck-cli data dump google_ca", ["google_calendar"]),
        ("sandboxdeck-cli data init github ", []),
        ("sandboxdeck-cli mcp tools --sandbox notio", ["notion"]),
        ("sandboxdeck-cli mcp call --local ID ", []),
        ("sandboxdeck-cli bl", ["blaxel"]),
        ("sandboxdeck-cli blaxel ", ["list", "get", "create", "delete", "upload", "dump", "fs", "ps", "logs", "kill", "connect"]),
        ("sandboxdeck-cli blaxel fs ", ["ls", "cat", "put", "get", "rm", "find", "grep"]),
        ("sandboxdeck-cli blaxel fs find NAME --type ", ["file", "directory"]),
        ("sandboxdeck-cli blaxel fs ls NAME ", []),
        ("sandboxdeck-cli blaxel kill NAME ", []),
        ("sandboxdeck-cli blaxel connect NAME ", []),
        ("sandboxdeck-cli blaxel list --status ", lists["blaxelStatuses"]),
        ("sandboxdeck-cli blaxel list --status DEPLOY", ["DEPLOYING", "DEPLOYED"]),
        ("sandboxdeck-cli blaxel get ", []),
        ("sandboxdeck-cli blaxel create NAME --image ", []),
        ("sandboxdeck-cli acquire gi", ["github"]),
        ("sandboxdeck-cli --json acquire --benchmark ", lists["benchmarks"]),
        ("sandboxdeck-cli local dump ID --region ", ["us", "asia"]),
        ("sandboxdeck-cli list --server notio", ["notion"]),
        ("sandboxdeck-cli list --status ", lists["statuses"]),
        ("sandboxdeck-cli list --status oc", ["occupied"]),
        ("sandboxdeck-cli --timeout 5 get ", lists["sandboxServers"]),
        ("sandboxdeck-cli acquire github ", []),
    ]
    for line, expected in cases:
        words, err = complete(line)
        check(f"{shell}: '{line}' completes to {' '.join(expected)[:60] or 'nothing'}",
              sorted(words) == sorted(expected) and err == "", (words, err))
    for command, options in per_command.items():
        words, err = complete(f"sandboxdeck-cli {command} --")
        expected = {"--" + o for o in options | globals_}
        check(f"{shell}: the options of `{command}` are those of its --help", set(words) == expected,
              sorted(set(words) ^ expected))


def check_file_completion(shell, complete):
    # The paths of upload and --out come from the file system: run in a folder with known names.
    folder = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"sbd-completion-{os.getpid()}")
    os.makedirs(os.path.join(folder, "results-dir"), exist_ok=True)
    open(os.path.join(folder, "results.tar.gz"), "w").close()
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        words, _ = complete("sandboxdeck-cli local upload ID res")
        check(f"{shell}: local upload offers files", "results.tar.gz" in [w.rstrip("/") for w in words], words)
        words, _ = complete("sandboxdeck-cli local dump ID --out res")
        check(f"{shell}: --out offers files", "results.tar.gz" in words, words)
        words, _ = complete("sandboxdeck-cli local dump ID --extract res")
        check(f"{shell}: --extract offers only folders", [w.rstrip("/") for w in words] == ["results-dir"], words)
        words, _ = complete("sandboxdeck-cli data init github ID --file res")
        check(f"{shell}: data init --file offers files", "results.tar.gz" in words, words)
        words, _ = complete("sandboxdeck-cli data diff res")
        check(f"{shell}: data diff offers files", "results.tar.gz" in [w.rstrip("/") for w in words], words)
        words, _ = complete("sandboxdeck-cli blaxel upload NAME res")
        check(f"{shell}: blaxel upload offers files", "results.tar.gz" in [w.rstrip("/") for w in words], words)
        words, _ = complete("sandboxdeck-cli blaxel fs put NAME res")
        check(f"{shell}: blaxel fs put offers local files", "results.tar.gz" in [w.rstrip("/") for w in words], words)
        words, _ = complete("sandboxdeck-cli blaxel fs get NAME REMOTE res")
        check(f"{shell}: blaxel fs get offers local files", "results.tar.gz" in [w.rstrip("/") for w in words], words)
        words, _ = complete("sandboxdeck-cli universe acquire ID --mcp-config res")
        check(f"{shell}: universe acquire --mcp-config offers files", "results.tar.gz" in words, words)
        words, _ = complete("sandboxdeck-cli blaxel dump NAME --extract res")
        check(f"{shell}: blaxel dump --extract offers only folders", [w.rstrip("/") for w in words] == ["results-dir"],
              words)
    finally:
        os.chdir(cwd)
        shutil.rmtree(folder, ignore_errors=True)


def main():
    lists = server_lists()
    check("ServerLists read from the source", len(lists["sandboxServers"]) > 10 and len(lists["benchmarks"]) == 3)
    check("DataServers read from the source", len(lists["dataServers"]) >= 40, lists["dataServers"])
    per_command, globals_ = commands_and_options()
    check("--help lists 55 commands", len(per_command) == 55, sorted(per_command))
    check("Blaxel's statuses read from the source", len(lists["blaxelStatuses"]) >= 13, lists["blaxelStatuses"])
    check_lists(lists)
    check_mentions(per_command, globals_, lists)

    check("bash -n", subprocess.run(["bash", "-n", BASH]).returncode == 0)
    check_completer("bash", bash_complete, per_command, globals_, lists)
    check_file_completion("bash", bash_complete)
    words, _ = bash_complete("sandboxdeck-cli local acquire --servers filesystem,gi")
    check("bash: --servers completes after a comma", words == ["filesystem,git"], words)
    words, _ = bash_complete("sandboxdeck-cli list --status idle,er")
    check("bash: --status completes after a comma", words == ["idle,error"], words)
    words, _ = bash_complete("sandboxdeck-cli blaxel list --status FAILED,TERM")
    check("bash: blaxel --status completes after a comma", words == ["FAILED,TERMINATED"], words)

    if shutil.which("fish"):
        check("fish -n", subprocess.run(["fish", "-n", FISH]).returncode == 0)
        check_completer("fish", fish_complete, per_command, globals_, lists)
        check_file_completion("fish", fish_complete)
    else:
        checks["skipped"].append("fish")
    if shutil.which("zsh"):
        check("zsh -n", subprocess.run(["zsh", "-n", ZSH]).returncode == 0)
    else:
        checks["skipped"].append("zsh")

    print(f"{checks['passed']} passed, {checks['failed']} failed")
    if checks["failed"]:
        return 1
    if checks["skipped"]:
        print(f"SKIP   : {', '.join(checks['skipped'])} not installed: their completions were not run")
        return 77
    return 0


if __name__ == "__main__":
    sys.exit(main())
