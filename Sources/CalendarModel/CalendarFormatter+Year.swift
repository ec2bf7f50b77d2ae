import Foundation

extension CalendarFormatter {
    /// The twelve months' names as a heading over each month of a year: en "January" …;
    /// ja "1月" …. Standalone forms (Slavic languages decline the month beside a day).
    public func monthNames() -> [String] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        let names = calendar.standaloneMonthSymbols
        return names.count == 12 ? names : (1...12).map(String.init)
    }

    /// A year view's title: "2026"; ja "2026年".
    public func yearTitle(_ year: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = locale
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        formatter.calendar = utc
        formatter.timeZone = utc.timeZone
        formatter.setLocalizedDateFormatFromTemplate("y")
        let middle = CalendarDay(year: year, month: 7, day: 1)!
        return formatter.string(from: Date(timeIntervalSince1970: Double(middle.julianOffset) * 86_400 + 43_200))
    }
}

extension CalendarFormatter {
    /// The weekdays' initials over a small month's columns, one per entry of `order`
    /// (1 = Sunday … 7 = Saturday): en "S" "M" "T" …; ja "日" "月" "火" ….
    public func weekdayInitials(order: [Int]) -> [String] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        let symbols = calendar.veryShortStandaloneWeekdaySymbols
        return order.map { weekday in
            let index = ((weekday - 1) % 7 + 7) % 7
            return index < symbols.count ? symbols[index] : String(weekday)
        }
    }
}
