#!/usr/bin/python3
"""`sandboxdeck-cli blaxel ...` end to end against the sandboxdeck-emulator binary, which serves Blaxel's
/v0 control plane on its port (workspace `demo` seeded): list in both response shapes (the bare array
through a proxy that drops the Blaxel-Version header, as an unversioned server answers), filters, get,
create and its 409, delete --wait to TERMINATED, the workspace and key from the environment, secret values
never printed, hostile names refused before anything is sent."""
import http.client
import http.server
import json
import os
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import urllib.parse
import urllib.request

from clitest import CliTest, make_tree

CLI, EMULATOR = sys.argv[1], sys.argv[2]
KEY = "cli-blaxel-test-key"
T = CliTest(CLI, EMULATOR, KEY, "cli-blaxel")
check = T.check
SECRET = "hf_demo_secret_value"  # the seeded research-notebook's secret HF_TOKEN


def blaxel_env(key=KEY, workspace="demo", url=None):
    env = T.env(None)
    for name in ("BL_API_KEY", "BL_WORKSPACE", "BL_API_URL"):
        env.pop(name, None)
    if key is not None:
        env["BL_API_KEY"] = key
    if workspace is not None:
        env["BL_WORKSPACE"] = workspace
    if url is not None:
        env["BL_API_URL"] = url
    return env


def cli(api, *args, **env):
    prefix = ["--base-url", api] if api else []
    done = subprocess.run([CLI, *prefix, *args], capture_output=True, text=True, env=blaxel_env(**env),
                          timeout=120)
    return done.returncode, done.stdout, done.stderr


def requests(base):
    return T.control(base, "GET", "requests")["api"]


class VersionStrippingProxy(http.server.ThreadingHTTPServer):
    """Forwards every request to the emulator without its Blaxel-Version header: the emulator then answers
    as Blaxel's earliest stable version does, with a bare array and no paging."""

    def __init__(self, target):
        self.target = urllib.parse.urlsplit(target)
        super().__init__(("127.0.0.1", 0), ProxyHandler)


class ProxyHandler(http.server.BaseHTTPRequestHandler):
    def forward(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("blaxel-version", "host")}
        target = self.server.target
        connection = http.client.HTTPConnection(target.hostname, target.port, timeout=30)
        connection.request(self.command, self.path, body=body, headers=headers)
        reply = connection.getresponse()
        data = reply.read()
        self.send_response(reply.status)
        for name, value in reply.getheaders():
            if name.lower() not in ("content-length", "transfer-encoding", "connection"):
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_POST = do_DELETE = forward

    def log_message(self, *args):
        pass


def check_list(api):
    code, out, err = cli(api, "blaxel", "list")
    check("list: exit 0, a table of the seeded sandboxes", code == 0 and err == "" and out.startswith("NAME")
          and "research-notebook" in out and "agent-runner-01" in out, (code, out, err))
    check("list: terminated ones only with --all", "finished-benchmark" not in out, out)
    check("list: a count line", out.rstrip().endswith("sandboxes"), out[-80:])
    code, out, err = cli(api, "blaxel", "list", "--all")
    check("list --all: the terminated sandbox too", code == 0 and "finished-benchmark" in out, (code, err))
    code, out, err = cli(api, "blaxel", "list", "--status", "failed")
    rows = out.splitlines()[1:-2]
    check("list --status failed: only FAILED rows", code == 0 and rows and all("FAILED" in r for r in rows)
          and "broken-image" in out, (code, out, err))
    code, out, err = cli(api, "blaxel", "list", "--status", "DEPLOYED,FAILED")
    check("list --status DEPLOYED,FAILED: both", code == 0 and "broken-image" in out and "research-notebook" in out
          and "data-pipeline" not in out, out)
    code, out, err = cli(api, "blaxel", "list", "--search", "agent-runner")
    names = [line.split()[0] for line in out.splitlines()[1:-2]]
    check("list --search: only the matches", set(names) == {"agent-runner-01", "agent-runner-02"}, names)
    code, out, err = cli(api, "blaxel", "list", "--search", "nothing-like-this")
    check("list: an empty match says so", code == 0 and out == "No Blaxel sandboxes match.\n", (code, out, err))
    code, out, err = cli(api, "--json", "blaxel", "list")
    rows = json.loads(out) if code == 0 else None
    check("list --json: an array of the sandboxes as sent", isinstance(rows, list) and
          any(r.get("metadata", {}).get("name") == "research-notebook" for r in rows), (code, out[:200], err))
    check("list --json: metadata is not masked", '"research-notebook"' in out)
    check("list --json: secret values masked", SECRET not in out)


