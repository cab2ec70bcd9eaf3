#!/usr/bin/python3
"""`sandboxdeck-cli run ...` and `leaks` against the standalone emulator over real HTTP, with a ledger of the
test's own ($SANDBOXDECK_LEDGER): a 30-sandbox run across 3 servers exported (URL map, .env, mcpServers
configs; every URL answers an MCP initialize), its manifest checked with python3 -m jsonschema and imported
elsewhere, then released; Ctrl+C in the middle of a run (the emulator's latency fault) leaves a consistent
ledger and `run show` says what it holds; a process killed with SIGKILL mid-acquire leaves an open intent
and a leftover that the next `run list`/`run show` finds and `run adopt` keeps; leaks of sandboxes taken
straight through the API and by the CLI's own `acquire` outside any run."""
import hashlib
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request

from clitest import CliTest, make_tree

CLI, EMULATOR, SCHEMA = sys.argv[1], sys.argv[2], sys.argv[3]
KEY = "cli-runs-key"
T = CliTest(CLI, EMULATOR, KEY, "cli-runs")
check, control = T.check, T.control
LEDGER = os.path.join(T.tmp, "..", os.path.basename(T.tmp) + "-ledger.sqlite")


def env(ledger=LEDGER):
    return T.env(KEY, {"SANDBOXDECK_LEDGER": ledger})


def cli(base, *args, ledger=LEDGER, timeout=180):
    done = subprocess.run([CLI, "--base-url", base, *args], capture_output=True, text=True, env=env(ledger),
                          timeout=timeout)
    return done.returncode, done.stdout, done.stderr


def api(base, method, path, body=None):
    request = urllib.request.Request(base + path, method=method,
                                     data=json.dumps(body).encode() if body is not None else None,
                                     headers={"Authorization": "Bearer " + KEY, "Content-Type": "application/json"})
    return json.loads(urllib.request.urlopen(request).read() or b"null")


def tagged(base, tag):
    return [s for s in api(base, "GET", "/sandbox?tag=" + tag)["sandboxes"] if s["status"] == "occupied"]


def mcp_answers(url):
    body = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                       "clientInfo": {"name": "cli_runs", "version": "1"}}}
    request = urllib.request.Request(url, method="POST", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json",
                                              "Accept": "application/json, text/event-stream"})
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            text = reply.read().decode()
        return reply.status == 200 and '"protocolVersion"' in text
    except Exception:  # noqa: BLE001 - any failure is "does not answer"
        return False


def read_stderr_until(proc, needle, limit=60):
    """Lines of a running CLI's stderr until one contains `needle`."""
    lines = []
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        line = proc.stderr.readline()
        if not line:
            break
        lines.append(line)
        if needle in line:
            break
    return "".join(lines)


