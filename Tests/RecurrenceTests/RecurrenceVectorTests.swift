import Foundation
import XCTest
@testable import Recurrence

/// The public recurrence test files, case by case, against Koyomi's expander. A case that
/// disagrees must be listed, with the reason, in docs/recurrence.md's table of differences,
/// and every case listed there must still disagree (so the table stays true).
final class RecurrenceVectorTests: XCTestCase {
    static let files = ["rfc5545-examples", "libical-icalrecur", "dateutil-rrule", "icaljs-recur"]

    func testEveryVectorAgreesOrIsExplainedInTheDocs() throws {
        let explained = try Self.explainedDifferences()
        var disagreeing: [String: String] = [:]
        var checked = 0
        for file in Self.files {
            for vector in try RecurrenceVector.load(file) {
                checked += 1
                let got: [String]
                do {
                    got = try vector.actual()
                } catch {
                    disagreeing[vector.key] = "refused: \(error)"
                    continue
                }
                if let skip = vector.skip, vector.expected.isEmpty, !vector.isComplete {
                    disagreeing[vector.key] = "the source gives no list (\(skip))"
                } else if got != vector.expected && got != vector.expectedWithStart {
                    disagreeing[vector.key] = "expected \(vector.expected.prefix(6)), got \(got.prefix(6))"
                }
            }
        }
        XCTAssertGreaterThan(checked, 0, "no vectors were read")
        for (key, what) in disagreeing.sorted(by: { $0.key < $1.key }) where explained[key] == nil {
            XCTFail("\(key): \(what) — fix the expander, or explain it in docs/recurrence.md")
        }
        for key in explained.keys.sorted() where disagreeing[key] == nil {
            XCTFail("docs/recurrence.md explains \(key), but it agrees now (or no longer exists): remove the row")
        }
    }

    /// Rows of the table under "Where Koyomi differs" in docs/recurrence.md:
    /// `| file | rule | DTSTART | reason |`.
    static func explainedDifferences() throws -> [String: String] {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/recurrence.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        guard let section = text.range(of: "## Where Koyomi differs") else { return [:] }
        var result: [String: String] = [:]
        for line in text[section.upperBound...].split(separator: "\n") {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("| ") else { continue }
            let cells = line.dropFirst(2).dropLast(line.hasSuffix(" |") ? 2 : 0)
                .components(separatedBy: " | ").map { $0.replacingOccurrences(of: "`", with: "") }
            guard cells.count == 4, cells[0] != "File", !cells[0].hasPrefix("-") else { continue }
            result["\(cells[0]) | \(cells[1]) | \(cells[2])"] = cells[3]
        }
        return result
    }
}
