#!/usr/bin/python3
"""Conformance of sandboxdeck-emulator to the provider's OpenAPI file.

Starts the emulator binary on a free port, calls every path and method of the OpenAPI document (successes,
validation errors and unknown ids), and validates each JSON answer against the schema the document declares
for that status. Answers with an undeclared status must still be FastAPI-shaped ({"detail": "..."}).
Fails on any mismatch, and when a path, method or declared status was never exercised.

With FULL_OPENAPI_JSON (the provider's whole file), also every per-server initialize and dump path
(serverdata_conformance.py) and a local sandbox's executions (execution_conformance.py). And MCP at the server URLs it hands out (mcp_conformance.py).

usage: conformance.py EMULATOR_BINARY OPENAPI_JSON [FULL_OPENAPI_JSON]
"""

import json
import os
import signal
import subprocess
import sys
import tarfile
import tempfile
import io
import urllib.error
import urllib.request

import jsonschema

from execution_conformance import executions_covered, exercise_executions
from mcp_conformance import exercise_mcp
from serverdata_conformance import data_paths, data_paths_covered, exercise_server_data

API_KEY = "conformance-key"


class Checker:
    def __init__(self, doc, base):
        self.doc = doc
        self.base = base
        self.resolver = jsonschema.RefResolver.from_schema(doc)
        self.validated = 0
        self.failures = []
        self.covered = set()  # (method, template, status)
        self.opener = urllib.request.build_opener(urllib.request.ProxyHandler({}), NoRedirect())

    def request(self, method, url, body=None, headers=None, auth=True):
        headers = dict(headers or {})
        if auth:
            headers["Authorization"] = "Bearer " + API_KEY
        data = None
        if body is not None:
            data = body if isinstance(body, bytes) else json.dumps(body).encode()
            headers.setdefault("Content-Type", "application/json")
        req = urllib.request.Request(url, data=data, method=method, headers=headers)
        try:
            with self.opener.open(req, timeout=10) as resp:
                return resp.status, dict(resp.headers), resp.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read()

    def call(self, method, template, path, expect, body=None, query="", auth=True):
        """Calls the API, checks the status and validates the body; answers the decoded body."""
        url = self.base + path + (("?" + query) if query else "")
        status, headers, raw = self.request(method, url, body, auth=auth)
        label = "%s %s%s -> %d" % (method, path, ("?" + query) if query else "", status)
        if status != expect:
            self.failures.append("%s: expected %d, body %s" % (label, expect, raw[:300]))
            return None
        try:
            payload = json.loads(raw)
        except ValueError:
            self.failures.append("%s: body is not JSON: %r" % (label, raw[:200]))
            return None
        if not headers.get("Content-Type", "").startswith("application/json"):
            self.failures.append("%s: Content-Type %s" % (label, headers.get("Content-Type")))
        operation = self.doc["paths"][template][method.lower()]
        response = operation["responses"].get(str(status))
        if response is not None:
            schema = response.get("content", {}).get("application/json", {}).get("schema")
            if schema is None:
                self.failures.append("%s: no schema declared" % label)
                return payload
            try:
                jsonschema.validate(payload, schema, resolver=self.resolver)
            except jsonschema.ValidationError as error:
                self.failures.append("%s: %s" % (label, error.message))
                return payload
        elif not (isinstance(payload, dict) and list(payload) == ["detail"] and isinstance(payload["detail"], str)):
            self.failures.append("%s: undeclared status without a {\"detail\": str} body: %s" % (label, raw[:200]))
            return payload
        self.validated += 1
        self.covered.add((method, template, status))
        return payload

    def store(self, method, url, body=None, headers=None):
        return self.request(method, url, body, headers=headers, auth=False)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def tar_gz(files):
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as archive:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return out.getvalue()