def check_both_shapes(base, api):
    proxy = VersionStrippingProxy(base)
    threading.Thread(target=proxy.serve_forever, daemon=True).start()
    try:
        bare_api = f"http://127.0.0.1:{proxy.server_address[1]}/v0"
        raw = subprocess.run(["curl", "-s", "-H", "Authorization: Bearer " + KEY, "-H", "X-Blaxel-Workspace: demo",
                              bare_api + "/sandboxes"], capture_output=True, text=True, timeout=30).stdout
        check("the proxy gets a bare array from the emulator", raw.startswith("["), raw[:80])
        code, versioned, err = cli(api, "blaxel", "list", "--all")
        code2, bare, err2 = cli(bare_api, "blaxel", "list", "--all")
        names = lambda text: sorted(line.split()[0] for line in text.splitlines()[1:-2])
        check("list: the bare array gives the same sandboxes as {data, meta}",
              code == 0 and code2 == 0 and names(bare) == names(versioned) and len(names(bare)) >= 12,
              (names(bare), names(versioned), err2))
        code, out, err = cli(bare_api, "--json", "blaxel", "list", "--status", "FAILED")
        rows = json.loads(out) if code == 0 else []
        check("list --json --status through the bare shape", [r["metadata"]["name"] for r in rows] == ["broken-image"],
              (code, out[:200], err))
    finally:
        proxy.shutdown()


def check_paging(base, api):
    """150 sandboxes in a workspace of their own, made straight through the API: the list reads every page."""
    for i in range(150):
        body = json.dumps({"metadata": {"name": f"page-{i:03d}"},
                           "spec": {"runtime": {"image": "blaxel/base-image:latest"}}}).encode()
        request = urllib.request.Request(api + "/sandboxes", data=body, method="POST", headers={
            "Authorization": "Bearer " + KEY, "X-Blaxel-Workspace": "paging", "Blaxel-Version": "2026-04-28",
            "Content-Type": "application/json"})
        urllib.request.urlopen(request).read()
    T.control(base, "DELETE", "requests")
    code, out, err = cli(api, "blaxel", "list", "--workspace", "paging", workspace=None)
    names = sorted(line.split()[0] for line in out.splitlines()[1:-2])
    check("list: every page read (150 sandboxes, 100 a page)", code == 0 and names == [f"page-{i:03d}" for i in
          range(150)] and out.rstrip().endswith("150 sandboxes"), (code, len(names), err))
    pages = [r for r in requests(base) if r["path"] == "/v0/sandboxes" and r["method"] == "GET"]
    check("list: two requests, the second with the first's cursor",
          len(pages) == 2 and "cursor=" not in pages[0]["query"] and "cursor=" in pages[1]["query"],
          [p["query"] for p in pages])
    code, out, err = cli(api, "--json", "blaxel", "list", "--workspace", "paging", workspace=None)
    check("list --json: one array of every page", code == 0 and len(json.loads(out)) == 150, (code, err))


