import CalendarEditing
import CalendarModel
import Foundation

/// Save: one edit (a plan's title) saved atomically with `CalendarDocument` over a file of
/// all the plans. Opening the document is timed apart: the user pays it once, not per edit.
struct SaveBenchmark {
    struct Figures: Encodable {
        var openMs: Double
        /// Edit + atomic save (temporary file, fsync, rename), median over the runs.
        var saveMs: Double
        var saveMaxMs: Double
        /// The saved file read back has the edit and the same number of events.
        var verified: Bool
    }

    var path: String
    var timeZone: TimeZone

    func run(runs: Int) throws -> Figures {
        let (opened, openMs) = try Clock.measure { try CalendarDocument.load(path: path, timeZone: timeZone) }
        var document = opened.document
        var identity = opened.identity
        let uids = document.eventUIDs
        guard let uid = uids.dropFirst(uids.count / 2).first else { throw BenchError("no event to edit in \(path)") }
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        var times: [Double] = []
        var title = ""
        for run in 0..<max(1, runs) {
            title = "Edited by koyomi-bench \(run)"
            let (newIdentity, ms) = try Clock.measure {
                try document.updateEvent(uid: uid, [.title(title)], now: now)
                return try document.save(to: path, expecting: identity)
            }
            identity = newIdentity
            times.append(ms)
        }
        let reread = try CalendarDocument.load(path: path, timeZone: timeZone).document
        let verified = reread.eventUIDs.count == uids.count && reread.text.contains("SUMMARY:\(title)")
        return Figures(openMs: openMs, saveMs: Stats(times)?.median ?? 0, saveMaxMs: Stats(times)?.max ?? 0,
                       verified: verified)
    }
}

/// A problem that stops the benchmark, said in a sentence.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
