"""What the CLI scripts (cli_e2e.py, cli_faults.py, cli_blaxel.py, ...) share: the emulator binary on a free
loopback port, the CLI's environment with its own TMPDIR, the emulator's control endpoint, PASS/FAIL lines
with the plain closing count, the folder tree that uploads and dumps carry, and a run on a terminal."""
import json
import os
import pty
import select
import subprocess
import tempfile
import tty
import urllib.request

# The tree an upload sends and a dump must bring back: empty and binary files, deep folders, names outside
# ASCII, and links (kept as links, never followed).
TREE_FILES = {
    "README.md": b"# workspace\n",
    "empty.txt": b"",
    "src/main.py": b"print('hello')\n",
    "src/deep/deeper/data.bin": bytes(range(256)) * 1000,
    "Ünïcödé café/naïve 日本語.txt": "héllo wörld\n".encode(),
}
TREE_LINKS = {"link-to-readme": "README.md", "src/deep/up": "../../README.md"}


def run_on_terminal(argv, env, stream="stdout"):
    """Runs argv with its `stream` (stdout or stderr) on a raw terminal (no \n -> \r\n, so every byte seen
    is the program's own), the other into a pipe. Answers the exit code, the terminal's bytes, the pipe's."""
    master, slave = pty.openpty()
    tty.setraw(slave)
    on_terminal = {"stdout": slave} if stream == "stdout" else {"stderr": slave}
    other = "stderr" if stream == "stdout" else "stdout"
    proc = subprocess.Popen(argv, env=env, **on_terminal, **{other: subprocess.PIPE})
    os.close(slave)
    chunks = []
    while True:
        ready, _, _ = select.select([master], [], [], 30)
        if not ready:
            break
        try:
            data = os.read(master, 65536)
        except OSError:  # EIO: the program closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    piped = getattr(proc, other).read()
    proc.wait(timeout=30)
    os.close(master)
    return proc.returncode, b"".join(chunks), piped


def make_tree(root, executable=None):
    """TREE_FILES and TREE_LINKS under `root`, and a shell script at `executable` (mode 755) if given."""
    for name, data in TREE_FILES.items():
        os.makedirs(os.path.dirname(os.path.join(root, name)), exist_ok=True)
        with open(os.path.join(root, name), "wb") as f:
            f.write(data)
    if executable:
        with open(os.path.join(root, executable), "w") as f:
            f.write("#!/bin/sh\necho run\n")
        os.chmod(os.path.join(root, executable), 0o755)
    for name, target in TREE_LINKS.items():
        os.symlink(target, os.path.join(root, name))


class CliTest:
    def __init__(self, cli, emulator, key, name):
        self.cli = cli
        self.emulator = emulator
        self.key = key
        self.checks = {"passed": 0, "failed": 0}
        # The CLI's TMPDIR: transfers pack and download there, and must leave nothing behind.
        self.tmp = tempfile.mkdtemp(prefix=f"{name}-tmp-")
        # Every command the CLI runs writes the run ledger: a test's go to a file of its own, never the user's
        # (nor one a newer build of the same machine migrated).
        self.ledger = os.path.join(tempfile.mkdtemp(prefix=f"{name}-ledger-"), "ledger.sqlite")

    def start_emulator(self, *extra, stderr=subprocess.DEVNULL, tmpdir=None):
        """The emulator; end it with terminate() (SIGTERM), never kill(): it removes its scratch folders on
        the way out. `tmpdir`: where it makes them. It records requests (off by default), for the scripts
        that read /_emulator/requests."""
        env = dict(os.environ, TMPDIR=tmpdir) if tmpdir else None
        proc = subprocess.Popen([self.emulator, "--port", "0", "--api-key", self.key, "--record-requests",
                                 *extra],
                                stdout=subprocess.PIPE, stderr=stderr, text=True, env=env)
        first = proc.stdout.readline().strip()
        assert first.startswith("listening on http://127.0.0.1:"), first
        return proc, first.split("listening on ")[1]

    def env(self, key, env_extra=None):
        """The CLI's environment: `key` as KLAVIS_API_KEY (None: unset), no KLAVIS_BASE_URL."""
        env = dict(os.environ)
        env.pop("KLAVIS_API_KEY", None)
        env.pop("KLAVIS_BASE_URL", None)
        if key is not None:
            env["KLAVIS_API_KEY"] = key
        env["TMPDIR"] = self.tmp
        env["SANDBOXDECK_LEDGER"] = self.ledger
        env.update(env_extra or {})
        return env

    def control(self, base, method, what, body=None):
        """The emulator's control endpoint (/_emulator/faults, /_emulator/requests, ...)."""
        request = urllib.request.Request(base + "/_emulator/" + what, method=method,
                                         data=json.dumps(body).encode() if body is not None else None,
                                         headers={"Authorization": "Bearer " + self.key,
                                                  "Content-Type": "application/json"})
        return json.loads(urllib.request.urlopen(request).read() or b"null")

    def temp_leftovers(self):
        return sorted(os.listdir(self.tmp))

    def check(self, name, condition, detail=""):
        if condition:
            self.checks["passed"] += 1
            print(f"PASS   : {name}")
        else:
            self.checks["failed"] += 1
            print(f"FAIL!  : {name} {detail!r}")

    def summary(self):
        print(f"{self.checks['passed']} passed, {self.checks['failed']} failed")
        return 1 if self.checks["failed"] else 0
