#!/usr/bin/python3
"""sandboxdeck-cli's executions end to end against the sandboxdeck-emulator binary: `local exec --follow` of a
100,000-line script prints exactly the script's output across a 429 and a reply cut halfway, a failing script
exits 1 with its traceback, Ctrl+C while following exits 130 and leaves the execution running, `local logs
--follow` then gets the whole log, `local artifacts --extract` unpacks what the script wrote, and each execution
is in the run ledger."""
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time

from clitest import CliTest, run_on_terminal

CLI, EMULATOR = sys.argv[1], sys.argv[2]
KEY = "cli-exec-key"
T = CliTest(CLI, EMULATOR, KEY, "cli-exec")
check = T.check
LEDGER = os.path.join(T.tmp, "..", os.path.basename(T.tmp) + "-ledger.sqlite")
WORK = T.tmp + "-work"

LINES = "".join(f"line {i} ...\n" for i in range(100000))


def env():
    return T.env(KEY, {"SANDBOXDECK_LEDGER": LEDGER})


def cli(base, *args, timeout=60):
    done = subprocess.run([CLI, "--base-url", base, *args], capture_output=True, env=env(), timeout=timeout)
    return done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")


def script(name, text):
    folder = os.path.join(WORK, name)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "main.py"), "w") as f:
        f.write(text)
    return folder


def acquire_local(base):
    code, out, err = cli(base, "--json", "local", "acquire", "--servers", "filesystem")
    assert code == 0, err
    return json.loads(out)["local_sandbox_id"]


def stdout_on_terminal(base, *args):
    code, raw, _ = run_on_terminal([CLI, "--base-url", base, *args], env())
    return code, raw


