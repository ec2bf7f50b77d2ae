import CalendarModel
import Foundation

/// Issue 20's figure: how long reading one phrase takes (the window reads the entry again on
/// every keystroke). In this process: each phrase `runs` times, the median and the slowest.
struct QuickAddBenchmark {
    static let phrases = [
        "Lunch with Ann tomorrow 12:30", "Standup every weekday 9:30 /work", "Gym every Monday and Thursday at 7am",
        "Party Dec 24 from 7 to 11pm", "Trip Dec 14–16", "Offsite from Monday to Wednesday", "Exam 2027-01-15 8:00 for 2h",
        "Coffee at Cafe Blue tomorrow 10:00", "Backup every day until March", "Rent monthly on the 15th",
        "Review @ Room 4 Friday 14:00", "Call for 45 minutes tomorrow 16:00",
        "明日12時にカフェでランチ", "明後日の午後3時半に歯医者", "来週の金曜 午前9時 会議", "毎週月曜と木曜 19時 ジム",
        "3日後 9時〜10時半 面談", "毎月15日 家賃", "今日 １５:００ 電話", "A plan with many words that mean nothing special at all",
    ]

    struct Row {
        /// The first reading of each phrase: the patterns it needs compile then (once per
        /// window, or per `koyomi add`); the slowest of those, and which.
        var firstPassMaxMs: Double
        var firstPassSlowest: String
        /// Every later reading: the median, the slowest single one, and the phrase whose own
        /// median is the highest (what typing it costs each time, apart from the machine's
        /// one-off pauses that set the slowest single read).
        var medianMs: Double
        var p99Ms: Double
        var maxMs: Double
        var slowest: String
        var slowestPhrase: String
        var slowestPhraseMedianMs: Double
    }

    func run(runs: Int) -> Row {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let parser = QuickAddParser(now: Date(timeIntervalSince1970: 1_796_205_600), calendar: calendar,
                                    locale: Locale(identifier: "en_US"), calendarNames: ["Work", "Personal"])
        let firstPass = Self.phrases.map { phrase in (Clock.measure { parser.read(phrase) }.ms, phrase) }
        var times: [(Double, String)] = []
        for _ in 0..<max(1, runs) {
            for phrase in Self.phrases {
                let (_, ms) = Clock.measure { parser.read(phrase) }
                times.append((ms, phrase))
            }
        }
        let sorted = times.sorted { $0.0 < $1.0 }
        let perPhrase = Dictionary(grouping: times, by: \.1).mapValues { runs in
            runs.map(\.0).sorted()[runs.count / 2]
        }
        let heaviest = perPhrase.max { $0.value < $1.value }
        let firstSlowest = firstPass.max { $0.0 < $1.0 }
        return Row(firstPassMaxMs: firstSlowest?.0 ?? 0, firstPassSlowest: firstSlowest?.1 ?? "",
                   medianMs: sorted[sorted.count / 2].0, p99Ms: sorted[min(sorted.count - 1, sorted.count * 99 / 100)].0, maxMs: sorted.last?.0 ?? 0, slowest: sorted.last?.1 ?? "",
                   slowestPhrase: heaviest?.key ?? "", slowestPhraseMedianMs: heaviest?.value ?? 0)
    }

    static func render(_ row: Row) -> String {
        String(format: "first reading of each phrase (its patterns compile): slowest %.2f ms (“%@”); then one phrase "
               + "read in %.3f ms (median), %.3f ms (p99), the costliest phrase %.3f ms (its median, “%@”) — goal ≤ 1 ms: "
               + "%@; the slowest single read %.3f ms (“%@”; it moves from run to run with the machine's pauses)",
               row.firstPassMaxMs, row.firstPassSlowest as NSString, row.medianMs, row.p99Ms, row.slowestPhraseMedianMs,
               row.slowestPhrase as NSString, (max(row.p99Ms, row.slowestPhraseMedianMs) <= 1 ? "OK" : "MISSED") as NSString,
               row.maxMs, row.slowest as NSString)
    }
}
