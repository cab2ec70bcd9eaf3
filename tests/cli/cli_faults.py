#!/usr/bin/python3
"""sandboxdeck-cli against the emulator's fault switches: 5xx retried then reported, acquire never repeated,
429 with Retry-After honoured (a far one not waited for), a deadline worded differently from a cancel, the
object store's 5xx and refusals, a hostile URL on a resumed download, and a full disk (a 2 MiB tmpfs in a
user and mount namespace) during a dump and an extraction."""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

from clitest import CliTest

CLI, EMULATOR = sys.argv[1], sys.argv[2]
KEY = "cli-faults-key"
T = CliTest(CLI, EMULATOR, KEY, "cli-faults")
check, control, CLI_TMP, temp_leftovers = T.check, T.control, T.tmp, T.temp_leftovers


def start_emulator():
    return T.start_emulator()


def cli(base, *args, prefix=(), timeout=120):
    started = time.monotonic()
    done = subprocess.run([*prefix, CLI, "--base-url", base, *args], capture_output=True, text=True,
                          env=T.env(KEY), timeout=timeout)
    return done.returncode, done.stdout, done.stderr, time.monotonic() - started


def api(base, method, path):
    request = urllib.request.Request(base + path, method=method, headers={"Authorization": "Bearer " + KEY})
    return json.loads(urllib.request.urlopen(request).read())


def reset(base, **settings):
    control(base, "DELETE", "faults")
    control(base, "DELETE", "requests")
    if settings:
        control(base, "POST", "faults", settings)


def recorded(base, method, path, side="api"):
    return [r for r in control(base, "GET", "requests")[side] if r["method"] == method and r["path"] == path]


def store_requests(base, method):
    return [r for r in control(base, "GET", "requests")["object_store"] if r["method"] == method]


def check_api_faults(base):
    for status in (500, 503):
        reset(base, fail_next_requests=2, fail_status=status)
        code, out, err, _ = cli(base, "list")
        check(f"two {status}s on list are retried and the list arrives",
              code == 0 and "SANDBOX ID" in out and "retrying" in err, (code, err))
        check(f"... in three requests", len(recorded(base, "GET", "/sandbox")) == 3,
              recorded(base, "GET", "/sandbox"))

        reset(base, fail_next_requests=3, fail_status=status)
        code, out, err, _ = cli(base, "list")
        check(f"three {status}s on list exit 1 naming the status", code == 1 and str(status) in err, (code, err))
        check("... after three attempts, no more", len(recorded(base, "GET", "/sandbox")) == 3)

    reset(base)
    sandbox = api(base, "GET", "/sandbox?server_name=github")["sandboxes"][0]
    details = f"/sandbox/github/{sandbox['sandbox_id']}"
    reset(base, fail_next_requests=3, fail_status=503)
    code, out, err, _ = cli(base, "get", "github", sandbox["sandbox_id"])
    check("three 503s on get exit 1", code == 1 and "503" in err, (code, err))
    check("... after three attempts", len(recorded(base, "GET", details)) == 3, recorded(base, "GET", details))

    for status in (500, 503):
        reset(base, fail_next_requests=1, fail_status=status)
        code, out, err, _ = cli(base, "acquire", "github")
        time.sleep(0.3)
        check(f"acquire after a {status} exits 1 and is not retried",
              code == 1 and "retrying" not in err and len(recorded(base, "POST", "/sandbox/github")) == 1,
              (code, err, recorded(base, "POST", "/sandbox/github")))
        reset(base, fail_next_requests=1, fail_status=status)
        code, out, err, _ = cli(base, "local", "acquire", "--servers", "filesystem")
        time.sleep(0.3)
        check(f"local acquire after a {status} exits 1 and is not retried",
              code == 1 and len(recorded(base, "POST", "/local-sandbox")) == 1, (code, err))

    reset(base, hang_next_requests=5)
    code, out, err, elapsed = cli(base, "--timeout", "2", "acquire", "github")
    check("acquire that gets no answer ends by the deadline", code == 1 and elapsed < 10, (code, elapsed, err))
    check("... and was sent once", len(recorded(base, "POST", "/sandbox/github")) == 1)


def check_rate_limit(base):
    reset(base, rate_limit_next_requests=1, retry_after_seconds=2)
    code, out, err, elapsed = cli(base, "list")
    times = [r["received_ms"] for r in recorded(base, "GET", "/sandbox")]
    check("a 429 with Retry-After: 2 is retried and the list arrives", code == 0 and "SANDBOX ID" in out, err)
    check("... two seconds later, as asked", len(times) == 2 and times[1] - times[0] >= 1950, times)

    reset(base, rate_limit_next_requests=5, retry_after_seconds=3600)
    code, out, err, elapsed = cli(base, "list")
    check("a Retry-After of an hour is not waited for and not cut short",
          code == 1 and elapsed < 10 and len(recorded(base, "GET", "/sandbox")) == 1, (code, elapsed, err))
    check("... and stderr says it was a rate limit", "429" in err or "rate" in err.lower(), err)