def exercise(c):
    S, SI, SR, SP = "/sandbox", "/sandbox/{server_name}/{sandbox_id}", "/sandbox/{server_name}/{sandbox_id}/reset", "/sandbox/prepare"
    SA = "/sandbox/{server_name}"
    L, LI, LR = "/local-sandbox", "/local-sandbox/{local_sandbox_id}", "/local-sandbox/{local_sandbox_id}/reset"
    LU, LN, LD = ("/local-sandbox/{local_sandbox_id}/upload-url", "/local-sandbox/{local_sandbox_id}/initialize",
                  "/local-sandbox/{local_sandbox_id}/dump")

    # Auth and routing (undeclared statuses, FastAPI-shaped).
    c.call("GET", S, S, 401, auth=False)
    listed = c.call("GET", S, S, 200)
    c.call("GET", S, S, 200, query="server_name=GITHUB&tag=nightly")
    c.call("GET", S, S, 200, query="server_name=not-a-server")
    c.call("POST", SP, SP, 200)
    c.call("POST", SP, SP, 200, query="benchmark=MCP_Atlas&server_name=notion")
    c.call("POST", SP, SP, 422, query="benchmark=GSM8K")
    c.call("POST", SP, SP, 422, query="server_name=Notion")

    # Hosted sandboxes.
    acquired = c.call("POST", SA, "/sandbox/github", 201, body={"benchmark": "MCP_Atlas", "tag": "conf", "ttl_seconds": 600})
    c.call("POST", SA, "/sandbox/cal.com", 201)
    c.call("POST", SA, "/sandbox/github", 422, body={"ttl_seconds": 10})
    c.call("POST", SA, "/sandbox/github", 422, body={"ttl_seconds": 100000, "benchmark": "other"})
    c.call("POST", SA, "/sandbox/github", 422, body=b'{"tag": ')
    c.call("POST", SA, "/sandbox/github", 422, body=[1, 2])
    c.call("POST", SA, "/sandbox/GitHub", 422)
    c.call("POST", SA, "/sandbox/github", 404, body={"test_account_email": "nobody@example.com"})
    sandbox_id = acquired["sandbox_id"] if acquired else "missing"
    details = c.call("GET", SI, "/sandbox/github/" + sandbox_id, 200)
    if details and details.get("benchmark") != "MCP_Atlas":
        c.failures.append("details lost the benchmark: %r" % details)
    for item in (listed or {}).get("sandboxes", [])[:10]:
        c.call("GET", SI, "/sandbox/%s/%s" % (item["server_name"], item["sandbox_id"]), 200)
    c.call("GET", SI, "/sandbox/github/no-such-id", 404)
    c.call("GET", SI, "/sandbox/nope/no-such-id", 422)
    c.call("POST", SR, "/sandbox/github/%s/reset" % sandbox_id, 200)
    c.call("POST", SR, "/sandbox/github/no-such-id/reset", 404)
    c.call("POST", SR, "/sandbox/unknown/x/reset", 422)
    c.call("DELETE", SI, "/sandbox/github/" + sandbox_id, 200, query="is_ttl=false")
    c.call("DELETE", SI, "/sandbox/github/" + sandbox_id, 200)
    c.call("DELETE", SI, "/sandbox/github/" + sandbox_id, 422, query="is_ttl=perhaps")
    c.call("DELETE", SI, "/sandbox/github/no-such-id", 404)

    # Pool exhaustion answers 503: serper (not seeded) hands out its --idle-per-server 3, exa is --empty-pool.
    for _ in range(3):
        c.call("POST", SA, "/sandbox/serper", 201)
    c.call("POST", SA, "/sandbox/serper", 503)
    c.call("POST", SA, "/sandbox/exa", 503)

    # Local sandboxes.
    local_list = c.call("GET", L, L, 200)
    local = c.call("POST", L, L, 201, body={"server_names": ["filesystem", "git", "terminal"]})
    c.call("POST", L, L, 201, body={"server_names": "ALL", "benchmark": "Toolathlon", "ttl_seconds": 3600})
    c.call("POST", L, L, 422, body={"server_names": "all"})
    c.call("POST", L, L, 422, body={"server_names": ["git", "github"]})
    c.call("POST", L, L, 422, body={})
    c.call("POST", L, L, 422)
    c.call("POST", L, L, 422, body={"server_names": "ALL", "ttl_seconds": 5})
    local_id = local["local_sandbox_id"] if local else "missing"
    c.call("GET", LI, "/local-sandbox/" + local_id, 200)
    for item in (local_list or {}).get("local_sandboxes", []):
        c.call("GET", LI, "/local-sandbox/" + item["local_sandbox_id"], 200)
    c.call("GET", LI, "/local-sandbox/no-such-id", 404)

    upload = c.call("POST", LU, "/local-sandbox/%s/upload-url" % local_id, 200, query="region=asia")
    c.call("POST", LU, "/local-sandbox/%s/upload-url" % local_id, 200)
    c.call("POST", LU, "/local-sandbox/%s/upload-url" % local_id, 422, query="region=eu")
    c.call("POST", LU, "/local-sandbox/no-such-id/upload-url", 404)
    c.call("POST", LN, "/local-sandbox/%s/initialize" % local_id, 400, query="region=asia")
    if upload:
        status, _, body = c.store("PUT", upload["upload_url"], tar_gz({"hello.txt": b"hi"}), {"Content-Type": "text/plain"})
        if status != 403 or b"<Code>SignatureDoesNotMatch</Code>" not in body:
            c.failures.append("PUT with a wrong Content-Type answered %d %r" % (status, body[:200]))
        archive = tar_gz({"./hello.txt": b"hi\n", "./sub/x.txt": b"x"})
        status, _, body = c.store("PUT", upload["upload_url"], archive, {"Content-Type": "application/gzip"})
        if status != 200:
            c.failures.append("signed PUT answered %d %r" % (status, body[:200]))
    initialized = c.call("POST", LN, "/local-sandbox/%s/initialize" % local_id, 200, query="region=asia")
    if initialized and initialized.get("message") != "Extracted archive from GCS to workspace":
        c.failures.append("initialize message: %r" % initialized)
    c.call("POST", LN, "/local-sandbox/%s/initialize" % local_id, 422, query="region=mars")
    c.call("POST", LN, "/local-sandbox/no-such-id/initialize", 404)

    dump = c.call("GET", LD, "/local-sandbox/%s/dump" % local_id, 200)
    c.call("GET", LD, "/local-sandbox/%s/dump" % local_id, 422, query="region=")
    c.call("GET", LD, "/local-sandbox/no-such-id/dump", 404)
    if dump:
        status, headers, body = c.store("GET", dump["download_url"])
        names = []
        if status == 200:
            with tarfile.open(fileobj=io.BytesIO(body), mode="r:gz") as archive:
                names = archive.getnames()
        if status != 200 or "./hello.txt" not in names or "./sub/x.txt" not in names:
            c.failures.append("dump GET answered %d with %r" % (status, names))
        status, headers, part = c.store("GET", dump["download_url"], headers={"Range": "bytes=10-"})
        if status != 206 or part != body[10:]:
            c.failures.append("ranged dump GET answered %d" % status)

    c.call("POST", LR, "/local-sandbox/%s/reset" % local_id, 200)
    c.call("POST", LR, "/local-sandbox/no-such-id/reset", 404)
    released = c.call("DELETE", LI, "/local-sandbox/" + local_id, 200)
    if released is not None and "released asynchronously" not in released.get("message", ""):
        c.failures.append("local release message: %r" % released)
    c.call("DELETE", LI, "/local-sandbox/" + local_id, 404)
    c.call("DELETE", LI, "/local-sandbox/x", 422, query="is_ttl=2")


