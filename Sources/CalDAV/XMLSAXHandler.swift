/// libxml2's `xmlSAXHandler` (parser.h, unchanged since 2.6), field for field, for
/// `XMLPushParser`: the 27 SAX1 callbacks, `initialized`, `_private`, then SAX2's three.
///
/// Swift lays a struct's stored properties out in declaration order with C's alignment, and
/// an optional C function pointer or raw pointer is one pointer wide (nil is NULL): 256 bytes
/// on x86-64 as in C. `XMLPushParserTests` checks the offsets against those of libxml2's
/// header. Callbacks Koyomi does not want are left NULL, which libxml2 reads as "not
/// interested"; those typed `UnsafeRawPointer?` are never set.
struct XMLSAXHandler {
    typealias Text = UnsafePointer<UInt8>?
    /// startElementNs(ctx, localname, prefix, URI, nb_namespaces, namespaces, nb_attributes,
    /// nb_defaulted, attributes): five pointers per attribute (localname, prefix, URI, value
    /// start, value end).
    typealias StartElement = @convention(c) (UnsafeMutableRawPointer?, Text, Text, Text, Int32,
                                             UnsafeMutablePointer<Text>?, Int32, Int32, UnsafeMutablePointer<Text>?) -> Void
    typealias EndElement = @convention(c) (UnsafeMutableRawPointer?, Text, Text, Text) -> Void
    typealias Characters = @convention(c) (UnsafeMutableRawPointer?, Text, Int32) -> Void
    typealias InternalSubset = @convention(c) (UnsafeMutableRawPointer?, Text, Text, Text) -> Void
    typealias StructuredError = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void

    /// The magic that makes libxml2 read the SAX2 fields (XML_SAX2_MAGIC).
    static let sax2Magic: UInt32 = 0xDEED_BEAF

    var internalSubset: InternalSubset?
    var isStandalone: UnsafeRawPointer?
    var hasInternalSubset: UnsafeRawPointer?
    var hasExternalSubset: UnsafeRawPointer?
    var resolveEntity: UnsafeRawPointer?
    var getEntity: UnsafeRawPointer?
    var entityDecl: UnsafeRawPointer?
    var notationDecl: UnsafeRawPointer?
    var attributeDecl: UnsafeRawPointer?
    var elementDecl: UnsafeRawPointer?
    var unparsedEntityDecl: UnsafeRawPointer?
    var setDocumentLocator: UnsafeRawPointer?
    var startDocument: UnsafeRawPointer?
    var endDocument: UnsafeRawPointer?
    var startElement: UnsafeRawPointer?
    var endElement: UnsafeRawPointer?
    var reference: UnsafeRawPointer?
    var characters: Characters?
    var ignorableWhitespace: Characters?
    var processingInstruction: UnsafeRawPointer?
    var comment: UnsafeRawPointer?
    var warning: UnsafeRawPointer?
    var error: UnsafeRawPointer?
    var fatalError: UnsafeRawPointer?
    var getParameterEntity: UnsafeRawPointer?
    var cdataBlock: Characters?
    var externalSubset: UnsafeRawPointer?
    var initialized: UInt32 = 0
    var privateData: UnsafeMutableRawPointer?
    var startElementNs: StartElement?
    var endElementNs: EndElement?
    var serror: StructuredError?
}
