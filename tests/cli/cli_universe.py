#!/usr/bin/python3
"""`sandboxdeck-cli universe ...` against the standalone emulator over real HTTP, with a ledger of the test's own
($SANDBOXDECK_LEDGER): list and data (whole and one service's), a task's details and its bare prompt, an
instance acquired in a run with its mcpServers config, the task done through `mcp call` at the instance's URL
and verified (exit 0 PASSED, exit 1 FAILED before), released and taken again (reset: FAILED again), the
instance in `run show`, the manifest and `leaks`, and `run release` giving back an instance acquired with --run.
Usage errors exit 2, API errors 1, and `universe verify` 2 on trouble."""
import json
import os
import re
import subprocess
import sys

from clitest import CliTest

CLI, EMULATOR = sys.argv[1], sys.argv[2]
KEY = "cli-universe-key"
T = CliTest(CLI, EMULATOR, KEY, "cli-universe")
check = T.check
LEDGER = os.path.join(T.tmp, "..", os.path.basename(T.tmp) + "-ledger.sqlite")
UNIVERSE = "acme-software"
# Task 2 of the seeded universe: announce v2.4.0 in #releases (its prompt says what to do).
TASK = "2"


def cli(base, *args):
    done = subprocess.run([CLI, "--base-url", base, *args], capture_output=True, text=True,
                          env=T.env(KEY, {"SANDBOXDECK_LEDGER": LEDGER}), timeout=60)
    return done.returncode, done.stdout, done.stderr


def acquire(base, *extra):
    code, out, err = cli(base, "universe", "acquire", UNIVERSE, *extra)
    found = re.search(r"Acquired instance (\S+) of universe", out)
    return code, (found.group(1) if found else None), out, err


def check_usage(base):
    for args, needle in ((["universe"], "needs a command"),
                         (["universe", "verify", "only-one"], "no N"),
                         (["universe", "acquire", UNIVERSE, "--run", "bad name"], "tag"),
                         (["universe", "task", UNIVERSE, "1", "--no-such"], "--no-such")):
        code, out, err = cli(base, *args)
        check(f"usage error: {' '.join(args)}", code == 2 and needle in err, (code, err))
    code, out, err = cli(base, "universe", "--help")
    check("universe --help lists the six commands",
          code == 0 and all(f"universe {c}" in out for c in ("list", "data", "acquire", "release", "task",
                                                              "verify")), out)


def check_reading(base):
    code, out, err = cli(base, "universe", "list")
    check("universe list: a table with the seeded universe", code == 0 and UNIVERSE in out and "TASKS" in out,
          (code, out, err))
    code, out, err = cli(base, "--json", "universe", "list")
    universes = json.loads(out)["universes"] if code == 0 else []
    seeded = [u for u in universes if u["universe_id"] == UNIVERSE]
    check("universe list --json: the reply as sent", len(seeded) == 1 and TASK in seeded[0]["task_nums"], out)
    if seeded:
        row = next(line for line in cli(base, "universe", "list")[1].splitlines() if line.startswith(UNIVERSE))
        check("the table counts tasks and personas",
              row.split()[-2:] == [str(len(seeded[0]["task_nums"])), str(len(seeded[0]["personas"]))], row)

    code, out, err = cli(base, "universe", "data", UNIVERSE)
    data = json.loads(out) if code == 0 else {}
    check("universe data: indented JSON of every service", code == 0 and "slack" in data and "\n    " in out,
          (code, err))
    code, out, err = cli(base, "universe", "data", UNIVERSE, "--service", "slack")
    check("universe data --service: that service's data alone", code == 0 and json.loads(out) == data.get("slack"),
          (code, err))
    code, out, err = cli(base, "universe", "data", UNIVERSE, "--service", "nope")
    check("an unknown service is an error naming the others", code == 1 and "slack" in err, (code, err))
    code, out, err = cli(base, "universe", "data", "no-such-universe")
    check("an unknown universe: exit 1", code == 1 and "not found" in err.lower(), (code, err))

    code, out, err = cli(base, "--json", "universe", "task", UNIVERSE, TASK)
    task = json.loads(out) if code == 0 else {}
    code, out, err = cli(base, "universe", "task", UNIVERSE, TASK)
    check("universe task: every detail",
          code == 0 and task.get("title", "?") in out and task.get("verification_rationale", "?") in out
          and "Difficulty:" in out, (code, out, err))
    code, out, err = cli(base, "universe", "task", UNIVERSE, TASK, "--prompt")
    check("universe task --prompt: the prompt alone, ready to pipe", code == 0 and out == task.get("prompt") + "\n",
          (code, out))
    code, out, err = cli(base, "universe", "task", UNIVERSE, "999")
    check("an unknown task: exit 1", code == 1, (code, err))


def do_task(base, config_file):
    with open(config_file) as f:
        slack = json.load(f)["mcpServers"]["slack"]["url"]
    return cli(base, "mcp", "call", slack, "post_message", "--arg", "channel=#releases",
               "--arg", "text=Storefront v2.4.0 is out: faster product search.")