def check_get(api):
    code, out, err = cli(api, "blaxel", "get", "research-notebook")
    check("get: the fields", code == 0 and err == "" and "Display name:   Research notebook" in out
          and "Memory:         8192 MB" in out and "team=research" in out and "jupyter" in out, (code, out, err))
    check("get: the secret env value masked", SECRET not in out and "HF_TOKEN=" in out and "(secret)" in out, out)
    check("get: a plain env value shown", "LOG_LEVEL=info" in out, out)
    check("get: the URL and the MCP endpoint", "MCP endpoint:" in out and "/mcp" in out, out)
    check("get: events", "Event:" in out and "Sandbox is ready" in out, out)
    code, out, err = cli(api, "--json", "blaxel", "get", "research-notebook")
    body = json.loads(out) if code == 0 else {}
    check("get --json: the sandbox as sent", body.get("metadata", {}).get("name") == "research-notebook", out[:200])
    check("get --json: the secret value masked", SECRET not in out and "HF_TOKEN" in out, out)
    code, out, err = cli(api, "blaxel", "get", "no-such-sandbox")
    check("get: an unknown name exits 1 with the server's words", code == 1 and out == "" and "error:" in err
          and "no-such-sandbox" in err, (code, out, err))


def check_create(base, api):
    code, out, err = cli(api, "blaxel", "create", "cli-made", "--image", "blaxel/base-image:latest",
                         "--display-name", "Made by the CLI", "--memory", "2048", "--label", "team=cli",
                         "--label", "kind=a=b", "--port", "8080", "--port", "3000", "--env", "MODE=test",
                         "--secret-env", "TOKEN=tok-very-secret-1", "--ttl", "1h30m", "--region", "us-pdx-1")
    check("create: exit 0 and what was created", code == 0 and err == "" and out.startswith(
        "Created Blaxel sandbox cli-made (") and "tok-very-secret-1" not in out, (code, out, err))
    code, out, err = cli(api, "--json", "blaxel", "get", "cli-made")
    body = json.loads(out) if code == 0 else {}
    spec = body.get("spec", {})
    runtime = spec.get("runtime", {})
    check("create: the sandbox has what was asked for",
          body.get("metadata", {}).get("displayName") == "Made by the CLI"
          and body.get("metadata", {}).get("labels") == {"team": "cli", "kind": "a=b"}
          and runtime.get("memory") == 2048 and sorted(p["target"] for p in runtime.get("ports", [])) == [3000, 8080]
          and runtime.get("ttl") == "1h30m" and spec.get("region") == "us-pdx-1", body)
    envs = {e["name"]: e for e in runtime.get("envs", [])}
    check("create: env and secret env sent, the secret masked in --json",
          envs.get("MODE", {}).get("value") == "test" and "TOKEN" in envs and "tok-very-secret-1" not in out, envs)

    code, out, err = cli(api, "blaxel", "create", "cli-made", "--image", "blaxel/base-image:latest",
                         "--secret-env", "TOKEN=tok-very-secret-2")
    check("create: a taken name exits 1 with the 409's words", code == 1 and out == "" and "error:" in err
          and "already exists" in err and "tok-very-secret-2" not in err, (code, out, err))
    code, out, err = cli(api, "blaxel", "create", "cli-bad-memory", "--image", "blaxel/base-image:latest",
                         "--memory", "1")
    check("create: the server's refusal of a field is shown", code == 1 and "memory" in err, (code, err))


def check_secret_from_environment(api):
    done = subprocess.run([CLI, "--base-url", api, "--json", "blaxel", "create", "cli-env-secret", "--image",
                           "blaxel/base-image:latest", "--secret-env", "MY_TOKEN"], capture_output=True, text=True,
                          env={**blaxel_env(), "MY_TOKEN": "from-the-environment-42"}, timeout=60)
    check("create --secret-env K: exit 0, the value not printed", done.returncode == 0
          and "from-the-environment-42" not in done.stdout + done.stderr, (done.returncode, done.stderr))
    envs = {e["name"]: e for e in json.loads(done.stdout or "{}").get("spec", {}).get("runtime", {}).get("envs", [])}
    check("create --secret-env K: sent as a secret", envs.get("MY_TOKEN", {}).get("secret") is True, envs)
    code, out, err = cli(api, "blaxel", "create", "cli-env-missing", "--image", "i", "--secret-env", "NOT_SET_HERE")
    check("create --secret-env K with K unset: exit 2, nothing sent", code == 2 and "NOT_SET_HERE is not set" in err,
          (code, out, err))
    code, out, err = cli(api, "blaxel", "get", "cli-env-missing")
    check("create --secret-env K with K unset: no sandbox made", code == 1, (code, out))


