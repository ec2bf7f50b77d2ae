#!/usr/bin/python3
"""Prints, as JSON, the accessibility tree that an application exposes over AT-SPI: what a
screen reader such as Orca reads. Used by the GUI tests; run with Debian's python3-pyatspi.

    atspi-tree.py APP_NAME [SECONDS] [BUTTONS]

Waits (bounded) until APP_NAME shows more than BUTTONS push buttons (default 40: the month
grid's 42 day cells are there), then prints every node with a name or description as
{"role", "name", "description", "states"}."""
import json
import sys
import time

import pyatspi


def find(app_name):
    for app in pyatspi.Registry.getDesktop(0):
        if app is not None and app.name == app_name and app.childCount > 0:
            return app
    return None


def walk(node, out):
    try:
        entry = {
            "role": node.getRoleName(),
            "name": node.name or "",
            "description": node.description or "",
            "states": sorted(pyatspi.stateToString(s) for s in node.getState().getStates()),
        }
    except Exception:  # a node that went away while we looked
        return
    if entry["name"] or entry["description"]:
        out.append(entry)
    for child in node:
        if child is not None:
            walk(child, out)


def main():
    app_name = sys.argv[1]
    deadline = time.monotonic() + (float(sys.argv[2]) if len(sys.argv) > 2 else 20)
    buttons = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    while time.monotonic() < deadline:
        app = find(app_name)
        if app is not None:
            nodes = []
            walk(app, nodes)
            if sum(1 for n in nodes if n["role"] == "push button") > buttons:
                json.dump(nodes, sys.stdout)
                return 0
        time.sleep(0.1)  # the registry has no "app appeared" wait; poll, bounded by the deadline
    print(f"{app_name} did not appear on the accessibility bus", file=sys.stderr)
    return 1


sys.exit(main())