def check_grading(base):
    config_file = os.path.join(T.tmp, "..", os.path.basename(T.tmp) + "-mcp.json")
    code, instance, out, err = acquire(base, "--run", "grade-1", "--mcp-config", config_file)
    check("universe acquire --run: the instance and its MCP URLs", code == 0 and instance and "MCP URL:" in out,
          (code, out, err))
    if not instance:
        return
    with open(config_file) as f:
        servers = json.load(f)["mcpServers"]
    check("--mcp-config: an mcpServers config with every service's URL",
          set(servers) >= {"slack"} and all(instance in s["url"] for s in servers.values()), servers)

    code, out, err = cli(base, "universe", "verify", instance, TASK)
    check("verify before the task: FAILED with the reason, exit 1",
          code == 1 and out.startswith("FAILED: ") and len(out.strip()) > len("FAILED: "), (code, out, err))
    code, out, err = do_task(base, config_file)
    check("the task done through mcp call at the instance's URL", code == 0, (code, out, err))
    code, out, err = cli(base, "universe", "verify", instance, TASK)
    check("verify after the task: PASSED, exit 0", code == 0 and out == "PASSED\n", (code, out, err))
    code, out, err = cli(base, "--json", "universe", "verify", instance, TASK)
    check("verify --json: the reply", code == 0 and json.loads(out)["passed"] is True, (code, out))

    code, out, err = cli(base, "run", "show", "grade-1")
    check("run show lists the instance as klavis-universe",
          code == 0 and instance in out and "klavis-universe" in out and "held" in out, (code, out, err))
    manifest = os.path.join(T.tmp, "..", os.path.basename(T.tmp) + "-manifest.json")
    code, out, err = cli(base, "run", "manifest", "grade-1", "--out", manifest)
    with open(manifest) as f:
        sandboxes = json.load(f).get("sandboxes", []) if code == 0 else []
    check("the run's manifest holds the instance with its universe",
          any(s.get("sandbox_id") == instance and s.get("provider") == "klavis-universe"
              and s.get("benchmark") == UNIVERSE for s in sandboxes), sandboxes)

    code, out, err = cli(base, "universe", "release", instance)
    check("universe release", code == 0 and instance in out, (code, out, err))
    code, out, err = cli(base, "universe", "verify", instance, TASK)
    check("verify on a released instance: trouble, exit 2", code == 2 and "not acquired" in err, (code, err))
    code, out, err = cli(base, "run", "show", "grade-1")
    check("the ledger no longer holds it", code == 0 and "Holds:          0 of 1" in out, out)
    code, out, err = cli(base, "--json", "run", "list")
    states = {r.get("name"): r.get("state") for r in (json.loads(out)["runs"] if code == 0 else [])}
    check("its only instance given back, the run is released, not open", states.get("grade-1") == "released",
          (code, states, err))

    # Taken again (the pool hands out its idle instances in order: the same one comes back) it is reset.
    taken = []
    for _ in range(5):
        code, again, out, err = acquire(base)
        if not again:
            break
        taken.append(again)
        if again == instance:
            break
    check("acquired again, the same instance", taken and taken[-1] == instance, (taken, err))
    code, out, err = cli(base, "universe", "verify", instance, TASK)
    check("the re-initialised instance fails the task again, exit 1", code == 1 and out.startswith("FAILED: "),
          (code, out, err))

    # Held outside any run: `leaks` reports it, though the API lists no instances.
    code, out, err = cli(base, "leaks")
    leak = [line for line in out.splitlines() if instance in line]
    check("leaks: an instance no run claims is unclaimed", leak and "klavis-universe" in leak[0]
          and "unclaimed" in leak[0], out)
    for held in taken:
        code, out, err = cli(base, "universe", "release", held)
        check(f"released {held}", code == 0, (code, err))
    code, out, err = cli(base, "universe", "release", instance)
    check("releasing it twice: the server's refusal, exit 1", code == 1, (code, err))
    code, out, err = cli(base, "universe", "release", "no-such-instance")
    check("releasing an unknown instance: exit 1", code == 1 and "not found" in err.lower(), (code, err))


def check_run_release(base):
    code, instance, out, err = acquire(base, "--run", "grade-2")
    check("acquired in run grade-2", code == 0 and instance, (code, out, err))
    code, out, err = cli(base, "run", "release", "grade-2")
    check("run release gives the instance back", code == 0 and "1 released" in out, (code, out, err))
    code, out, err = cli(base, "universe", "verify", instance, TASK)
    check("the server no longer holds it for us", code == 2 and "not acquired" in err, (code, err))
    code, out, err = cli(base, "run", "show", "grade-2")
    check("the run is released", code == 0 and "released" in out, out)
    code, out, err = cli(base, "universe", "acquire", UNIVERSE, "--run", "grade-2")
    check("a released run takes no new instance (usage error, nothing sent)", code == 2 and "closed" in err,
          (code, err))


def main():
    proc, base = T.start_emulator()
    try:
        check_usage(base)
        check_reading(base)
        check_grading(base)
        check_run_release(base)
    finally:
        proc.terminate()
        proc.wait()
    return T.summary()


if __name__ == "__main__":
    sys.exit(main())
