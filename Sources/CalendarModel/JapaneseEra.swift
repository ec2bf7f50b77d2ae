import Foundation

/// The Japanese era (和暦) since 明治: where the preference is offered, and reading a date
/// typed with one ("令和8年12月5日", "R8.12.5") back into a Gregorian day.
///
/// Writing dates in the era is ICU's (`CalendarFormatter` with `japaneseEra`): its Japanese
/// calendar on this toolchain has every boundary since 明治 right (1989-01-07 昭和64年,
/// 1989-01-08 平成元年, 2019-04-30 平成31年, 2019-05-01 令和元年) and writes 元年 for a first
/// year. Reading is done here: DateFormatter does not read 元年, "R8" or full-width digits.
public struct JapaneseEra: Sendable, Equatable {
    /// "令和".
    public let name: String
    /// "R": the letter forms on paper write ("R8.12.5").
    public let letter: Character
    /// The era's first day (its 元年 starts here).
    public let firstDay: CalendarDay

    /// 明治 to 令和, oldest first. 明治 counts from the Gregorian 1868-01-01: its year 1 is 1868
    /// (the era was proclaimed on 1868-10-23 and reckoned from that year's start).
    public static let all: [JapaneseEra] = [
        JapaneseEra("明治", "M", 1868, 1, 1),
        JapaneseEra("大正", "T", 1912, 7, 30),
        JapaneseEra("昭和", "S", 1926, 12, 25),
        JapaneseEra("平成", "H", 1989, 1, 8),
        JapaneseEra("令和", "R", 2019, 5, 1),
    ]

    private init(_ name: String, _ letter: Character, _ year: Int, _ month: Int, _ day: Int) {
        self.name = name
        self.letter = letter
        // The table's dates are real days.
        firstDay = CalendarDay(year: year, month: month, day: day)!
    }

    /// Whether years can be shown in the era: where the locale's language is Japanese. Other
    /// languages have no settled way to write it ("Reiwa 8" is a transliteration few read), so
    /// the preference is neither offered nor honoured there.
    public static func isOffered(in locale: Locale) -> Bool {
        locale.language.languageCode?.identifier == "ja"
    }

    /// The era `day` falls in (nil before 明治).
    public static func era(of day: CalendarDay) -> JapaneseEra? {
        all.last { $0.firstDay <= day }
    }

    /// The Gregorian year of this era's year `year` (1 is 元年).
    public func gregorianYear(_ year: Int) -> Int { firstDay.year + year - 1 }

    /// The day typed as an era date: the era's name or letter, its year (a number or 元),
    /// then the month and day, with any separators ("令和8年12月5日", "令和元年5月1日",
    /// "R8/12/5", "h31.4.30", full-width digits). Nil when `text` does not start with an era
    /// or the date is not a real day, or falls before its era began ("令和元年4月30日").
    /// A year past its era's end is read on ("平成32年" is 2020), as forms printed before a
    /// change of era are still filled in that way.
    public static func day(fromTyped text: String) -> CalendarDay? {
        let typed = (text.applyingTransform(.fullwidthToHalfwidth, reverse: false) ?? text)
            .trimmingCharacters(in: .whitespaces)
        guard let era = all.first(where: { typed.hasPrefix($0.name) })
                ?? all.first(where: { typed.first?.uppercased() == String($0.letter) }) else { return nil }
        var rest = Substring(typed).dropFirst(typed.hasPrefix(era.name) ? era.name.count : 1)
        rest = rest.drop { $0 == " " }
        let year: Int
        if rest.first == "元" {
            year = 1
            rest = rest.dropFirst()
        } else {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 3, let value = Int(digits), value >= 1 else { return nil }
            year = value
            rest = rest.dropFirst(digits.count)
        }
        let numbers = rest.split { !$0.isASCII || !$0.isNumber }
        guard numbers.count == 2, numbers.allSatisfy({ $0.count <= 2 }),
              let month = Int(numbers[0]), let dayNumber = Int(numbers[1]),
              let day = CalendarDay(year: era.gregorianYear(year), month: month, day: dayNumber),
              day >= era.firstDay else { return nil }
        return day
    }
}