def check_delete(base, api):
    cli(api, "blaxel", "create", "cli-doomed", "--image", "blaxel/base-image:latest")
    code, out, err = cli(api, "blaxel", "delete", "cli-doomed", "--wait")
    check("delete --wait: exit 0, DELETING then TERMINATED", code == 0 and err == "" and "Deleting cli-doomed" in out
          and "gone for good" in out and "cli-doomed is TERMINATED." in out, (code, out, err))
    code, out, err = cli(api, "--json", "blaxel", "get", "cli-doomed")
    check("delete --wait: the record says TERMINATED", code == 0 and json.loads(out).get("status") == "TERMINATED",
          (code, out[:200], err))
    code, out, err = cli(api, "blaxel", "list")
    check("delete: a terminated sandbox leaves the default list", code == 0 and "cli-doomed" not in out, out)

    cli(api, "blaxel", "create", "cli-doomed-2", "--image", "blaxel/base-image:latest")
    code, out, err = cli(api, "--json", "blaxel", "delete", "no-such-one", "cli-doomed-2", "--wait")
    rows = json.loads(out) if out else []
    check("delete: one failure among several exits 1, the others still deleted",
          code == 1 and "no-such-one" in err and [r["metadata"]["name"] for r in rows] == ["cli-doomed-2"]
          and rows[0].get("status") == "TERMINATED", (code, out[:300], err))


def check_credentials(base, api):
    code, out, err = cli(api, "blaxel", "list", workspace=None)
    check("missing workspace: exit 2, names --workspace and BL_WORKSPACE", code == 2 and out == ""
          and "--workspace W or BL_WORKSPACE" in err, (code, out, err))
    code, out, err = cli(api, "blaxel", "list", "--workspace", "empty-one", workspace=None)
    check("--workspace: another workspace starts empty", code == 0 and out.startswith("No Blaxel sandboxes."),
          (code, out, err))
    code, out, err = cli(api, "blaxel", "get", "research-notebook", "--workspace", "demo", workspace="other")
    check("--workspace wins over BL_WORKSPACE", code == 0 and "research-notebook" in out, (code, err))
    code, out, err = cli(api, "blaxel", "list", "--workspace", "bad workspace", workspace=None)
    check("an unsendable workspace name is refused, exit 1", code == 1 and "workspace" in err, (code, out, err))
    code, out, err = cli(api, "blaxel", "list", key=None)
    check("missing key: exit 1, points at BL_API_KEY", code == 1 and "BL_API_KEY" in err
          and "KLAVIS_API_KEY" not in err, (code, out, err))
    code, out, err = cli(api, "blaxel", "list", key="wrong-key-123456")
    check("wrong key: exit 1, points at BL_API_KEY, the key not echoed", code == 1 and "BL_API_KEY" in err
          and "wrong-key-123456" not in err + out, (code, out, err))
    code, out, err = cli(api, "blaxel", "list", key="sk\x1b[2Jx")
    check("a key with a control character is never sent: exit 2", code == 2 and "BL_API_KEY" in err
          and "\x1b" not in err, (code, err))
    code, out, err = cli(None, "blaxel", "list", url=api)
    check("BL_API_URL is the default --base-url", code == 0 and "research-notebook" in out, (code, err))
    code, out, err = cli(None, "blaxel", "list", url="http://example.com/v0")
    check("BL_API_URL over plain http to another host is refused: exit 2", code == 2 and out == "", (code, err))
    code, out, err = cli(api, "blaxel", "list", url="http://example.com/v0")
    check("--base-url wins over BL_API_URL", code == 0 and "research-notebook" in out, (code, err))


