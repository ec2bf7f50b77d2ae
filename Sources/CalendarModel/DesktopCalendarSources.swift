/// Which Evolution Data Server (EDS) sources Koyomi's calendars should have, and their text:
/// the desktop's clock (GNOME Shell's calendar server, Cinnamon's, COSMIC's) lists the plans
/// of the EDS sources, so each calendar file becomes a local-backend source whose custom file
/// is Koyomi's own `.ics` file. Pure: the app layer writes and removes the files
/// (`DesktopCalendarRegistration`).
///
/// A source is a GLib key file `<uid>.source` in `$XDG_CONFIG_HOME/evolution/sources/`, which
/// evolution-source-registry loads and watches. Its groups and keys are EDS's own: the
/// extension names (`E_SOURCE_EXTENSION_CALENDAR` "Calendar", `…_LOCAL_BACKEND` "Local Backend",
/// `…_ALARMS` "Alarms") and the properties' names in CamelCase (`e_source_parameter_to_key`:
/// "custom-file" is `CustomFile`, a URI, as EDS stores a GFile).
public enum DesktopCalendarSources {
    /// Every file Koyomi writes is named `koyomi-….source`: the only ones it ever changes or removes.
    public static let filePrefix = "koyomi-"
    public static let fileSuffix = ".source"

    /// One source file: its name in the sources folder and its whole text.
    public struct File: Equatable, Sendable {
        public var name: String
        public var text: String
    }

    /// The files for `calendars`: every calendar read from a file (the built-in holidays are
    /// not files), in the order given; selected (shown in the clock) unless `hidden`.
    /// Read-only calendars (subscriptions, samples) are sources EDS will not write.
    public static func files(for calendars: [CalendarInfo], hidden: Set<CalendarID>) -> [File] {
        var seen = Set<String>()
        return calendars.compactMap { calendar in
            guard !calendar.isBuiltIn, calendar.id.rawValue.hasPrefix("/") else { return nil }
            let name = fileName(for: calendar.id)
            guard seen.insert(name).inserted else { return nil }
            return File(name: name, text: text(for: calendar, selected: !hidden.contains(calendar.id)))
        }
    }

    /// Whether `name` is a file Koyomi wrote (and so may replace or remove).
    public static func isOwn(_ name: String) -> Bool {
        name.hasPrefix(filePrefix) && name.hasSuffix(fileSuffix)
    }

    /// `koyomi-<16 hex digits>.source`: a hash of the calendar's path, so a calendar keeps its
    /// source (its uid, the file name without `.source`) across starts and renames.
    public static func fileName(for id: CalendarID) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 // FNV-1a, 64 bits: stable across runs, unlike Hasher
        for byte in id.rawValue.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return filePrefix + String(repeating: "0", count: 16 - hex.count) + hex + fileSuffix
    }

    /// The source's key file. Alarms are left out (`[Alarms] IncludeMe=false`): Koyomi gives
    /// its own reminders, and evolution-alarm-notify must not give them again.
    public static func text(for calendar: CalendarInfo, selected: Bool) -> String {
        var lines = [
            "# Written by Koyomi so that the desktop's clock lists this calendar's plans.",
            "# Koyomi rewrites and removes it; its Preferences turn this off.",
            // GLib writes a blank line after a group's comment: the registry's own rewrite of
            // the file (it saves it back when it loads it) is then the same text, so Koyomi
            // never sees a difference to write again.
            "",
            "[Data Source]",
            "DisplayName=" + escaped(calendar.name),
            "Enabled=true",
            "Parent=local-stub",
            "",
            "[Calendar]",
            "BackendName=local",
        ]
        if let color = color(calendar.color) { lines.append("Color=" + color) }
        lines += [
            "Selected=\(selected)",
            "",
            "[Local Backend]",
            "CustomFile=" + fileURI(calendar.id.rawValue),
            "Writable=\(!calendar.isReadOnly)",
            "",
            "[Alarms]",
            "IncludeMe=false",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `#rrggbb` or a CSS colour name (what GTK's `gdk_rgba_parse` reads); anything else is
    /// left out, and the desktop picks a colour.
    static func color(_ value: String) -> String? {
        let value = value.lowercased()
        let isHex = value.hasPrefix("#") && [4, 7].contains(value.count) && value.dropFirst().allSatisfy(\.isHexDigit)
        let isName = !value.isEmpty && value.allSatisfy { $0.isASCII && $0.isLetter }
        return isHex || isName ? value : nil
    }

    /// A GLib key file string value: backslash, line breaks and tabs escaped, and spaces at
    /// either end (which GLib would trim) written as `\s`.
    static func escaped(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(scalar)
            }
        }
        let leading = out.prefix { $0 == " " }.count
        let trailing = out.reversed().prefix { $0 == " " }.count
        guard leading + trailing > 0 else { return out }
        if leading == out.count { return String(repeating: "\\s", count: leading) }
        return String(repeating: "\\s", count: leading) + out.dropFirst(leading).dropLast(trailing)
            + String(repeating: "\\s", count: trailing)
    }

    /// `file://` and the path with the bytes GLib's `g_filename_to_uri` escapes escaped.
    static func fileURI(_ path: String) -> String {
        let allowed = Set("!$&'()*+,;=:@/-._~".utf8)
        var out = "file://"
        for byte in path.utf8 {
            let isAlphanumeric = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a)
            if isAlphanumeric || allowed.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
