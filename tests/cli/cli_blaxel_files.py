#!/usr/bin/python3
"""`sandboxdeck-cli blaxel fs ...`, `blaxel ps`, `logs` and `kill` end to end against the sandboxdeck-emulator
binary, whose Blaxel sandboxes have a filesystem and process API on a real folder: put and get round-trip
bytes (binary, names outside ASCII), ls, find and grep find them, cat of a file with ESC and bidi characters
is escaped on a terminal and byte for byte into a pipe, rm of a folder that is not empty needs --recursive,
ps shows processes started through the API, logs prints their output, kill and kill --stop end a running
one; a missing sandbox, file or process is an error that says so."""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from clitest import CliTest, run_on_terminal

CLI, EMULATOR = sys.argv[1], sys.argv[2]
KEY = "cli-blaxel-files-key"
T = CliTest(CLI, EMULATOR, KEY, "cli-blaxel-files")
check = T.check
SANDBOX = "cli-files"
BINARY_NAME = "dätä 日本 ünï.bin"
BINARY = bytes(range(256)) * 4000 + b"\x00\xff end"
HOSTILE = "safe \x1b]0;pwned\x07 title, \x1b[2J clear, \u202eevil\u202c, tab\there\n".encode()
SLEEPER = b"import sys, time\nprint('hello from stdout', flush=True)\nprint('oops on stderr', file=sys.stderr, " \
          b"flush=True)\ntime.sleep(int(sys.argv[1]))\n"
TICKER = b"import sys, time\nfor i in range(4):\n    print('tick', i, flush=True)\n    time.sleep(0.6)\n" \
         b"print('tock', file=sys.stderr, flush=True)\n"
LISTENER = b"import socket, time\ns = socket.socket()\ns.bind(('127.0.0.1', 0))\ns.listen()\n" \
           b"print('port', s.getsockname()[1], flush=True)\ntime.sleep(300)\n"


def env():
    environment = T.env(None)
    environment.pop("BL_API_URL", None)
    environment["BL_API_KEY"] = KEY
    environment["BL_WORKSPACE"] = "demo"
    return environment


def cli(api, *args, text=True):
    done = subprocess.run([CLI, "--base-url", api, *args], capture_output=True, text=text, env=env(), timeout=120)
    return done.returncode, done.stdout, done.stderr


