"""Conformance of a local sandbox's executions (upload URL, execute, status, logs, artifacts) to the provider's
full OpenAPI file: a real run of a main.py through the emulator, every answer validated by conformance.py's
Checker, and every declared status of the five paths exercised."""

import io
import json
import tarfile
import time

EXECUTION_PATHS = (
    ("POST", "/local-sandbox/{local_sandbox_id}/execution-upload-url"),
    ("POST", "/local-sandbox/{local_sandbox_id}/execute"),
    ("GET", "/local-sandbox/{local_sandbox_id}/execution-status"),
    ("GET", "/local-sandbox/{local_sandbox_id}/execution-logs"),
    ("POST", "/local-sandbox/{local_sandbox_id}/export-artifacts"),
)


def job_archive():
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as archive:
        for name, data in (("./main.py", b"print('conformance')\nopen('result.txt', 'w').write('ok')\n"),
                           ("./requirements.txt", b"requests\n")):
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return out.getvalue()


def exercise_executions(c):
    UP, EX, ST, LG, AR = (template for _, template in EXECUTION_PATHS)
    status, _, raw = c.request("POST", c.base + "/local-sandbox", {"server_names": ["filesystem"]})
    if status != 201:
        c.failures.append("executions: acquire answered %d" % status)
        return
    local_id = json.loads(raw)["local_sandbox_id"]
    base = "/local-sandbox/%s/" % local_id
    name = {"execution_name": "conf"}

    upload = c.call("POST", UP, base + "execution-upload-url", 200, body=name, query="region=asia")
    c.call("POST", UP, base + "execution-upload-url", 422, body={}, query="region=eu")
    c.call("POST", UP, "/local-sandbox/no-such-id/execution-upload-url", 404, body=name)
    c.call("POST", EX, base + "execute", 400, body=name, query="region=asia")  # nothing uploaded yet
    if upload:
        status, _, body = c.store("PUT", upload["upload_url"], job_archive(), {"Content-Type": "application/gzip"})
        if status != 200:
            c.failures.append("execution archive PUT answered %d %r" % (status, body[:200]))
    c.call("POST", EX, base + "execute", 422, body={"execution_name": 1})
    c.call("POST", EX, "/local-sandbox/no-such-id/execute", 404, body=name)
    started = c.call("POST", EX, base + "execute", 200, body=name, query="region=asia")
    if started and started.get("execution_name") != "conf":
        c.failures.append("execute answered %r" % started)

    c.call("GET", ST, base + "execution-status", 422)
    c.call("GET", ST, base + "execution-status", 404, query="execution_name=nope")
    logs, cursor, deadline = "", 0, time.time() + 20
    while time.time() < deadline:
        reply = c.call("GET", LG, base + "execution-logs", 200, query="execution_name=conf&cursor=%d" % cursor)
        if reply is None:
            break
        logs += reply["logs"]
        cursor = reply["cursor"]
        if reply["status"] in ("completed", "failed") and not reply["logs"]:
            break
        time.sleep(0.02)
    final = c.call("GET", ST, base + "execution-status", 200, query="execution_name=conf")
    if not final or final["status"] != "completed" or not logs.endswith("conformance\n"):
        c.failures.append("execution ended %r with log %r" % (final, logs[-300:]))
    c.call("GET", LG, base + "execution-logs", 422, query="execution_name=conf&cursor=-1")
    c.call("GET", LG, base + "execution-logs", 400, query="execution_name=conf&cursor=%d" % (cursor + 1))
    c.call("GET", LG, base + "execution-logs", 404, query="execution_name=nope")

    exported = c.call("POST", AR, base + "export-artifacts", 200, body=name, query="region=asia")
    c.call("POST", AR, base + "export-artifacts", 422, body=name, query="region=mars")
    c.call("POST", AR, base + "export-artifacts", 404, body={"execution_name": "nope"})
    if exported:
        status, _, body = c.store("GET", exported["download_url"])
        names = []
        if status == 200:
            with tarfile.open(fileobj=io.BytesIO(body), mode="r:gz") as archive:
                names = archive.getnames()
        if status != 200 or "./result.txt" not in names or "./main.py" not in names:
            c.failures.append("artifacts GET answered %d with %r" % (status, names))
    c.request("DELETE", c.base + "/local-sandbox/" + local_id)


def executions_covered(doc, covered):
    """Failures for the five paths' declared statuses never validated."""
    missing = []
    for method, template in EXECUTION_PATHS:
        for status in doc["paths"][template][method.lower()]["responses"]:
            if (method, template, int(status)) not in covered:
                missing.append("never validated: %s %s -> %s" % (method, template, status))
    return missing
