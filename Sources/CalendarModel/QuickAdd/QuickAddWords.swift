/// The names the phrases use, in English and Japanese.
enum QuickAddWords {
    /// English weekday names and their short forms; the first three letters say which day.
    static let weekday = #"(sun(?:day)?|mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?)"#
    static let weekdays = ["sun": 1, "mon": 2, "tue": 3, "wed": 4, "thu": 5, "fri": 6, "sat": 7]
    static func weekday(_ name: String?) -> Int? { name.flatMap { weekdays[String($0.lowercased().prefix(3))] } }

    static let month = #"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"#
    static let months = ["jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9,
                         "oct": 10, "nov": 11, "dec": 12]
    static func month(_ name: String?) -> Int? { name.flatMap { months[String($0.lowercased().prefix(3))] } }

    /// 日月火水木金土: Sunday … Saturday.
    static let japaneseWeekday = "([日月火水木金土])曜日?"
    static func japaneseWeekday(_ name: String?) -> Int? {
        name.flatMap { "日月火水木金土".firstIndex(of: Character(String($0.prefix(1)))) }
            .map { "日月火水木金土".distance(from: "日月火水木金土".startIndex, to: $0) + 1 }
    }

    /// A clock time in English: "9", "9:30", "9am", "9:30 p.m.".
    static let time = #"(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?"#
    /// 午前9時, 午後3時半, 9時15分.
    static let japaneseTime = "(午前|午後)?(\\d{1,2})時(?:(半)|(\\d{1,2})分)?"
    static let rangeSeparator = #"(?:-|–|—|〜|～|~|to|till|until|から)"#

    /// Seconds after midnight, or nil when it is no time of day. A bare hour from 1 to 6 (no
    /// minutes, no am/pm) is taken to be in the afternoon.
    static func seconds(hour: String?, minute: String?, meridiem: String?, bareHourGuess: Bool) -> Int? {
        guard let hourText = hour, var hour = Int(hourText) else { return nil }
        let minutes = minute.flatMap { Int($0) } ?? 0
        guard minutes < 60 else { return nil }
        if let meridiem = meridiem?.lowercased() {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridiem.hasPrefix("p") ? 12 : 0)
        } else if bareHourGuess, minute == nil, (1...6).contains(hour) {
            hour += 12
        }
        guard (0...24).contains(hour), hour < 24 || minutes == 0 else { return nil }
        return hour * 3_600 + minutes * 60
    }

    static func japaneseSeconds(meridiem: String?, hour: String?, half: String?, minute: String?) -> Int? {
        guard let hourText = hour, var hour = Int(hourText) else { return nil }
        let minutes = half != nil ? 30 : (minute.flatMap { Int($0) } ?? 0)
        guard minutes < 60 else { return nil }
        if meridiem == "午後", hour < 12 { hour += 12 }
        if meridiem == "午前", hour == 12 { hour = 0 }
        guard (0...24).contains(hour), hour < 24 || minutes == 0 else { return nil }
        return hour * 3_600 + minutes * 60
    }
}
