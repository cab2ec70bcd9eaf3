#!/usr/bin/python3
"""The command lines of the three executables: sandboxdeck-cli's usage errors (one line and a hint, exit
2), --help and COMMAND --help, --version everywhere (the desktop app's without a display), `--` ending the
options with a real upload of files named like options, and options before and after the command."""
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile

from clitest import CliTest

CLI, EMULATOR = (os.path.abspath(path) for path in sys.argv[1:3])
VERSION = sys.argv[3]
GUI = sys.argv[4] if len(sys.argv) > 4 else None  # absent when the desktop app is not built
KEY = "cli-arguments-key"
T = CliTest(CLI, EMULATOR, KEY, "cli-arguments")
check = T.check
HINT = "Try 'sandboxdeck-cli --help' (or 'sandboxdeck-cli COMMAND --help')."


def run(argv, env=None, cwd=None):
    done = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=cwd, timeout=60)
    return done.returncode, done.stdout, done.stderr


def cli(*args, base=None, cwd=None):
    prefix = ["--base-url", base] if base else []
    return run([CLI, *prefix, *args], env=T.env(KEY), cwd=cwd)


def check_usage_errors():
    cases = [
        ("no command", [], "no command given"),
        ("unknown command", ["frobnicate"], "unknown command 'frobnicate'"),
        ("unknown local command", ["local", "frob"], "unknown command 'local frob'"),
        ("unknown option", ["list", "--frobnicate"], "unknown option '--frobnicate'"),
        ("unknown short option", ["list", "-x"], "unknown option '-x'"),
        ("another command's option", ["list", "--ttl", "600"], "`list` does not take --ttl"),
        ("missing argument", ["get", "github"], "`get`: no ID given"),
        ("missing PATH after --", ["local", "upload", "ID", "--"], "`local upload`: no PATH given"),
        ("extra argument", ["release", "github", "ID", "extra"], "`release`: unexpected argument 'extra'"),
        ("--ttl too small", ["acquire", "github", "--ttl", "59"], "--ttl must be a number of seconds from 60 to 86400"),
        ("--ttl not a number", ["acquire", "github", "--ttl", "10m"], "--ttl must be a number of seconds from 60 to 86400"),
        ("--ttl with --no-ttl", ["acquire", "github", "--ttl", "600", "--no-ttl"], "--ttl and --no-ttl exclude each other"),
        ("--out with --extract", ["local", "dump", "ID", "--out", "a.tar.gz", "--extract", "dir"],
         "--out and --extract exclude each other"),
        ("option missing its value", ["acquire", "github", "--benchmark"], "missing value after '--benchmark'"),
        ("--timeout 0", ["--timeout", "0", "list"], "--timeout must be a number of seconds from 1 to 86400"),
        ("a flag with a value", ["list", "--json=1"], "unexpected value after '--json'"),
        ("unknown --status", ["list", "--status", "busy"], "--status must be one of idle, occupied, error, not 'busy'"),
        ("unknown --status in a list", ["list", "--status", "idle", "--status", "idle,Gone"],
         "--status must be one of idle, occupied, error, not 'Gone'"),
        ("terminal controls in argv are escaped", ["frob\x1b[2Jnicate"], "unknown command 'frob\\x1b[2Jnicate'"),
        ("blaxel without a command", ["blaxel"], "`blaxel` needs a command: list, get, create, delete, upload, dump, fs, ps, logs, kill, connect"),
        ("unknown blaxel command", ["blaxel", "release", "x"], "unknown command 'blaxel release'"),
        ("blaxel create without --image", ["blaxel", "create", "box"], "`blaxel create` needs --image I"),
        ("a Klavis option to blaxel", ["blaxel", "list", "--server", "github"], "`blaxel list` does not take --server"),
        ("--workspace before the blaxel command", ["blaxel", "--workspace", "w", "list"],
         "--workspace goes after the command it belongs to"),
        ("--workspace given twice", ["blaxel", "get", "box", "--workspace", "a", "--workspace", "b"],
         "--workspace given more than once"),
        ("blaxel --status is Blaxel's", ["blaxel", "list", "--status", "idle"],
         "--status must be one of DEPLOYING, DEPLOYED, FAILED, DELETING, TERMINATED, DEACTIVATING, DEACTIVATED, "
         "BUILDING, BUILT, UPLOADING, ARCHIVING, ARCHIVED, UNARCHIVING, not 'idle'"),
        ("blaxel --ttl is a duration", ["blaxel", "create", "box", "--image", "i", "--ttl", "600"],
         "--ttl must be a duration like 30m, 24h or 1h30m"),
        ("blaxel --port range", ["blaxel", "create", "box", "--image", "i", "--port", "0"],
         "--port must be a number from 1 to 65535, not '0'"),
        ("blaxel --secret-env needs a name", ["blaxel", "create", "box", "--image", "i", "--secret-env", "=v"],
         "--secret-env takes KEY=VALUE or KEY, not '=v'"),
        ("an empty --label", ["blaxel", "create", "box", "--image", "i", "--label", ""], "--label needs a non-empty k=v"),
        ("blaxel upload without a PATH", ["blaxel", "upload", "box"], "`blaxel upload`: no PATH given"),
        ("blaxel dump without --out or --extract", ["blaxel", "dump", "box"],
         "`blaxel dump` needs --out FILE or --extract DIR"),
        ("blaxel dump --force with --extract", ["blaxel", "dump", "box", "--extract", "d", "--force"],
         "--force goes with --out; --extract never writes into a folder that is not empty"),
        ("blaxel upload to a bad name, paths not taken for names", ["blaxel", "upload", "Box", "./a/b"],
         "'Box' is not a sandbox name: A sandbox name may hold only lowercase letters, digits and '-' "
         "(as in \"my-sandbox-1\")."),
        ("a name with a path in it", ["blaxel", "delete", "ok", "../x"],
         "'../x' is not a sandbox name: A sandbox name may hold only lowercase letters, digits and '-' "
         "(as in \"my-sandbox-1\")."),
    ]
    for name, args, what in cases:
        code, out, err = cli(*args)
        check(f"usage error: {name}: exit 2, one line and the hint on stderr",
              code == 2 and out == "" and err == f"sandboxdeck-cli: {what}\n{HINT}\n", (code, out, err))