def check_hostile_names(base, api):
    before = len(requests(base))
    for name in ("../../etc/passwd", "a/b", "UPPER", "x" * 64, "name\x1b[2J", "a%2fb", "a.b"):
        code, out, err = cli(api, "blaxel", "get", "--", name)
        check(f"get {name[:20]!r}: refused as a usage error", code == 2 and out == "" and "is not a sandbox name"
              in err and "\x1b" not in err, (code, out, err))
    code, out, err = cli(api, "blaxel", "delete", "ok-name", "bad/name")
    check("delete with one bad name: nothing deleted, exit 2", code == 2, (code, err))
    code, out, err = cli(api, "blaxel", "create", "bad name", "--image", "i")
    check("create with a bad name: exit 2", code == 2, (code, err))
    check("no request reached the emulator for a refused name", len(requests(base)) == before,
          requests(base)[before:])

    # A label value from the server is shown escaped: a bidi override cannot reorder what follows.
    code, out, err = cli(api, "blaxel", "create", "cli-bidi", "--image", "blaxel/base-image:latest",
                         "--display-name", "evil\u202etxt.exe", "--label", "note=\u202eevil")
    if code == 0:
        code, out, err = cli(api, "blaxel", "list", "--search", "cli-bidi")
        check("list: a bidi override in a label is escaped", code == 0 and "\u202e" not in out and "\\u202e" in out,
              (code, out, err))
        code, out, err = cli(api, "blaxel", "get", "cli-bidi")
        check("get: a bidi override is escaped", code == 0 and "\u202e" not in out and "\\u202e" in out, out)
    else:
        check("create refuses a bidi override before sending", code == 2 and "\u202e" not in err, (code, err))


def check_usage(api):
    cases = [
        (["blaxel", "create", "x"], "`blaxel create` needs --image I"),
        (["blaxel", "create", "x", "--image", "i", "--memory", "lots"], "--memory must be a whole number of MB"),
        (["blaxel", "create", "x", "--image", "i", "--port", "70000"],
         "--port must be a number from 1 to 65535, not '70000'"),
        (["blaxel", "create", "x", "--image", "i", "--label", "novalue"], "--label takes KEY=VALUE, not 'novalue'"),
        (["blaxel", "create", "x", "--image", "i", "--env", "=v"], "--env takes KEY=VALUE, not '=v'"),
        (["blaxel", "create", "x", "--image", "i", "--ttl", "soon"], "--ttl must be a duration like 30m, 24h or 1h30m"),
        (["blaxel", "list", "--status", "busy"], "--status must be one of DEPLOYING, DEPLOYED, FAILED, DELETING, "
         "TERMINATED, DEACTIVATING, DEACTIVATED, BUILDING, BUILT, UPLOADING, ARCHIVING, ARCHIVED, UNARCHIVING, not 'busy'"),
        (["blaxel", "delete"], "`blaxel delete`: no NAME given"),
        (["blaxel", "get", "a", "b"], "`blaxel get`: unexpected argument 'b'"),
        (["blaxel", "list", "--wait"], "`blaxel list` does not take --wait"),
        (["blaxel"], "`blaxel` needs a command: list, get, create, delete, upload, dump, fs, ps, logs, kill, connect"),
    ]
    for args, what in cases:
        code, out, err = cli(api, *args)
        check(f"usage: {' '.join(args)[:50]}", code == 2 and out == "" and err.startswith(f"sandboxdeck-cli: {what}\n"),
              (code, out, err))


EXECUTABLE = "src/run.sh"


def snapshot(root):
    """{relative path: (kind, bytes or link target, mode bits)} of a folder, links not followed."""
    found = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, root)
            if os.path.islink(path):
                found[relative] = ("link", os.readlink(path), None)
            elif os.path.isdir(path):
                found[relative] = ("dir", None, None)
            else:
                with open(path, "rb") as f:
                    found[relative] = ("file", f.read(), os.stat(path).st_mode & 0o777)
    return found


