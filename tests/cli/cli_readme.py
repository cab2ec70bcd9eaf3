#!/usr/bin/python3
"""Every `sandboxdeck-cli` command of README.md's example block (the ```sh block that starts with `export
KLAVIS_API_KEY=...`) against a fresh sandboxdeck-emulator, in the README's order, in a temporary folder: the
block's exports set the environment, its placeholders (ID, LOCAL_ID, NAME, INSTANCE) become the values earlier
commands answered, the folders and files it names are made first, and each command's exit code and effect are
checked against what the README says of it. Commands a comment adds with `and: A, B` run too. The block is
read from the README itself, so a command added to it later runs as well: one this script does not know how to
prepare fails, naming its line."""
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

from clitest import TREE_FILES, CliTest, make_tree

CLI, EMULATOR, README = sys.argv[1], sys.argv[2], sys.argv[3]
KEY = "cli-readme-key"
T = CliTest(CLI, EMULATOR, KEY, "cli-readme")
check = T.check
GROUPS = ("local", "blaxel", "data", "mcp", "run", "universe")  # commands whose second word is the command
PLACEHOLDERS = ("ID", "LOCAL_ID", "NAME", "INSTANCE")
SCRIPT_SAYS = "readme script ran"


class Line:
    def __init__(self, number, words):
        self.number, self.words = number, words

    def __str__(self):
        return f"README.md:{self.number}: {shlex.join(self.words)}"


def example_block(path):
    """The block's lines as Line objects: continuation lines joined, comments dropped, split into words.
    A comment's `and: A, B` adds the commands `sandboxdeck-cli A` and `sandboxdeck-cli B` on the same line."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == "```sh" and i + 1 < len(lines)
                 and lines[i + 1].startswith("export KLAVIS_API_KEY="))
    found, i = [], start + 1
    while lines[i].strip() != "```":
        number, text = i + 1, lines[i]
        while text.rstrip().endswith("\\"):
            i += 1
            text = text.rstrip()[:-1] + " " + lines[i].strip()
        i += 1
        code, _, comment = text.partition(" # ")
        if not code.strip():
            continue
        found.append(Line(number, shlex.split(code)))
        also = re.search(r"\band:\s*(.*)$", comment.strip())
        for command in (also.group(1).split(",") if also else []):
            found.append(Line(number, ["sandboxdeck-cli", *shlex.split(command)]))
    return found


class Readme:
    """The state the block builds up as a shell would: its exports, the values placeholders stand for, and
    the folder its relative paths are in."""

    def __init__(self, base):
        self.base = base
        self.work = tempfile.mkdtemp(prefix="cli-readme-work-")
        self.exports = {}
        self.values = {}
        self.line = None

    def path(self, name):
        return os.path.join(self.work, name)

    def substituted(self, words):
        """`words` with the placeholders replaced; None (and a failure naming the line) for one without a value
        yet, or for an upper-case word that is neither a placeholder nor a variable of the environment."""
        out = []
        for index, word in enumerate(words):
            for name in PLACEHOLDERS:
                if re.search(rf"\b{name}\b", word):
                    if self.values.get(name) is None:
                        check(f"{self.line}: {name} has a value", False, "no earlier command answered it")
                        return None
                    word = re.sub(rf"\b{name}\b", self.values[name], word)
            names_variable = index > 0 and words[index - 1] == "--secret-env"  # its command sets it
            if re.fullmatch(r"[A-Z][A-Z0-9_]+", word) and word not in self.exports and not names_variable:
                check(f"{self.line}: {word} is a placeholder the test knows", False, word)
                return None
            out.append(word)
        return out

    def env(self):
        return T.env(KEY, self.exports)

    def run(self, words, blaxel=False, stdin_text=None):
        """The command as written (placeholders replaced) against the emulator: Klavis at its root, Blaxel at
        its /v0, as the README's Blaxel export says. `stdin_text`: what a user would type."""
        api = self.base + "/v0" if blaxel else self.base
        done = subprocess.run([CLI, "--base-url", api, *words], capture_output=True, text=True, env=self.env(),
                              cwd=self.work, timeout=120, input=stdin_text)
        return done.returncode, done.stdout, done.stderr


def option(words, name):
    return words[words.index(name) + 1] if name in words[:-1] else None


