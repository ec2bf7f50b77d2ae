/// iCalendar text large enough (over 256 KiB) for the first open to read a first part ahead
/// of the whole (`ICalendarLoadOptions.firstPart`): 2,400 timed plans spread over 2021–2030,
/// 20 a month, each on its own day of the month, then `events` (whole VEVENTs, CRLF lines).
public enum LargeCalendarText {
    public static func text(with events: [String] = []) -> String {
        var filler: [String] = []
        for index in 0..<2_400 {
            let month = index % 120, day = 1 + index % 28
            let date = String(month / 12 + 2021) + twoDigits(1 + month % 12) + twoDigits(day)
            filler.append(event(uid: "filler-\(index)", lines: "DTSTART:\(date)T0\(index % 10)0000Z\r\n"
                + "DTEND:\(date)T1\(index % 10)0000Z\r\nSUMMARY:Filler \(index)\r\n"
                + "DESCRIPTION:A plan among many in a large calendar file"))
        }
        return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi tests//EN\r\n" + (filler + events).joined()
            + "END:VCALENDAR\r\n"
    }

    /// One VEVENT with `lines` (CRLF between them, none at the end).
    public static func event(uid: String, lines: String) -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\n\(lines)\r\nEND:VEVENT\r\n"
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
