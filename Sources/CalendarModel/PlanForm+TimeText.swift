import Foundation

extension PlanForm {
    /// Parses a time as people type it into the editor: "9", "930", "0930", "9:30", "9.30",
    /// "21:30", "9am", "9 a.m.", "9:30pm", "12am" (midnight), "12 pm" (noon), and the same in
    /// full-width digits (Japanese input). Nil for anything else, including "25:61", "24:00"
    /// and "13pm".
    /// `calendar`'s own AM/PM marks are read too ("a. m." in some Spanish locales).
    public static func parseTime(_ text: String, calendar: Calendar? = nil) -> (hour: Int, minute: Int)? {
        // Compatibility forms as plain ones: full-width "９：３０ＰＭ" from an input method reads as "9:30PM".
        var rest = Substring(text.decomposedStringWithCompatibilityMapping.lowercased().trimmingCharacters(in: .whitespaces))
        // A 12-hour suffix: am/pm, with or without dots and a space before it.
        var meridiem: Bool? // true: pm
        let own = calendar.map { [($0.amSymbol, false), ($0.pmSymbol, true)] } ?? []
        let marks = own.map { ($0.0.decomposedStringWithCompatibilityMapping.lowercased(), $0.1) }.filter { !$0.0.isEmpty }
            + [("a.m.", false), ("p.m.", true), ("am", false), ("pm", true), ("a", false), ("p", true)]
        for (suffix, isPM) in marks where rest.hasSuffix(suffix) {
            meridiem = isPM
            rest = rest.dropLast(suffix.count)
            // Any space before the mark, including the narrow no-break one ICU writes.
            while rest.last?.isWhitespace == true { rest = rest.dropLast() }
            break
        }
        let digits: (hour: Substring, minute: Substring)
        if let separator = rest.firstIndex(where: { $0 == ":" || $0 == "." }) {
            digits = (rest[..<separator], rest[rest.index(after: separator)...])
            guard digits.minute.count == 2 else { return nil }
        } else if rest.count <= 2 {
            digits = (rest, "00")
        } else if rest.count <= 4 {
            digits = (rest.dropLast(2), rest.suffix(2))
        } else {
            return nil
        }
        guard (1...2).contains(digits.hour.count),
              (digits.hour + digits.minute).allSatisfy({ ("0"..."9").contains($0) }),
              var hour = Int(digits.hour), let minute = Int(digits.minute), minute < 60 else { return nil }
        if let isPM = meridiem {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (isPM ? 12 : 0)
        }
        guard hour < 24 else { return nil }
        return (hour, minute)
    }
}
