import Foundation

/// A parsed 207 Multi-Status body (RFC 4918 §13), reduced to what the client reads.
struct Multistatus {
    /// One `DAV:property` found in a successful (2xx) propstat.
    struct Property {
        /// The element's own text, untrimmed (calendar-data keeps its line structure).
        var text = ""
        /// Nested `DAV:href` values (current-user-principal, calendar-home-set).
        var hrefs: [String] = []
        /// Qualified names of the direct children (resourcetype: collection, calendar…).
        var children: [String] = []
        /// `name` attributes of nested CalDAV `comp` elements (supported components).
        var componentNames: [String] = []

        var trimmedText: String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// One `DAV:response`.
    struct Response {
        /// The href exactly as the server wrote it (normalize before use).
        var href = ""
        /// The response-level status (RFC 6578 removals, multiget misses); nil with propstats.
        var status: Int?
        /// Properties from propstats with a 2xx status; failed ones (404 …) are left out.
        var properties: [String: Property] = [:]

        func text(_ name: String) -> String? {
            guard let value = properties[name]?.trimmedText, !value.isEmpty else { return nil }
            return value
        }
    }

    var responses: [Response] = []
    /// The top-level `DAV:sync-token` of a sync-collection answer.
    var syncToken: String?
    /// Every element name seen, for error bodies such as `<D:error><D:valid-sync-token/>`.
    var elementNames: Set<String> = []

    /// Parses `data`; throws `.malformedResponse` when it is not well-formed XML, is cut off
    /// before its root element closes, or declares a document type (`XMLPushParser`).
    init(parsing data: Data) throws {
        let reader = MultistatusReader()
        try XMLPushParser.parse(data, into: reader)
        self = reader.result
    }

    init() {}

    /// Parses an XML error body leniently: nil when it is empty or not XML.
    static func conditions(in data: Data) -> Set<String> {
        (try? Multistatus(parsing: data))?.elementNames ?? []
    }

    /// "HTTP/1.1 404 Not Found" → 404.
    static func statusCode(_ line: String) -> Int? {
        let parts = line.split(separator: " ")
        return parts.count >= 2 ? Int(parts[1]) : nil
    }
}

/// What `Multistatus(parsing:)` does with the parser's events: a stack of open elements.
private final class MultistatusReader: XMLEventSink {
    var result = Multistatus()
    private var stack: [String] = []
    /// Each open element's own text so far, as UTF-8 (a character may arrive in two pieces).
    private var texts: [[UInt8]] = []
    private var response: Multistatus.Response?
    private var propstatProperties: [String: Multistatus.Property] = [:]
    private var propstatStatus: Int?
    /// The property being read (a direct child of `DAV:prop`) and its stack depth.
    private var property: (name: String, value: Multistatus.Property, depth: Int)?

    func startElement(namespace: String, name elementName: String, attributes: [String: String]) {
        let name = DAVName.qualified(namespace, elementName)
        result.elementNames.insert(name)
        if stack.last == DAVName.prop {
            property = (name, Multistatus.Property(), stack.count)
        } else if let current = property {
            if stack.count == current.depth + 1 { property?.value.children.append(name) }
            if name == DAVName.comp, let component = attributes["name"] { property?.value.componentNames.append(component) }
        }
        switch name {
        case DAVName.response: response = Multistatus.Response()
        case DAVName.propstat: (propstatProperties, propstatStatus) = ([:], nil)
        default: break
        }
        stack.append(name)
        texts.append([])
    }

    func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        if !texts.isEmpty { texts[texts.count - 1].append(contentsOf: bytes) }
    }

    func endElement() {
        guard let name = stack.popLast(), let bytes = texts.popLast() else { return }
        let text = String(decoding: bytes, as: UTF8.self)
        let parent = stack.last
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let current = property, current.depth == stack.count {
            var value = current.value
            value.text = text
            propstatProperties[current.name] = value
            property = nil
            return
        }
        switch (name, parent) {
        case (DAVName.href, DAVName.response?): response?.href = trimmed
        case (DAVName.href, _) where property != nil: property?.value.hrefs.append(trimmed)
        case (DAVName.status, DAVName.response?): response?.status = Multistatus.statusCode(trimmed)
        case (DAVName.status, DAVName.propstat?): propstatStatus = Multistatus.statusCode(trimmed)
        case (DAVName.syncToken, DAVName.multistatus?): result.syncToken = trimmed
        case (DAVName.propstat, _):
            if let status = propstatStatus, (200..<300).contains(status) {
                response?.properties.merge(propstatProperties) { $1 }
            }
        case (DAVName.response, _):
            if let finished = response { result.responses.append(finished) }
            response = nil
        default: break
        }
    }
}
