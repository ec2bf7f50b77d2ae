import Foundation

/// Giving a zone another name in a component's lines: its own TZID (a VTIMEZONE) and every
/// TZID parameter that names it (DTSTART, DTEND, EXDATE, RDATE, RECURRENCE-ID, DUE, also in
/// nested components). Lines that name no renamed zone keep their text byte for byte.
extension ComponentText {
    /// The component with each zone `renames` names (old TZID → new) called by its new name.
    func renamingZones(_ renames: [String: String]) -> ComponentText {
        guard !renames.isEmpty else { return self }
        return ComponentText(lines: lines.map { line in
            let ending = String(line.text.reversed().prefix { $0 == "\r" || $0 == "\n" }.reversed())
            let lineEnd = ending.isEmpty ? "\r\n" : ending
            if line.name == "TZID", kind == "VTIMEZONE", let renamed = renames[line.value] {
                return ContentLine.folding("TZID:" + renamed, lineEnd: lineEnd)
            }
            guard let unfolded = Self.renamingParameters(line.unfolded, renames) else { return line }
            return ContentLine.folding(unfolded, lineEnd: lineEnd)
        })
    }

    /// `line` (unfolded) with the value of each TZID parameter that `renames` names replaced,
    /// quoted as it was (and quoted when the new name needs it); nil when it names none.
    private static func renamingParameters(_ line: String, _ renames: [String: String]) -> String? {
        guard line.range(of: "TZID=", options: .caseInsensitive) != nil else { return nil }
        // The parameters end at the first colon outside quotes; the value is left alone.
        var inQuotes = false
        var headEnd = line.endIndex
        for index in line.indices {
            if line[index] == "\"" { inQuotes.toggle() }
            if line[index] == ":" && !inQuotes {
                headEnd = index
                break
            }
        }
        var parts: [Substring] = []
        var start = line.startIndex
        inQuotes = false
        for index in line[..<headEnd].indices {
            if line[index] == "\"" { inQuotes.toggle() }
            if line[index] == ";" && !inQuotes {
                parts.append(line[start..<index])
                start = line.index(after: index)
            }
        }
        parts.append(line[start..<headEnd])
        var changed = false
        let head = parts.enumerated().map { position, part -> String in
            guard position > 0, part.uppercased().hasPrefix("TZID=") else { return String(part) }
            let raw = part.dropFirst("TZID=".count)
            let quoted = raw.count >= 2 && raw.hasPrefix("\"") && raw.hasSuffix("\"")
            guard let renamed = renames[String(quoted ? raw.dropFirst().dropLast() : raw)] else { return String(part) }
            changed = true
            let needsQuotes = quoted || renamed.contains { $0 == ":" || $0 == ";" || $0 == "," }
            return part.prefix("TZID=".count) + (needsQuotes ? "\"\(renamed)\"" : renamed)
        }
        return changed ? head.joined(separator: ";") + line[headEnd...] : nil
    }
}