def compare_with_samples(c, samples_dir):
    """The emulator's answers carry at least the fields the provider's real answers carried."""
    sample_path = os.path.join(samples_dir, "local-acquire.201.json")
    if not os.path.exists(sample_path):
        return
    with open(sample_path) as handle:
        sample = json.load(handle)
    status, _, raw = c.request("POST", c.base + "/local-sandbox", {"server_names": ["filesystem", "git", "terminal"]})
    if status != 201:
        c.failures.append("sample comparison: acquire answered %d" % status)
        return
    mine = json.loads(raw)
    if set(mine) != set(sample):
        c.failures.append("local acquire fields %s differ from the sample's %s" % (sorted(mine), sorted(sample)))
    if set(mine["servers"][0]) != set(sample["servers"][0]):
        c.failures.append("server item fields %s differ from the sample's %s"
                          % (sorted(mine["servers"][0]), sorted(sample["servers"][0])))


def can_fail_validation(operation):
    """Whether any input of the operation can be invalid: a body, or a parameter that is not free text."""
    free_text = ({"type": "string"}, [{"type": "string"}, {"type": "null"}])
    if "requestBody" in operation:
        return True
    for parameter in operation.get("parameters", []):
        schema = parameter.get("schema", {})
        shape = schema.get("anyOf", {"type": schema.get("type")})
        if shape not in free_text:
            return True
    return False


def refused_options(binary):
    """Values an option cannot take are usage errors (exit 2), not a negative or overflowing limit."""
    failures = []
    for option, value in (("--max-workspace-mb", "-1"), ("--max-workspace-mb", "9000000000000"),
                          ("--idle-per-server", "-3"), ("--blaxel-quota", "-1"),
                          ("--blaxel-process-timeout", "0"), ("--blaxel-idle-seconds", "ten"),
                          ("--execution-time-limit", "0"), ("--execution-log-mb", "0")):
        run = subprocess.run([binary, option, value], capture_output=True, text=True, timeout=10)
        if run.returncode != 2 or "invalid value for " + option not in run.stderr:
            failures.append("%s %s: exit %d, %r" % (option, value, run.returncode, run.stderr.strip()))
    help_text = " ".join(subprocess.run([binary, "--help"], capture_output=True, text=True, timeout=10).stdout.split())
    if "unpack to (default 512)" not in help_text:
        failures.append("--help does not state the 512 MiB default of --max-workspace-mb")
    for option in ("--blaxel-quota", "--blaxel-transition-ms", "--blaxel-idle-seconds", "--blaxel-retention-seconds",
                   "--blaxel-process-timeout", "--blaxel-data-dir", "--execution-time-limit", "--execution-log-mb"):
        if option not in help_text:
            failures.append("--help does not mention " + option)
    return failures


