import Foundation

/// What the user typed as the server, made into the URL discovery starts from.
///
/// People type "dav.example.com", "dav.example.com:5232", or a full address copied from their
/// provider's help page; a bare host means HTTPS (RFC 6764 discovery goes through
/// `/.well-known/caldav` from there).
enum ServerAddress {
    /// The URL for `text`, or nil when it cannot be a server address (empty, spaces inside,
    /// no host, or a scheme other than http and https).
    static func url(from text: String) -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !trimmed.contains(where: \.isWhitespace) else { return nil }
        let full = trimmed.contains("://") ? trimmed : "https://" + trimmed
        guard var components = URLComponents(string: full),
              let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = components.host, !host.isEmpty else { return nil }
        components.scheme = scheme
        return components.url
    }
}
