#!/usr/bin/python3
# A stand-in for GNOME Online Accounts 3.46's daemon (goa-daemon) for Koyomi's tests, on the
# session bus named by DBUS_SESSION_BUS_ADDRESS: it owns org.gnome.OnlineAccounts and serves,
# exactly as GOA 3.46 declares them (src/goa/org.gnome.OnlineAccounts.xml), the object manager
# at /org/gnome/OnlineAccounts and, per account, org.gnome.OnlineAccounts.Account, .Calendar
# and .OAuth2Based or .PasswordBased. Python's GLib bindings only.
#
# Usage: goa-service.py ACCOUNTS.json TOKEN-FILE
#   ACCOUNTS.json: a list of {"id", "provider_type", "provider_name", "identity",
#   "presentation_identity", "calendar_uri", "oauth2": bool, "password"}.
#   TOKEN-FILE: the token the "provider" would mint now; GetAccessToken hands out the
#   token it last got (the file's content at start), EnsureCredentials takes the file's current
#   content (a renewal), unless the account is set to refuse.
# Tests steer it through app.koyomi.Test.OnlineAccounts at /app/koyomi/Test:
#   Set(s id, s property, v value)  an Account property (PropertiesChanged is emitted);
#                                   "Refuse" (b) makes EnsureCredentials fail
#   Add(s json)                     a new account (InterfacesAdded)
#   Remove(s id)                    an account goes (InterfacesRemoved)
# Every call is printed as "call <Method> <id>", for the tests to count.
import json, os, signal, sys
from gi.repository import Gio, GLib

signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])

XML = """
<node>
  <interface name="org.freedesktop.DBus.ObjectManager">
    <method name="GetManagedObjects">
      <arg name="objects" type="a{oa{sa{sv}}}" direction="out"/>
    </method>
    <signal name="InterfacesAdded">
      <arg name="object_path" type="o"/>
      <arg name="interfaces_and_properties" type="a{sa{sv}}"/>
    </signal>
    <signal name="InterfacesRemoved">
      <arg name="object_path" type="o"/>
      <arg name="interfaces" type="as"/>
    </signal>
  </interface>
  <interface name="org.gnome.OnlineAccounts.Account">
    <property name="ProviderType" type="s" access="read"/>
    <property name="ProviderName" type="s" access="read"/>
    <property name="ProviderIcon" type="s" access="read"/>
    <property name="Id" type="s" access="read"/>
    <property name="IsLocked" type="b" access="read"/>
    <property name="IsTemporary" type="b" access="readwrite"/>
    <property name="AttentionNeeded" type="b" access="read"/>
    <property name="Identity" type="s" access="read"/>
    <property name="PresentationIdentity" type="s" access="read"/>
    <property name="MailDisabled" type="b" access="readwrite"/>
    <property name="CalendarDisabled" type="b" access="readwrite"/>
    <property name="ContactsDisabled" type="b" access="readwrite"/>
    <property name="ChatDisabled" type="b" access="readwrite"/>
    <property name="DocumentsDisabled" type="b" access="readwrite"/>
    <property name="MapsDisabled" type="b" access="readwrite"/>
    <property name="MusicDisabled" type="b" access="readwrite"/>
    <property name="PrintersDisabled" type="b" access="readwrite"/>
    <property name="PhotosDisabled" type="b" access="readwrite"/>
    <property name="FilesDisabled" type="b" access="readwrite"/>
    <property name="TicketingDisabled" type="b" access="readwrite"/>
    <property name="TodoDisabled" type="b" access="readwrite"/>
    <method name="Remove"/>
    <method name="EnsureCredentials">
      <arg name="expires_in" type="i" direction="out"/>
    </method>
  </interface>
  <interface name="org.gnome.OnlineAccounts.OAuth2Based">
    <property name="ClientId" type="s" access="read"/>
    <property name="ClientSecret" type="s" access="read"/>
    <method name="GetAccessToken">
      <arg name="access_token" type="s" direction="out"/>
      <arg name="expires_in" type="i" direction="out"/>
    </method>
  </interface>
  <interface name="org.gnome.OnlineAccounts.PasswordBased">
    <method name="GetPassword">
      <arg name="id" type="s" direction="in"/>
      <arg name="password" type="s" direction="out"/>
    </method>
  </interface>
  <interface name="org.gnome.OnlineAccounts.Calendar">
    <property name="AcceptSslErrors" type="b" access="read"/>
    <property name="Uri" type="s" access="read"/>
  </interface>
  <interface name="app.koyomi.Test.OnlineAccounts">
    <method name="Set">
      <arg name="id" type="s" direction="in"/>
      <arg name="property" type="s" direction="in"/>
      <arg name="value" type="v" direction="in"/>
    </method>
    <method name="Add"><arg name="account" type="s" direction="in"/></method>
    <method name="Remove"><arg name="id" type="s" direction="in"/></method>
  </interface>
</node>
"""
NODE = Gio.DBusNodeInfo.new_for_xml(XML)
IFACE = {info.name: info for info in NODE.interfaces}
MANAGER, ACCOUNT = "/org/gnome/OnlineAccounts", "org.gnome.OnlineAccounts.Account"
OAUTH2, PASSWORD = "org.gnome.OnlineAccounts.OAuth2Based", "org.gnome.OnlineAccounts.PasswordBased"
CALENDAR = "org.gnome.OnlineAccounts.Calendar"

accounts_file, token_file = sys.argv[1], sys.argv[2]
accounts = {}        # id -> description and state
registrations = {}   # id -> registration ids
bus = None


def valid_token():
    with open(token_file) as f:
        return f.read().strip()