def check_help_and_version():
    code, out, err = cli("--help")
    check("--help: the whole usage on stdout, exit 0", code == 0 and err == "" and out.startswith("Usage: ")
          and "local upload ID PATH..." in out and "Exit codes:" in out, (code, err))
    code, short, err = cli("-h")
    check("-h is --help", code == 0 and short == out)
    for args, expect in [(["acquire", "--help"], "acquire SERVER"), (["local", "dump", "--help"], "--extract DIR"),
                         (["local", "--help"], "local upload ID PATH..."), (["get", "-h"], "get SERVER ID"),
                         (["blaxel", "--help"], "blaxel delete NAME... [--wait]"),
                         (["blaxel", "create", "--help"], "--secret-env K[=V]"),
                         (["blaxel", "list", "-h"], "--status S"),
                         (["blaxel", "dump", "--help"], "--extract DIR")]:
        code, text, err = cli(*args)
        check(f"{' '.join(args)}: its own help on stdout, exit 0", code == 0 and err == "" and expect in text
              and text != out, (code, text[:200], err))
    for args in (["--version"], ["-v"], ["list", "--version"]):
        code, text, err = cli(*args)
        check(f"sandboxdeck-cli {' '.join(args)}", code == 0 and text == f"sandboxdeck-cli {VERSION}\n" and err == "",
              (code, text, err))

    code, text, err = run([EMULATOR, "--version"])
    check("sandboxdeck-emulator --version", code == 0 and text == f"sandboxdeck-emulator {VERSION}\n", (code, text, err))
    code, text, err = run([EMULATOR, "--help"])
    check("sandboxdeck-emulator --help", code == 0 and "--port" in text and "--version" in text, (code, err))
    for option in (["--requests-per-second", "-1"], ["--requests-per-second", "fast"], ["--rate-burst", "0"]):
        code, text, err = run([EMULATOR, *option])
        check(f"sandboxdeck-emulator {' '.join(option)}: a usage error", code == 2 and option[0] in err, (code, err))
    code, text, err = run([EMULATOR, "--no-such-option"])
    check("sandboxdeck-emulator: a usage error exits 2 with the hint", code == 2 and text == ""
          and "no-such-option" in err and "sandboxdeck-emulator --help" in err, (code, text, err))

    if GUI is None:
        print("NOTE   : the desktop app is not built (SANDBOXDECK_BUILD_UI=OFF): its command line is not checked")
        return
    # The desktop app without any display: --version and --help must not need one.
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    code, text, err = run([GUI, "--version"], env=env)
    check("sandboxdeck --version without a display", code == 0 and text == f"sandboxdeck {VERSION}\n", (code, text, err))
    code, text, err = run([GUI, "--help"], env=env)
    check("sandboxdeck --help without a display", code == 0 and all(o in text for o in
          ("--demo", "--profile", "--lang", "--version")) and "<executable_name>" not in text, (code, text, err))
    code, text, err = run([GUI, "--lang", "x y", "--demo"], env=env)
    check("sandboxdeck --lang with no language code exits 2 before any window", code == 2 and "--lang" in err,
          (code, text, err))


