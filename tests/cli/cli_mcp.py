#!/usr/bin/python3
"""sandboxdeck-cli's `mcp` and `data` commands end to end.

First against a small MCP server written here (Streamable HTTP, JSON and SSE replies, one session id): what
the CLI prints for each kind of result (text made safe, images by type and size, structured content,
isError on stderr with exit 1), --arg typed by the tool's schema, bad arguments refused before any call
(exit 2), Ctrl+C during a call (notifications/cancelled sent, exit 130), the URL policy (exit 2), and the
session ended with DELETE. Then against the sandboxdeck-emulator binary: acquire github, seed its data,
list and call its tools through --sandbox, see the change in the dump, reset, and compare the dumps."""
import base64
import http.server
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

from clitest import CliTest

CLI, EMULATOR = sys.argv[1], sys.argv[2]
KEY = "cli-mcp-test-key"
T = CliTest(CLI, EMULATOR, KEY, "cli-mcp")
check = T.check

PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")
TOOLS = [
    {"name": "echo", "description": "Echo a text back\nsecond line", "annotations": {"readOnlyHint": True},
     "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}},
    {"name": "typed", "description": "Returns its arguments as structured content",
     "inputSchema": {"type": "object", "properties": {
         "count": {"type": "integer"}, "ratio": {"type": "number"}, "flag": {"type": "boolean"},
         "name": {"type": ["string", "null"]}, "tags": {"type": "array", "items": {"type": "string"}},
         "meta": {"anyOf": [{"type": "object"}, {"type": "null"}]}}}},
    {"name": "picture", "description": "A 1x1 PNG", "inputSchema": {"type": "object"}},
    {"name": "fail", "description": "Always fails", "inputSchema": {"type": "object"}},
    {"name": "slow", "description": "Takes 20 s unless cancelled", "inputSchema": {"type": "object"}},
    {"name": "evil", "description": "Text with terminal escapes \x1b]0;owned\x07", "inputSchema": {"type": "object"}},
]
SESSION = "session-cli-mcp-1"


class McpServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), McpHandler)
        self.received = []  # (http method, JSON-RPC method or None, params, headers)
        self.cancelled = threading.Event()

    def methods(self):
        return [r[1] for r in self.received]