def check_deadline_and_cancel(base, local_id, work):
    reset(base, hang_next_requests=10)
    code, out, err, elapsed = cli(base, "--timeout", "2", "list")
    deadline_err = err
    check("a server that never answers: list ends by --timeout 2", code == 1 and 1.5 <= elapsed < 10,
          (code, elapsed, err))
    check("... saying it gave up for time, not that it was cancelled",
          "Cancelled" not in err and ("2 s" in err or "time" in err.lower()), err)

    # Ctrl+C while the dump waits for its URL that never comes.
    reset(base, hang_next_requests=1)
    target = os.path.join(work, "cancelled.tar.gz")
    proc = subprocess.Popen([CLI, "--base-url", base, "local", "dump", local_id, "--out", target],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=T.env(KEY))
    time.sleep(1.0)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    check("Ctrl+C during a hung call exits 130 saying Cancelled", proc.returncode == 130 and "Cancelled" in err,
          (proc.returncode, err))
    check("... in words other than the deadline's", err.strip() != deadline_err.strip() and "2 s" not in err, err)
    check("... and leaves no file", not os.path.exists(target) and temp_leftovers() == [], temp_leftovers())

    reset(base, hang_next_requests=1)
    code, out, err, elapsed = cli(base, "--timeout", "2", "local", "dump", local_id, "--out", target)
    check("a dump whose URL never comes ends by --timeout, exit 1, not 130", code == 1 and elapsed < 10
          and "Cancelled" not in err, (code, elapsed, err))
    check("... and leaves no file", not os.path.exists(target) and temp_leftovers() == [])


def check_store_faults(base, local_id, work):
    target = os.path.join(work, "retried.tar.gz")
    reset(base, store_fail_next_requests=2, store_error_status=503)
    code, out, err, _ = cli(base, "local", "dump", local_id, "--out", target)
    check("two 503s from the store on a dump are retried", code == 0 and os.path.getsize(target) > 0, (code, err))
    check("... in three GETs", [r["status"] for r in store_requests(base, "GET")] == [503, 503, 200],
          store_requests(base, "GET"))
    os.remove(target)

    reset(base, store_fail_next_requests=50, store_error_status=500)
    code, out, err, _ = cli(base, "local", "dump", local_id, "--out", target)
    check("a store that keeps answering 500 ends the dump with exit 1", code == 1 and "500" in err, (code, err))
    check("... and no file", not os.path.exists(target) and temp_leftovers() == [], temp_leftovers())

    upload = os.path.join(work, "upload")
    os.makedirs(upload, exist_ok=True)
    with open(os.path.join(upload, "a.txt"), "w") as f:
        f.write("a\n")
    reset(base, store_fail_next_requests=1, store_error_status=503)
    code, out, err, _ = cli(base, "local", "upload", local_id, upload)
    puts = store_requests(base, "PUT")
    check("a 503 on the upload PUT is retried and the upload succeeds",
          code == 0 and [r["status"] for r in puts] == [503, 200], (code, err, puts))
    reset(base, store_fail_next_requests=50, store_error_status=503)
    code, out, err, _ = cli(base, "local", "upload", local_id, upload)
    check("a store that keeps refusing the PUT ends the upload with exit 1", code == 1 and "503" in err,
          (code, err))
    check("... and not initialized", recorded(base, "POST", f"/local-sandbox/{local_id}/initialize") == [])
    check("... and no temporary files", temp_leftovers() == [], temp_leftovers())

    # Cut after 100 bytes, the resume refused once with a 503, the next resume completes the file.
    whole = os.path.join(work, "whole.tar.gz")
    reset(base)
    code, out, err, _ = cli(base, "local", "dump", local_id, "--out", whole)
    reset(base, drop_download_after_bytes=100, drop_download_times=1, store_fail_next_resumes=1)
    code, out, err, _ = cli(base, "local", "dump", local_id, "--out", target)
    gets = store_requests(base, "GET")
    check("a cut download whose resume is refused once still completes",
          code == 0 and open(target, "rb").read() == open(whole, "rb").read(), (code, err))
    check("... with Range after the cut", len(gets) == 3 and gets[1]["status"] == 503 and gets[2]["status"] == 206,
          gets)
    os.remove(target)

    # The resume is refused as if the URL had expired; the fresh URL the API hands out is a local file.
    victim = os.path.join(work, "victim.txt")
    with open(victim, "w") as f:
        f.write("mine\n")
    reset(base, drop_download_after_bytes=100, drop_download_times=1, store_fail_next_resumes=1,
          store_error_status=403, replace_signed_urls_with="file://" + victim, replace_urls_after=1)
    code, out, err, _ = cli(base, "local", "dump", local_id, "--out", target)
    check("a file: URL handed out on resume is refused, exit 1", code == 1 and "file" in err.lower(), (code, err))
    check("... the local file is untouched", open(victim).read() == "mine\n")
    check("... and nothing partial at the target", not os.path.exists(target) and temp_leftovers() == [],
          temp_leftovers())


