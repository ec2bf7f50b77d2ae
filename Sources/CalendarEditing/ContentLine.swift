import ICalendarText

/// One logical content line exactly as it stands in the file: its physical lines, folding and
/// line ends included, so writing `text` back reproduces the bytes that were read.
struct ContentLine: Hashable, Sendable {
    /// The original text, including continuation lines and the final line end (if any).
    var text: String
    /// The property name, upper-cased ("DTSTART", "X-GOOGLE-…", "BEGIN").
    let name: String
    /// The value after the first colon outside quotes, unfolded and trimmed.
    let value: String

    init(text: String) {
        self.text = text
        let content = RawContentLine(Substring(Self.unfold(text)))
        name = content.name
        value = content.value
    }

    /// The line without folding and without its line end, as libical wants to read it.
    var unfolded: String { Self.unfold(text) }

    /// "BEGIN:VALARM" → "VALARM"; nil for other lines.
    var beginName: String? { name == "BEGIN" ? value.uppercased() : nil }
    var endName: String? { name == "END" ? value.uppercased() : nil }

    /// Splits text into logical lines. Physical lines end in CRLF, LF or a lone CR; a line
    /// starting with a space or tab continues the one before (RFC 5545 §3.1).
    static func split(_ text: String) -> [ContentLine] {
        var physical: [Substring] = []
        let utf8 = text.utf8
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            let byte = utf8[index]
            var next = utf8.index(after: index)
            if byte == 0x0D, next != utf8.endIndex, utf8[next] == 0x0A { next = utf8.index(after: next) }
            if byte == 0x0A || byte == 0x0D {
                physical.append(text[start..<next])
                start = next
            }
            index = next
        }
        if start != utf8.endIndex { physical.append(text[start...]) }

        var lines: [String] = []
        for line in physical {
            let isContinuation = line.utf8.first == 0x20 || line.utf8.first == 0x09
            if isContinuation, !lines.isEmpty {
                lines[lines.count - 1] += line
            } else {
                lines.append(String(line))
            }
        }
        return lines.map(ContentLine.init(text:))
    }

    /// A line written from its unfolded text: folded before 75 octets as RFC 5545 §3.1 asks,
    /// never inside a character, each physical line ending in `lineEnd`.
    static func folding(_ unfolded: String, lineEnd: String) -> ContentLine {
        var text = ""
        var octets = 0
        for character in unfolded {
            let size = String(character).utf8.count
            if octets + size > 75 {
                text += lineEnd + " "
                octets = 1
            }
            text.append(character)
            octets += size
        }
        return ContentLine(text: text + lineEnd)
    }

    /// The line end this text uses first ("\r\n" when there is none).
    static func lineEnd(of text: String) -> String {
        for scalar in text.unicodeScalars where scalar == "\r" || scalar == "\n" {
            if scalar == "\n" { return "\n" }
            return text.contains("\r\n") ? "\r\n" : "\r"
        }
        return "\r\n"
    }

    private static func unfold(_ text: String) -> String {
        var result = ""
        var atLineStart = false
        for scalar in text.unicodeScalars {
            if scalar == "\r" || scalar == "\n" {
                atLineStart = true
                continue
            }
            if atLineStart, scalar == " " || scalar == "\t" {
                atLineStart = false
                continue
            }
            atLineStart = false
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
