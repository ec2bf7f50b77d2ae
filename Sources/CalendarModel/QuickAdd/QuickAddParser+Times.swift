import Foundation

/// Times: "9am", "9:30", "21:00", "noon", "midnight", "at 3", "9–10:30", "from 9 to 11", "for
/// 45 minutes", "for 2h"; 午前9時, 午後3時半, 9時〜10時半, 15:00, 2時間, 45分間.
extension QuickAddParser {
    func readTimes(_ phrase: inout QuickAddPhrase, _ reading: inout Reading) {
        typealias W = QuickAddWords
        readLength(&phrase, &reading)
        let separator = W.rangeSeparator
        if let range = phrase.match(#"(?:\bfrom\s+)?\b\#(W.time)\s*\#(separator)\s*\#(W.time)(?![\d/:])"#) {
            let endMeridiem = range[6]
            // "9-11am": the start shares the end's am/pm when that keeps it before the end.
            var start = W.seconds(hour: range[1], minute: range[2], meridiem: range[3], bareHourGuess: endMeridiem == nil)
            let end = W.seconds(hour: range[4], minute: range[5], meridiem: endMeridiem, bareHourGuess: range[3] == nil)
            if range[3] == nil, let endMeridiem, let shared = W.seconds(hour: range[1], minute: range[2], meridiem: endMeridiem,
                                                                          bareHourGuess: false), let end, shared < end {
                start = shared
            }
            guard let start, let end else {
                reading.problems.append(.impossibleTime((range[0] ?? "").trimmingCharacters(in: .whitespaces)))
                return
            }
            (reading.start, reading.end) = (start, end)
            return
        }
        if let range = phrase.match("\(W.japaneseTime)\\s*(?:〜|～|~|-|から)\\s*\(W.japaneseTime)(?:まで)?"),
           let start = W.japaneseSeconds(meridiem: range[1], hour: range[2], half: range[3], minute: range[4]),
           let end = W.japaneseSeconds(meridiem: range[5] ?? range[1], hour: range[6], half: range[7], minute: range[8]) {
            (reading.start, reading.end) = (start, end)
            return
        }
        if phrase.match(#"\bnoon\b|正午"#) != nil { reading.start = 12 * 3_600; return }
        if phrase.match(#"\bmidnight\b"#) != nil { reading.start = 0; return }
        if let japanese = phrase.match(W.japaneseTime) {
            guard let start = W.japaneseSeconds(meridiem: japanese[1], hour: japanese[2], half: japanese[3], minute: japanese[4]) else {
                reading.problems.append(.impossibleTime(japanese[0] ?? ""))
                return
            }
            reading.start = start
            return
        }
        // "12:30", "9am", "at 9:30 pm"; a bare number only after "at".
        for pattern in [#"(?:\bat\s+)?\b(\d{1,2}):(\d{2})\s*(am|pm|a\.m\.|p\.m\.)?(?![\d/])"#,
                        #"(?:\bat\s+)?\b(\d{1,2})()\s*(am|pm|a\.m\.|p\.m\.)"#, #"\bat\s+(\d{1,2})()()\b(?![:/]\d)"#] {
            guard let time = phrase.match(pattern) else { continue }
            guard let seconds = W.seconds(hour: time[1], minute: time[2].flatMap { $0.isEmpty ? nil : $0 },
                                          meridiem: time[3].flatMap { $0.isEmpty ? nil : $0 }, bareHourGuess: true) else {
                reading.problems.append(.impossibleTime((time[0] ?? "").trimmingCharacters(in: .whitespaces)))
                return
            }
            reading.start = seconds
            return
        }
    }

    private func readLength(_ phrase: inout QuickAddPhrase, _ reading: inout Reading) {
        if let both = phrase.match(#"\bfor\s+(\d{1,2})\s*h\s*(\d{1,2})\s*m(?:in(?:utes?)?)?\b"#),
           let hours = Int(both[1] ?? ""), let minutes = Int(both[2] ?? "") {
            reading.length = hours * 3_600 + minutes * 60
        } else if let length = phrase.match(#"\bfor\s+(\d{1,3})\s*(minutes?|mins?|m|hours?|hrs?|h)\b"#),
                  let number = Int(length[1] ?? "") {
            reading.length = number * ((length[2] ?? "").lowercased().hasPrefix("m") ? 60 : 3_600)
        } else if phrase.match(#"\bfor\s+(?:an?|one)\s+hour\b"#) != nil {
            reading.length = 3_600
        } else if phrase.match(#"\bfor\s+half\s+an\s+hour\b"#) != nil {
            reading.length = 1_800
        } else if let japanese = phrase.match("(\\d{1,2})時間(半)?|(\\d{1,3})分間"),
                  let number = Int(japanese[1] ?? japanese[3] ?? "") {
            reading.length = japanese[1] != nil ? number * 3_600 + (japanese[2] != nil ? 1_800 : 0) : number * 60
        }
    }
}
