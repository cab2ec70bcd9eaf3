#!/usr/bin/python3
"""The man pages in packaging/man: man (or groff) reads each without a warning, and each names every
option its executable's --help lists."""
import os
import re
import shutil
import subprocess
import sys

SOURCE = os.path.abspath(sys.argv[1])
EXECUTABLES = {"sandboxdeck-cli": sys.argv[2], "sandboxdeck-emulator": sys.argv[3]}
if len(sys.argv) > 4:
    EXECUTABLES["sandboxdeck"] = sys.argv[4]
MAN_DIR = os.path.join(SOURCE, "packaging", "man")
checks = {"passed": 0, "failed": 0}


def check(name, condition, detail=""):
    checks["passed" if condition else "failed"] += 1
    print(f"PASS   : {name}" if condition else f"FAIL!  : {name} {detail!r}")


def warnings_of(page):
    if shutil.which("man"):
        argv = ["man", "-l", "--warnings", "-E", "UTF-8", "-Tutf8", page]
    else:
        argv = ["groff", "-man", "-ww", "-z", page]
    env = {k: v for k, v in os.environ.items() if k not in ("MANPAGER", "PAGER")}
    done = subprocess.run(argv, capture_output=True, text=True, env={**env, "MANWIDTH": "80"}, timeout=60)
    return done.returncode, done.stderr


def main():
    pages = sorted(f for f in os.listdir(MAN_DIR) if f.endswith(".1"))
    check("the three man pages", pages == ["sandboxdeck-cli.1", "sandboxdeck-emulator.1", "sandboxdeck.1"], pages)
    for page in pages:
        code, warnings = warnings_of(os.path.join(MAN_DIR, page))
        check(f"{page}: no warnings", code == 0 and warnings == "", (code, warnings))
    # A desktop app asked for --help needs no display.
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    for name, executable in EXECUTABLES.items():
        with open(os.path.join(MAN_DIR, name + ".1"), encoding="utf-8") as f:
            page = re.sub(r"\\f[BIRP]", "", f.read()).replace("\\-", "-")
        usage = subprocess.run([executable, "--help"], capture_output=True, text=True, env=env, timeout=30).stdout
        options = set(re.findall(r"(?<![\w-])--([a-z][a-z-]*)", usage))
        check(f"{name} --help lists options", len(options) >= 4, usage[:200])
        missing = sorted(o for o in options if not re.search(rf"--{o}\b", page))
        check(f"{name}.1 names every option of --help", not missing, missing)
        version = subprocess.run([executable, "--version"], capture_output=True, text=True, env=env, timeout=30)
        check(f"{name}.1 is of the version the executable says",
              version.stdout.split()[-1:] and f'"SandboxDeck {version.stdout.split()[-1]}"' in page, version.stdout)
    print(f"{checks['passed']} passed, {checks['failed']} failed")
    return 1 if checks["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
