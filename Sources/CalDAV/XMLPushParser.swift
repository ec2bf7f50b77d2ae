import Foundation

/// XML from a server read with libxml2's SAX2 push parser (`XMLLibrary`), fed in pieces, so an
/// answer of any size is read (libxml2 refuses more than 10 MB handed over at once).
///
/// The answers come from servers Koyomi does not control. A document type declaration is
/// refused before its internal subset is read, so no entity is ever declared: none can expand
/// without end ("billion laughs") or name a file or an address (XXE). Entities are not
/// substituted (no XML_PARSE_NOENT) and nothing is fetched from the network (XML_PARSE_NONET).
final class XMLPushParser {
    private let library: XMLLibrary
    private let sink: any XMLEventSink
    private var context: XMLLibrary.Context?
    private var depth = 0
    /// Whether the root element was closed (the whole document arrived).
    private var closedRoot = false
    private var refusedDocumentType = false
    /// Pieces small enough for libxml2's look-ahead limit, large enough to cost nothing.
    private static let pieceSize = 64 * 1024

    private init(library: XMLLibrary, sink: any XMLEventSink) {
        self.library = library
        self.sink = sink
    }

    /// Reads `data` into `sink`.
    /// - Throws: `CalDAVError.malformedResponse`, in words: XML that does not parse (with where),
    ///   that ends before its last element is closed, or that has a document type declaration;
    ///   `.libraryMissing` when libxml2 could not be loaded.
    static func parse(_ data: Data, into sink: some XMLEventSink) throws(CalDAVError) {
        let library = try XMLLibrary.shared.get()
        let parser = XMLPushParser(library: library, sink: sink)
        // The callbacks reach the parser through an unretained pointer: it must outlive the read.
        let failure = withExtendedLifetime(parser) {
            data.withUnsafeBytes { bytes -> CalDAVError? in
                do throws(CalDAVError) {
                    try parser.read(bytes.bindMemory(to: CChar.self))
                    return nil
                } catch {
                    return error
                }
            }
        }
        if let failure { throw failure }
    }

    private func read(_ bytes: UnsafeBufferPointer<CChar>) throws(CalDAVError) {
        var handler = Self.handler()
        // The first bytes go in with the context so libxml2 can tell the encoding (parser.h).
        let head = min(4, bytes.count)
        guard let context = withUnsafeMutablePointer(to: &handler, { handler in
            library.createPushParser(handler, Unmanaged.passUnretained(self).toOpaque(), bytes.baseAddress,
                                     Int32(head), nil)
        }) else {
            throw .malformedResponse(what: "XML that libxml2 could not start reading (out of memory)")
        }
        self.context = context
        defer { library.freeParser(context) }
        _ = library.useOptions(context, XMLLibrary.noNetwork)

        var offset = head
        while offset < bytes.count {
            let count = min(Self.pieceSize, bytes.count - offset)
            if library.parseChunk(context, bytes.baseAddress! + offset, Int32(count), 0) != 0 {
                throw failure(bytes.count)
            }
            offset += count
        }
        // Checked before libxml2 is told the input ended, which it would call a parse error.
        guard closedRoot else { throw .malformedResponse(what: "XML that ends before its last element is closed") }
        if library.parseChunk(context, nil, 0, 1) != 0 { throw failure(bytes.count) }
    }

    private func failure(_ size: Int) -> CalDAVError {
        if refusedDocumentType {
            return .malformedResponse(what: "XML with a document type declaration (<!DOCTYPE …>), "
                + "which Koyomi does not read from a server")
        }
        let line = context.map { library.lineNumber($0) } ?? 0
        let column = context.map { library.columnNumber($0) } ?? 0
        return .malformedResponse(what: "XML that does not parse (at line \(line), column \(column) of \(size) bytes)")
    }

    /// The parser a callback's context names (`parse` keeps it alive throughout).
    private static func from(_ context: UnsafeMutableRawPointer?) -> XMLPushParser {
        Unmanaged<XMLPushParser>.fromOpaque(context!).takeUnretainedValue()
    }

    /// libxml2 copies the handler when the context is made, so a local one will do.
    private static func handler() -> XMLSAXHandler {
        var handler = XMLSAXHandler()
        handler.initialized = XMLSAXHandler.sax2Magic
        // Called at "<!DOCTYPE name …" before its internal subset is read: stop there.
        handler.internalSubset = { context, _, _, _ in
            let parser = XMLPushParser.from(context)
            parser.refusedDocumentType = true
            parser.context.map(parser.library.stopParser)
        }
        handler.startElementNs = { context, localName, _, uri, _, _, attributeCount, _, attributes in
            let parser = XMLPushParser.from(context)
            parser.depth += 1
            let named = attributeCount > 0 ? XMLPushParser.attributes(attributes, count: Int(attributeCount)) : [:]
            parser.sink.startElement(namespace: uri.map { String(cString: $0) } ?? "",
                                     name: localName.map { String(cString: $0) } ?? "", attributes: named)
        }
        handler.endElementNs = { context, _, _, _ in
            let parser = XMLPushParser.from(context)
            parser.depth -= 1
            if parser.depth == 0 { parser.closedRoot = true }
            parser.sink.endElement()
        }
        handler.characters = { context, bytes, count in
            XMLPushParser.from(context).sink.text(UnsafeBufferPointer(start: bytes, count: Int(count)))
        }
        handler.ignorableWhitespace = handler.characters
        handler.cdataBlock = handler.characters
        // The error is kept in the context (xmlParseChunk's result says so); without this
        // handler libxml2 would also print it on stderr.
        handler.serror = { _, _ in }
        return handler
    }

    /// startElementNs's attributes: five pointers each (local name, prefix, URI, value start,
    /// value end).
    private static func attributes(_ fields: UnsafeMutablePointer<XMLSAXHandler.Text>?,
                                   count: Int) -> [String: String] {
        guard let fields else { return [:] }
        var result: [String: String] = [:]
        for index in 0..<count {
            let field = fields + index * 5
            guard let local = field[0], let start = field[3], let end = field[4] else { continue }
            let name = field[1].map { String(cString: $0) + ":" } ?? ""
            let value = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
            // Without entity substitution libxml2 hands an attribute's "&" on as "&#38;".
            result[name + String(cString: local)] = value.replacingOccurrences(of: "&#38;", with: "&")
        }
        return result
    }
}
