import Foundation

/// The human-readable table and target list printed before the JSON.
enum BenchTable {
    static func render(_ report: BenchReport) -> String {
        func ms(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "–" }
        let base = report.baselines
        var lines = [
            "koyomi-bench — \(report.date) — \(report.machine)",
            "runs per process figure: \(report.runs) (median); interactions: \(report.interactions)",
            "",
            "baselines: empty calendar: first frame \(ms(base.emptyApp.wallMs)) ms wall, first paint "
                + "\(ms(base.emptyApp.firstPaintMs)) ms, peak RSS \(ms(base.emptyApp.peakRSSMiB)) MiB; "
                + "C program (same widget tree): \(ms(base.cProgramWallMs)) ms wall, \(ms(base.cProgramPeakRSSMiB)) MiB",
            "",
        ]
        let rows: [(String, (BenchReport.Size) -> String)] = [
            ("file size (MiB)", { String(format: "%.1f", Double($0.load.bytes) / 1_048_576) }),
            ("load first (ms)", { ms($0.load.firstMs) }),
            ("load reopen (ms)", { ms($0.load.reopenMs) }),
            ("load first, in child (ms)", { ms($0.load.guardedFirstMs) }),
            ("libical raw parse (ms)", { ms($0.load.libicalParseMs) }),
            ("first frame, wall (ms)", { ms($0.firstFrame.wallMs) }),
            ("  C program, wall (ms)", { _ in ms(base.cProgramWallMs) }),
            ("first paint in app (ms)", { ms($0.firstFrame.firstPaintMs) }),
            ("dots painted cold (ms)", { ms($0.firstFrame.dotsPaintedColdMs) }),
            ("dots painted warm (ms)", { ms($0.firstFrame.dotsPaintedWarmMs) }),
            ("page frame med/p99 (ms)", { "\(ms($0.interactions.page.frame?.median))/\(ms($0.interactions.page.frame?.p99))" }),
            ("page model med/p99 (ms)", { "\(ms($0.interactions.page.model?.median))/\(ms($0.interactions.page.model?.p99))" }),
            ("select frame med/p99 (ms)", { "\(ms($0.interactions.select.frame?.median))/\(ms($0.interactions.select.frame?.p99))" }),
            ("select model med/p99 (ms)", { "\(ms($0.interactions.select.model?.median))/\(ms($0.interactions.select.model?.p99))" }),
            ("roomy page frame med/p99", { "\(ms($0.roomyInteractions.page.frame?.median))/\(ms($0.roomyInteractions.page.frame?.p99))" }),
            ("roomy select frame med/p99", { "\(ms($0.roomyInteractions.select.frame?.median))/\(ms($0.roomyInteractions.select.frame?.p99))" }),
            ("roomy page CPU med/p99", { "\(ms($0.roomyInteractions.page.cpu?.median))/\(ms($0.roomyInteractions.page.cpu?.p99))" }),
            ("resize frame med/max", { "\(ms($0.roomyInteractions.resize.frame?.median))/\(ms($0.roomyInteractions.resize.frame?.max))" }),
            ("week start, painted (ms)", { ms($0.weekStart.dotsPaintedWarmMs) }),
            ("  month start, in turn (ms)", { ms($0.weekStart.monthDotsPaintedWarmMs) }),
            ("month→week frame med/p99", { "\(ms($0.interactions.switchToWeek.frame?.median))/\(ms($0.interactions.switchToWeek.frame?.p99))" }),
            ("week page frame med/p99", { "\(ms($0.interactions.weekPage.frame?.median))/\(ms($0.interactions.weekPage.frame?.p99))" }),
            ("week page CPU med/p99", { "\(ms($0.interactions.weekPage.cpu?.median))/\(ms($0.interactions.weekPage.cpu?.p99))" }),
            ("week page model med/p99", { "\(ms($0.interactions.weekPage.model?.median))/\(ms($0.interactions.weekPage.model?.p99))" }),
            ("view switch frame med/p99", { "\(ms($0.interactions.viewSwitch.frame?.median))/\(ms($0.interactions.viewSwitch.frame?.p99))" }),
            ("day page frame med/p99", { "\(ms($0.interactions.dayPage.frame?.median))/\(ms($0.interactions.dayPage.frame?.p99))" }),
            ("year page frame med/p99", { "\(ms($0.interactions.yearPage.frame?.median))/\(ms($0.interactions.yearPage.frame?.p99))" }),
            ("year page CPU med/p99", { "\(ms($0.interactions.yearPage.cpu?.median))/\(ms($0.interactions.yearPage.cpu?.p99))" }),
            ("search index build (ms)", { $0.search.map { ms($0.indexBuildMs) } ?? "TODO" }),
            ("search key med/max (ms)", { $0.search.map { "\(ms($0.keystroke?.median))/\(ms($0.keystroke?.max))" } ?? "TODO" }),
            ("shell search query max (ms)", { $0.search.map { ms($0.shellQueryMaxMs) } ?? "TODO" }),
            ("save edit med/max (ms)", { "\(ms($0.save.saveMs))/\(ms($0.save.saveMaxMs))" }),
            ("peak RSS (MiB)", { ms($0.firstFrame.peakRSSMiB) }),
        ]
        let header = ["plans".padding(toLength: 27, withPad: " ", startingAt: 0)]
            + report.sizes.map { pad(String($0.plans)) }
        lines.append(header.joined())
        for (name, value) in rows {
            lines.append(([name.padding(toLength: 27, withPad: " ", startingAt: 0)] + report.sizes.map { pad(value($0)) }).joined())
        }
        for size in report.sizes {
            lines.append("")
            lines.append("targets at \(size.plans) plans (the issue states them for 100,000):")
            for target in size.targets {
                let verdict = target.met ? "OK    " : "MISSED"
                let figure: String
                if !target.ratio.isFinite {
                    figure = "not measured"
                } else if target.isTime {
                    figure = String(format: "%.2f× the limit", target.ofLimit)
                } else {
                    figure = String(format: "ratio %.2f× (limit %.1f×)", target.ratio, target.limit)
                }
                lines.append("  \(verdict) \(target.name): \(figure) — \(target.detail)")
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func pad(_ text: String) -> String {
        String(repeating: " ", count: max(1, 14 - text.count)) + text
    }
}