def check_big_run(base, work):
    urls_out, env_out, mcp_dir = (os.path.join(work, n) for n in ("urls.json", "run.env", "mcp"))
    code, out, err = cli(base, "run", "create", "big-30", "--servers", "github:10,slack:10,jira:10",
                         "--ttl", "3600", "--urls-out", urls_out, "--env-out", env_out, "--mcp-dir", mcp_dir)
    check("run create of 30 sandboxes across 3 servers exits 0", code == 0, (code, err[-500:]))
    check("... printing progress per sandbox", err.count("acquired") == 30 and "[30/30] jira #10" in err, err[-300:])
    check("... and a summary", "30 of 30 sandboxes held" in out, out)
    urls = json.load(open(urls_out))
    check("the URL map names all 30", len(urls["urls"]) == 30 and "github_1" in urls["urls"]
          and "jira_10" in urls["urls"] and len(urls["sandboxes"]) == 30, list(urls["urls"])[:5])
    env_lines = [line for line in open(env_out).read().splitlines() if line and not line.startswith("#")]
    variables = dict(line.split("=", 1) for line in env_lines)
    check("the .env has a variable per sandbox", len(variables) == 31 and "SLACK_7_MCP_URL" in variables,
          list(variables)[:5])
    check("... single-quoted values equal to the URL map's",
          variables["GITHUB_3_MCP_URL"] == "'" + urls["urls"]["github_3"] + "'", variables.get("GITHUB_3_MCP_URL"))
    configs = sorted(os.listdir(mcp_dir))
    config = json.load(open(os.path.join(mcp_dir, "slack_2.json")))
    check("an mcpServers config per sandbox", len(configs) == 30 and
          config["mcpServers"]["slack"]["url"] == urls["urls"]["slack_2"], configs[:3])
    # They hold the sandboxes' MCP URLs, tokens and all: readable by the user alone (0600), whatever the umask.
    modes = {path: oct(os.stat(path).st_mode & 0o777)
             for path in [urls_out, env_out] + [os.path.join(mcp_dir, name) for name in configs]}
    check("the exports are written 0600", set(modes.values()) == {"0o600"},
          {path: mode for path, mode in modes.items() if mode != "0o600"})
    answering = [key for key, url in urls["urls"].items() if mcp_answers(url)]
    check("every exported URL answers an MCP initialize", len(answering) == 30, sorted(set(urls["urls"]) - set(answering)))
    check("the server holds 30 sandboxes tagged big-30", len(tagged(base, "big-30")) == 30)

    code, out, err = cli(base, "run", "list")
    check("run list shows the run open with 30 held",
          code == 0 and any(line.split()[:2] == ["big-30", "open"] and line.split()[-1] == "30" for line in out.splitlines()),
          out)
    first = urls["sandboxes"][0]
    dump = os.path.join(work, "github_1-data.json")
    code, out, err = cli(base, "data", "dump", "github", first["sandbox_id"], "--out", dump)
    check("data dump of a run's sandbox, written 0600", code == 0 and os.path.exists(dump) and
          os.stat(dump).st_mode & 0o777 == 0o600, (code, err, os.path.exists(dump) and oct(os.stat(dump).st_mode)))
    manifest = os.path.join(work, "manifest.json")
    code, out, err = cli(base, "run", "manifest", "big-30", "--out", manifest)
    check("run manifest writes the file", code == 0 and os.path.exists(manifest), err)
    valid = subprocess.run([sys.executable, "-m", "jsonschema", "-i", manifest, SCHEMA], capture_output=True,
                           text=True)
    check("... valid against tests/data/runs/manifest.schema.json (python3 -m jsonschema)",
          valid.returncode == 0, valid.stdout + valid.stderr)
    document = json.load(open(manifest))
    check("... with 30 sandboxes and no key", len(document["sandboxes"]) == 30 and KEY not in open(manifest).read())
    dumped = document["server_data"]
    check("... and the data dump of its sandbox with the file's sha256 and size",
          len(dumped) == 1 and dumped[0]["sandbox_id"] == first["sandbox_id"] and dumped[0]["kind"] == "data-dump"
          and dumped[0]["sha256"] == hashlib.sha256(open(dump, "rb").read()).hexdigest()
          and dumped[0]["bytes"] == os.path.getsize(dump), dumped)
    code, out, err = cli(base, "run", "manifest", "big-30", "--out", manifest)
    check("run manifest never replaces a file without --force", code == 2 and "--force" in err, (code, err))

    other = os.path.join(work, "other-ledger.sqlite")
    code, out, err = cli(base, "run", "import", manifest, ledger=other)
    check("run import reads the manifest into another ledger", code == 0 and "big-30" in out, (code, err))
    code, out, err = cli(base, "run", "show", "big-30", ledger=other)
    check("... where run show lists it as imported, nothing held",
          code == 0 and "imported" in out and "0 of 30 sandboxes" in out, out)
    return urls


def check_release(base, name, count):
    code, out, err = cli(base, "run", "release", name)
    check(f"run release {name} releases all {count}", code == 0 and f"{count} released, 0 failed" in out, (code, out, err[-300:]))
    check("... and the server holds none tagged " + name, tagged(base, name) == [])
    code, out, err = cli(base, "run", "show", name)
    check("... run show says released, 0 held", "released" in out and f"0 of {count} sandboxes" in out, out)


def check_seeds(base, work):
    seeds = os.path.join(work, "seeds.json")
    with open(seeds, "w") as f:
        json.dump({"github": "default"}, f)
    tree = os.path.join(work, "tree")
    make_tree(tree)
    code, out, err = cli(base, "run", "create", "seeded", "--servers", "github:1", "--local", "filesystem,git:1",
                         "--seed-data", seeds, "--seed-workspace", tree)
    check("run create with --seed-data and --seed-workspace seeds each sandbox", code == 0
          and err.count("seeding") == 2 and "2 of 2 sandboxes held" in out, (code, err))
    manifest = os.path.join(work, "seeded.json")
    cli(base, "run", "manifest", "seeded", "--out", manifest)
    document = json.load(open(manifest))
    check("... and its manifest lists the upload and the data initialized",
          [t["kind"] for t in document["transfers"]] == ["upload"] and document["transfers"][0]["bytes"] > 0
          and [d["kind"] for d in document["server_data"]] == ["data-init"], document["transfers"])
    check_release(base, "seeded", 2)


