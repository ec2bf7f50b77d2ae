/// Logical lines of iCalendar text: CRLF, LF or CR line ends, and folded continuation
/// lines (starting with a space or tab) joined back, each with the number of its first line.
struct UnfoldedLines: Sequence {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    func makeIterator() -> Array<(text: Substring, number: Int)>.Iterator {
        var lines: [(text: Substring, number: Int)] = []
        var number = 0
        for physical in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            number += 1
            if let first = physical.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1].text += physical.dropFirst()
            } else if !physical.isEmpty {
                lines.append((physical, number))
            }
        }
        return lines.makeIterator()
    }
}
