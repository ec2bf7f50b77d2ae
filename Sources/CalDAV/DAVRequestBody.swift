/// The XML bodies the client sends, built as plain strings (they are small and fixed).
enum DAVRequestBody {
    private static let header = #"<?xml version="1.0" encoding="utf-8"?>"#
    private static let namespaces =
        #"xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:A="http://apple.com/ns/ical/" xmlns:CS="http://calendarserver.org/ns/""#

    /// PROPFIND for the given properties, written with the prefixes declared in `namespaces`.
    static func propfind(_ properties: [String]) -> String {
        header + "<D:propfind \(namespaces)><D:prop>" + properties.map { "<\($0)/>" }.joined() + "</D:prop></D:propfind>"
    }

    /// What discovery asks on the starting URL and on a principal.
    static let principalProperties = propfind(["D:current-user-principal", "C:calendar-home-set", "D:resourcetype"])

    /// What a calendar listing (Depth 1 on a calendar home) asks for each collection.
    static let calendarProperties = propfind([
        "D:resourcetype", "D:displayname", "A:calendar-color", "D:sync-token", "CS:getctag",
        "C:supported-calendar-component-set",
    ])

    /// The fallback listing: every member's ETag.
    static let etags = propfind(["D:resourcetype", "D:getetag"])

    /// RFC 6578 sync-collection; an empty token asks for everything.
    static func syncCollection(token: String?) -> String {
        header + "<D:sync-collection \(namespaces)><D:sync-token>\(escape(token ?? ""))</D:sync-token>"
            + "<D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop></D:sync-collection>"
    }

    /// RFC 4791 calendar-multiget for the given hrefs.
    static func multiget(hrefs: [String]) -> String {
        header + "<C:calendar-multiget \(namespaces)><D:prop><D:getetag/><C:calendar-data/></D:prop>"
            + hrefs.map { "<D:href>\(escape($0))</D:href>" }.joined() + "</C:calendar-multiget>"
    }

    /// Escapes text for an XML element's content (hrefs may contain "&", tokens anything).
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