def positionals(words):
    """The words of a command line that are neither options nor their values, the command's own first. Every
    option of the block takes one value except the flags below (and --sandbox, whose second one is kept)."""
    flags = {"--json", "--default", "--force", "--follow", "--wait", "--release", "--prompt"}
    out, skip = [], False
    for word in words:
        if skip:
            skip = False
        elif word.startswith("--"):
            skip = word not in flags and "=" not in word
        else:
            out.append(word)
    return out


def uuid_after(pattern, text):
    found = re.search(pattern + r"\s*([0-9a-f-]{36})", text)
    return found.group(1) if found else None


# Each command: prepare what it needs, run it, check its exit code and what it did. `r` is the Readme, `w`
# the command's words with placeholders replaced, `l` the README line.

def expect(l, done, code, *needles):
    got, out, err = done
    check(f"{l}: exit {code}" + (f", says {needles}" if needles else ""),
          got == code and all(n in out + err for n in needles), (got, out[-600:], err[-600:]))
    return got == code


def make_input_folder(r, w):
    """An upload's source that does not exist yet: the test tree (clitest.TREE_FILES)."""
    source = positionals(w)[-1]
    if not os.path.exists(r.path(source)):
        make_tree(r.path(source))


def extracted_tree(r, l, folder):
    with open(os.path.join(r.path(folder), "README.md"), "rb") as f:
        check(f"{l}: {folder} holds the uploaded tree", f.read() == TREE_FILES["README.md"])


def list_sandboxes(r, w, l):
    expect(l, r.run(w), 0)


def acquire(r, w, l):
    done = r.run(w)
    r.values["ID"] = uuid_after(r"Acquired \S+ sandbox", done[1])
    expect(l, done, 0)
    check(f"{l}: names the sandbox (ID)", r.values["ID"] is not None, done[1])


def local_acquire(r, w, l):
    done = r.run(w)
    try:
        r.values["LOCAL_ID"] = json.loads(done[1])["local_sandbox_id"]
    except (ValueError, KeyError):
        r.values["LOCAL_ID"] = uuid_after(r"local sandbox", done[1])
    expect(l, done, 0)
    check(f"{l}: names the local sandbox (LOCAL_ID)", r.values.get("LOCAL_ID") is not None, done[1])


def upload(r, w, l):
    make_input_folder(r, w)
    expect(l, r.run(w, blaxel=command_of(w)[0] == "blaxel"), 0, "Uploaded ")


def dump(r, w, l):
    blaxel = command_of(w)[0] == "blaxel"
    if option(w, "--extract"):
        if expect(l, r.run(w, blaxel), 0, "Extracted "):
            extracted_tree(r, l, option(w, "--extract"))
    elif option(w, "--out"):
        out = option(w, "--out")
        if expect(l, r.run(w, blaxel), 0):
            with open(r.path(out), "rb") as f:
                check(f"{l}: {out} is a gzip archive", f.read(2) == b"\x1f\x8b")
        # The README: "refuses an existing file unless --force".
        expect(l, r.run(w, blaxel), 2, "--force")
    else:
        check(f"{l}: a dump the test knows (--extract or --out)", False, w)


def blaxel_create(r, w, l):
    secret = option(w, "--secret-env")
    if secret and "=" not in secret and secret not in r.exports:
        r.exports[secret] = "readme-secret-value"  # --secret-env K reads K from the environment
    done = r.run(w, blaxel=True)
    expect(l, done, 0, "Created Blaxel sandbox " + positionals(w)[2])
    check(f"{l}: the secret's value is not printed", "readme-secret-value" not in done[1] + done[2])


def blaxel_list(r, w, l):
    # The README lists DEPLOYED sandboxes: wait (with a deadline) for those the search names to leave DEPLOYING.
    search, deadline, status = option(w, "--search"), time.monotonic() + 60, {}
    while time.monotonic() < deadline:
        code, out, _ = r.run(["--json", "blaxel", "list"], blaxel=True)
        status = {s["metadata"]["name"]: s.get("status") for s in (json.loads(out) if code == 0 else [])
                  if search is None or search in s["metadata"]["name"]}
        if status and "DEPLOYING" not in status.values():
            break
        time.sleep(0.2)
    check(f"{l}: the sandboxes it searches for are up within 60 s", status and "DEPLOYING" not in status.values(),
          status)
    expect(l, r.run(w, blaxel=True), 0, *([search] if search else []))


