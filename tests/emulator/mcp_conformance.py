"""MCP at the emulator's server URLs, checked with an independent JSON Schema implementation.

For a sandbox of each server with its own tool set (and a generic one), and the local filesystem server:
initialize, every page of tools/list, each tool's inputSchema and outputSchema a valid JSON Schema (draft
2020-12), each read-only tool called with arguments its schema accepts, its structuredContent valid against
its outputSchema, and a call missing required arguments answered isError.
"""

import json

from jsonschema import Draft202012Validator

HEADERS = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
SERVERS = ("github", "slack", "jira", "notion", "gmail", "hubspot")


def post(c, url, message):
    status, headers, raw = c.request("POST", url, message, headers=HEADERS, auth=False)
    events = [json.loads(line[6:]) for line in raw.decode().split("\n") if line.startswith("data: ")]
    return status, headers, events


def rpc(c, url, method, params, failures):
    status, headers, events = post(c, url, {"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
    if status != 200 or not headers.get("Content-Type", "").startswith("text/event-stream") or not events:
        failures.append("%s: %s answered %d %r" % (url.split("?")[0], method, status, events[:1]))
        return {}
    return events[-1].get("result", events[-1])


def argument_pool(dump):
    """Values for common required arguments, taken from the sandbox's own default data."""
    first = lambda key, field: next((item.get(field) for item in dump.get(key) or []), None)
    pool = {"repo": first("repos", "name"), "path": "README.md", "query": "a", "channel": first("channels", "name"),
            "title": first("pages", "name"), "id": 1, "project_key": first("projects", "key"), "text": "x",
            "collection": next((key for key, value in dump.items() if isinstance(value, list)), None)}
    return {key: value for key, value in pool.items() if value is not None}


def check_tools(c, url, dump, failures, overrides=None):
    """overrides: {tool: {argument: value}} where the pool's value does not suit a tool."""
    rpc(c, url, "initialize", {"protocolVersion": "2025-11-25", "capabilities": {},
                               "clientInfo": {"name": "conformance", "version": "1"}}, failures)
    tools, params = [], {}
    for _ in range(100):
        page = rpc(c, url, "tools/list", params, failures)
        tools += page.get("tools", [])
        if "nextCursor" not in page:
            break
        params = {"cursor": page["nextCursor"]}
    pool = argument_pool(dump)
    called = 0
    for tool in tools:
        name = tool["name"]
        for key in ("inputSchema", "outputSchema"):
            if key in tool:
                try:
                    Draft202012Validator.check_schema(tool[key])
                except Exception as error:  # noqa: BLE001 - any schema error is a failure to report
                    failures.append("%s.%s: %s" % (name, key, error))
        required = tool["inputSchema"].get("required", [])
        if required:
            result = rpc(c, url, "tools/call", {"name": name, "arguments": {}}, failures)
            if result.get("isError") is not True:
                failures.append("%s without its required arguments did not answer isError" % name)
        if not tool.get("annotations", {}).get("readOnlyHint") or any(key not in pool for key in required):
            continue
        arguments = {key: (overrides or {}).get(name, {}).get(key, pool[key]) for key in required}
        Draft202012Validator(tool["inputSchema"]).validate(arguments)
        result = rpc(c, url, "tools/call", {"name": name, "arguments": arguments}, failures)
        called += 1
        if result.get("isError"):
            failures.append("%s(%r) failed: %r" % (name, arguments, result.get("content")))
        elif "outputSchema" in tool:
            errors = list(Draft202012Validator(tool["outputSchema"]).iter_errors(result.get("structuredContent")))
            if errors:
                failures.append("%s: structuredContent breaks its outputSchema: %s" % (name, errors[0].message))
    return len(tools), called


def exercise_mcp(c):
    """Answers (tools listed, tools called); failures go to c.failures."""
    listed = called = 0
    for server in SERVERS:
        status, _, raw = c.request("POST", c.base + "/sandbox/" + server, {})
        if status != 201:
            c.failures.append("acquire %s answered %d" % (server, status))
            continue
        acquired = json.loads(raw)
        here = "/sandbox/%s/%s" % (server, acquired["sandbox_id"])
        c.request("POST", c.base + here + "/initialize?init_default_data=true")
        _, _, raw = c.request("GET", c.base + here + "/dump")
        counts = check_tools(c, acquired["server_urls"][server], json.loads(raw).get("data", {}), c.failures)
        listed, called = listed + counts[0], called + counts[1]
        c.request("DELETE", c.base + here)
    status, _, raw = c.request("POST", c.base + "/local-sandbox", {"server_names": ["filesystem"]})
    if status == 201:
        url = json.loads(raw)["servers"][0]["mcp_server_url"]
        rpc(c, url, "tools/call",
            {"name": "filesystem_write_file", "arguments": {"path": "README.md", "content": "# hi"}}, c.failures)
        folder = {"path": "."}  # the pool's path is a file: the folder tools read the root
        counts = check_tools(c, url, {}, c.failures, {"filesystem_list_directory": folder,
                                                      "filesystem_list_directory_with_sizes": folder,
                                                      "filesystem_directory_tree": folder})
        listed, called = listed + counts[0], called + counts[1]
    else:
        c.failures.append("local acquire answered %d" % status)
    return listed, called
