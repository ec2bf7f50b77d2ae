import Foundation

/// One HTTP request as Koyomi sends it: no redirect is followed and no credentials are added
/// by the transport (the caller decides both, per hop).
public struct HTTPRequest: Sendable {
    public var method: String
    public var url: URL
    /// Sent as given, in order.
    public var headers: [(name: String, value: String)]
    public var body: Data?

    public init(method: String, url: URL, headers: [(name: String, value: String)] = [], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// The final answer to a request (after any `100 Continue`).
public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header fields by name as received; a repeated field keeps its last value.
    public var headers: [String: String]
    /// The body, unless the request streamed it elsewhere (`HTTPSession.perform(_:sink:)`).
    public var body: Data

    /// A header by name, ignoring case.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