def path_of(account_id):
    return MANAGER + "/Accounts/" + account_id


def properties(account, interface):
    if interface == ACCOUNT:
        booleans = ["IsLocked", "IsTemporary", "MailDisabled", "ContactsDisabled", "ChatDisabled", "DocumentsDisabled",
                    "MapsDisabled", "MusicDisabled", "PrintersDisabled", "PhotosDisabled", "FilesDisabled",
                    "TicketingDisabled", "TodoDisabled"]
        values = {name: GLib.Variant("b", False) for name in booleans}
        values.update({
            "ProviderType": GLib.Variant("s", account["provider_type"]),
            "ProviderName": GLib.Variant("s", account["provider_name"]),
            "ProviderIcon": GLib.Variant("s", ""),
            "Id": GLib.Variant("s", account["id"]),
            "AttentionNeeded": GLib.Variant("b", account.get("AttentionNeeded", False)),
            "Identity": GLib.Variant("s", account["identity"]),
            "PresentationIdentity": GLib.Variant("s", account["presentation_identity"]),
            "CalendarDisabled": GLib.Variant("b", account.get("CalendarDisabled", False)),
        })
        return values
    if interface == CALENDAR:
        return {"AcceptSslErrors": GLib.Variant("b", False), "Uri": GLib.Variant("s", account["calendar_uri"])}
    if interface == OAUTH2:
        return {"ClientId": GLib.Variant("s", "koyomi-tests"), "ClientSecret": GLib.Variant("s", "")}
    return {}


def interfaces_of(account):
    return [ACCOUNT, CALENDAR, OAUTH2 if account.get("oauth2") else PASSWORD]


def managed(account):
    return {name: properties(account, name) for name in interfaces_of(account)}


def account_call(connection, sender, path, interface, method, parameters, invocation):
    account = next((a for a in accounts.values() if path_of(a["id"]) == path), None)
    print("call", method, account["id"] if account else path, flush=True)
    if account is None:
        invocation.return_dbus_error("org.gnome.OnlineAccounts.Error.Failed", "no such account")
    elif method == "EnsureCredentials":
        if account.get("Refuse") or account.get("AttentionNeeded"):
            account["AttentionNeeded"] = True
            emit_changed(account, {"AttentionNeeded": GLib.Variant("b", True)})
            invocation.return_dbus_error("org.gnome.OnlineAccounts.Error.NotAuthorized", "the credentials were refused")
        else:
            account["token"] = valid_token()
            invocation.return_value(GLib.Variant("(i)", (3600,)))
    elif method == "GetAccessToken":
        invocation.return_value(GLib.Variant("(si)", (account["token"], 3600)))
    elif method == "GetPassword":
        invocation.return_value(GLib.Variant("(s)", (account["password"],)))
    else:
        invocation.return_dbus_error("org.freedesktop.DBus.Error.UnknownMethod", method)


def account_property(connection, sender, path, interface, name):
    account = next(a for a in accounts.values() if path_of(a["id"]) == path)
    return properties(account, interface)[name]


def emit_changed(account, changed):
    bus.emit_signal(None, path_of(account["id"]), "org.freedesktop.DBus.Properties", "PropertiesChanged",
                    GLib.Variant("(sa{sv}as)", (ACCOUNT, changed, [])))


def add(account):
    account.setdefault("token", valid_token())
    accounts[account["id"]] = account
    registrations[account["id"]] = [
        bus.register_object(path_of(account["id"]), IFACE[name], account_call, account_property, None)
        for name in interfaces_of(account)]


def remove(account_id):
    account = accounts.pop(account_id)
    for registration in registrations.pop(account_id):
        bus.unregister_object(registration)
    return account


def manager_call(connection, sender, path, interface, method, parameters, invocation):
    if interface == "org.freedesktop.DBus.ObjectManager":
        print("call GetManagedObjects", flush=True)
        objects = {path_of(a["id"]): managed(a) for a in accounts.values()}
        invocation.return_value(GLib.Variant("(a{oa{sa{sv}}})", (objects,)))
        return
    print("control", method, parameters.unpack(), flush=True)
    if method == "Set":
        account_id, name, value = parameters.unpack()
        account = accounts[account_id]
        account[name] = value
        if name != "Refuse":
            emit_changed(account, {name: GLib.Variant("b", value) if isinstance(value, bool) else GLib.Variant("s", value)})
    elif method == "Add":
        account = json.loads(parameters.unpack()[0])
        add(account)
        bus.emit_signal(None, MANAGER, "org.freedesktop.DBus.ObjectManager", "InterfacesAdded",
                        GLib.Variant("(oa{sa{sv}})", (path_of(account["id"]), managed(account))))
    elif method == "Remove":
        account = remove(parameters.unpack()[0])
        bus.emit_signal(None, MANAGER, "org.freedesktop.DBus.ObjectManager", "InterfacesRemoved",
                        GLib.Variant("(oas)", (path_of(account["id"]), interfaces_of(account))))
    invocation.return_value(None)


def acquired(connection, name):
    print("goa ready", flush=True)


bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
bus.register_object(MANAGER, IFACE["org.freedesktop.DBus.ObjectManager"], manager_call, None, None)
bus.register_object("/app/koyomi/Test", IFACE["app.koyomi.Test.OnlineAccounts"], manager_call, None, None)
with open(accounts_file) as f:
    for account in json.load(f):
        add(account)
Gio.bus_own_name_on_connection(bus, "org.gnome.OnlineAccounts", Gio.BusNameOwnerFlags.NONE, acquired, None)
loop = GLib.MainLoop()
# Python's own handlers would wait for the loop to return: GLib's ends it at once.
GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, loop.quit)
loop.run()
