import Foundation

/// The calendar ("/work", or "in Work" when a calendar is called that) and the place ("at
/// Cafe Blue", "@ Room 4", カフェで, 会議室にて).
extension QuickAddParser {
    func readCalendar(_ phrase: inout QuickAddPhrase, _ reading: inout Reading) {
        if let named = phrase.match(#"(?:^|\s)/([\p{L}\p{N}_-]+)"#) {
            reading.calendarName = named[1]
            return
        }
        // Only a name exactly one calendar has, so "in March" never picks a calendar.
        for name in calendarNames.sorted(by: { $0.count > $1.count }) where !name.isEmpty {
            let others = calendarNames.filter { $0.caseInsensitiveCompare(name) == .orderedSame }
            guard others.count == 1 else { continue }
            let escaped = NSRegularExpression.escapedPattern(for: name)
            if phrase.match(#"\b(?:in|on)\s+"# + escaped + #"(?=\s|$)"#) != nil {
                reading.calendarName = name
                return
            }
        }
    }

    func readPlace(_ phrase: inout QuickAddPhrase, _ reading: inout Reading) {
        // Up to the next understood part, a comma or the end.
        if let at = phrase.match(#"(?:^|\s)@\s*([^\x{01},]+?)\s*(?=\x{01}|,|$)"#) {
            reading.place = at[1]
        } else if let at = phrase.match(#"\bat\s+((?-i:\p{Lu})[^\x{01},]*?)\s*(?=\x{01}|,|$)"#) {
            reading.place = at[1]
        } else if let japanese = phrase.match("([^\\x{01}\\s、。]{2,}?)(?:で|にて)(?=[^\\x{01}]|\\x{01}|$)") {
            reading.place = japanese[1]
        }
        // "明日12時にカフェで": the particle before the place is not part of it.
        let place = reading.place?.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "^[にのは、]+", with: "", options: .regularExpression)
        if let place, !place.isEmpty {
            reading.place = place
        } else {
            reading.place = nil
        }
    }
}