def check_ctrl_c(base):
    control(base, "POST", "faults", {"latency_ms": 300})
    proc = subprocess.Popen([CLI, "--base-url", base, "run", "create", "stopped", "--servers", "github:20"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env())
    read_stderr_until(proc, "[3/20]")
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    control(base, "DELETE", "faults")
    held = len(tagged(base, "stopped"))
    check("Ctrl+C during run create exits 130", proc.returncode == 130, (proc.returncode, err[-300:]))
    check("... after the acquire in flight finished (4 held, nothing more asked)", held == 4, held)
    check("... saying what the run holds and how to release it",
          "holds 4 sandboxes" in err and "run release stopped" in err, err[-300:])
    code, out, err = cli(base, "run", "show", "stopped")
    check("run show lists the 4 it holds, the run cancelled, no interrupted acquire",
          code == 0 and "cancelled" in out and "4 of 4 sandboxes" in out and "interrupted" not in out, out)
    code, out, err = cli(base, "--json", "run", "list")
    listed = json.loads(out)
    check("run list: no open intent, no leftover", listed["open_intents"] == 0 and listed["leftovers"] == [], listed)
    check_release(base, "stopped", 4)


def check_sigkill(base):
    control(base, "POST", "faults", {"latency_ms": 1500})
    proc = subprocess.Popen([CLI, "--base-url", base, "run", "create", "killed", "--servers", "github:5"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env())
    read_stderr_until(proc, "[1/5]")
    time.sleep(0.5)  # the second acquire is out; the emulator took the sandbox and delays the answer
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=30)
    time.sleep(1.2)  # the delayed answer goes nowhere; the sandbox stays occupied
    control(base, "DELETE", "faults")
    check("the server holds the killed process's 2 sandboxes", len(tagged(base, "killed")) == 2)
    code, out, err = cli(base, "run", "list")
    check("the next run list finds the interrupted acquire", "1 acquires were interrupted" in err, err)
    check("... and the leftover on the server", "Left over by interrupted acquires" in out and "killed" in out, out)
    code, out, err = cli(base, "run", "show", "killed")
    check("run show lists 1 held and the leftover", "1 of 1 sandboxes" in out and "run adopt killed" in out, out)
    code, out, err = cli(base, "run", "adopt", "killed")
    check("run adopt keeps it", code == 0 and "1 leftovers adopted" in out, (code, out, err))
    code, out, err = cli(base, "--json", "run", "list")
    check("... leaving no open intent", json.loads(out)["open_intents"] == 0, out)
    check_release(base, "killed", 2)


def check_leaks(base):
    outside = api(base, "POST", "/sandbox/github", {})["sandbox_id"]
    code, out, err = cli(base, "acquire", "slack")
    mine = next(line.split()[3] for line in out.splitlines() if line.startswith("Acquired"))
    code, out, err = cli(base, "--json", "leaks")
    leaks = {leak["sandbox_id"]: leak for leak in json.loads(out)}
    check("leaks finds the sandbox taken straight through the API, unknown to the ledger",
          outside in leaks and leaks[outside]["reasons"] == ["unclaimed"] and not leaks[outside]["known_to_ledger"],
          leaks.get(outside))
    check("... and the CLI's own acquire outside any run, known to the ledger",
          mine in leaks and leaks[mine]["known_to_ledger"], leaks.get(mine))
    check("... but nothing of the open run big-30", not any(leak["run"] == "big-30" for leak in leaks.values()))
    code, out, err = cli(base, "--json", "leaks", "--older-than", "0s")
    check("--older-than 0s adds held-too-long to every held sandbox, the open run's too",
          sum("held-too-long" in leak["reasons"] for leak in json.loads(out)) >= 32, out[:300])
    code, out, err = cli(base, "release", "slack", mine)
    check("release through the CLI", code == 0, err)
    code, out, err = cli(base, "--json", "leaks")
    check("... is recorded: no longer a leak", mine not in {leak["sandbox_id"] for leak in json.loads(out)}, out)
    code, out, err = cli(base, "leaks", "--release")
    check("leaks --release releases the leak", code == 0 and "Released github " + outside in err, (code, err))
    code, out, err = cli(base, "leaks")
    check("... then there are none", code == 0 and "No leaks." in out, out)


def check_usage(base):
    for args, needle in ((["run", "create", "bad name", "--servers", "github:1"], "tag"),
                         (["run", "create", "x", "--servers", "github:10000"], "typo"),
                         (["run", "create", "x"], "needs sandboxes"),
                         (["leaks", "--older-than", "soon"], "duration")):
        code, out, err = cli(base, *args)
        check(f"usage error: {' '.join(args)}", code == 2 and needle in err, (code, err))
    code, out, err = cli(base, "run", "create", "big-30", "--servers", "github:1")
    check("a run name in use is refused, nothing sent", code == 1 and "exists" in err, (code, err))


def main():
    proc, base = T.start_emulator("--idle-per-server", "12")
    work = os.path.join(T.tmp, "..", os.path.basename(T.tmp) + "-work")
    os.makedirs(work, exist_ok=True)
    try:
        check_big_run(base, work)
        check_usage(base)
        check_leaks(base)
        check_seeds(base, work)
        check_ctrl_c(base)
        check_sigkill(base)
        check_release(base, "big-30", 30)
    finally:
        proc.terminate()
        proc.wait()
    return T.summary()


if __name__ == "__main__":
    sys.exit(main())
