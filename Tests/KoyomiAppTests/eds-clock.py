#!/usr/bin/python3
"""Koyomi's plans in GNOME Shell's clock, end to end, inside a private D-Bus session.

Run as `dbus-run-session -- /usr/bin/python3 eds-clock.py KOYOMI CALENDAR.ics SINCE UNTIL` with XDG_CONFIG_HOME,
XDG_DATA_HOME and XDG_CACHE_HOME set to a scratch folder (and Koyomi's clock, zone and locale
pinned). It starts `koyomi --background` (which writes the EDS source files), the real
evolution-source-registry and evolution-calendar-factory (by D-Bus activation) and the real
gnome-shell-calendar-server, asks the server for the plans (SetTimeRange) and waits, with a
deadline, for EventsAddedOrUpdated; then changes the calendar's file and its name and waits for
each change to follow. Prints one line per step passed ("OK …"); the last line is "PASS", or
"FAIL …" with the exit status 1.
"""
import os
import subprocess
import sys
import time

import gi

gi.require_version("Gio", "2.0")
gi.require_version("GLib", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

SERVER = "org.gnome.Shell.CalendarServer"
SERVER_PATH = "/org/gnome/Shell/CalendarServer"
SOURCES = "org.gnome.evolution.dataserver.Sources5"
SOURCES_PATH = "/org/gnome/evolution/dataserver/SourceManager"
DEADLINE = 60.0

koyomi_binary, calendar_path = sys.argv[1], sys.argv[2]
since, until = int(sys.argv[3]), int(sys.argv[4])
bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
context = GLib.MainContext.default()
events = {}  # uid → summary, as the calendar server last said
children = []


def fail(message):
    print("FAIL " + message, flush=True)
    stop()
    sys.exit(1)


def stop():
    for child in children:
        if child.poll() is None:
            child.terminate()
            try:
                child.wait(10)
            except subprocess.TimeoutExpired:
                child.kill()


def spin_until(condition, what, timeout=DEADLINE):
    """Iterates the main loop until condition() holds; fails after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            fail("timed out waiting for " + what + "; events seen: " + repr(sorted(events.values())))
        context.iteration(False)
        time.sleep(0.02)  # a poll interval, not a wait for something to happen


def on_signal(_connection, _sender, _path, _interface, name, parameters):
    if name == "EventsAddedOrUpdated":
        for event in parameters.unpack()[0]:
            events[event[0]] = event[1]
    elif name == "EventsRemoved":
        for uid in parameters.unpack()[0]:
            events.pop(uid, None)
    elif name == "ClientDisappeared":
        source = parameters.unpack()[0]
        for uid in [u for u in events if u.startswith(source + "\n")]:
            events.pop(uid)


def source_files():
    folder = os.path.join(os.environ["XDG_CONFIG_HOME"], "evolution", "sources")
    if not os.path.isdir(folder):
        return {}
    found = {}
    for name in os.listdir(folder):
        if name.startswith("koyomi-") and name.endswith(".source"):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                found[name] = f.read()
    return found


def registry_data():
    """Each source's key file as the registry holds it (its D-Bus object's Data)."""
    manager = Gio.DBusObjectManagerClient.new_sync(
        bus, Gio.DBusObjectManagerClientFlags.NONE, SOURCES, SOURCES_PATH, None, None, None)
    result = {}
    for obj in manager.get_objects():
        iface = obj.get_interface("org.gnome.evolution.dataserver.Source")
        if iface is None:
            continue
        uid = iface.get_cached_property("UID").unpack()
        result[uid] = iface.get_cached_property("Data").unpack()
    return result


def registry_source(uid, needle):
    data = {}

    def holds():
        data.clear()
        data.update(registry_data())
        return needle in data.get(uid, "")
    spin_until(holds, "the registry's source " + uid + " to hold " + repr(needle))
    return data[uid]


try:
    bus.signal_subscribe(None, SERVER, None, SERVER_PATH, None, Gio.DBusSignalFlags.NONE, on_signal)

    # Koyomi in the background mode (no window): it registers the calendars once they are read.
    koyomi = subprocess.Popen([koyomi_binary, "--background"], stdout=sys.stderr, stderr=sys.stderr)
    children.append(koyomi)
    spin_until(lambda: len(source_files()) == 1, "koyomi to write its source file")
    name, text = next(iter(source_files().items()))
    uid = name[: -len(".source")]
    print("OK koyomi wrote " + name, flush=True)

    # The registry, started by D-Bus activation, loads it; alarms left out as EDS parses it.
    data = registry_source(uid, "Work")
    if "IncludeMe=false" not in data:
        fail("the registry's source does not leave alarms out:\n" + data)
    print("OK the registry holds it with [Alarms] IncludeMe=false", flush=True)

    # The Shell's calendar server (its own process, as GNOME Shell starts it).
    server_log = open(os.path.join(os.environ["XDG_CACHE_HOME"], "calendar-server.log"), "w+", encoding="utf-8")
    # Its stdin is a pipe held open, as GNOME Shell (its parent) holds it: with the test's stdin
    # (/dev/null) it exits at once with status 0 and no output, as if its parent had gone.
    server = subprocess.Popen(["/usr/libexec/gnome-shell-calendar-server"], stdin=subprocess.PIPE,
                              stdout=server_log, stderr=server_log)
    children.append(server)

    def server_running():
        if server.poll() is not None:
            server_log.seek(0)
            fail("gnome-shell-calendar-server exited with status %d: %s" % (server.returncode, server_log.read()))
        return True
    spin_until(lambda: server_running() and bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                     "NameHasOwner", GLib.Variant("(s)", (SERVER,)), None,
                                     Gio.DBusCallFlags.NONE, -1, None).unpack()[0],
               "the calendar server's bus name")
    bus.call_sync(SERVER, SERVER_PATH, SERVER, "SetTimeRange", GLib.Variant("(xxb)", (since, until, True)),
                  None, Gio.DBusCallFlags.NONE, -1, None)
    spin_until(lambda: "Team meeting" in events.values(), "EventsAddedOrUpdated with Koyomi's plan")
    print("OK the calendar server lists 'Team meeting'", flush=True)

    # A plan changed in Koyomi's file (as Koyomi saves it) follows, with no new request.
    with open(calendar_path, encoding="utf-8") as f:
        ics = f.read()
    tmp = calendar_path + ".new"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(ics.replace("SUMMARY:Team meeting", "SUMMARY:Team lunch"))
    # EDS's local backend reloads a custom file only when its modification time in whole
    # seconds changed (e-cal-backend-file.c, refresh_thread_func): a change within the second
    # it last read the file is not seen. The new file is dated a few seconds on, not waited for.
    modified = os.stat(calendar_path).st_mtime + 5
    os.utime(tmp, (modified, modified))
    os.rename(tmp, calendar_path)
    spin_until(lambda: "Team lunch" in events.values() and "Team meeting" not in events.values(),
               "the changed plan to follow")
    print("OK the changed plan follows: 'Team lunch'", flush=True)

    # The calendar renamed in its file: Koyomi reads it again and rewrites the source.
    with open(calendar_path, encoding="utf-8") as f:
        ics = f.read()
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(ics.replace("X-WR-CALNAME:Work", "X-WR-CALNAME:Office"))
    os.rename(tmp, calendar_path)
    spin_until(lambda: "DisplayName=Office" in source_files().get(name, ""), "koyomi to rewrite the source")
    registry_source(uid, "DisplayName=Office")
    print("OK the renamed calendar follows in the registry", flush=True)

    # Another program (as GNOME Calendar would) adds a plan through EDS: the local backend
    # writes it into Koyomi's file, and the running Koyomi reads it (asked through its search
    # provider, the same store the window shows).
    factory = "org.gnome.evolution.dataserver.Calendar8"
    path, name_on_bus = bus.call_sync(
        factory, "/org/gnome/evolution/dataserver/CalendarFactory", "org.gnome.evolution.dataserver.CalendarFactory",
        "OpenCalendar", GLib.Variant("(s)", (uid,)), None, Gio.DBusCallFlags.NONE, -1, None).unpack()
    calendar_interface = "org.gnome.evolution.dataserver.Calendar"
    bus.call_sync(name_on_bus, path, calendar_interface, "Open", None, None, Gio.DBusCallFlags.NONE, -1, None)
    dentist = "\r\n".join(["BEGIN:VEVENT", "UID:dentist-1@other", "DTSTAMP:20261101T000000Z",
                            "DTSTART:20261201T090000Z", "DTEND:20261201T100000Z", "SUMMARY:Dentist", "END:VEVENT"])
    bus.call_sync(name_on_bus, path, calendar_interface, "CreateObjects", GLib.Variant("(asu)", ([dentist], 0)),
                  None, Gio.DBusCallFlags.NONE, -1, None)
    spin_until(lambda: "SUMMARY:Dentist" in open(calendar_path, encoding="utf-8").read(),
               "EDS to write the plan into Koyomi's file")
    print("OK a plan added through EDS is in Koyomi's file", flush=True)

    def koyomi_finds_dentist():
        found = bus.call_sync("app.koyomi.Koyomi", "/app/koyomi/Koyomi/SearchProvider", "org.gnome.Shell.SearchProvider2",
                              "GetInitialResultSet", GLib.Variant("(as)", (["dentist"],)), None,
                              Gio.DBusCallFlags.NONE, -1, None).unpack()[0]
        return any("dentist-1@other" in result for result in found)
    spin_until(koyomi_finds_dentist, "the running Koyomi to show the plan added through EDS")
    print("OK the running Koyomi shows it", flush=True)

    print("PASS", flush=True)
    stop()
except SystemExit:
    raise
except Exception as error:  # noqa: BLE001 - any failure is reported as the test's failure
    fail(repr(error))
