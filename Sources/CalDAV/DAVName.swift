/// Qualified XML names ("{namespace}local") of the WebDAV/CalDAV elements the client reads.
///
/// The parser reports every element as namespace + local name, so prefixes chosen by a server
/// ("D:", "d:", none) never matter.
enum DAVName {
    static let dav = "DAV:"
    static let caldav = "urn:ietf:params:xml:ns:caldav"
    static let apple = "http://apple.com/ns/ical/"
    static let calendarServer = "http://calendarserver.org/ns/"

    static func qualified(_ namespace: String, _ local: String) -> String { "{\(namespace)}\(local)" }

    static let multistatus = qualified(dav, "multistatus")
    static let response = qualified(dav, "response")
    static let href = qualified(dav, "href")
    static let status = qualified(dav, "status")
    static let propstat = qualified(dav, "propstat")
    static let prop = qualified(dav, "prop")
    static let syncToken = qualified(dav, "sync-token")
    static let validSyncToken = qualified(dav, "valid-sync-token")
    static let resourceType = qualified(dav, "resourcetype")
    static let displayName = qualified(dav, "displayname")
    static let getETag = qualified(dav, "getetag")
    static let currentUserPrincipal = qualified(dav, "current-user-principal")
    static let collection = qualified(dav, "collection")
    static let calendarHomeSet = qualified(caldav, "calendar-home-set")
    static let calendar = qualified(caldav, "calendar")
    static let calendarData = qualified(caldav, "calendar-data")
    static let supportedComponents = qualified(caldav, "supported-calendar-component-set")
    static let comp = qualified(caldav, "comp")
    static let calendarColor = qualified(apple, "calendar-color")
    static let getCTag = qualified(calendarServer, "getctag")
}
