/// What `XMLPushParser` reports as it reads, in document order.
protocol XMLEventSink: AnyObject {
    /// An element opened. `namespace` is its namespace URI ("" for none); `attributes` are
    /// keyed by local name, or "prefix:name" for a prefixed one.
    func startElement(namespace: String, name: String, attributes: [String: String])
    /// The element opened last closed.
    func endElement()
    /// Some of the open element's text or CDATA, UTF-8; one run of text may come in pieces.
    func text(_ bytes: UnsafeBufferPointer<UInt8>)
}