def check_rate_limit_options():
    proc, base = T.start_emulator("--requests-per-second", "0.5", "--rate-burst", "3")
    try:
        limit = T.control(base, "GET", "rate_limit")
        check("sandboxdeck-emulator --requests-per-second 0.5 --rate-burst 3 sets the limit",
              limit.get("requests_per_second") == 0.5 and limit.get("rate_burst") == 3, limit)
    finally:
        proc.terminate()
        proc.wait()


def check_with_emulator(work):
    proc, base = T.start_emulator()
    try:
        code, before, err = cli("--json", "list", base=base)
        code2, after, err2 = cli("list", "--json", base=base)
        check("--json before or after the command", code == 0 and code2 == 0 and before.startswith("{")
              and after.startswith("{"), (err, err2))
        code, out, err = cli("acquire", "github", "--json", "--tag", "args-after", base=base)
        check("acquire SERVER --json --tag T", code == 0 and '"sandbox_id"' in out, err)
        # Another server: the emulator's pool of idle github sandboxes is small.
        code, out, err = cli("--json", "acquire", "--tag", "args-mixed", "slack", base=base)
        check("--json acquire --tag T SERVER", code == 0 and '"sandbox_id"' in out, err)
        code, out, err = cli("list", "--tag", "args-mixed", base=base)
        check("... and the tag given before the server arrived", code == 0 and "slack" in out
              and "github" not in out, out)

        code, out, err = cli("--json", "list", "--status", "idle,error", base=base)
        listed = json.loads(out).get("sandboxes", []) if code == 0 else []
        check("list --status idle,error --json keeps only those", code == 0 and listed
              and {s["status"] for s in listed} <= {"idle", "error"}, (out[:200], err))
        code, out, err = cli("list", "--status", "OCCUPIED", "--status", "occupied", base=base)
        rows = [line for line in out.splitlines()[1:] if line.strip() and " of " not in line]
        check("list --status OCCUPIED --status occupied: the table holds occupied rows only", code == 0 and rows
              and all(" occupied " in f" {line} " for line in rows)
              and not any(" idle " in f" {line} " for line in rows), (out, err))

        code, out, err = cli("--json", "local", "acquire", "--servers", "filesystem", base=base)
        local_id = out.split('"local_sandbox_id": "')[1].split('"')[0] if code == 0 else ""
        check("local acquire for the upload", bool(local_id), err)
        for name, data in (("--weird", b"weird\n"), ("-x", b"x\n")):
            with open(os.path.join(work, name), "wb") as f:
                f.write(data)
        code, out, err = cli("local", "upload", local_id, "--weird", base=base, cwd=work)
        check("without --, a file named --weird is an unknown option", code == 2 and "unknown option '--weird'" in err, err)
        code, out, err = cli("local", "upload", local_id, "--", "--weird", "-x", base=base, cwd=work)
        check("local upload ID -- --weird -x uploads both files", code == 0, (out, err))
        archive = os.path.join(work, "dump.tar.gz")
        code, out, err = cli("local", "dump", local_id, "--out", archive, base=base)
        names = {}
        if code == 0:
            with tarfile.open(archive, "r:gz") as tar:
                names = {m.name.removeprefix("./"): tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()}
        check("... and they arrived under their names", names.get("--weird") == b"weird\n"
              and names.get("-x") == b"x\n", (sorted(names), err))
        cli("local", "release", local_id, base=base)
    finally:
        proc.terminate()
        proc.wait()


def main():
    work = tempfile.mkdtemp(prefix="cli-arguments-")
    try:
        check_usage_errors()
        check_help_and_version()
        check_rate_limit_options()
        check_with_emulator(work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(T.tmp, ignore_errors=True)
    return T.summary()


if __name__ == "__main__":
    sys.exit(main())
