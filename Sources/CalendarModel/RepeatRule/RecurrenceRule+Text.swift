extension RecurrenceRule {
    /// The rule as RRULE text, parts in the RFC's order ("FREQ=MONTHLY;COUNT=3;BYDAY=-1FR");
    /// reads back to the same rule (ignored parts are not written).
    public var text: String {
        var parts = ["FREQ=\(frequency.name)"]
        if let count { parts.append("COUNT=\(count)") }
        if let until {
            let day = until.time.description
            parts.append("UNTIL=" + (until.isDate ? String(day.prefix(8)) : day + (until.isUTC ? "Z" : "")))
        }
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        func list(_ name: String, _ values: [Int]) {
            if !values.isEmpty { parts.append(name + "=" + values.map(String.init).joined(separator: ",")) }
        }
        list("BYSECOND", bySecond)
        list("BYMINUTE", byMinute)
        list("BYHOUR", byHour)
        if !byDay.isEmpty {
            let codes = Dictionary(uniqueKeysWithValues: Self.weekdayCodes.map { ($1, $0) })
            parts.append("BYDAY=" + byDay.map { ($0.ordinal == 0 ? "" : String($0.ordinal)) + (codes[$0.weekday] ?? "MO") }
                .joined(separator: ","))
        }
        list("BYMONTHDAY", byMonthDay)
        list("BYYEARDAY", byYearDay)
        list("BYWEEKNO", byWeekNo)
        list("BYMONTH", byMonth)
        list("BYSETPOS", bySetPos)
        if weekStart != 2 {
            parts.append("WKST=" + (Self.weekdayCodes.first { $0.value == weekStart }?.key ?? "MO"))
        }
        return parts.joined(separator: ";")
    }
}