def blaxel_options(binary):
    """The binary's Blaxel options reach the server: a quota of 0 refuses every create, the data dir holds the
    sandboxes' files."""
    failures = []
    with tempfile.TemporaryDirectory() as data:
        process = subprocess.Popen([binary, "--port", "0", "--api-key", API_KEY, "--blaxel-quota", "0",
                                    "--blaxel-data-dir", data], stdout=subprocess.PIPE, text=True)
        try:
            base = process.stdout.readline().strip()[len("listening on "):]
            opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
            headers = {"Authorization": "Bearer " + API_KEY, "X-Blaxel-Workspace": "demo",
                       "Blaxel-Version": "2026-04-28", "Content-Type": "application/json"}

            def call(method, url, body=None):
                req = urllib.request.Request(url, data=body, method=method, headers=headers)
                try:
                    with opener.open(req, timeout=10) as resp:
                        return resp.status, resp.read()
                except urllib.error.HTTPError as error:
                    return error.code, error.read()

            status, raw = call("POST", base + "/v0/sandboxes", json.dumps({"metadata": {"name": "x"}}).encode())
            if status != 403 or json.loads(raw).get("code") != "QUOTA_EXCEEDED":
                failures.append("--blaxel-quota 0: create answered %d %r" % (status, raw[:200]))
            status, raw = call("GET", base + "/blaxel-sandbox/demo/research-notebook/filesystem/README.md")
            if status != 200 or not os.path.isfile(os.path.join(data, "demo", "research-notebook", "blaxel",
                                                                "README.md")):
                failures.append("--blaxel-data-dir: the sandbox's file is not in the data dir (%d)" % status)
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=5)
    return failures


def main():
    if len(sys.argv) not in (3, 4):
        print(__doc__)
        return 2
    binary, openapi = sys.argv[1], sys.argv[2]
    full_openapi = sys.argv[3] if len(sys.argv) == 4 else None
    refused = refused_options(binary) + blaxel_options(binary)
    for failure in refused:
        print("FAIL:", failure)
    if refused:
        return 1
    with open(openapi) as handle:
        doc = json.load(handle)
    process = subprocess.Popen([binary, "--port", "0", "--api-key", API_KEY, "--idle-per-server", "3", "--empty-pool", "exa"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = process.stdout.readline().strip()
        prefix = "listening on "
        if not first.startswith(prefix):
            print("unexpected first line from the emulator: %r" % first)
            return 1
        base = first[len(prefix):]
        checker = Checker(doc, base)
        exercise(checker)
        compare_with_samples(checker, os.path.join(os.path.dirname(openapi), "samples"))

        # Every path and method of the document, and every status it declares, must have been checked.
        for template, operations in doc["paths"].items():
            for method, operation in operations.items():
                for status in operation["responses"]:
                    if status == "422" and not can_fail_validation(operation):
                        continue
                    if (method.upper(), template, int(status)) not in checker.covered:
                        checker.failures.append("never validated: %s %s -> %s" % (method.upper(), template, status))

        print("validated %d responses against %s" % (checker.validated, os.path.basename(openapi)))
        if full_openapi:
            with open(full_openapi) as handle:
                full_doc = json.load(handle)
            # The file types every dump's server_name as SandboxMCPServer, which lacks the local servers that
            # have dump paths of their own (google_cloud, canvas, ...): the emulator names the server it
            # dumped, so those names are accepted here.
            full_doc["components"]["schemas"]["SandboxMCPServer"]["enum"] += [
                server for scope, server in data_paths(full_doc) if scope == "local-sandbox"]
            full = Checker(full_doc, base)
            exercise_server_data(full)
            full.failures += data_paths_covered(full.doc, full.covered)
            exercise_executions(full)
            full.failures += executions_covered(full.doc, full.covered)
            print("validated %d per-server data and execution answers against %s" % (full.validated, os.path.basename(full_openapi)))
            checker.failures += full.failures
        listed, called = exercise_mcp(checker)
        print("MCP: %d tools listed, %d read-only tools called and their structuredContent validated" % (listed, called))
        for failure in checker.failures:
            print("FAIL:", failure)
        return 1 if checker.failures else 0
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


if __name__ == "__main__":
    sys.exit(main())
