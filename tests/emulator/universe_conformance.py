"""The /universes paths of the provider's full OpenAPI file, exercised against sandboxdeck-emulator.

List, initial_data, acquire (until the pool answers 503), task details, verify (fresh: not passed, with a
reason), release, and the unknown ids and instances not acquired (404 and 409, FastAPI-shaped). Every answer
is validated by Checker against the file; every universes path must have had its 200 validated. Their
parameters are plain strings, so no input of theirs can be a 422.
"""

LIST, DATA, ACQUIRE = "/universes", "/universes/{universe_id}/initial_data", "/universes/{universe_id}"
RELEASE, TASK = "/universes/{universe_instance_id}/release", "/universes/{universe_id}/tasks/{task_num}"
VERIFY = "/universes/{universe_instance_id}/tasks/{task_num}/verify"
POOL = 3  # the emulator's instances per universe by default


def exercise_universes(c):
    listed = c.call("GET", LIST, LIST, 200) or {}
    universes = listed.get("universes", [])
    if len(universes) < 2:
        c.failures.append("universes: %d listed, expected the seeded ones" % len(universes))
    for universe in universes:
        universe_id = universe["universe_id"]
        data = c.call("GET", DATA, "/universes/%s/initial_data" % universe_id, 200)
        if not isinstance(data, dict) or not data:
            c.failures.append("universe %s: initial_data %r" % (universe_id, data))
        for task_num in universe["task_nums"]:
            c.call("GET", TASK, "/universes/%s/tasks/%s" % (universe_id, task_num), 200)
        c.call("GET", TASK, "/universes/%s/tasks/999" % universe_id, 404)
        instances = []
        for _ in range(POOL):
            acquired = c.call("POST", ACQUIRE, "/universes/" + universe_id, 200)
            if not acquired:
                break
            if set(acquired["mcp_servers"]) != set(data or {}):
                c.failures.append("universe %s: MCP servers %s, data of %s"
                                  % (universe_id, sorted(acquired["mcp_servers"]), sorted(data or {})))
            instances.append(acquired["instance_id"])
        c.call("POST", ACQUIRE, "/universes/" + universe_id, 503)
        if not instances:
            continue
        first = instances[0]
        for task_num in universe["task_nums"]:
            verified = c.call("POST", VERIFY, "/universes/%s/tasks/%s/verify" % (first, task_num), 200)
            if verified and (verified["passed"] or not verified.get("failure_reason")):
                c.failures.append("universe %s task %s passes on a fresh instance: %r"
                                  % (universe_id, task_num, verified))
        c.call("POST", VERIFY, "/universes/%s/tasks/999/verify" % first, 404)
        for instance_id in instances:
            c.call("POST", RELEASE, "/universes/%s/release" % instance_id, 200)
        c.call("POST", RELEASE, "/universes/%s/release" % first, 409)
        c.call("POST", VERIFY, "/universes/%s/tasks/1/verify" % first, 409)
    c.call("GET", DATA, "/universes/no-such-universe/initial_data", 404)
    c.call("POST", ACQUIRE, "/universes/no-such-universe", 404)
    c.call("GET", TASK, "/universes/no-such-universe/tasks/1", 404)
    c.call("POST", RELEASE, "/universes/no-such-instance/release", 404)
    c.call("POST", VERIFY, "/universes/no-such-instance/tasks/1/verify", 404)
    c.call("POST", ACQUIRE, "/universes/" + "x" * 300, 404)


def universe_paths_covered(doc, covered):
    """Failures for each /universes path and method of the file whose 200 was never validated."""
    failures = []
    for template, operations in doc["paths"].items():
        if template != LIST and not template.startswith(LIST + "/"):
            continue
        for method in operations:
            if (method.upper(), template, 200) not in covered:
                failures.append("never validated: %s %s -> 200" % (method.upper(), template))
    return failures
