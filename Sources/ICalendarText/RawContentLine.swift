/// One unfolded content line split into name and value ("DTSTART;TZID=X:2026…" →
/// "DTSTART", "2026…"). Parameters are skipped; a colon inside a quoted parameter value
/// does not end the name part.
package struct RawContentLine {
    package let name: String
    package let value: String

    package init(_ line: Substring) {
        var inQuotes = false
        var nameEnd: Substring.Index?
        var valueStart = line.endIndex
        for index in line.indices {
            let char = line[index]
            if char == "\"" { inQuotes.toggle() }
            if !inQuotes && nameEnd == nil && (char == ";" || char == ":") { nameEnd = index }
            if !inQuotes && char == ":" {
                valueStart = line.index(after: index)
                break
            }
        }
        name = line[..<(nameEnd ?? line.endIndex)].trimmingSpaces().uppercased()
        value = String(line[valueStart...]).trimmingSpaces()
    }

    /// RFC 5545 TEXT unescaping, for naming events in messages.
    package static func unescape(_ text: String) -> String {
        var result = ""
        var escaped = false
        for char in text {
            if escaped {
                result.append(char == "n" || char == "N" ? "\n" : char)
                escaped = false
            } else if char == "\\" {
                escaped = true
            } else {
                result.append(char)
            }
        }
        return result
    }
}
