import Foundation

/// libxml2, opened the first time a server's answer is read instead of linked through
/// FoundationXML: it brings the system's ICU (a second one beside Foundation's), which every
/// start of koyomi and of its parsing child would load and bind while only a sync reads XML
/// (issue 21). Its header is not on the default include path (and its pkg-config would link
/// it), so the few functions used are declared here with their C prototypes from libxml2 2.9's
/// parser.h and SAX2.h, and the SAX handler in `XMLSAXHandler`.
struct XMLLibrary: @unchecked Sendable { // function pointers, resolved once and never changed
    /// libxml2's soname (the ABI these prototypes describe).
    static let file = "libxml2.so.2"

    typealias Context = OpaquePointer
    /// xmlCreatePushParserCtxt(sax, user_data, chunk, size, filename): the handler is copied.
    let createPushParser: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafePointer<CChar>?,
                                          Int32, UnsafePointer<CChar>?) -> Context?
    /// xmlCtxtUseOptions(ctxt, options).
    let useOptions: @convention(c) (Context, Int32) -> Int32
    /// xmlParseChunk(ctxt, chunk, size, terminate): 0, or libxml2's error number.
    let parseChunk: @convention(c) (Context, UnsafePointer<CChar>?, Int32, Int32) -> Int32
    let stopParser: @convention(c) (Context) -> Void
    let freeParser: @convention(c) (Context) -> Void
    /// xmlSAX2GetLineNumber and xmlSAX2GetColumnNumber take the parser context.
    let lineNumber: @convention(c) (Context) -> Int32
    let columnNumber: @convention(c) (Context) -> Int32

    /// XML_PARSE_NONET: nothing is ever fetched from the network.
    static let noNetwork: Int32 = 1 << 11

    /// The library, or why it could not be loaded. Swift runs a static's initializer once, on
    /// first use, with any other thread that arrives meanwhile waiting for it (swift_once, which
    /// is pthread_once's job), so libxml2's own not-thread-safe initialization runs once too.
    static let shared: Result<XMLLibrary, CalDAVError> = load(file)

    /// Opens `file` and resolves its functions; a failure says, in words, what is missing.
    static func load(_ file: String) -> Result<XMLLibrary, CalDAVError> {
        func failure() -> Result<XMLLibrary, CalDAVError> {
            let reason = dlerror().map { String(cString: $0) } ?? "\(file) could not be opened"
            return .failure(.libraryMissing(reason: "Koyomi's XML library libxml2 could not be loaded ("
                + reason + "); Debian's package libxml2 provides it"))
        }
        guard let handle = dlopen(file, RTLD_NOW | RTLD_LOCAL) else { return failure() }
        // The library stays open for the life of the process, so its functions stay valid.
        func symbol<Function>(_ name: String) -> Function? {
            dlsym(handle, name).map { unsafeBitCast($0, to: Function.self) }
        }
        guard let initParser: @convention(c) () -> Void = symbol("xmlInitParser"),
              let createPushParser: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
                                                    UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?) -> Context?
                = symbol("xmlCreatePushParserCtxt"),
              let useOptions: @convention(c) (Context, Int32) -> Int32 = symbol("xmlCtxtUseOptions"),
              let parseChunk: @convention(c) (Context, UnsafePointer<CChar>?, Int32, Int32) -> Int32 = symbol("xmlParseChunk"),
              let stopParser: @convention(c) (Context) -> Void = symbol("xmlStopParser"),
              let freeParser: @convention(c) (Context) -> Void = symbol("xmlFreeParserCtxt"),
              let lineNumber: @convention(c) (Context) -> Int32 = symbol("xmlSAX2GetLineNumber"),
              let columnNumber: @convention(c) (Context) -> Int32 = symbol("xmlSAX2GetColumnNumber")
        else { return failure() }
        // "Call once before processing in case of use in multithreaded programs" (parser.h).
        initParser()
        return .success(XMLLibrary(createPushParser: createPushParser, useOptions: useOptions,
                                   parseChunk: parseChunk, stopParser: stopParser, freeParser: freeParser,
                                   lineNumber: lineNumber, columnNumber: columnNumber))
    }
}
