#!/usr/bin/python3
"""Plays GNOME Shell against Koyomi's search provider over the session bus it runs in (the
bus starts Koyomi by D-Bus activation), then reads the window over AT-SPI. Prints JSON:

    shell-search.py CALENDAR_ID OUTPUT.json

(into a file: the session's other programs write on the same stdout)

{"cafe": [...ids], "accents": ..., "kana": ..., "narrowed": ..., "metas": [...],
 "after_activate": [nodes], "after_launch": [nodes]}. Each AT-SPI snapshot is read again
(bounded) until what the test waits for is there; a node is {role, name, states,
text, in_focused: inside the focused widget}."""
import json
import sys
import time

import pyatspi
from gi.repository import Gio, GLib

BUS_NAME = "app.koyomi.Koyomi"
PATH = "/app/koyomi/Koyomi/SearchProvider"
IFACE = "org.gnome.Shell.SearchProvider2"

bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)


def call(method, args, signature):
    reply = bus.call_sync(BUS_NAME, PATH, IFACE, method, GLib.Variant(signature, args), None,
                          Gio.DBusCallFlags.NONE, 60000, None)
    return reply.unpack()


def nodes_of(app):
    out = []

    def walk(node, in_focused=False):
        try:
            entry = {"role": node.getRoleName(), "name": node.name or "",
                     "states": sorted(pyatspi.stateToString(s) for s in node.getState().getStates()), "text": "",
                     "in_focused": in_focused}
            if entry["role"] in ("entry", "text"):
                try:
                    text = node.queryText()
                    entry["text"] = text.getText(0, text.characterCount)
                except NotImplementedError:
                    pass
        except Exception:
            return
        out.append(entry)
        for child in node:
            if child is not None:
                walk(child, in_focused or "focused" in entry["states"])
    walk(app)
    return out


def snapshot(until, seconds=30):
    deadline = time.monotonic() + seconds
    nodes = []
    while time.monotonic() < deadline:
        for app in pyatspi.Registry.getDesktop(0):
            if app is not None and app.name == "koyomi" and app.childCount > 0:
                nodes = nodes_of(app)
                if until(nodes):
                    return nodes
        time.sleep(0.1)  # AT-SPI has no "changed" wait here; polled, bounded by the deadline
    return nodes


def main():
    calendar = sys.argv[1]
    out = {}
    out["cafe"] = call("GetInitialResultSet", (["CAFE"],), "(as)")[0]
    out["accents"] = call("GetInitialResultSet", (["café"],), "(as)")[0]
    out["kana"] = call("GetInitialResultSet", (["からおけ"],), "(as)")[0]
    out["narrowed"] = call("GetSubsearchResultSet", (out["cafe"], ["cafe", "ann"]), "(asas)")[0]
    out["metas"] = call("GetResultMetas", (out["cafe"] + out["kana"],), "(as)")[0]
    target = calendar + "\ncafe\n"
    call("ActivateResult", (target, ["cafe"], 0), "(sasu)")
    out["after_activate"] = snapshot(lambda nodes: any(
        n["name"].startswith("Café with Ann") and n["in_focused"] for n in nodes))
    call("LaunchSearch", (["karaoke", "ann"], 0), "(asu)")
    out["after_launch"] = snapshot(lambda nodes: any(n["text"] == "karaoke ann" for n in nodes))
    with open(sys.argv[2], "w") as output:
        json.dump(out, output)
    return 0


sys.exit(main())
