import Foundation

extension PlanForm {
    /// What is wrong with the form, one specific message per field (empty when valid).
    ///
    /// Timed plans are checked in the form's own zone (`timeZoneID`; `calendar`'s zone when
    /// empty), so "01:30–01:10" on a day the clocks go back is judged by the instants.
    /// An ordering rule is checked only once the fields it compares are valid.
    public func validate(calendar: Calendar, strings: PlanFormStrings = .english) -> [Field: String] {
        var errors: [Field: String] = [:]
        if title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            errors[.title] = strings.emptyTitle
        }
        let start = Self.checkDate(startDateText, .startDate, strings, calendar, &errors)
        let end = Self.checkDate(endDateText, .endDate, strings, calendar, &errors)
        if isAllDay {
            if let start, let end, end < start { errors[.endDate] = strings.endDayBeforeStartDay }
        } else {
            let startTime = Self.checkTime(startTimeText, .startTime, strings, calendar, &errors)
            let endTime = Self.checkTime(endTimeText, .endTime, strings, calendar, &errors)
            let zone = self.zone(calendar: calendar)
            if zone == nil { errors[.timeZone] = FormatterStrings.fill(strings.unknownTimeZone, timeZoneID) }
            if let start, let end, end < start {
                errors[.endDate] = strings.endBeforeStart
            } else if let start, let end, let startTime, let endTime, let zone,
                      let from = Self.instant(start, startTime, zone: zone, calendar: calendar),
                      let to = Self.instant(end, endTime, zone: zone, calendar: calendar), to < from {
                errors[.endTime] = strings.endBeforeStart
            }
        }
        if let rule = repeatRule, rule.frequency == .weekly, rule.byDay.isEmpty { errors[.repeatRule] = strings.noWeekdays }
        if repeatRule != nil {
            switch repeatEnd {
            case .never:
                break
            case let .onDate(text):
                if let last = Self.checkDate(text, .repeatEnd, strings, calendar, &errors), let start, last < start {
                    errors[.repeatEnd] = strings.repeatEndBeforeStart
                }
            case let .afterCount(count):
                if count < 1 { errors[.repeatEnd] = strings.repeatCountTooSmall }
            }
        }
        return errors
    }

    /// Whether `validate` finds nothing wrong.
    public func isValid(calendar: Calendar) -> Bool {
        validate(calendar: calendar).isEmpty
    }

    /// When the plan happens, or nil while its dates, times or zone are not valid. All-day
    /// ends become exclusive (the last day + 1), as `PlanTiming` and RFC 5545 want.
    public func timing(calendar: Calendar) -> PlanTiming? {
        guard let start = Self.parseDate(startDateText), let end = Self.parseDate(endDateText),
              end >= start else { return nil }
        if isAllDay { return .allDay(start: start, end: end.adding(days: 1)) }
        guard let startTime = Self.parseTime(startTimeText, calendar: calendar),
              let endTime = Self.parseTime(endTimeText, calendar: calendar),
              let zone = zone(calendar: calendar),
              let from = Self.instant(start, startTime, zone: zone, calendar: calendar),
              let to = Self.instant(end, endTime, zone: zone, calendar: calendar), to >= from else { return nil }
        return .timed(start: from, end: to)
    }

    /// The form's zone: `timeZoneID`, or `calendar`'s when empty; nil when unknown.
    public func zone(calendar: Calendar) -> TimeZone? {
        timeZoneID.isEmpty ? calendar.timeZone : TimeZone(identifier: timeZoneID)
    }

    // MARK: Helpers

    private static func checkDate(_ text: String, _ field: Field, _ strings: PlanFormStrings, _ calendar: Calendar,
                                  _ errors: inout [Field: String]) -> CalendarDay? {
        if let day = parseDate(text) { return day }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty {
            errors[field] = strings.missingDate
        } else if let month = monthLacking(trimmed) {
            // Written right but the day does not exist (February 30): say what the month has.
            errors[field] = FormatterStrings.fill(strings.dayNotInMonth, monthName(month, calendar), "\(month.numberOfDays)")
        } else {
            errors[field] = FormatterStrings.fill(strings.invalidDate, trimmed)
        }
        return nil
    }

    /// The month of a well-formed "YYYY-MM-DD" whose day that month does not have.
    private static func monthLacking(_ text: String) -> YearMonth? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
              let year = Int(parts[0]), let month = YearMonth(year: year, month: Int(parts[1]) ?? 0),
              let day = Int(parts[2]), day == 0 || day > month.numberOfDays else { return nil }
        return month
    }

    /// "February 2026" in the calendar's locale.
    private static func monthName(_ month: YearMonth, _ calendar: Calendar) -> String {
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = calendar.locale ?? Locale(identifier: "en_US_POSIX")
        formatter.setLocalizedDateFormatFromTemplate("MMMMy")
        let first = calendar.date(from: DateComponents(year: month.year, month: month.month, day: 1, hour: 12)) ?? Date()
        return formatter.string(from: first)
    }

    private static func checkTime(_ text: String, _ field: Field, _ strings: PlanFormStrings, _ calendar: Calendar,
                                  _ errors: inout [Field: String]) -> (hour: Int, minute: Int)? {
        if let time = parseTime(text, calendar: calendar) { return time }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        // The example is written on the user's clock: "9:30 PM" or "21:30".
        let example = timeText(hour: 21, minute: 30, calendar: calendar)
        errors[field] = trimmed.isEmpty ? FormatterStrings.fill(strings.missingTime, example)
            : FormatterStrings.fill(strings.invalidTime, trimmed, example)
        return nil
    }

    /// The instant of a wall time in `zone`. A time the clocks skip (02:30 when they jump from
    /// 02:00 to 03:00) lands after the gap, as Foundation resolves it.
    static func instant(_ day: CalendarDay, _ time: (hour: Int, minute: Int), zone: TimeZone,
                                calendar: Calendar) -> Date? {
        var local = calendar
        local.timeZone = zone
        return local.date(from: DateComponents(year: day.year, month: day.month, day: day.day,
                                               hour: time.hour, minute: time.minute))
    }
}
