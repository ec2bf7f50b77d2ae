import CalendarModel
import Foundation

/// A read-only calendar followed at a web address (`webcal://…`, `https://…`), as Koyomi
/// remembers it between runs (in `SubscriptionStore`'s file).
///
/// Its plans live in a local copy in `$XDG_DATA_HOME/koyomi/subscriptions/` (never in
/// `calendars/`, so nothing ever edits it), replaced only by a download that was vetted
/// (`SubscriptionRefresher`).
public struct Subscription: Codable, Hashable, Sendable, Identifiable {
    /// Stable for the subscription's life (a lower-case UUID string); names its local copy.
    public var id: String
    /// Where it is downloaded from, after `Subscription.address(_:)`: https (or http on the
    /// loopback interface only).
    public var url: URL
    /// What the user calls it: `--name`, else the calendar's own X-WR-CALNAME, else the host.
    public var name: String
    /// "#rrggbb", written into the local copy as its COLOR.
    public var color: String
    /// The local copy's file name inside the subscriptions folder ("<id>.ics").
    public var localFile: String
    public var created: Date
    /// When the server last answered with the calendar (or "not modified"); nil before.
    public var lastRefreshed: Date?
    /// The validators of the copy we have, sent back for a conditional GET (exactly as received).
    public var etag: String?
    public var lastModified: String?
    /// FNV-1a of the last downloaded bytes: the same bytes again are "unchanged", with no
    /// vetting and no rewrite, for servers that ignore conditional requests.
    public var contentHash: String?

    public init(id: String = UUID().uuidString.lowercased(), url: URL, name: String, color: String,
                created: Date) {
        self.id = id
        self.url = url
        self.name = name
        self.color = color
        self.localFile = id + ".ics"
        self.created = created
    }

    /// The colour of the `index`-th subscription: `CalendarPalette`'s in turn, after the
    /// blue that "Personal" has.
    public static func color(forIndex index: Int) -> String {
        CalendarPalette.color(index + 1)
    }

    /// Why a typed address is refused.
    public struct AddressError: Error, Equatable, Sendable, CustomStringConvertible {
        public var address: String
        public var reason: String
        public var description: String { "“\(address)” \(reason)" }
    }

    /// The address to download from, as a user may type or click it.
    ///
    /// - `webcal://` and `webcals://` become `https://`: webcal is only a hint "this is a
    ///   calendar to subscribe to", and calendars are private enough to need TLS. Servers that
    ///   publish webcal links (Google, iCloud, Outlook, Nextcloud) all answer over https.
    /// - `https://` stays.
    /// - `http://` only for the loopback interface (127.0.0.1, ::1, localhost): the tests'
    ///   local server; anywhere else a plain download could be changed on the way.
    public static func address(_ text: String) throws(AddressError) -> URL {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let fail = { (reason: String) in AddressError(address: trimmed, reason: reason) }
        guard let colon = trimmed.firstIndex(of: ":"), trimmed[colon...].hasPrefix("://") else {
            throw fail("is not a web address (expected webcal://… or https://…)")
        }
        let scheme = trimmed[..<colon].lowercased()
        let rest = trimmed[trimmed.index(colon, offsetBy: 3)...]
        let mapped: String
        switch scheme {
        case "webcal", "webcals", "https": mapped = "https://" + rest
        case "http": mapped = "http://" + rest
        default: throw fail("is not a web address (expected webcal://… or https://…, not \(scheme)://)")
        }
        guard let url = URL(string: mapped), let host = url.host, !host.isEmpty else {
            throw fail("is not a valid web address")
        }
        guard isAllowed(url) else {
            throw fail("is not secure: use https:// (plain http is only allowed for this computer, 127.0.0.1)")
        }
        return url
    }

    /// https anywhere, http only to this computer: checked for the address and every redirect.
    static func isAllowed(_ url: URL) -> Bool {
        switch url.scheme?.lowercased() {
        case "https": return url.host?.isEmpty == false
        case "http": return ["127.0.0.1", "::1", "[::1]", "localhost"].contains(url.host?.lowercased() ?? "")
        default: return false
        }
    }
}
