#!/usr/bin/env python3
"""packaging/check-include-layers.py passes the repository and fails, naming file and line, on an include that
points up a layer and on folders that include each other in a circle, the emulator's subfolders among them
(scratch trees in includecheck/)."""

import subprocess
import sys
import os

here = os.path.dirname(os.path.abspath(__file__))
checker = os.path.join(here, "..", "..", "packaging", "check-include-layers.py")


def run(root):
    result = subprocess.run([sys.executable, checker, root], capture_output=True, text=True, check=False)
    return result.returncode, result.stdout


failures = []
code, out = run(os.path.join(here, "..", ".."))
print(out, end="")
if code != 0:
    failures.append("the repository itself has include problems")
code, out = run(os.path.join(here, "includecheck", "clean"))
if code != 0:
    failures.append("a clean tree was refused:\n" + out)
code, out = run(os.path.join(here, "includecheck", "up"))
if code != 1 or "app/api/client.h:3: includes session/appsession.h, which points up" not in out:
    failures.append("an include up a layer was not named with its file and line:\n" + out)
code, out = run(os.path.join(here, "includecheck", "circle"))
if code != 1 or "circle" not in out or "ui/local/localsandboxespage.h:5" not in out or \
        "ui/klavis/sandboxespage.h:3" not in out:
    failures.append("a circle between two folders was not named with the includes that make it:\n" + out)
code, out = run(os.path.join(here, "includecheck", "nested"))
if code != 1 or "app/emulator/klavis/serverdataapi.h:3" not in out or \
        "app/emulator/local/localsandboxapi.h:3" not in out or "circle" not in out:
    failures.append("two subfolders of a nested folder in a circle were not named:\n" + out)
if "app/emulator/local/executionlog.h:3: app/emulator must not include app/api" not in out:
    failures.append("a nested subfolder escaped its parent's forbidden list:\n" + out)
for failure in failures:
    print("FAIL:", failure)
sys.exit(1 if failures else 0)
