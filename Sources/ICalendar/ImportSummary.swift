/// What an import did: how many events were added and updated, and which were skipped and why.
public struct ImportSummary: Hashable, Sendable, CustomStringConvertible {
    public var added = 0
    public var updated = 0
    public var skipped: [ImportSkip] = []
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
    /// The event's title and UID as the user can recognise it: "“Tea” (abc@example.com)".
    public var subject: String
    /// "already up to date", "your copy is newer", "not an event (VTODO)".
    public var reason: String

    public init(subject: String, reason: String) {
        self.subject = subject
        self.reason = reason
    }

    /// "“Tea” (abc@example.com): your copy is newer".
    public var description: String { "\(subject): \(reason)" }
}