def blaxel_connect(r, w, l):
    # What a user types into the shell, from a pipe: the command ends when the shell does.
    expect(l, r.run(w, blaxel=True, stdin_text="echo readme-$((6*7))\nexit\n"), 0, "readme-42")


def blaxel_delete(r, w, l):
    expect(l, r.run(w, blaxel=True), 0, *(["TERMINATED"] if "--wait" in w else []))


def data_init(r, w, l):
    expect(l, r.run(w), 0, "Initialized the ")


def data_dump(r, w, l):
    done = r.run(w)
    if expect(l, done, 0) and option(w, "--out"):
        with open(r.path(option(w, "--out"))) as f:
            check(f"{l}: {option(w, '--out')} holds the data", bool(json.load(f)))


def saved_dump(r, l, name):
    """A dump file the README compares that no command before it wrote: the github sandbox's data now."""
    if name.endswith(".json") and not os.path.exists(r.path(name)):
        code, out, err = r.run(["data", "dump", "github", r.values["ID"], "--out", name])
        check(f"{l}: wrote {name}, a dump of the github sandbox", code == 0, (code, err))


def data_diff(r, w, l):
    for name in positionals(w)[2:]:
        saved_dump(r, l, name)
    # Between the two dumps the README's `mcp call ... create_issue` added an issue: differences, exit 1.
    done = r.run(w)
    expect(l, done, 1)
    check(f"{l}: the new issue is an addition", any(line.startswith("+ ") and ".issues[" in line
                                                    for line in done[1].splitlines()), done[1])


def mcp_tools(r, w, l):
    done = r.run(w)
    expect(l, done, 0)
    if option(w, "--sandbox") == "github":
        for tool in ("create_issue", "add_issue_comment", "create_pull_request"):
            check(f"{l}: lists {tool}", tool in done[1], done[1])


def mcp_call(r, w, l):
    done = r.run(w)
    expect(l, done, 0)
    arguments = dict(w[i + 1].split("=", 1) for i in range(len(w) - 1) if w[i] == "--arg" and "=" in w[i + 1])
    if "create_issue" in w:
        code, out, err = r.run(["data", "dump", "github", r.values["ID"]])
        repos = {repo["name"]: repo for repo in (json.loads(out).get("repos", []) if code == 0 else [])}
        titles = [i.get("issue_title") for i in repos.get(arguments.get("repo"), {}).get("issues", [])]
        check(f"{l}: a data dump then shows the new issue", arguments.get("title") in titles, (code, titles, err))


def mcp_diff(r, w, l):
    for side in positionals(w)[2:]:
        if side.endswith(".json") and not os.path.exists(r.path(side)):
            # A saved tool list: the sandbox's own, as `--json mcp tools` answers it.
            code, out, err = r.run(["--json", "mcp", "tools", "--sandbox", "github", r.values["ID"]])
            check(f"{l}: saved the tool list {side}", code == 0, (code, err))
            with open(r.path(side), "w") as f:
                f.write(out)
    expect(l, r.run(w), 0, "The tool lists are the same")


def run_create(r, w, l):
    if expect(l, r.run(w), 0, "Run " + positionals(w)[2]):
        for name in (option(w, "--urls-out"), option(w, "--env-out")):
            check(f"{l}: wrote {name}", name is None or os.path.getsize(r.path(name)) > 0)


def run_other(r, w, l):
    done = r.run(w)
    expect(l, done, 0)
    if option(w, "--out"):
        with open(r.path(option(w, "--out"))) as f:
            check(f"{l}: {option(w, '--out')} is a manifest", "sandboxes" in json.load(f))


def leaks(r, w, l):
    expect(l, r.run(w), 0)


def local_exec(r, w, l):
    folder = positionals(w)[3]
    if not os.path.exists(r.path(folder)):
        os.makedirs(r.path(folder))
        with open(os.path.join(r.path(folder), "main.py"), "w") as f:
            f.write(f"print({SCRIPT_SAYS!r})\nopen('result.txt', 'w').write('42')\n")
    done = r.run(w)
    found = re.search(r"Execution (\S+) started", done[2])
    r.values["NAME"] = found.group(1) if found else None
    expect(l, done, 0, SCRIPT_SAYS)
    check(f"{l}: names the execution (NAME)", found is not None, done[2])


def local_logs(r, w, l):
    expect(l, r.run(w), 0, SCRIPT_SAYS)


