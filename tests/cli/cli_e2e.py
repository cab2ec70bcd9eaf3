#!/usr/bin/python3
"""sandboxdeck-cli end to end against the sandboxdeck-emulator binary: output, --json and exit codes."""
import json
import os
import subprocess
import sys
import tempfile
import urllib.request

CLI, EMULATOR = sys.argv[1], sys.argv[2]
KEY = "cli-test-key"
checks = {"passed": 0, "failed": 0}


def start_emulator(*extra):
    proc = subprocess.Popen([EMULATOR, "--port", "0", "--api-key", KEY, *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = proc.stdout.readline().strip()
    assert first.startswith("listening on http://127.0.0.1:"), first
    return proc, first.split("listening on ")[1]


def cli(base, *args, key=KEY, env_extra=None):
    env = dict(os.environ)
    env.pop("KLAVIS_API_KEY", None)
    if key is not None:
        env["KLAVIS_API_KEY"] = key
    env.update(env_extra or {})
    done = subprocess.run([CLI, "--base-url", base, *args], capture_output=True, text=True, env=env, timeout=60)
    return done.returncode, done.stdout, done.stderr


def check(name, condition, detail=""):
    if condition:
        checks["passed"] += 1
        print(f"PASS   : {name}")
    else:
        checks["failed"] += 1
        print(f"FAIL!  : {name} {detail}")


def faults(base, **settings):
    request = urllib.request.Request(base + "/_emulator/faults", data=json.dumps(settings).encode(),
                                     headers={"Authorization": "Bearer " + KEY, "Content-Type": "application/json"},
                                     method="POST")
    urllib.request.urlopen(request).read()


def main():
    proc, base = start_emulator()
    try:
        code, out, err = cli(base, "list")
        check("list exits 0", code == 0, err)
        check("list prints a table", "SERVER" in out and "SANDBOX ID" in out and "STATUS" in out, out[:300])
        check("list prints a count", " sandboxes" in out.splitlines()[-1], out[-200:])

        code, out, err = cli(base, "--json", "list", "--server", "github")
        listed = json.loads(out)
        check("--json list has the API's fields", code == 0 and "sandboxes" in listed and "total_count" in listed)
        check("--server filters", listed["sandboxes"] and all(s["server_name"] == "github" for s in listed["sandboxes"]))

        code, out, err = cli(base, "--json", "acquire", "github", "--benchmark", "MCP_Atlas", "--tag", "cli-e2e", "--ttl", "600")
        acquired = json.loads(out) if code == 0 else {}
        check("acquire exits 0 with server_urls", code == 0 and "server_urls" in acquired, err)
        sandbox_id = acquired.get("sandbox_id", "")

        code, out, err = cli(base, "list", "--tag", "cli-e2e")
        check("list --tag finds the acquired one", code == 0 and sandbox_id in out, out)

        code, out, err = cli(base, "get", "github", sandbox_id)
        check("get shows fields", code == 0 and "Status:" in out and "occupied" in out and "MCP URL" in out, out)
        check("get masks secrets by default", "(--show-secrets)" in out or "Auth data:" in out, out)
        code, out_revealed, err = cli(base, "--json", "get", "github", sandbox_id)
        details = json.loads(out_revealed)
        secret_values = [str(v) for v in (details.get("auth_data") or {}).values()]
        check("masked output hides auth_data values", all(v not in out for v in secret_values), out)

        code, out, err = cli(base, "reset", "github", sandbox_id)
        check("reset exits 0", code == 0, err)
        code, out, err = cli(base, "release", "github", sandbox_id)
        check("release exits 0", code == 0 and "Released" in out, err)

        code, out, err = cli(base, "prepare", "--benchmark", "Toolathlon")
        check("prepare exits 0", code == 0, err)

        code, out, err = cli(base, "get", "github", "00000000-0000-0000-0000-000000000000")
        check("unknown id exits 1 with a sentence", code == 1 and "Not found" in err and "server said:" in err, err)

        code, out, err = cli(base, "acquire", "no-such-server")
        check("422 exits 1 with the server's detail", code == 1 and "server_name" in err, err)

        code, out, err = cli(base, "list", key=None)
        check("missing key exits 1 and says so", code == 1 and "API key is missing" in err, err)
        code, out, err = cli(base, "list", key="wrong")
        check("wrong key exits 1 and says so", code == 1 and "refused" in err and "wrong" not in err, err)

        code, out, err = cli(base, "list", "--ttl", "5")
        check("usage error exits 2", code == 2, err)
        code, out, err = cli(base, "acquire", "github", "--ttl", "30")
        check("ttl out of range is a usage error", code == 2 and "60" in err, err)
        code, out, err = cli(base, "frobnicate")
        check("unknown command exits 2", code == 2 and "unknown command" in err, err)
        code, out, err = cli(base, "local", "acquire")
        check("local acquire without --servers exits 2", code == 2, err)

        code, out, err = cli(base, "local", "list")
        check("local list", code == 0 and "LOCAL SANDBOX ID" in out, out)
        code, out, err = cli(base, "--json", "local", "acquire", "--servers", "filesystem,git")
        local = json.loads(out) if code == 0 else {}
        check("local acquire", code == 0 and len(local.get("servers", [])) == 2, err)
        local_id = local.get("local_sandbox_id", "")
        code, out, err = cli(base, "local", "get", local_id)
        check("local get lists servers", code == 0 and "filesystem" in out and "git" in out, out)
        code, out, err = cli(base, "local", "reset", local_id)
        check("local reset", code == 0, err)
        code, out, err = cli(base, "local", "release", local_id)
        check("local release", code == 0, err)
        code, out, err = cli(base, "--json", "local", "acquire", "--servers", "ALL")
        check("local acquire ALL", code == 0 and len(json.loads(out)["servers"]) == 16, err)

        faults(base, fail_next_requests=1)
        code, out, err = cli(base, "list")
        check("a 500 is retried and the list still arrives", code == 0 and "retrying" in err, err)
        faults(base, fail_next_requests=3)
        code, out, err = cli(base, "list")
        check("three 500s exit 1", code == 1 and "HTTP 500" in err, err)
        faults(base, fail_next_requests=1)
        code, out, err = cli(base, "acquire", "github")
        check("acquire after a 500 is not retried and warns about leaks", code == 1 and "retrying" not in err
              and "may have gone through" in err, err)
    finally:
        proc.kill()
        proc.wait()

    code, out, err = cli(base, "list")
    check("emulator gone: network error exits 1", code == 1 and "Could not reach" in err, err)

    print(f"{checks['passed']} passed, {checks['failed']} failed")
    return 1 if checks["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