def check_full_disk(base, local_id, work):
    # A workspace of 3 MiB that does not compress: more than the 2 MiB disk can take, packed or not.
    big = os.path.join(work, "big")
    os.makedirs(big, exist_ok=True)
    with open(os.path.join(big, "random.bin"), "wb") as f:
        f.write(os.urandom(3 * 1024 * 1024))
    reset(base)
    code, out, err, _ = cli(base, "local", "upload", local_id, big)
    check("a 3 MiB workspace uploads", code == 0, err)

    disk = os.path.join(work, "small-disk")
    os.makedirs(disk)
    with open(os.path.join(disk, "before.txt"), "w") as f:  # hidden by the mount; must be there after
        f.write("x")
    # The CLI runs with a 2 MiB tmpfs mounted on `disk` in its own user and mount namespace (no privileges
    # needed, nothing outside sees the mount); the same shell lists the tmpfs afterwards.
    listing = "; echo LISTING; ls -A \"$0\""
    prefix = ["unshare", "--user", "--map-root-user", "--mount", "sh", "-c",
              'mount -t tmpfs -o size=2m tmpfs "$0" || exit 99; "$@"; code=$?' + listing + "; exit $code", disk]
    code, out, err, _ = cli(base, "local", "dump", local_id, "--out", os.path.join(disk, "dump.tar.gz"),
                            prefix=prefix)
    left = out.split("LISTING\n", 1)[1].split() if "LISTING\n" in out else ["<no listing>"]
    check("a dump onto a full disk exits 1 saying the disk is full",
          code == 1 and ("No space left" in err or "disk is full" in err.lower()), (code, err))
    check("... and leaves nothing on that disk", left == [], left)

    code, out, err, _ = cli(base, "local", "dump", local_id, "--extract", os.path.join(disk, "extracted"),
                            prefix=prefix)
    left = out.split("LISTING\n", 1)[1].split() if "LISTING\n" in out else ["<no listing>"]
    check("an extraction onto a full disk exits 1 saying the disk is full",
          code == 1 and ("No space left" in err or "disk is full" in err.lower()), (code, err))
    check("... and leaves no folder or staging files there", left == [], left)
    check("... nor in TMPDIR", temp_leftovers() == [], temp_leftovers())
    check("the real folder is as it was", os.listdir(disk) == ["before.txt"], os.listdir(disk))


def check_stated_limits(work):
    """A local sandbox states how many entries one upload may hold: past that, `local upload` refuses after
    counting, before it packs or sends anything."""
    proc, base = T.start_emulator("--max-workspace-entries", "3")
    try:
        local_id = api(base, "GET", "/local-sandbox")["local_sandboxes"][1]["local_sandbox_id"]
        folder = os.path.join(work, "four")
        os.makedirs(os.path.join(folder, "src"), exist_ok=True)
        for name in ("a.txt", "b.txt", "src/main.py"):
            with open(os.path.join(folder, name), "w") as f:
                f.write(name + "\n")
        code, out, err, _ = cli(base, "local", "upload", local_id, folder)
        check("an upload past the stated entry limit exits 1 naming it", code == 1 and "at most 3" in err,
              (code, err))
        check("... before anything was sent", store_requests(base, "PUT") == [] and
              recorded(base, "POST", f"/local-sandbox/{local_id}/upload-url") == [], control(base, "GET", "requests"))
        check("... and leaves no temporary files", temp_leftovers() == [], temp_leftovers())
        os.remove(os.path.join(folder, "b.txt"))
        code, out, err, _ = cli(base, "local", "upload", local_id, folder)
        check("within the limit the same upload lands", code == 0 and len(store_requests(base, "PUT")) == 1,
              (code, err))
    finally:
        proc.terminate()
        proc.wait()


def main():
    proc, base = start_emulator()
    work = tempfile.mkdtemp(prefix="cli-faults-")
    try:
        local_id = api(base, "GET", "/local-sandbox")["local_sandboxes"][0]["local_sandbox_id"]
        check_api_faults(base)
        check_rate_limit(base)
        check_deadline_and_cancel(base, local_id, work)
        check_store_faults(base, local_id, work)
        check_full_disk(base, local_id, work)
        check_stated_limits(work)
    finally:
        proc.terminate()
        proc.wait()
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(CLI_TMP, ignore_errors=True)
    return T.summary()


if __name__ == "__main__":
    sys.exit(main())