def local_artifacts(r, w, l):
    if expect(l, r.run(w), 0, "Extracted ") and option(w, "--extract"):
        check(f"{l}: the script's result is among the artifacts",
              os.path.exists(os.path.join(r.path(option(w, "--extract")), "result.txt")))


def universe_task(r, w, l):
    done = r.run(w)
    expect(l, done, 0)
    check(f"{l}: prints the prompt", done[1].strip() != "", done)


def universe_acquire(r, w, l):
    done = r.run(w)
    found = re.search(r"Acquired instance (\S+) of universe", done[1])
    r.values["INSTANCE"] = found.group(1) if found else None
    expect(l, done, 0)
    check(f"{l}: names the instance (INSTANCE)", found is not None, done[1])
    if option(w, "--mcp-config"):
        with open(r.path(option(w, "--mcp-config"))) as f:
            check(f"{l}: {option(w, '--mcp-config')} has the mcpServers", bool(json.load(f).get("mcpServers")))


def universe_verify(r, w, l):
    # Nothing was done toward the task: FAILED with its reason, exit 1 (PASSED would be 0).
    expect(l, r.run(w), 1, "FAILED")


COMMANDS = {
    ("list",): list_sandboxes,
    ("acquire",): acquire,
    ("local", "acquire"): local_acquire,
    ("local", "upload"): upload,
    ("local", "dump"): dump,
    ("local", "exec"): local_exec,
    ("local", "logs"): local_logs,
    ("local", "artifacts"): local_artifacts,
    ("blaxel", "create"): blaxel_create,
    ("blaxel", "list"): blaxel_list,
    ("blaxel", "upload"): upload,
    ("blaxel", "dump"): dump,
    ("blaxel", "connect"): blaxel_connect,
    ("blaxel", "delete"): blaxel_delete,
    ("data", "init"): data_init,
    ("data", "dump"): data_dump,
    ("data", "diff"): data_diff,
    ("mcp", "tools"): mcp_tools,
    ("mcp", "call"): mcp_call,
    ("mcp", "diff"): mcp_diff,
    ("run", "create"): run_create,
    ("run", "list"): run_other,
    ("run", "show"): run_other,
    ("run", "release"): run_other,
    ("run", "manifest"): run_other,
    ("leaks",): leaks,
    ("universe", "task"): universe_task,
    ("universe", "acquire"): universe_acquire,
    ("universe", "verify"): universe_verify,
}


def command_of(words):
    """The command's words without the global --json before them: (group, command) or (command,)."""
    rest = [w for w in words if w != "--json"] if words and words[0] == "--json" else words
    return tuple(rest[:2]) if rest and rest[0] in GROUPS else tuple(rest[:1])


def export(r, line):
    for assignment in line.words[1:]:
        name, _, value = assignment.partition("=")
        if value == "...":
            if not name.endswith("API_KEY"):
                check(f"{line}: the test knows a value for {name}", False, assignment)
                continue
            value = KEY  # the emulator's key, for Klavis and Blaxel alike
        r.exports[name] = value


def main():
    lines = example_block(README)
    check("the README's example block has sandboxdeck-cli commands",
          sum(1 for line in lines if line.words[:1] == ["sandboxdeck-cli"]) >= 20, len(lines))
    # A pool big enough for the README's `run create ... github:10` on top of its own acquire.
    emulator, base = T.start_emulator("--idle-per-server", "12")
    r = Readme(base)
    try:
        ran = 0
        for line in lines:
            r.line = line
            if line.words[:1] == ["export"]:
                export(r, line)
                continue
            if line.words[:1] != ["sandboxdeck-cli"]:
                check(f"{line}: a sandboxdeck-cli command or an export", False, line.words)
                continue
            words = line.words[1:]
            handler = COMMANDS.get(command_of(words))
            if handler is None:
                check(f"{line}: the test knows how to prepare and check `{' '.join(command_of(words))}`", False,
                      "add it to COMMANDS in tests/cli/cli_readme.py")
                continue
            substituted = r.substituted(words)
            if substituted is not None:
                handler(r, substituted, line)
                ran += 1
        check("every command of the block ran", ran == sum(1 for line in lines if line.words[0] != "export"), ran)
    finally:
        shutil.rmtree(r.work, ignore_errors=True)
        emulator.terminate()
        emulator.wait(timeout=30)
    return T.summary()


if __name__ == "__main__":
    sys.exit(main())
