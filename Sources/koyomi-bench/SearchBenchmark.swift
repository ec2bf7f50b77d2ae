import CalendarModel
import Foundation
import ICalendarReading

/// Search: queries typed one keystroke at a time over every plan of every date, through the
/// search model the window uses (`CalendarStore.makeSearchIndex`, `SearchSession`).
struct SearchBenchmark {
    struct Figures: Encodable {
        /// Building the index when search opens (once per search, not per keystroke).
        var indexBuildMs: Double
        var entries: Int
        /// Every keystroke of every query: median, p99 and the slowest.
        var keystroke: Stats?
        /// The first keystroke of a query scans the whole index (later ones narrow).
        var firstKeystrokeMaxMs: Double
        /// GNOME Shell's query (`GetInitialResultSet`'s model work): each query's words at
        /// once on a fresh session, upcoming first, the first 100 results made: the slowest.
        var shellQueryMaxMs: Double
        var queries: [String]
    }

    /// English, accented (typed without accents), Japanese (hiragana for katakana), no match.
    static let queries = ["team meeting", "cafe zoe", "かいぎ", "会議", "zurich", "resume", "xyzzy", "room 4"]

    var paths: [String]
    var month: YearMonth
    var today: CalendarDay
    var timeZone: TimeZone

    func run() throws -> Figures {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let scheduler = LoadScheduler()
        let sources = try paths.map { path in
            try ICalendarFile.load(path: path, options: ICalendarLoadOptions(id: CalendarID(path), fallbackColor: CalendarPalette.first,
                                                                            timeZone: timeZone, scheduler: scheduler))
        }
        let store = CalendarStore(sources: sources, calendar: calendar, today: today, visibleMonth: month, firstWeekday: 2)
        let (index, buildMs) = Clock.measure { store.makeSearchIndex() }
        var keystrokes: [Double] = []
        var firsts: [Double] = []
        for query in Self.queries {
            let session = SearchSession(index: index)
            var typed = ""
            for character in query {
                typed.append(character)
                let (results, ms) = Clock.measure { session.search(typed) }
                precondition(results.totalCount >= 0)
                keystrokes.append(ms)
                if typed.count == 1 { firsts.append(ms) }
            }
        }
        var shellQueries: [Double] = []
        for query in Self.queries {
            let terms = query.split(separator: " ").map(String.init)
            let (results, ms) = Clock.measure { SearchSession(index: index).searchUpcomingFirst(terms, limit: 100) }
            precondition(results.count <= 100)
            shellQueries.append(ms)
        }
        return Figures(indexBuildMs: buildMs, entries: index.count, keystroke: Stats(keystrokes),
                       firstKeystrokeMaxMs: firsts.max() ?? 0, shellQueryMaxMs: shellQueries.max() ?? 0,
                       queries: Self.queries)
    }
}