def sandbox_api(url, method, path, body=None):
    """The sandbox's own API at its metadata.url, as @blaxel/core calls it."""
    request = urllib.request.Request(url.rstrip("/") + path, method=method,
                                     data=json.dumps(body).encode() if body is not None else None,
                                     headers={"Authorization": "Bearer " + KEY, "X-Blaxel-Workspace": "demo",
                                              "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as reply:
        return json.loads(reply.read() or b"null")


def process(url, name):
    try:
        return sandbox_api(url, "GET", "/process/" + name)
    except urllib.error.HTTPError:
        return None


def wait_for(condition, seconds=20):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    return condition()


def check_files(api, work):
    local = os.path.join(work, BINARY_NAME)
    with open(local, "wb") as f:
        f.write(BINARY)
    remote = "data/deep/" + BINARY_NAME
    code, out, err = cli(api, "blaxel", "fs", "put", SANDBOX, local, remote)
    check("put: exit 0, the bytes and where", code == 0 and out == f"Uploaded {len(BINARY)} bytes to {SANDBOX}:{remote}\n",
          (code, out, err))
    back = os.path.join(work, "back.bin")
    code, out, err = cli(api, "blaxel", "fs", "get", SANDBOX, remote, back)
    check("get: exit 0", code == 0 and out.startswith(f"Downloaded {len(BINARY)} bytes to "), (code, out, err))
    check("put then get: the same bytes", os.path.exists(back) and open(back, "rb").read() == BINARY)
    check("get leaves no temporary file beside the target", sorted(os.listdir(work)) == sorted([BINARY_NAME, "back.bin"]),
          os.listdir(work))
    code, out, err = cli(api, "blaxel", "fs", "get", SANDBOX, remote, back)
    check("get onto an existing file: exit 2, --force named", code == 2 and "--force" in err, (code, out, err))
    code, out, err = cli(api, "--json", "blaxel", "fs", "get", SANDBOX, remote, back, "--force")
    summary = json.loads(out) if code == 0 else {}
    check("get --force --json: the summary", summary.get("bytes") == len(BINARY)
          and summary.get("path") == os.path.abspath(back) and summary.get("sandbox") == SANDBOX, (code, out, err))
    folder = os.path.join(work, "into")
    os.mkdir(folder)
    code, out, err = cli(api, "blaxel", "fs", "get", SANDBOX, remote, folder)
    check("get into a folder: the remote name", code == 0 and os.path.exists(os.path.join(folder, BINARY_NAME)),
          (code, out, err, os.listdir(folder)))

    code, out, err = cli(api, "blaxel", "fs", "ls", SANDBOX, "data/deep")
    line = next((l for l in out.splitlines() if l.endswith(BINARY_NAME)), "")
    check("ls: type, size, permissions, name", code == 0 and out.startswith("TYPE") and line.split()[:2] ==
          ["file", str(len(BINARY))] and line.split()[2].startswith("-rw"), (code, out, err))
    code, out, err = cli(api, "--json", "blaxel", "fs", "ls", SANDBOX, "data/deep")
    entries = json.loads(out) if code == 0 else []
    check("ls --json: the entry", any(e.get("name") == BINARY_NAME and e.get("size") == len(BINARY)
                                      and e.get("type") == "file" for e in entries), (code, out, err))
    code, out, err = cli(api, "blaxel", "fs", "ls", SANDBOX)
    check("ls without a path: the working directory", code == 0 and any(
        l.split()[:1] == ["dir"] and l.endswith(" data") for l in out.splitlines()), (code, out, err))

    code, out, err = cli(api, "blaxel", "fs", "find", SANDBOX, "--name", "*.bin")
    check("find --name: the file's path", code == 0 and any(
        l.endswith("/data/deep/" + BINARY_NAME) for l in out.splitlines()), (code, out, err))
    code, out, err = cli(api, "blaxel", "fs", "find", SANDBOX, "data", "--type", "directory")
    check("find --type directory: folders only, with a /", code == 0 and out.strip() != "" and all(
        l.endswith("/") for l in out.splitlines()) and any(l.endswith("/data/deep/") for l in out.splitlines()),
          (code, out, err))
    code, out, err = cli(api, "--json", "blaxel", "fs", "find", SANDBOX, "--name", "*.bin", "--type", "file")
    found = json.loads(out) if code == 0 else []
    check("find --json: path and type", any(f.get("path", "").endswith(BINARY_NAME) and f.get("type") == "file"
                                            for f in found), (code, out, err))
    code, out, err = cli(api, "blaxel", "fs", "find", SANDBOX, "--type", "link")
    check("find --type link: a usage error", code == 2 and "--type must be file or directory" in err, (code, err))

    notes = os.path.join(work, "notes.txt")
    with open(notes, "w") as f:
        f.write("alpha\nthe Needle is here\nomega\n")
    cli(api, "blaxel", "fs", "put", SANDBOX, notes, "data/")
    code, out, err = cli(api, "blaxel", "fs", "grep", SANDBOX, "needle")
    check("grep: FILE:LINE:TEXT, in any case", code == 0 and any(
        l.endswith("/data/notes.txt:2:the Needle is here") for l in out.splitlines()), (code, out, err))
    code, out, err = cli(api, "--json", "blaxel", "fs", "grep", SANDBOX, "needle", "data")
    matches = json.loads(out) if code == 0 else []
    check("grep --json: path, line, column, text", any(
        m.get("line") == 2 and m.get("column") == 5 and m.get("text") == "the Needle is here" for m in matches),
          (code, out, err))
    code, out, err = cli(api, "blaxel", "fs", "grep", SANDBOX, "no such words anywhere")
    check("grep without a match: nothing on stdout, said on stderr", code == 0 and out == "" and "No line" in err,
          (code, out, err))


def check_cat(api, work):
    hostile = os.path.join(work, "hostile.txt")
    with open(hostile, "wb") as f:
        f.write(HOSTILE)
    cli(api, "blaxel", "fs", "put", SANDBOX, hostile, "hostile.txt")
    code, out, err = cli(api, "blaxel", "fs", "cat", SANDBOX, "hostile.txt", text=False)
    check("cat into a pipe: the bytes as they are", code == 0 and out == HOSTILE, (code, out, err))
    code, out, err = cli(api, "blaxel", "fs", "cat", SANDBOX, "data/deep/" + BINARY_NAME, text=False)
    check("cat of a binary file into a pipe: byte for byte", code == 0 and out == BINARY, (code, len(out), err))
    code, screen, piped = run_on_terminal([CLI, "--base-url", api, "blaxel", "fs", "cat", SANDBOX, "hostile.txt"],
                                          env())
    check("cat on a terminal: exit 0, no ESC, BEL or bidi override reaches it", code == 0 and b"\x1b" not in screen
          and b"\x07" not in screen and "\u202e".encode() not in screen, (code, screen, piped))
    check("cat on a terminal: the escapes shown, the tab and the text kept",
          b"\\x1b]0;pwned\\x07" in screen and b"\\u202eevil\\u202c" in screen and b"tab\there" in screen, screen)
    code, out, err = cli(api, "blaxel", "fs", "cat", SANDBOX, "missing.txt")
    check("cat of a missing file: exit 1, no such file", code == 1 and out == ""
          and "no such file or folder in Blaxel sandbox cli-files: 'missing.txt'" in err, (code, out, err))
    check("cat leaves nothing in TMPDIR", T.temp_leftovers() == [], T.temp_leftovers())


def check_hostile_names(api, url, work):
    """Names and lines the sandbox sends are escaped wherever they are printed, into a pipe too."""
    maker = os.path.join(work, "maker.py")
    with open(maker, "w") as f:
        f.write("import os\nos.makedirs('odd', exist_ok=True)\n"
                "open('odd/evil\\x1b[2J\\u202ename.txt', 'w').write('needle \\x1b]0;t\\x07 line\\n')\n")
    cli(api, "blaxel", "fs", "put", SANDBOX, maker, "maker.py")
    made = sandbox_api(url, "POST", "/process", {"name": "maker", "command": "python3 maker.py",
                                                  "waitForCompletion": True})
    check("a file with ESC and a bidi override in its name was made", made.get("exitCode") == 0, made)
    shown = "evil\\x1b[2J\\u202ename.txt"
    for args in (["fs", "ls", SANDBOX, "odd"], ["fs", "find", SANDBOX, "odd"], ["fs", "grep", SANDBOX, "needle", "odd"]):
        code, out, err = cli(api, "blaxel", *args)
        check(f"{args[1]}: the name escaped, no ESC or bidi override printed", code == 0 and shown in out
              and "\x1b" not in out and "\u202e" not in out, (code, out, err))
    code, out, err = cli(api, "blaxel", "fs", "grep", SANDBOX, "needle", "odd")
    check("grep: the line escaped", "needle \\x1b]0;t\\x07 line" in out, out)
    code, out, err = cli(api, "--json", "blaxel", "fs", "ls", SANDBOX, "odd")
    check("ls --json: the name as sent, in JSON", code == 0 and any(
        e.get("name") == "evil\x1b[2J\u202ename.txt" for e in json.loads(out or "[]")), (code, out, err))


def check_interrupt(api, base, work):
    """Ctrl+C while get's request waits (every request held 3 s): exit 130, no partial file, no target."""
    target = os.path.join(work, "interrupted.bin")
    T.control(base, "POST", "faults", {"latency_ms": 3000})
    try:
        proc = subprocess.Popen([CLI, "--base-url", api, "blaxel", "fs", "get", SANDBOX, "data/deep/" + BINARY_NAME,
                                 target], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env())
        # The temporary file beside the target is made once the sandbox was looked up, as its file is asked for.
        partial = wait_for(lambda: [f for f in os.listdir(work) if f.startswith(".interrupted.bin.")], 30)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        check("Ctrl+C during get: exit 130, said", partial and proc.returncode == 130 and "Cancelled." in err,
              (partial, proc.returncode, out, err))
        check("... and neither the partial file nor the target is left",
              [f for f in os.listdir(work) if "interrupted" in f] == [], os.listdir(work))
    finally:
        T.control(base, "POST", "faults", {"latency_ms": 0})


def check_remove(api):
    code, out, err = cli(api, "blaxel", "fs", "rm", SANDBOX, "data")
    check("rm of a folder that is not empty: exit 1, --recursive named", code == 1 and "not empty" in err
          and "--recursive" in err, (code, out, err))
    code, out, err = cli(api, "blaxel", "fs", "ls", SANDBOX, "data/deep")
    check("... and nothing was removed", code == 0 and BINARY_NAME in out, (code, out, err))
    code, out, err = cli(api, "blaxel", "fs", "rm", SANDBOX, "data/notes.txt")
    check("rm of a file: exit 0", code == 0 and out == "Removed data/notes.txt from cli-files\n", (code, out, err))
    code, out, err = cli(api, "blaxel", "fs", "rm", SANDBOX, "data", "--recursive")
    check("rm --recursive: exit 0", code == 0, (code, out, err))
    code, out, err = cli(api, "blaxel", "fs", "ls", SANDBOX, "data")
    check("... the folder is gone: ls says no such folder", code == 1
          and "no such file or folder in Blaxel sandbox cli-files: 'data'" in err, (code, out, err))
    code, out, err = cli(api, "blaxel", "fs", "rm", SANDBOX, "data")
    check("rm of a missing path: exit 1, no such file", code == 1 and "no such file or folder" in err, (code, err))


def check_processes(api, url, work):
    script = os.path.join(work, "sleeper.py")
    with open(script, "wb") as f:
        f.write(SLEEPER)
    cli(api, "blaxel", "fs", "put", SANDBOX, script, "sleeper.py")
    listener = os.path.join(work, "listener.py")
    with open(listener, "wb") as f:
        f.write(LISTENER)
    cli(api, "blaxel", "fs", "put", SANDBOX, listener, "listener.py")
    sandbox_api(url, "POST", "/process", {"name": "listener", "command": "python3 listener.py"})
    short = sandbox_api(url, "POST", "/process", {"name": "short", "command": "python3 sleeper.py 0",
                                                   "waitForCompletion": True})
    check("the API ran a short process", short.get("status") == "completed", short)
    sandbox_api(url, "POST", "/process", {"name": "sleeper", "command": "python3 sleeper.py 300"})
    sandbox_api(url, "POST", "/process", {"name": "stopper", "command": "python3 sleeper.py 300"})
    # Its first line says it runs Python, not just that it was forked.
    check("the long processes started", wait_for(lambda: all(
        "hello" in (process(url, n) or {}).get("logs", "") for n in ("sleeper", "stopper"))))
    check("the listener listens", wait_for(lambda: "port " in (process(url, "listener") or {}).get("logs", "")))
    port = (process(url, "listener") or {}).get("logs", "").split("port ")[-1].split()[0]

    code, out, err = cli(api, "blaxel", "ps", SANDBOX)
    rows = {l.split()[0]: l.split() for l in out.splitlines()[1:] if l.strip()}
    check("ps: a table with every process", code == 0 and out.startswith("NAME") and {"short", "sleeper", "stopper"}
          <= set(rows), (code, out, err))
    check("ps: status and exit code", rows.get("short", [])[2:4] == ["completed", "0"]
          and rows.get("sleeper", [])[2:4] == ["running", "-"], rows)
    check("ps: the command", "python3 sleeper.py 300" in out, out)
    header = out.splitlines()[0] if out else ""
    ports_at = header.find("PORTS")
    lines = {l.split()[0]: l for l in out.splitlines()[1:] if l.strip()}
    check("ps: a PORTS column with the port a running process listens on, '-' for none", ports_at > 0
          and lines.get("listener", "")[ports_at:].split()[:1] == [port]
          and lines.get("sleeper", "")[ports_at:].split()[:1] == ["-"]
          and lines.get("short", "")[ports_at:].split()[:1] == ["-"], (port, out))
    code, out, err = cli(api, "--json", "blaxel", "ps", SANDBOX)
    listed = {p.get("name"): p for p in json.loads(out)} if code == 0 else {}
    check("ps --json: ports", listed.get("listener", {}).get("ports") == [int(port)]
          and listed.get("sleeper", {}).get("ports") == [] and listed.get("short", {}).get("ports") == [],
          (port, out))
    check("ps --json: name, pid, status, exit code, command, start",
          listed.get("short", {}).get("exitCode") == 0 and listed.get("sleeper", {}).get("exitCode") is None
          and listed.get("sleeper", {}).get("pid") and listed["sleeper"].get("startedAt")
          and listed["sleeper"].get("command") == "python3 sleeper.py 300", (code, out, err))

    code, out, err = cli(api, "blaxel", "logs", SANDBOX, "short")
    check("logs: stdout and stderr", code == 0 and "hello from stdout" in out and "oops on stderr" in out,
          (code, out, err))
    code, out, err = cli(api, "blaxel", "logs", SANDBOX, "short", "--stdout")
    check("logs --stdout: only stdout", code == 0 and out == "hello from stdout\n", (code, out, err))
    code, out, err = cli(api, "blaxel", "logs", SANDBOX, "short", "--stderr")
    check("logs --stderr: only stderr", code == 0 and out == "oops on stderr\n", (code, out, err))
    code, out, err = cli(api, "--json", "blaxel", "logs", SANDBOX, "short")
    logs = json.loads(out) if code == 0 else {}
    check("logs --json: logs, stdout, stderr", logs.get("stdout") == "hello from stdout\n"
          and logs.get("stderr") == "oops on stderr\n", (code, out, err))
    code, out, err = cli(api, "blaxel", "logs", SANDBOX, "nobody")
    check("logs of a missing process: exit 1, no such process", code == 1
          and "no such process in Blaxel sandbox cli-files: nobody" in err, (code, out, err))

    check_follow(api, url, work)

    code, out, err = cli(api, "blaxel", "kill", SANDBOX, "sleeper")
    check("kill: exit 0, it ended killed", code == 0 and out.startswith("Process sleeper (pid ")
          and "ended: killed" in out, (code, out, err))
    check("... and the API says so", (process(url, "sleeper") or {}).get("status") == "killed",
          process(url, "sleeper"))
    code, out, err = cli(api, "blaxel", "kill", SANDBOX, "sleeper")
    check("kill of a process that is not running: exit 1, said plainly", code == 1
          and "process sleeper of cli-files is not running (killed" in err, (code, out, err))
    pid = (process(url, "stopper") or {}).get("pid", "")
    code, out, err = cli(api, "--json", "blaxel", "kill", SANDBOX, pid, "--stop")
    ended = json.loads(out) if code == 0 else {}
    check("kill --stop by pid: exit 0, stopped", ended.get("name") == "stopper" and ended.get("status") == "stopped",
          (code, out, err))
    code, out, err = cli(api, "blaxel", "kill", SANDBOX, "nobody")
    check("kill of a missing process: exit 1, no such process", code == 1 and "no such process" in err, (code, err))


def check_follow(api, url, work):
    """logs --follow prints what a process wrote, then what it adds, each line once, until it ends."""
    code, out, err = cli(api, "blaxel", "logs", SANDBOX, "short", "--follow", "--stdout")
    check("logs --follow of an ended process: its log, exit 0, how it ended on stderr", code == 0
          and out == "hello from stdout\n" and "Process short ended: completed, exit code 0." in err, (code, out, err))
    ticker = os.path.join(work, "ticker.py")
    with open(ticker, "wb") as f:
        f.write(TICKER)
    cli(api, "blaxel", "fs", "put", SANDBOX, ticker, "ticker.py")
    sandbox_api(url, "POST", "/process", {"name": "ticker", "command": "python3 ticker.py"})
    started = time.monotonic()
    code, out, err = cli(api, "blaxel", "logs", SANDBOX, "ticker", "--follow")
    took = time.monotonic() - started
    check("logs --follow of a running process: every line once, in order, until it ended", code == 0
          and out == "tick 0\ntick 1\ntick 2\ntick 3\ntock\n" and "Process ticker ended: completed" in err,
          (code, out, err))
    check("... which took as long as the process ran", took > 1.0, took)
    proc = subprocess.Popen([CLI, "--base-url", api, "blaxel", "logs", SANDBOX, "stopper", "--follow"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env())
    first = proc.stdout.readline()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    check("Ctrl+C ends a follow of a running process: exit 130", first == "hello from stdout\n"
          and proc.returncode == 130, (first, proc.returncode, out, err))
    code, out, err = cli(api, "--json", "blaxel", "logs", SANDBOX, "short", "--follow")
    check("logs --follow --json: a usage error", code == 2 and "exclude each other" in err, (code, err))


def check_errors(api):
    for args in (["fs", "ls", "no-such-sandbox"], ["ps", "no-such-sandbox"], ["logs", "no-such-sandbox", "p"]):
        code, out, err = cli(api, "blaxel", *args)
        check(f"blaxel {args[0]} of a missing sandbox: exit 1, the sandbox named", code == 1 and out == ""
              and "no-such-sandbox" in err, (code, out, err))
    code, out, err = cli(api, "blaxel", "fs")
    check("blaxel fs alone: a usage error listing its commands", code == 2
          and "`blaxel fs` needs a command: ls, cat, put, get, rm, find, grep" in err, (code, err))
    code, out, err = cli(api, "blaxel", "fs", "ls", SANDBOX, "a", "b")
    check("ls with two paths: a usage error", code == 2 and "unexpected argument 'b'" in err, (code, err))
    code, out, err = cli(api, "blaxel", "logs", SANDBOX, "p", "--stdout", "--stderr")
    check("logs --stdout --stderr: a usage error", code == 2 and "exclude each other" in err, (code, err))
    code, out, err = cli(api, "blaxel", "fs", "put", SANDBOX, "/no/such/file", "x")
    check("put of a missing local file: exit 2, nothing sent", code == 2 and "not a file" in err, (code, err))
    code, out, err = cli(api, "blaxel", "delete", SANDBOX)
    code, out, err = cli(api, "blaxel", "fs", "ls", SANDBOX)
    check("ls of a sandbox being deleted: exit 1, its status named", code == 1 and (
        "is DELETING" in err or "is TERMINATED" in err), (code, out, err))


def main():
    emulator, base = T.start_emulator("--blaxel-transition-ms", "300")
    api = base + "/v0"
    work = tempfile.mkdtemp(prefix="cli-blaxel-files-work-")
    try:
        code, out, err = cli(api, "--json", "blaxel", "create", SANDBOX, "--image", "blaxel/base-image:latest")
        url = json.loads(out).get("metadata", {}).get("url", "") if code == 0 else ""
        check("create: a sandbox with an API URL", url.startswith("http://127.0.0.1:"), (code, out, err))
        check_files(api, work)
        check_cat(api, work)
        check_hostile_names(api, url, work)
        check_interrupt(api, base, work)
        check_remove(api)
        check_processes(api, url, work)
        check_errors(api)
    finally:
        emulator.terminate()
        emulator.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(T.tmp, ignore_errors=True)
    return T.summary()


if __name__ == "__main__":
    sys.exit(main())
