/// Trims only spaces and tabs: iCalendar's whitespace, not every Unicode one.
extension StringProtocol {
    package func trimmingSpaces() -> String {
        // On UTF-8 code units: spaces and tabs are ASCII, and this is hot while loading.
        let string = String(self)
        let units = string.utf8
        let isSpace = { (unit: UInt8) in unit == 32 || unit == 9 }
        guard let first = units.firstIndex(where: { !isSpace($0) }) else { return "" }
        guard let last = units.lastIndex(where: { !isSpace($0) }) else { return "" }
        if first == units.startIndex && last == units.index(before: units.endIndex) { return string }
        return String(string[first...last])
    }
}