def follow_across_faults(base, local_id, folder):
    """`local exec --follow`, with a 429 and a reply cut halfway through its body armed for the log polls
    once the first bytes of the log are on stdout."""
    proc = subprocess.Popen([CLI, "--base-url", base, "local", "exec", local_id, folder, "--name", "lines",
                             "--follow"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env())
    first = os.read(proc.stdout.fileno(), 65536)
    T.control(base, "POST", "faults", {"only_path": "/execution-logs", "rate_limit_next_requests": 1,
                                       "retry_after_seconds": 0, "drop_next_replies": 1})
    rest, err = proc.communicate(timeout=120)
    faults = {"armed_at": len(first), "after": T.control(base, "GET", "faults"),
              "limited": sum(1 for r in T.control(base, "GET", "requests")["api"]
                             if r["path"].endswith("/execution-logs") and r["fault"] == "injected_rate_limit")}
    T.control(base, "DELETE", "faults")
    return proc.returncode, (first + rest).decode("utf-8", "replace"), err.decode("utf-8", "replace"), faults


def check_escape_sequences(base, local_id):
    # Colour passes; a title (OSC), a screen clear (CSI J), a C1 CSI, a BEL, a CR and a bidi override never
    # reach stdout, on a terminal or into a pipe (which ends in a terminal as often as not); --raw asks for
    # the bytes as the script wrote them.
    written = ("\x1b[31mred\x1b[0m plain\x1b]0;title\x07 \x1b[2Jbell\x07 cr\r bidi\u202e isolate\u2067 "
               "c1\u009b2J x\n")
    folder = script("escapes", "import sys\nsys.stdout.write(%r)\n" % written)
    safe = "\x1b[31mred\x1b[0m plain bell cr bidi isolate c12J x\n"
    code, out, err = cli(base, "local", "exec", local_id, folder, "--name", "escapes", "--follow")
    check("into a pipe only colour, text and line breaks reach stdout: no BEL, CR, bidi or other escape",
          code == 0 and out == safe, (code, out, err))
    code, raw = stdout_on_terminal(base, "local", "logs", local_id, "escapes")
    check("on a terminal the same", code == 0 and raw == safe.encode(), (code, raw))
    code, out, err = cli(base, "local", "logs", local_id, "escapes", "--raw")
    check("--raw writes the log's bytes as the script wrote them", code == 0 and out == written,
          (code, out, err))


def main():
    os.makedirs(WORK, exist_ok=True)
    emulator_tmp = T.tmp + "-emulator"
    os.makedirs(emulator_tmp, exist_ok=True)
    proc, base = T.start_emulator(tmpdir=emulator_tmp)
    try:
        local_id = acquire_local(base)

        folder = script("lines", 'for i in range(100000):\n    print(f"line {i} ...")\n')
        started = time.monotonic()
        code, out, err, faults = follow_across_faults(base, local_id, folder)
        seconds = time.monotonic() - started
        check("exec --follow of 100,000 lines across a 429 and a dropped reply: stdout is the script's "
              "output exactly, exit 0", code == 0 and out == LINES, (code, len(out), err[-500:]))
        check("both faults met a log poll after the first lines had arrived",
              faults["armed_at"] < len(LINES) // 2 and faults["limited"] == 1
              and faults["after"]["rate_limit_next_requests"] == 0
              and faults["after"]["drop_next_replies"] == 0, faults)
        print(f"INFO   : 100,000 lines ({len(LINES)} bytes) uploaded, run and followed in {seconds:.2f} s")
        # About 3 s here, the 429's Retry-After included: the bound catches a blow-up (polls that crawl, a
        # follow that starts over), not speed.
        check("... within 30 s", seconds < 30, f"{seconds:.2f} s")

        code, out, err = cli(base, "local", "logs", local_id, "lines")
        check("local logs prints the whole log of an ended execution", code == 0 and out == LINES,
              (code, len(out), err[-300:]))
        # Qt 6.4 now and then calls a reply reset halfway through its body finished without error; before the
        # transport compared the body with its Content-Length the follow above failed on it in most runs, and
        # a plain read in about two of ten. Ten more rounds of that.
        whole = 0
        for _ in range(10):
            T.control(base, "POST", "faults", {"only_path": "/execution-logs", "rate_limit_next_requests": 1,
                                               "retry_after_seconds": 0, "drop_next_replies": 1})
            code, out, err = cli(base, "local", "logs", local_id, "lines", "--cursor", "1000000")
            whole += code == 0 and out == LINES[1000000:] and "cut short" in err
        T.control(base, "DELETE", "faults")
        check("local logs across a 429 and a reply reset halfway, ten times: every time whole", whole == 10, whole)
        code, out, err = cli(base, "local", "logs", local_id, "lines", "--cursor", str(len(LINES) - 12))
        check("local logs --cursor starts at that byte", code == 0 and out == "line 99999 ...\n"[-12:],
              (code, out, err))

        folder = script("failing", "print('before')\nraise RuntimeError('on purpose')\n")
        code, out, err = cli(base, "local", "exec", local_id, folder, "--name", "failing", "--follow")
        check("a failing script exits 1 with its traceback on stdout", code == 1 and "before\n" in out
              and "Traceback" in out and "RuntimeError: on purpose" in out and "failed" in err,
              (code, out, err))

        folder = script("quick", "print('quick')\n")
        code, out, err = cli(base, "local", "exec", local_id, folder)
        name = out.strip()
        check("exec without --follow prints the default name and exits 0",
              code == 0 and name.startswith("exec-") and len(name) == len("exec-20260101-000000")
              and "local logs" in err, (code, out, err))
        code, out, err = cli(base, "local", "logs", local_id, name, "--follow")
        check("local logs --follow of it gets its output", code == 0 and out == "quick\n", (code, out, err))

        folder = os.path.join(WORK, "no-main")
        os.makedirs(folder, exist_ok=True)
        before = len(T.control(base, "GET", "requests")["api"])
        code, out, err = cli(base, "local", "exec", local_id, folder)
        after = len(T.control(base, "GET", "requests")["api"])
        check("a folder without main.py exits 2 before any request", code == 2 and "main.py" in err
              and after == before, (code, err, before, after))

        # Ctrl+C while following: 130, the execution goes on, and `local logs --follow` gets all of it.
        folder = script("slow", "import time\nfor i in range(30):\n    print(f'tick {i}', flush=True)\n"
                                "    time.sleep(0.05)\n")
        child = subprocess.Popen([CLI, "--base-url", base, "local", "exec", local_id, folder, "--name", "slow",
                                  "--follow"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env())
        first = child.stdout.readline()
        child.send_signal(signal.SIGINT)
        rest, err = child.communicate(timeout=30)
        err = err.decode()
        check("SIGINT while following exits 130 and says the execution goes on",
              first == b"tick 0\n" and child.returncode == 130 and "still running" in err
              and f"local logs {local_id} slow --follow" in err, (first, child.returncode, err))
        code, out, err = cli(base, "local", "logs", local_id, "slow", "--follow")
        check("local logs --follow after the interrupt gets the whole log",
              code == 0 and out == "".join(f"tick {i}\n" for i in range(30)), (code, out, err))

        folder = script("artifacts", "import os\nos.makedirs('out', exist_ok=True)\n"
                                     "open('out/result.txt', 'w').write('forty-two\\n')\nprint('done')\n")
        target = os.path.join(WORK, "artifacts-out")
        code, out, err = cli(base, "local", "exec", local_id, folder, "--name", "art", "--artifacts", target)
        with open(os.path.join(target, "out", "result.txt"), "rb") as f:
            written = f.read()
        check("exec --artifacts streams the log and extracts the folder", code == 0 and out == "done\n"
              and written == b"forty-two\n", (code, out, err))
        target = os.path.join(WORK, "artifacts-again")
        code, out, err = cli(base, "local", "artifacts", local_id, "art", "--extract", target)
        same = all(open(os.path.join(target, p), "rb").read() == open(os.path.join(WORK, "artifacts-out", p),
                                                                      "rb").read()
                   for p in ("main.py", "out/result.txt"))
        check("local artifacts --extract unpacks the same files", code == 0 and same and "artifacts of" in out,
              (code, out, err))
        code, out, err = cli(base, "local", "artifacts", local_id, "art", "--extract", target)
        check("local artifacts into a folder that is not empty exits 2", code == 2, (code, err))
        code, out, err = cli(base, "local", "artifacts", local_id, "art")
        check("local artifacts without --extract is a usage error", code == 2 and "--extract" in err, (code, err))
        code, out, err = cli(base, "local", "logs", local_id, "nope")
        check("logs of an unknown execution exit 1", code == 1 and "error" in err, (code, err))

        check_escape_sequences(base, local_id)

        with sqlite3.connect(LEDGER) as db:
            rows = db.execute("SELECT execution_name, outcome, sha256 FROM operations WHERE kind = 'execute' "
                              "AND sandbox_id = ? ORDER BY id", (local_id,)).fetchall()
        names = [row[0] for row in rows]
        check("every exec is in the ledger with its name, outcome and archive hash",
              names == ["lines", "failing", name, "slow", "art", "escapes"] and rows[0][1] == "completed"
              and rows[1][1] == "failed" and rows[3][1] == "stopped-following"
              and all(row[2] and len(row[2]) == 64 for row in rows), rows)
    finally:
        proc.terminate()
        proc.wait()
        shutil.rmtree(WORK, ignore_errors=True)
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(LEDGER + suffix):
                os.remove(LEDGER + suffix)
    check("the CLI left nothing in its TMPDIR", T.temp_leftovers() == [], T.temp_leftovers())
    check("the emulator removed its executions' scratch folders when terminated", os.listdir(emulator_tmp) == [],
          os.listdir(emulator_tmp))
    shutil.rmtree(emulator_tmp, ignore_errors=True)
    shutil.rmtree(T.tmp, ignore_errors=True)
    return T.summary()


if __name__ == "__main__":
    sys.exit(main())
