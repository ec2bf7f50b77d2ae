/// What an import did: how many events (and other components) were added and updated, and
/// which were skipped and why.
public struct ImportSummary: Hashable, Sendable, CustomStringConvertible {
    public var added = 0
    public var updated = 0
    public var skipped: [ImportSkip] = []
    /// Of those added or updated, the groups that are not events, by kind ("VTODO": 5,
    /// "VJOURNAL": 3): kept as written, though the window shows only events.
    public var carried: [String: Int] = [:]
    /// Events that came without a UID and were given one, e.g. "“Tea” had no UID; it is now x@koyomi".
    public var notes: [String] = []

    public init() {}

    /// "3 added, 1 updated, 2 skipped".
    public var description: String {
        "\(added) added, \(updated) updated, \(skipped.count) skipped"
    }
}

/// One incoming component that was not imported.
public struct ImportSkip: Hashable, Sendable, CustomStringConvertible {
    /// Why, as a value the window can translate (the command line prints `reason`).
    public enum Kind: Hashable, Sendable {
        /// The same revision is already in the calendar.
        case upToDate
        /// The calendar's copy is a later revision than the incoming one.
        case yoursIsNewer
        /// A component that is not an event (its kind); imports no longer skip them (they are
        /// carried), but the window's report still names the kind.
        case notAnEvent(String)
        case other(String)
    }

    /// The event's title and UID as the user can recognise it: "“Tea” (abc@example.com)".
    public var subject: String
    public var kind: Kind

    public init(subject: String, kind: Kind) {
        self.subject = subject
        self.kind = kind
    }

    /// From the English reason ("already up to date", "your copy is newer", "not an event (VTODO)").
    public init(subject: String, reason: String) {
        let kind: Kind
        switch reason {
        case "already up to date": kind = .upToDate
        case "your copy is newer": kind = .yoursIsNewer
        default:
            if reason.hasPrefix("not an event ("), reason.hasSuffix(")") {
                kind = .notAnEvent(String(reason.dropFirst("not an event (".count).dropLast()))
            } else {
                kind = .other(reason)
            }
        }
        self.init(subject: subject, kind: kind)
    }

    /// "already up to date", "your copy is newer", "not an event (VTODO)".
    public var reason: String {
        switch kind {
        case .upToDate: "already up to date"
        case .yoursIsNewer: "your copy is newer"
        case let .notAnEvent(what): "not an event (\(what))"
        case let .other(text): text
        }
    }

    /// "“Tea” (abc@example.com): your copy is newer".
    public var description: String { "\(subject): \(reason)" }
}
