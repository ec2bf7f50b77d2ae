import Foundation

/// One event as a CalDAV server stores it: a resource holding a VCALENDAR with the event's
/// components (master and overrides) and the VTIMEZONEs they use. Sync reads and writes a
/// calendar file through these, leaving every other component's text alone.
extension CalendarDocument {
    /// The UIDs of the VEVENTs, each once, in file order (as `eventUIDs`).
    public var resourceUIDs: [String] { eventUIDs }

    /// The resource to upload for `uid`: VERSION, PRODID, the VTIMEZONEs its lines name, then
    /// its components exactly as written here. Nil when there is no such event.
    public func resourceText(uid: String) -> String? { eventIndex.resourceText(uid: uid) }

    /// Puts the server's copy of the event `uid` in place of this document's (where the first
    /// of its components stood, else at the end), as the server wrote it: no new SEQUENCE or
    /// stamp, since it is the server's revision. Missing VTIMEZONEs come along. Nil removes
    /// the event.
    public mutating func replaceEvent(uid: String, with resource: CalendarDocument?) {
        replaceEvents([(uid, resource)])
    }

    /// Whether `other` holds the same event: the same content lines, whatever their order,
    /// folding and line ends (servers such as Radicale store what they were sent re-serialized).
    public func hasSameEvent(uid: String, as other: CalendarDocument) -> Bool {
        eventIndex.hasSameEvent(uid: uid, as: other)
    }

    /// A short fingerprint of the event's text here (FNV-1a, 64 bits): sync compares it with
    /// the one taken at the last sync to tell a local change. Nil when there is no such event.
    public func fingerprint(uid: String) -> String? { eventIndex.fingerprint(uid: uid) }

    /// The TZIDs named on the components' lines (`DTSTART;TZID=…`, `EXDATE;TZID=…`).
    static func zoneNames(in events: [ComponentText]) -> Set<String> {
        var used = Set<String>()
        for event in events {
            for piece in event.text.components(separatedBy: "TZID=").dropFirst() {
                let name = piece.prefix { $0 != ";" && $0 != ":" && $0 != "\r" && $0 != "\n" }
                used.insert(String(name).trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
            }
        }
        return used
    }
}