class McpHandler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, body=b"", content_type="application/json", headers=None):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Mcp-Session-Id", SESSION)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # a client that cancelled has gone

    def do_DELETE(self):
        self.server.received.append(("DELETE", None, None, dict(self.headers)))
        self.reply(200)

    def do_GET(self):
        self.reply(405)

    def do_POST(self):
        message = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        method, params = message.get("method"), message.get("params", {})
        self.server.received.append(("POST", method, params, dict(self.headers)))
        if "id" not in message:
            if method == "notifications/cancelled":
                self.server.cancelled.set()
            return self.reply(202)
        if method == "initialize":
            result = {"protocolVersion": params.get("protocolVersion"), "capabilities": {"tools": {"listChanged": True}},
                      "serverInfo": {"name": "py-test", "version": "1.2.3"}, "instructions": "Be kind.\nTwo lines."}
        elif method == "tools/list":
            result = {"tools": TOOLS}
        elif method == "ping":
            result = {}
        elif method == "tools/call":
            result = self.call(params["name"], params.get("arguments", {}))
            if params["name"] == "evil":
                # As an SSE stream, split over two events: a notification first, then the result.
                events = ('event: message\ndata: {"jsonrpc":"2.0","method":"notifications/message",'
                          '"params":{"level":"info","data":"x"}}\n\n'
                          f"id: 1\ndata: {json.dumps({'jsonrpc': '2.0', 'id': message['id'], 'result': result})}\n\n")
                return self.reply(200, events.encode(), "text/event-stream")
        else:
            return self.reply(200, json.dumps({"jsonrpc": "2.0", "id": message["id"],
                                               "error": {"code": -32601, "message": "no such method"}}).encode())
        self.reply(200, json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": result}).encode())

    def call(self, name, arguments):
        if name == "echo":
            return {"content": [{"type": "text", "text": arguments.get("text", "")}]}
        if name == "typed":
            return {"content": [], "structuredContent": {"received": arguments}}
        if name == "picture":
            return {"content": [{"type": "text", "text": "here:"},
                                {"type": "image", "mimeType": "image/png", "data": base64.b64encode(PNG).decode()}]}
        if name == "fail":
            return {"content": [{"type": "text", "text": "the repository does not exist"}], "isError": True}
        if name == "slow":
            self.server.cancelled.wait(20)
            return {"content": [{"type": "text", "text": "slow done"}]}
        if name == "evil":
            return {"content": [{"type": "text", "text": "before\x1b[2J\x1b]0;owned\x07after\u202eRTL"}]}
        return {"content": [{"type": "text", "text": f"unknown tool {name}"}], "isError": True}


def cli(*args, env_extra=None, key=None):
    done = subprocess.run([CLI, *args], capture_output=True, text=True, env=T.env(key, env_extra), timeout=60)
    return done.returncode, done.stdout, done.stderr


def calls_of(server, tool):
    return [r[2].get("arguments") for r in server.received if r[1] == "tools/call" and r[2]["name"] == tool]


def test_against_own_server():
    server = McpServer()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/mcp"
    try:
        code, out, err = cli("mcp", "info", url)
        check("mcp info: name, version, protocol, session, capabilities, instructions",
              code == 0 and "py-test" in out and "1.2.3" in out and "2025-" in out and "kept by the server" in out
              and "tools (listChanged)" in out and "Be kind.\nTwo lines." in out, (code, out, err))
        check("mcp info: initialize, notifications/initialized, then DELETE with the session id",
              server.methods()[:2] == ["initialize", "notifications/initialized"]
              and server.received[-1][0] == "DELETE" and server.received[-1][3].get("Mcp-Session-Id") == SESSION,
              [(r[0], r[1]) for r in server.received])
        code, out, err = cli("--json", "mcp", "info", url)
        check("mcp info --json: the initialize result", code == 0 and json.loads(out)["serverInfo"]["name"] == "py-test",
              (code, out, err))

        code, out, err = cli("mcp", "tools", url)
        check("mcp tools: every tool, first line of its description, hints",
              code == 0 and all(t["name"] in out for t in TOOLS) and "second line" not in out and "read-only" in out
              and "6 tools" in out, (code, out, err))
        check("mcp tools: a description's escape sequence is shown, not acted on",
              "\x1b" not in out and "\\x1b]0;owned" in out, out)
        code, out, err = cli("--json", "mcp", "tools", url)
        check("mcp tools --json: the tools as sent", code == 0 and json.loads(out) == TOOLS, (code, out[:200], err))

        code, out, err = cli("mcp", "call", url, "echo", "--arg", "text=hello world")
        check("mcp call: text content printed", code == 0 and out == "hello world\n", (code, out, err))
        code, out, err = cli("mcp", "call", url, "typed", "--arg", "count=5", "--arg", "ratio=2.5", "--arg", "flag=true",
                             "--arg", "name=5", "--arg", "tags=[\"a\",\"b\"]", "--arg", "meta={\"k\":1}",
                             "--arg", "extra=7")
        typed = calls_of(server, "typed")
        check("mcp call --arg: each value typed by the input schema (unknown names as text)",
              code == 0 and typed[-1:] == [{"count": 5, "ratio": 2.5, "flag": True, "name": "5", "tags": ["a", "b"],
                                            "meta": {"k": 1}, "extra": "7"}], (code, typed, err))
        check("mcp call: structured content printed as JSON", '"received"' in out and '"count": 5' in out, out)
        before = len(server.received)
        for bad, what in ((["--arg", "count=5x"], "not an integer"), (["--arg", "ratio=abc"], "not a number"),
                          (["--arg", "flag=yes"], "not true or false"), (["--arg", "tags={}"], "JSON")):
            code, out, err = cli("mcp", "call", url, "typed", *bad)
            check(f"mcp call {' '.join(bad)}: exit 2, {what}", code == 2 and what in err, (code, err))
        check("... and the tool was never called", calls_of(server, "typed") == typed,
              [r[1] for r in server.received[before:]])
        code, out, err = cli("mcp", "call", url, "nope", "--arg", "a=1")
        check("mcp call of an unknown tool with --arg: exit 2", code == 2 and "no tool 'nope'" in err, (code, err))
        for bad in (["--args", "[1]"], ["--args", "{not json"], ["--args", "{}", "--arg", "a=1"], ["--arg", "novalue"]):
            code, out, err = cli("mcp", "call", url, "echo", *bad)
            check(f"mcp call {' '.join(bad)}: usage error, exit 2", code == 2 and out == "", (code, err))
        code, out, err = cli("mcp", "call", url, "echo", "--args", '{"text": "from --args"}')
        check("mcp call --args: sent as given", code == 0 and out == "from --args\n", (code, out, err))

        code, out, err = cli("mcp", "call", url, "picture")
        check("mcp call: an image as [type, N bytes]", code == 0 and out == f"here:\n[image/png, {len(PNG)} bytes]\n",
              (code, out, err))
        code, out, err = cli("mcp", "call", url, "fail")
        check("mcp call: isError exits 1 with the text on stderr",
              code == 1 and out == "" and "the repository does not exist" in err, (code, out, err))
        code, out, err = cli("--json", "mcp", "call", url, "fail")
        check("mcp call --json: the raw result, still exit 1", code == 1 and json.loads(out)["isError"] is True,
              (code, out, err))
        code, out, err = cli("mcp", "call", url, "evil")
        check("mcp call: an SSE reply, controls and bidi overrides escaped",
              code == 0 and "\x1b" not in out and "\x07" not in out and "\u202e" not in out
              and "before\\x1b[2J" in out and "after\\u202eRTL" in out, (code, out, err))

        code, out, err = cli("mcp", "ping", url)
        check("mcp ping", code == 0 and "py-test answered a ping in" in out, (code, out, err))

        # Ctrl+C while the tool runs: the request is cancelled on the server too.
        server.cancelled.clear()
        proc = subprocess.Popen([CLI, "mcp", "call", url, "slow"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, env=T.env(None))
        deadline = time.monotonic() + 20
        while not calls_of(server, "slow") and time.monotonic() < deadline:
            time.sleep(0.05)
        started = time.monotonic()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
        check("Ctrl+C during mcp call: exit 130 at once", proc.returncode == 130 and time.monotonic() - started < 5,
              (proc.returncode, out, err))
        check("... and notifications/cancelled reached the server", server.cancelled.wait(5), server.methods()[-4:])
    finally:
        server.shutdown()
        server.server_close()

    code, out, err = cli("mcp", "tools", "http://example.com/mcp")
    check("mcp tools over plain http to another machine: refused, exit 2",
          code == 2 and "https" in err.lower(), (code, err))
    code, out, err = cli("mcp", "ping", f"http://127.0.0.1:{server.server_address[1]}/mcp")
    check("mcp ping to a server that is gone: exit 1", code == 1 and "error:" in err, (code, err))


def emulator_cli(base, *args):
    return cli("--base-url", base, *args, key=KEY)


def test_data_over_emulator():
    proc, base = T.start_emulator()
    work = tempfile.mkdtemp(prefix="cli-mcp-files-")
    try:
        code, out, err = emulator_cli(base, "--json", "acquire", "github")
        sandbox = json.loads(out)["sandbox_id"] if code == 0 else ""
        check("acquire github", code == 0 and sandbox, (code, err))
        empty = os.path.join(work, "empty.json")
        seeded = os.path.join(work, "seeded.json")
        code, out, err = emulator_cli(base, "data", "dump", "github", sandbox, "--out", empty)
        check("data dump --out of a fresh sandbox", code == 0 and os.path.exists(empty) and json.load(open(empty)) == {},
              (code, out, err))
        code, out, err = emulator_cli(base, "data", "dump", "github", sandbox, "--out", empty)
        check("data dump --out onto an existing file without --force: exit 2", code == 2 and "--force" in err, (code, err))
        code, out, err = emulator_cli(base, "data", "init", "github", sandbox, "--default")
        check("data init --default", code == 0 and "Initialized the github data" in out, (code, out, err))
        code, out, err = emulator_cli(base, "data", "dump", "github", sandbox, "--out", seeded, "--force")
        data = json.load(open(seeded)) if code == 0 else {}
        check("data dump after init shows the default data", code == 0 and len(data.get("repos", [])) >= 1,
              (code, err, str(data)[:200]))
        code, out, err = emulator_cli(base, "--json", "data", "dump", "github", sandbox)
        reply = json.loads(out) if code == 0 else {}
        check("data dump --json: the whole reply", reply.get("sandbox_id") == sandbox and reply.get("data") == data
              and "dumped_at" in reply, (code, out[:200], err))

        code, out, err = emulator_cli(base, "data", "diff", empty, seeded)
        check("data diff of before/after seeding: exit 1, the additions listed",
              code == 1 and "+ $.repos: [" in out and "1 difference\n" in out, (code, out[:300], err))
        code, out, err = emulator_cli(base, "data", "diff", seeded, seeded)
        check("data diff of a dump with itself: exit 0", code == 0 and out == "No differences.\n", (code, out, err))
        whole = os.path.join(work, "whole.json")
        with open(whole, "w") as f:
            json.dump(reply, f)
        code, out, err = emulator_cli(base, "data", "diff", seeded, whole)
        check("data diff compares a whole reply by its data", code == 0, (code, out[:300], err))

        bad = os.path.join(work, "bad.json")
        with open(bad, "w") as f:
            json.dump({"repos": [{"name": 5}]}, f)
        code, out, err = emulator_cli(base, "data", "init", "github", sandbox, "--file", bad)
        check("data init with a body the schema refuses: exit 1, each field by its path",
              code == 1 and "$.repos[0].name:" in err, (code, err))
        with open(bad, "w") as f:
            f.write("{not json")
        code, out, err = emulator_cli(base, "data", "init", "github", sandbox, "--file", bad)
        check("data init with a file that is not JSON: exit 2, nothing sent", code == 2 and "not JSON" in err, (code, err))

        code, out, err = emulator_cli(base, "reset", "github", sandbox)
        code, out, err = emulator_cli(base, "data", "dump", "github", sandbox)
        check("data dump after reset is empty again", code == 0 and json.loads(out) == {}, (code, out[:200], err))
        code, out, err = emulator_cli(base, "data", "dump", "github", "00000000-0000-0000-0000-000000000000")
        check("data dump of an unknown sandbox: exit 1", code == 1 and "error:" in err, (code, err))
        check("the CLI left nothing in its TMPDIR", T.temp_leftovers() == [], T.temp_leftovers())
    finally:
        shutil.rmtree(work, ignore_errors=True)
        proc.terminate()
        proc.wait(timeout=10)


def test_mcp_over_emulator():
    """The issue's round trip: seed -> a tool call changes the data -> the dump shows it -> reset empties it."""
    proc, base = T.start_emulator()
    work = tempfile.mkdtemp(prefix="cli-mcp-round-")
    try:
        code, out, err = emulator_cli(base, "--json", "acquire", "github")
        sandbox = json.loads(out)["sandbox_id"] if code == 0 else ""
        code, out, err = emulator_cli(base, "data", "init", "github", sandbox, "--default")
        check("round trip: data init --default", code == 0, (code, err))
        before = os.path.join(work, "before.json")
        after = os.path.join(work, "after.json")
        code, out, err = emulator_cli(base, "data", "dump", "github", sandbox, "--out", before)
        seeded = json.load(open(before)) if code == 0 else {}
        repo = seeded.get("repos", [{}])[0].get("name", "")
        check("round trip: the seeded dump names a repository", code == 0 and repo, (code, err))

        code, out, err = emulator_cli(base, "mcp", "tools", "--sandbox", "github", sandbox)
        check("mcp tools --sandbox github ID: the emulator's github tools",
              code == 0 and "create_issue" in out and "list_issues" in out, (code, out, err))
        code, out, err = emulator_cli(base, "mcp", "info", "--sandbox", "github", sandbox)
        check("mcp info --sandbox: a stateless server", code == 0 and "none (stateless)" in out, (code, out, err))
        code, out, err = emulator_cli(base, "mcp", "call", "--sandbox", "github", sandbox, "create_issue",
                                      "--arg", f"repo={repo}", "--arg", "title=Found by the agent",
                                      "--arg", 'labels=["bug"]')
        check("mcp call --sandbox github ID create_issue", code == 0 and f"in {repo}" in out, (code, out, err))
        code, out, err = emulator_cli(base, "data", "dump", "github", sandbox, "--out", after)
        issues = [issue for r in (json.load(open(after)) if code == 0 else {}).get("repos", [])
                  for issue in r.get("issues", [])]
        check("round trip: the dump shows the new issue, its labels an array as --arg typed them",
              [i.get("labels") for i in issues if i.get("issue_title") == "Found by the agent"] == [["bug"]], issues)
        code, out, err = emulator_cli(base, "data", "diff", before, after)
        added = [line for line in out.splitlines() if line.startswith("+ ")]
        check("data diff before/after: the issue as one addition, with its path",
              code == 1 and len(added) == 1 and ".issues[" in added[0] and "Found by the agent" in added[0],
              (code, out, err))
        code, out, err = emulator_cli(base, "mcp", "call", "--sandbox", "github", sandbox, "create_issue",
                                      "--args", "{not json")
        check("mcp call with bad --args: exit 2", code == 2, (code, err))

        emulator_cli(base, "reset", "github", sandbox)
        code, out, err = emulator_cli(base, "data", "dump", "github", sandbox)
        check("round trip: after reset the dump is empty again", code == 0 and json.loads(out) == {}, (code, out, err))

        code, out, err = emulator_cli(base, "--json", "local", "acquire", "--servers", "filesystem")
        local = json.loads(out)["local_sandbox_id"] if code == 0 else ""
        code, out, err = emulator_cli(base, "mcp", "tools", "--local", local, "filesystem")
        check("mcp tools --local ID filesystem", code == 0 and "tools" in out and "TOOL" in out, (code, out, err))
        code, out, err = emulator_cli(base, "mcp", "tools", "--local", local, "git")
        check("mcp tools --local ID with a server it does not run: exit 1, the servers named",
              code == 1 and "filesystem" in err, (code, err))
        code, out, err = emulator_cli(base, "mcp", "tools", "--sandbox", "github", "00000000-0000-0000-0000-000000000000")
        check("mcp tools --sandbox of an unknown sandbox: exit 1", code == 1 and "error:" in err, (code, err))
    finally:
        shutil.rmtree(work, ignore_errors=True)
        proc.terminate()
        proc.wait(timeout=10)


def test_mcp_diff_over_emulator():
    """mcp diff: github sandboxes acquired for different benchmarks differ as the emulator documents (MCP_Atlas
    hides the write tools, Toolathlon re-describes them); a saved list against its own sandbox is the same."""
    proc, base = T.start_emulator()
    work = tempfile.mkdtemp(prefix="cli-mcp-diff-")
    try:
        ids = {}
        for benchmark in ("", "MCP_Atlas", "Toolathlon"):
            extra = ("--benchmark", benchmark) if benchmark else ()
            code, out, err = emulator_cli(base, "--json", "acquire", "github", *extra)
            ids[benchmark] = json.loads(out)["sandbox_id"] if code == 0 else ""
            check(f"acquire github for {benchmark or 'no benchmark'}", code == 0 and ids[benchmark], (code, err))
        plain, atlas, toolathlon = (f"sandbox:github/{ids[b]}" for b in ("", "MCP_Atlas", "Toolathlon"))

        code, out, err = emulator_cli(base, "--json", "mcp", "tools", "--sandbox", "github", ids[""])
        tools = json.loads(out) if code == 0 else []
        write_tools = sorted(t["name"] for t in tools if not t.get("annotations", {}).get("readOnlyHint", True))
        check("the github tool set has write tools", "create_issue" in write_tools, write_tools)
        saved = os.path.join(work, "github-tools.json")
        with open(saved, "w") as f:
            f.write(out)

        code, out, err = emulator_cli(base, "mcp", "diff", saved, plain)
        check("mcp diff of a saved list and its own sandbox: exit 0, the same",
              code == 0 and out.startswith("The tool lists are the same ("), (code, out, err))
        code, out, err = emulator_cli(base, "mcp", "diff", plain, atlas)
        only_in_a = [line[4:] for line in out.splitlines() if line.startswith("  - ")]
        check("mcp diff no benchmark -> MCP_Atlas: exit 1, exactly the write tools only in A",
              code == 1 and "Only in A (" in out and sorted(only_in_a) == write_tools and "Only in B" not in out,
              (code, out, err))
        code, out, err = emulator_cli(base, "--json", "mcp", "diff", plain, toolathlon)
        report = json.loads(out) if out else {}
        changed = report.get("changed", [])
        check("mcp diff --json no benchmark -> Toolathlon: the write tools' descriptions changed",
              code == 1 and report.get("same") is False and sorted(c["name"] for c in changed) == write_tools
              and all(c["parts"][0]["part"] == "description"
                      and c["parts"][0]["differences"][0]["path"] == "$.description"
                      and "Toolathlon grades" in c["parts"][0]["differences"][0]["new"] for c in changed),
              (code, out[:400], err))
        code, out, err = emulator_cli(base, "mcp", "diff", plain, toolathlon)
        check("mcp diff text: each changed tool, its part and the JSON path",
              code == 1 and "  ~ create_issue: description\n" in out and "~ $.description: " in out, (code, out, err))

        # A schema changed by hand in the saved list: the path of the change is named.
        edited = json.loads(open(saved).read())
        for tool in edited:
            if tool["name"] == "create_issue":
                tool["inputSchema"]["properties"]["title"]["type"] = "integer"
        hand = os.path.join(work, "edited.json")
        with open(hand, "w") as f:
            json.dump({"tools": edited}, f)
        code, out, err = emulator_cli(base, "mcp", "diff", plain, hand)
        check("mcp diff against a tools/list result edited by hand: the schema path",
              code == 1 and '~ $.inputSchema.properties.title.type: "string" -> "integer"' in out, (code, out, err))

        code, out, err = emulator_cli(base, "--json", "local", "acquire", "--servers", "filesystem")
        local = json.loads(out)["local_sandbox_id"] if code == 0 else ""
        code, out, err = emulator_cli(base, "mcp", "diff", f"local:{local}/filesystem", plain)
        check("mcp diff local:ID/SERVER against a sandbox: exit 1", code == 1 and "Only in A (" in out, (code, out, err))

        code, out, err = emulator_cli(base, "mcp", "diff", saved, "sandbox:github")
        check("mcp diff with a malformed sandbox operand: exit 2", code == 2 and "sandbox:SERVER/ID" in err, (code, err))
        code, out, err = emulator_cli(base, "mcp", "diff", saved, "sandbox:github/00000000-0000-0000-0000-000000000000")
        check("mcp diff with an unknown sandbox: exit 2", code == 2 and "error:" in err, (code, err))
        code, out, err = emulator_cli(base, "mcp", "diff", saved, os.path.join(work, "missing.json"))
        check("mcp diff with a missing file: exit 2", code == 2 and "cannot read" in err, (code, err))
        with open(hand, "w") as f:
            json.dump([{"title": "no name"}], f)
        code, out, err = emulator_cli(base, "mcp", "diff", saved, hand)
        check("mcp diff with a tool without a name: exit 2", code == 2 and "has no name" in err, (code, err))
        code, out, err = emulator_cli(base, "mcp", "diff", saved, "http://192.0.2.1/mcp")
        check("mcp diff to plain http off this machine: refused, exit 2", code == 2 and "https" in err.lower(), (code, err))
        code, out, err = emulator_cli(base, "mcp", "diff", saved)
        check("mcp diff with one operand: a usage error, exit 2", code == 2, (code, err))
    finally:
        shutil.rmtree(work, ignore_errors=True)
        proc.terminate()
        proc.wait(timeout=10)


def main():
    test_against_own_server()
    test_data_over_emulator()
    test_mcp_over_emulator()
    test_mcp_diff_over_emulator()
    return T.summary()


if __name__ == "__main__":
    sys.exit(main())
