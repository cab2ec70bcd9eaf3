"""The per-server data paths of the provider's full OpenAPI file, exercised against sandboxdeck-emulator.

Every /sandbox/{server}/{sandbox_id}/initialize and .../dump (and the /local-sandbox ones) is called with a
valid body (the path's own default example, or the smallest body its schema accepts), with init_default_data,
with an invalid body (422), on an unknown id (404) and on a sandbox not held (400); the dump must give back
what initialize stored, and reset must empty it. Every answer is validated by Checker against the file.
"""

import json
import re

DATA_PATH = re.compile(r"^/(sandbox|local-sandbox)/([^/{}]+)/\{sandbox_id\}/(initialize|dump)$")


def data_paths(doc):
    """(scope, server) pairs with both paths, in file order."""
    found = []
    for template in doc["paths"]:
        match = DATA_PATH.match(template)
        if match and match.group(3) == "initialize":
            dump = "/%s/%s/{sandbox_id}/dump" % (match.group(1), match.group(2))
            if dump in doc["paths"]:
                found.append((match.group(1), match.group(2)))
    return found


def resolve(doc, schema):
    while "$ref" in schema:
        node = doc
        for part in schema["$ref"][2:].split("/"):
            node = node[part]
        schema = node
    return schema


def body_schema(doc, scope, server):
    operation = doc["paths"]["/%s/%s/{sandbox_id}/initialize" % (scope, server)]["post"]
    content = operation["requestBody"]["content"]["application/json"]
    branches = [resolve(doc, b) for b in content["schema"].get("anyOf", [content["schema"]])]
    model = next(b for b in branches if b.get("type") != "null")
    example = content.get("examples", {}).get("default", {}).get("value")
    return model, example


def invalid_body(doc, model):
    """A body whose first property has the wrong type, and the error type pydantic gives it."""
    for name, schema in model.get("properties", {}).items():
        types = {resolve(doc, b).get("type") for b in schema.get("anyOf", [schema])}
        if "array" in types:
            return {name: "not a list"}, "list_type", name
        if "string" in types:
            return {name: ["not", "a", "string"]}, "string_type", name
        if "object" in types:
            return {name: 5}, None, name
    return [1, 2], None, None


def minimal_body(doc, model):
    """The required properties at their smallest."""
    body = {}
    for name in model.get("required", []):
        schema = resolve(doc, model["properties"][name])
        kind = schema.get("type")
        body[name] = {"string": "x", "integer": 1, "number": 1, "boolean": False, "array": []}.get(kind, {})
        if kind == "object" or "properties" in schema:
            body[name] = minimal_body(doc, schema)
    return body


def acquire(c, scope, server):
    if scope == "sandbox":
        status, _, raw = c.request("POST", c.base + "/sandbox/" + server, {})
        key = "sandbox_id"
    else:
        status, _, raw = c.request("POST", c.base + "/local-sandbox", {"server_names": [server]})
        key = "local_sandbox_id"
    if status != 201:
        c.failures.append("acquire %s %s answered %d %r" % (scope, server, status, raw[:200]))
        return None
    return json.loads(raw)[key]


def release(c, scope, server, sandbox_id):
    path = "/sandbox/%s/%s" % (server, sandbox_id) if scope == "sandbox" else "/local-sandbox/" + sandbox_id
    c.request("DELETE", c.base + path)


def exercise_server_data(c):
    doc = c.doc
    pairs = data_paths(doc)
    if len(pairs) < 35:
        c.failures.append("only %d per-server data paths in the file" % len(pairs))
    for scope, server in pairs:
        init = "/%s/%s/{sandbox_id}/initialize" % (scope, server)
        dump = "/%s/%s/{sandbox_id}/dump" % (scope, server)
        model, example = body_schema(doc, scope, server)
        sandbox_id = acquire(c, scope, server)
        if sandbox_id is None:
            continue
        here = "/%s/%s/%s" % (scope, server, sandbox_id)
        empty = c.call("GET", dump, here + "/dump", 200)
        body = example if example is not None else minimal_body(doc, model)
        c.call("POST", init, here + "/initialize", 200, body=body)
        dumped = c.call("GET", dump, here + "/dump", 200)
        if dumped is not None and dumped.get("data") != body:
            c.failures.append("%s: dump does not give back the initialized data" % here)
        if dumped is not None and (dumped.get("sandbox_id") != sandbox_id or dumped.get("server_name") != server):
            c.failures.append("%s: dump names %r/%r" % (here, dumped.get("sandbox_id"), dumped.get("server_name")))
        if example is not None:
            c.call("POST", init, here + "/initialize", 200, query="init_default_data=true")
        bad, error_type, field = invalid_body(doc, model)
        refused = c.call("POST", init, here + "/initialize", 422, body=bad)
        if refused is not None and error_type is not None:
            first = refused["detail"][0]
            if first["type"] != error_type or first["loc"] != ["body", field]:
                c.failures.append("%s: 422 says %s at %r, pydantic says %s at ['body', %r]"
                                  % (here, first["type"], first["loc"], error_type, field))
        c.call("POST", init, here + "/initialize", 422, body=b'{"broken": ')
        c.call("POST", init, here + "/initialize", 422, query="init_default_data=maybe")
        c.call("POST", init, "/%s/%s/no-such-id/initialize" % (scope, server), 404, body=body)
        c.call("GET", dump, "/%s/%s/no-such-id/dump" % (scope, server), 404)
        reset = "/sandbox/%s/%s/reset" % (server, sandbox_id) if scope == "sandbox" else \
            "/local-sandbox/%s/reset" % sandbox_id
        c.request("POST", c.base + reset)
        again = c.call("GET", dump, here + "/dump", 200)
        if again is not None and empty is not None and again.get("data") != empty.get("data"):
            c.failures.append("%s: reset did not empty the data" % here)
        release(c, scope, server, sandbox_id)
        if scope == "sandbox":
            # Released: the data paths refuse a sandbox that is not held.
            c.call("GET", dump, here + "/dump", 400)
    # A server without data paths has none.
    c.call("GET", "/sandbox/{server_name}/{sandbox_id}", "/sandbox/calculator/x/dump", 404)


def data_paths_covered(doc, covered):
    """Failures for data paths (and their declared statuses) never validated."""
    missing = []
    for scope, server in data_paths(doc):
        for template, method in (("/%s/%s/{sandbox_id}/initialize" % (scope, server), "POST"),
                                 ("/%s/%s/{sandbox_id}/dump" % (scope, server), "GET")):
            for status in doc["paths"][template][method.lower()]["responses"]:
                if status == "422" and method == "GET":
                    continue  # a dump has no input that can be invalid
                if (method, template, int(status)) not in covered:
                    missing.append("never validated: %s %s -> %s" % (method, template, status))
    return missing
