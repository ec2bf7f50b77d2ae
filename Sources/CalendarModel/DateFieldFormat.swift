import Foundation

/// How dates are written in the editor's date fields: the locale's own numeric form ("12/24/2026"
/// in en_US, "24/12/2026" in en_GB, "2026/12/24" in ja), read back from that form or from ISO
/// ("2026-12-24"), with any separators and full-width digits, or from a Japanese era date
/// ("令和8年12月24日", "R8.12.24": `JapaneseEra.day(fromTyped:)`). Forms keep ISO text
/// (`PlanForm.startDateText`); this is only what the user reads and types.
///
/// The fields always show the Gregorian numeric form, also with the era preference on: a
/// date to edit digit by digit reads best as numbers, and "2026/12/24" is what Japanese forms
/// on a computer take. An era date typed in is understood in any locale.
public struct DateFieldFormat: Sendable {
    /// The order of the year, month and day in the locale's numeric dates.
    public enum Part: Sendable { case year, month, day }
    public let order: [Part]
    /// The locale's pattern for a four-digit year, two-digit month and day ("MM/dd/yyyy").
    private let pattern: String

    public init(locale: Locale) {
        let found = DateFormatter.dateFormat(fromTemplate: "yyyyMMdd", options: 0, locale: locale) ?? "yyyy-MM-dd"
        var order: [Part] = []
        for character in found {
            let part: Part? = character == "y" ? .year : character == "M" ? .month : character == "d" ? .day : nil
            if let part, order.last != part, !order.contains(part) { order.append(part) }
        }
        self.order = order.count == 3 ? order : [.year, .month, .day]
        pattern = order.count == 3 ? found : "yyyy-MM-dd"
    }

    /// `day` as the locale writes it: "12/24/2026".
    public func text(for day: CalendarDay) -> String {
        var text = ""
        var rest = Substring(pattern)
        while let character = rest.first {
            let run = rest.prefix { $0 == character }
            rest = rest.dropFirst(run.count)
            switch character {
            case "y": text += String(format: "%04d", day.year)
            case "M": text += String(format: run.count >= 2 ? "%02d" : "%d", day.month)
            case "d": text += String(format: run.count >= 2 ? "%02d" : "%d", day.day)
            case "'": continue
            default: text += String(run)
            }
        }
        return text
    }

    /// What to type, for the placeholder and messages: "MM/DD/YYYY".
    public var example: String {
        pattern.map { character -> String in
            switch character {
            case "y": return "Y"
            case "M": return "M"
            case "d": return "D"
            case "'": return ""
            default: return String(character)
            }
        }.joined()
    }

    /// The ISO text ("2026-12-24") of what the user typed in the locale's order or as ISO;
    /// nil when it is not three numbers that could be a year, a month and a day. The day
    /// itself is not checked ("2/30/2026" gives "2026-02-30"), so the form can say what is wrong.
    public func isoText(from typed: String) -> String? {
        if let day = JapaneseEra.day(fromTyped: typed) { return day.description }
        let digits = typed.trimmingCharacters(in: .whitespaces).applyingTransform(.fullwidthToHalfwidth, reverse: false) ?? typed
        let numbers = digits.split { !$0.isASCII || !$0.isNumber }.map(String.init)
        guard numbers.count == 3, numbers.allSatisfy({ $0.count <= 4 }) else { return nil }
        // A four-digit first number is a year, whatever the locale's order (ISO as typed anywhere).
        let parts: [Part] = numbers[0].count == 4 ? [.year, .month, .day] : order
        var year = 0, month = 0, day = 0
        for (part, number) in zip(parts, numbers) {
            let value = Int(number) ?? 0
            switch part {
            case .year:
                guard number.count == 4 else { return nil }
                year = value
            case .month: month = value
            case .day: day = value
            }
        }
        guard (1...12).contains(month), (1...31).contains(day), year > 0 else { return nil }
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// `iso` (a form's date text) as the locale writes it, or as it is when it is not a date.
    public func shown(_ iso: String) -> String {
        PlanForm.parseDate(iso).map(text(for:)) ?? iso
    }

    /// What a field's typed text means for the form: ISO when it reads as a date, else as typed.
    public func formText(_ typed: String) -> String {
        isoText(from: typed) ?? typed.trimmingCharacters(in: .whitespaces)
    }
}
