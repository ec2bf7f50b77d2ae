import Foundation

/// The phrase being read: each understood part is blanked out (so later patterns cannot match
/// across it) and remembered; what is left at the end is the title.
struct QuickAddPhrase {
    /// The phrase with full-width digits and colons made ASCII (１２時 → 12時), as typed otherwise.
    let original: NSString
    private var working: NSMutableString
    private let patterns: QuickAddPatterns
    private(set) var taken: [NSRange] = []
    private static let blank: unichar = 0x01

    init(_ text: String, patterns: QuickAddPatterns) {
        self.patterns = patterns
        let normalized = String(text.unicodeScalars.map { scalar -> Character in
            switch scalar.value {
            case 0xFF10...0xFF19: return Character(UnicodeScalar(scalar.value - 0xFF10 + 0x30)!)
            case 0xFF1A: return ":"
            case 0xFF0F: return "/"
            case 0xFF0D: return "-"
            default: return Character(scalar)
            }
        })
        original = normalized as NSString
        working = NSMutableString(string: normalized)
    }

    /// The first match of `pattern` (case-insensitive) in what is not taken yet; `take` blanks
    /// the whole match out. Returns the capture groups (nil for a group that did not match).
    mutating func match(_ pattern: String, take: Bool = true) -> [String?]? {
        guard let expression = patterns.expression(pattern),
              let found = expression.firstMatch(in: working as String, range: NSRange(location: 0, length: working.length))
        else { return nil }
        let groups = (0..<found.numberOfRanges).map { index -> String? in
            let range = found.range(at: index)
            return range.location == NSNotFound ? nil : working.substring(with: range)
        }
        if take { self.take(found.range) }
        return groups
    }

    /// Every match of `pattern`, each taken.
    mutating func matches(_ pattern: String) -> [[String?]] {
        var all: [[String?]] = []
        while let groups = match(pattern) { all.append(groups) }
        return all
    }

    mutating func take(_ range: NSRange) {
        // Spaces around a match stay: they separate what is left.
        let text = working.substring(with: range)
        let leading = text.prefix { $0 == " " }.utf16.count
        let trailing = text.reversed().prefix { $0 == " " }.count
        let core = NSRange(location: range.location + leading, length: max(0, range.length - leading - trailing))
        guard core.length > 0 else { return }
        taken.append(core)
        working.replaceCharacters(in: core, with: String(repeating: "\u{1}", count: core.length))
    }

    /// The understood words, in the phrase's order.
    var understood: [String] {
        taken.sorted { $0.location < $1.location }.map { original.substring(with: $0) }
    }

    /// What is left, each gap one space, without the little words that only linked the parts.
    var rest: String {
        let pieces = (working as String).split(separator: "\u{1}", omittingEmptySubsequences: true)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var words = pieces.joined(separator: " ")
        // Whole English words (never the end of "Lesson"), or a particle or mark.
        let word = #"(?:(?:on|at|in|from|for|the)(?=\s|$)|[,\-–のにはを、])"#
        let linking = #"^(?:\#(word)\s*)+|(?:(?<=\s|^)\#(word)\s*|(?<=[^\sA-Za-z])[のにはを、]\s*)+$"#
        while let range = words.range(of: linking, options: [.regularExpression, .caseInsensitive]), !range.isEmpty {
            words.removeSubrange(range)
            words = words.trimmingCharacters(in: .whitespaces)
        }
        return words
    }

}

/// The parser's patterns, compiled once each (compiling them all again cost about a
/// millisecond a phrase). Kept by whoever reads many phrases (the window's quick add).
public final class QuickAddPatterns {
    private var compiled: [String: NSRegularExpression?] = [:]

    public init() {}

    func expression(_ pattern: String) -> NSRegularExpression? {
        if let known = compiled[pattern] { return known }
        let made = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
        compiled[pattern] = made
        return made
    }
}