def check_transfers(api):
    work = tempfile.mkdtemp(prefix="cli-blaxel-work-")
    try:
        tree = os.path.join(work, "tree")
        make_tree(tree, EXECUTABLE)
        # Used the moment create answers, as Blaxel's SDK does: the edge holds the calls until it is up.
        code, out, err = cli(api, "--json", "blaxel", "create", "cli-transfer", "--image", "blaxel/base-image:latest")
        check("create answers while DEPLOYING", code == 0 and json.loads(out).get("status") == "DEPLOYING",
              (code, out, err))
        code, out, err = cli(api, "blaxel", "upload", "cli-transfer", tree)
        check("upload: exit 0, what went where", code == 0 and err == "" and out.startswith(
            "Uploaded tree (") and "to Blaxel sandbox cli-transfer and unpacked it into " in out, (code, out, err))
        extracted = os.path.join(work, "extracted")
        code, out, err = cli(api, "blaxel", "dump", "cli-transfer", "--extract", extracted)
        check("dump --extract: exit 0", code == 0 and err == "" and out.startswith(
            "Extracted the working directory of Blaxel sandbox cli-transfer into "), (code, out, err))
        check("round trip: the same paths, bytes, modes and links", snapshot(extracted) == snapshot(tree),
              sorted(set(snapshot(extracted)) ^ set(snapshot(tree))))

        archive = os.path.join(work, "dump.tar.gz")
        code, out, err = cli(api, "--json", "blaxel", "dump", "cli-transfer", "--out", archive)
        summary = json.loads(out) if code == 0 else {}
        check("dump --out --json: the summary names the sandbox and the workspace",
              summary.get("sandbox") == "cli-transfer" and summary.get("workspace") == "demo"
              and summary.get("mode") == "archive" and summary.get("bytes") == os.path.getsize(archive)
              and "local_sandbox_id" not in summary, (code, out, err))
        with tarfile.open(archive, "r:gz") as tar:
            names = {m.name[2:] if m.name.startswith("./") else m.name for m in tar.getmembers()}
        check("dump --out: a .tar.gz of the working directory", "src/deep/deeper/data.bin" in names, sorted(names))
        code, out, err = cli(api, "blaxel", "dump", "cli-transfer", "--out", archive)
        check("dump --out onto an existing file: exit 2 without --force", code == 2 and "--force" in err, (code, err))
        code, out, err = cli(api, "blaxel", "dump", "cli-transfer", "--out", archive, "--force")
        check("dump --out --force replaces it", code == 0, (code, err))

        code, out, err = cli(api, "--json", "blaxel", "upload", "cli-transfer", archive)
        summary = json.loads(out) if code == 0 else {}
        check("upload of a .tar.gz --json: sources, working_dir, no local_sandbox_id",
              summary.get("sources") == [archive] and bool(summary.get("working_dir"))
              and summary.get("direction") == "upload" and "local_sandbox_id" not in summary, (code, out, err))
        code, out, err = cli(api, "blaxel", "upload", "cli-transfer", os.path.join(work, "missing"))
        check("upload of a missing path: exit 2, nothing sent", code == 2 and "does not exist" in err, (code, err))
        code, out, err = cli(api, "blaxel", "upload", "no-such-sandbox", tree)
        check("upload to an unknown sandbox: exit 1", code == 1 and "error:" in err, (code, err))
        code, out, err = cli(api, "blaxel", "dump", "no-such-sandbox", "--extract", os.path.join(work, "x"))
        check("dump of an unknown sandbox: exit 1, no folder made", code == 1 and not os.path.exists(
            os.path.join(work, "x")), (code, err))
        code, out, err = cli(api, "blaxel", "upload", "cli-transfer", "--", "-odd")
        check("upload -- -odd: a path, missing here: exit 2", code == 2 and "-odd does not exist" in err, (code, err))
        check("transfers leave nothing in TMPDIR", T.temp_leftovers() == [], T.temp_leftovers())
        check_interrupt(api, tree, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def check_interrupt(api, tree, work):
    """Every request waits 3 s, so Ctrl+C lands on the sandbox lookup at 1 s, and inside the transfer
    (its first request to the sandbox) at 4.5 s."""
    base = api[:-len("/v0")]
    T.control(base, "POST", "faults", {"latency_ms": 3000})
    try:
        for when, said in ((1.0, "Cancelled; nothing was transferred."),
                           (4.5, "Cancelled; temporary files were removed.")):
            for name, args in [("upload", ["blaxel", "upload", "cli-transfer", tree]),
                               ("dump --extract", ["blaxel", "dump", "cli-transfer", "--extract",
                                                   os.path.join(work, "interrupted")])]:
                proc = subprocess.Popen([CLI, "--base-url", api, *args], stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, env=blaxel_env())
                time.sleep(when)
                proc.send_signal(signal.SIGINT)
                out, err = proc.communicate(timeout=60)
                check(f"Ctrl+C after {when} s cancels {name} and exits 130",
                      proc.returncode == 130 and said in err, (proc.returncode, out, err))
                check(f"... and leaves nothing in TMPDIR", T.temp_leftovers() == [], T.temp_leftovers())
        check("... and extracts nothing", not os.path.exists(os.path.join(work, "interrupted"))
              or os.listdir(os.path.join(work, "interrupted")) == [])
    finally:
        T.control(base, "POST", "faults", {"latency_ms": 0})


def check_starting_without_hold(tree_parent):
    """An edge that does not hold calls answers 503 while the sandbox deploys: the CLI asks again, saying so."""
    emulator, base = T.start_emulator("--blaxel-transition-ms", "2500", "--blaxel-edge-hold-ms", "0")
    try:
        api = base + "/v0"
        tree = os.path.join(tree_parent, "tree")
        make_tree(tree, EXECUTABLE)
        cli(api, "blaxel", "create", "unheld", "--image", "blaxel/base-image:latest")
        code, out, err = cli(api, "blaxel", "upload", "unheld", tree)
        check("upload while DEPLOYING without a hold: asked again, said on stderr, exit 0",
              code == 0 and "The sandbox is not up yet (HTTP 503" in err and "DEPLOYING" in err
              and out.startswith("Uploaded tree ("), (code, out, err))
        cli(api, "blaxel", "create", "unheld-dump", "--image", "blaxel/base-image:latest")
        code, out, err = cli(api, "blaxel", "dump", "unheld-dump", "--out", os.path.join(tree_parent, "d.tar.gz"))
        check("dump while DEPLOYING without a hold: asked again, exit 0",
              code == 0 and "The sandbox is not up yet (HTTP 503" in err, (code, out, err))
    finally:
        emulator.terminate()
        emulator.wait(timeout=30)


def check_quota():
    emulator, base = T.start_emulator("--blaxel-quota", "1")
    try:
        api = base + "/v0"
        first = cli(api, "blaxel", "create", "first", "--image", "blaxel/base-image:latest", workspace="quota")
        code, out, err = cli(api, "blaxel", "create", "second", "--image", "blaxel/base-image:latest",
                             workspace="quota")
        check("create past the quota: exit 1 with the server's words, no word of the key",
              first[0] == 0 and code == 1 and out == "" and "quota" in err and "server said:" in err
              and "BL_API_KEY" not in err, (first, code, out, err))
    finally:
        emulator.terminate()
        emulator.wait(timeout=30)


def main():
    emulator, base = T.start_emulator("--blaxel-transition-ms", "300", "--blaxel-quota", "200")
    api = base + "/v0"
    try:
        check_list(api)
        check_both_shapes(base, api)
        check_paging(base, api)
        check_get(api)
        check_create(base, api)
        check_secret_from_environment(api)
        check_delete(base, api)
        check_credentials(base, api)
        check_hostile_names(base, api)
        check_usage(api)
        check_transfers(api)
    finally:
        emulator.terminate()
        emulator.wait(timeout=30)
    check_quota()
    work = tempfile.mkdtemp(prefix="cli-blaxel-unheld-")
    try:
        check_starting_without_hold(work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return T.summary()


if __name__ == "__main__":
    sys.exit(main())
