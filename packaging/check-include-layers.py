#!/usr/bin/env python3
"""Fails on an include that points up a layer or closes a circle between folders.

Every source folder under app/ and ui/ belongs to one layer of LAYERS (bottom first). A file may include
headers of its own folder, of folders in lower layers, and of other folders in its own layer as long as the
folders of that layer do not include each other in a circle. The subfolders of a NESTED folder share its layer
and its FORBIDDEN list, and each counts as a folder of its own for circles: the emulator's providers may not
include each other both ways. Each offending include is named with its file and line; a circle is named with
the include that closes it. Exit status 1 when anything is found.

Usage: check-include-layers.py [SOURCE_ROOT]
"""

import os
import re
import sys

# Bottom first. A folder is a path below the repository's root. Only the folders of NESTED keep subfolders of
# their own (the emulator's providers); anywhere else a folder with sources must be named here.
LAYERS = [
    ("facts", ["app/catalog", "app/json"]),
    ("transport", ["app/api"]),
    ("services", ["app/workspace", "app/ledger", "app/mcp", "app/settings", "app/terminal"]),
    ("execution", ["app/execution"]),
    ("runs", ["app/runs"]),
    ("stores", ["app/store"]),
    ("models", ["app/models"]),
    # The emulator imitates the providers on its own: it may use JSON as a format and nothing else of ours.
    ("emulator", ["app/emulator"]),
    ("session", ["app/session"]),
    ("front ends without widgets", ["app/cli"]),
    ("widgets that know no feature", ["ui/common"]),
    ("the sandbox lists' base", ["ui/sandboxlist"]),
    # What a user does inside a sandbox or beside the lists; a list page may hold them.
    ("work features", ["ui/inspector", "ui/serverdata", "ui/executions", "ui/transfers", "ui/universes",
                       "ui/preferences", "ui/terminal", "ui/processes", "ui/previews", "ui/files"]),
    ("list features", ["ui/klavis", "ui/local", "ui/blaxel", "ui/allsandboxes", "ui/runsview"]),
    ("the main window", ["ui/mainwindow"]),
    ("the app's entry point", ["ui"]),
]

# The emulator must not reach the client's code: a misspelt field on both sides would pass every test.
FORBIDDEN = {
    "app/emulator": ["app/api", "app/models", "app/session", "app/workspace", "app/mcp", "app/runs",
                     "app/ledger", "app/execution", "app/settings", "app/catalog", "app/cli"],
}

NESTED = ["app/emulator"]

INCLUDE_ROOTS = ["app", "ui"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def folder_of(path, folders):
    """The named folder a file or folder path belongs to: the longest named prefix."""
    best = None
    for folder in folders:
        if path == folder or (folder in NESTED and path.startswith(folder + "/")):
            if best is None or len(folder) > len(best):
                best = folder
    return best


def node_of(directory, folder):
    """The node of the circle check: a NESTED folder's subfolder stands for itself, any other directory for
    its named folder."""
    return directory if folder in NESTED else folder


def resolve(root, including_file, header):
    """The repository path of an include, or None when it is not one of ours (Qt, the standard library)."""
    local = os.path.normpath(os.path.join(os.path.dirname(including_file), header))
    if os.path.isfile(os.path.join(root, local)) and not header.startswith(".."):
        # A sibling header named without its folder: the rules want qualified includes, but it is ours.
        return local
    for include_root in INCLUDE_ROOTS:
        candidate = os.path.join(include_root, header)
        if os.path.isfile(os.path.join(root, candidate)):
            return candidate
    return None


def find_cycle(graph):
    """One circle of the folder graph as a list of folders (first == last), or None."""
    state = {}
    stack = []

    def visit(node):
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, {})):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if state.get(nxt) is None:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if state.get(node) is None:
            found = visit(node)
            if found:
                return found
    return None


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
    rank = {}
    for index, (_, folders) in enumerate(LAYERS):
        for folder in folders:
            rank[folder] = index
    folders = list(rank)
    problems = []
    graph = {}  # node -> {included node -> first (file, line) that includes it}
    nodes = set(folders)
    unplaced = set()
    for include_root in INCLUDE_ROOTS:
        for dirpath, _, filenames in os.walk(os.path.join(root, include_root)):
            for name in sorted(filenames):
                if not name.endswith((".h", ".cpp")):
                    continue
                path = os.path.relpath(os.path.join(dirpath, name), root)
                source = folder_of(os.path.dirname(path), folders)
                if source is None:
                    unplaced.add(os.path.dirname(path))
                    continue
                source_node = node_of(os.path.dirname(path), source)
                nodes.add(source_node)
                with open(os.path.join(root, path), encoding="utf-8", errors="replace") as handle:
                    for number, line in enumerate(handle, 1):
                        match = INCLUDE.match(line)
                        if not match:
                            continue
                        target_path = resolve(root, path, match.group(1))
                        if target_path is None:
                            continue
                        target = folder_of(os.path.dirname(target_path), folders)
                        if target is None:
                            continue
                        target_node = node_of(os.path.dirname(target_path), target)
                        if target_node == source_node:
                            continue
                        where = f"{path}:{number}"
                        if target in FORBIDDEN.get(source, []):
                            problems.append(f"{where}: {source} must not include {target} ({match.group(1)})")
                        elif rank[target] > rank[source]:
                            problems.append(
                                f"{where}: includes {match.group(1)}, which points up from "
                                f"'{LAYERS[rank[source]][0]}' ({source}) to '{LAYERS[rank[target]][0]}' ({target})")
                        graph.setdefault(source_node, {}).setdefault(target_node, where)
    for folder in sorted(unplaced):
        problems.append(f"{folder}: a source folder with no layer in packaging/check-include-layers.py")
    cycle = find_cycle(graph)
    if cycle:
        steps = [f"{a} -> {b} ({graph[a][b]})" for a, b in zip(cycle, cycle[1:])]
        problems.append("folders include each other in a circle: " + "; ".join(steps))
    for problem in problems:
        print(problem)
    edges = sum(len(targets) for targets in graph.values())
    if problems:
        print(f"check-include-layers: {len(problems)} problem(s)")
        return 1
    print(f"check-include-layers: {len(nodes)} folders in {len(LAYERS)} layers, {edges} folder-to-folder "
          f"dependencies, none points up or closes a circle")
    return 0


if __name__ == "__main__":
    sys.exit(main())
