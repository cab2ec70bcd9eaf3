#!/usr/bin/python3
"""`sandboxdeck-cli blaxel connect` end to end against the sandboxdeck-emulator binary, whose sandboxes serve
/terminal/ws with a real PTY: stdin from a pipe reaches the shell and its output comes back on stdout; a pipe
that ends without `exit` still ends the shell; on a terminal (a pty of the test's own) the session is raw,
the shell sees the terminal's size and a later SIGWINCH, Ctrl+] leaves, SIGTERM ends it, and each way the
terminal's modes are restored; a missing or not yet DEPLOYED sandbox is an error that names it. The key shows
nowhere."""
import fcntl
import json
import os
import pty
import select
import shutil
import signal
import struct
import subprocess
import sys
import termios
import time

from clitest import CliTest

CLI, EMULATOR = sys.argv[1], sys.argv[2]
KEY = "cli-blaxel-connect-key"
T = CliTest(CLI, EMULATOR, KEY, "cli-blaxel-connect")
check = T.check
SANDBOX = "cli-connect"


def env():
    environment = T.env(None)
    environment.pop("BL_API_URL", None)
    environment["BL_API_KEY"] = KEY
    environment["BL_WORKSPACE"] = "demo"
    return environment


def cli(api, *args, stdin_bytes=None):
    done = subprocess.run([CLI, "--base-url", api, *args], input=stdin_bytes, capture_output=True, env=env(),
                          timeout=120)
    return done.returncode, done.stdout.decode(errors="replace"), done.stderr.decode(errors="replace")


def wait_until_deployed(api, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        code, out, _ = cli(api, "--json", "blaxel", "get", SANDBOX)
        if code == 0 and json.loads(out).get("status") == "DEPLOYED":
            return True
        time.sleep(0.2)
    return False


class PtySession:
    """The CLI with stdin, stdout and stderr on a pty whose other end the test holds, as a user's terminal."""

    def __init__(self, api, rows, cols):
        self.master, self.slave = pty.openpty()
        self.resize(rows, cols)
        self.modes_before = termios.tcgetattr(self.slave)
        self.proc = subprocess.Popen([CLI, "--base-url", api, "blaxel", "connect", SANDBOX], stdin=self.slave,
                                     stdout=self.slave, stderr=self.slave, env=env(), start_new_session=True)
        self.seen = b""

    def resize(self, rows, cols):
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))

    def read_until(self, needle, seconds=20):
        deadline = time.monotonic() + seconds
        while needle not in self.seen and time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if ready:
                try:
                    self.seen += os.read(self.master, 65536)
                except OSError:
                    break
        return needle in self.seen

    def write(self, data):
        os.write(self.master, data)

    def finish(self, seconds=30):
        """The exit code (None if it did not end), everything it wrote, whether the modes are as before."""
        try:
            code = self.proc.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            code = None
        self.read_until(b"\0never\0", seconds=0.3)
        restored = termios.tcgetattr(self.slave) == self.modes_before
        os.close(self.master)
        os.close(self.slave)
        return code, self.seen.decode(errors="replace"), restored


def check_pipe(api):
    code, out, err = cli(api, "blaxel", "connect", SANDBOX, stdin_bytes=b"echo hello-$((6*7))\nexit\n")
    check("pipe: exit 0 when the shell exits", code == 0, (code, out, err))
    check("pipe: the shell ran the input, its output on stdout", "hello-42" in out, out)
    check("pipe: the CLI's own words on stderr only", "Connected to cli-connect" in err
          and "Connected to" not in out and "Connection to cli-connect closed." in err, (out, err))
    check("pipe: the key shows nowhere", KEY not in out and KEY not in err, (out, err))

    started = time.monotonic()
    code, out, err = cli(api, "blaxel", "connect", SANDBOX, stdin_bytes="echo naïve-$((2+3))\n".encode())
    check("pipe without exit: the shell ends after the input, exit 0", code == 0 and "naïve-5" in out
          and time.monotonic() - started < 10, (code, out, err))


def check_terminal(api):
    session = PtySession(api, 33, 101)
    connected = session.read_until(b"press Ctrl+] to leave")
    check("pty: announced on the terminal", connected, session.seen)
    # Raw: the CLI does not turn the CR into a line feed, the remote terminal does; stty sees the size.
    session.write(b"stty size; exit\r")
    code, out, restored = session.finish()
    check("pty: the shell saw the terminal's size", "33 101" in out, out)
    check("pty: exit 0 when the shell exits", code == 0, (code, out))
    check("pty: the terminal's modes are restored", restored)

    session = PtySession(api, 24, 80)
    session.read_until(b"press Ctrl+] to leave")
    raw_modes = termios.ECHO | termios.ICANON | termios.ISIG
    deadline = time.monotonic() + 5  # raw mode follows the announcement
    while termios.tcgetattr(session.slave)[3] & raw_modes and time.monotonic() < deadline:
        time.sleep(0.05)
    local = termios.tcgetattr(session.slave)
    check("pty: raw while connected (no echo, no line editing, no signals)",
          not local[3] & raw_modes, local[3])
    session.resize(40, 120)
    session.proc.send_signal(signal.SIGWINCH)
    time.sleep(0.3)
    session.write(b"stty size\r")
    saw_resize = session.read_until(b"40 120")
    check("pty: SIGWINCH resizes the remote terminal", saw_resize, session.seen)
    session.write(b"\x1d")
    code, out, restored = session.finish()
    check("pty: Ctrl+] leaves with exit 0 and says the shell goes on", code == 0
          and "Left the shell of cli-connect" in out, (code, out))
    check("pty: ... and the terminal's modes are restored", restored)

    session = PtySession(api, 24, 80)
    session.read_until(b"press Ctrl+] to leave")
    session.proc.send_signal(signal.SIGTERM)
    code, out, restored = session.finish()
    check("pty: SIGTERM ends it as a signal does (143)", code == 128 + signal.SIGTERM, (code, out))
    check("pty: ... and the terminal's modes are restored", restored)
    check("pty: the key shows nowhere", KEY not in out, out)


def check_errors(api):
    code, out, err = cli(api, "blaxel", "connect", "no-such-sandbox", stdin_bytes=b"exit\n")
    check("connect to a missing sandbox: exit 1, the sandbox named", code == 1 and out == ""
          and "no-such-sandbox" in err, (code, out, err))
    code, out, err = cli(api, "blaxel", "connect")
    check("connect without a name: a usage error", code == 2, (code, err))


def main():
    emulator, base = T.start_emulator("--blaxel-transition-ms", "1500")
    api = base + "/v0"
    try:
        code, out, err = cli(api, "blaxel", "create", SANDBOX, "--image", "blaxel/base-image:latest")
        check("create: exit 0", code == 0, (code, out, err))
        code, out, err = cli(api, "blaxel", "connect", SANDBOX, stdin_bytes=b"exit\n")
        check("connect while DEPLOYING: exit 1, the sandbox and its status named", code == 1
              and "cli-connect is DEPLOYING, not DEPLOYED" in err and out == "", (code, out, err))
        check("the sandbox deploys", wait_until_deployed(api))
        check_pipe(api)
        check_terminal(api)
        check_errors(api)
    finally:
        emulator.terminate()
        emulator.wait(timeout=30)
        shutil.rmtree(T.tmp, ignore_errors=True)
    return T.summary()


if __name__ == "__main__":
    sys.exit(main())
