import CICal

/// Parses one piece of iCalendar text at a time with libical, so that only one small tree
/// exists at once (a whole-file tree of 100,000 events takes about 300 MB).
struct ComponentParser {
    /// libical aborts on errors when built with ICAL_ERRORS_ARE_FATAL; turn that off once.
    private static let nonFatalErrors: Void = icalerror_set_errors_are_fatal(0)
    private var buffer: [UInt8] = []

    /// Parses `pieces` (byte ranges of `bytes`, joined by line ends, optionally wrapped in
    /// `BEGIN:`/`END:` lines of `wrapper`) and hands the component of `kind` to `body`; the
    /// tree is freed afterwards. `body` gets nil when libical finds no such component.
    mutating func withComponent<T>(_ bytes: UnsafeBufferPointer<UInt8>, pieces: [Range<Int>],
                                   wrapper: String? = nil, kind: icalcomponent_kind,
                                   _ body: (OpaquePointer?) -> T) -> T {
        _ = Self.nonFatalErrors
        buffer.removeAll(keepingCapacity: true)
        if let wrapper { append("BEGIN:\(wrapper)\r\n") }
        for piece in pieces {
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[piece]))
            append("\r\n")
        }
        if let wrapper { append("END:\(wrapper)\r\n") }
        buffer.append(0)
        let root = buffer.withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { icalparser_parse_string($0.baseAddress) }
        }
        defer { if let root { icalcomponent_free(root) } }
        guard let root else { return body(nil) }
        if icalcomponent_isa(root) == kind { return body(root) }
        return body(icalcomponent_get_first_component(root, kind))
    }

    private mutating func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }
}
