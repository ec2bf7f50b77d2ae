import Foundation

extension ScreenBenchmark {
    /// The side-by-side table per renderer, the issue's two ratios, and what to doubt.
    static func render(_ report: Report) -> String {
        func ms(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "–" }
        func cell(_ text: String) -> String { String(repeating: " ", count: max(1, 16 - text.count)) + text }
        var lines = [
            "start-up on screen (issue 21): \(report.plans.formatted()) plans, month \(report.month); spawn → first painted "
                + "frame and → events on screen (the settled picture: no change for \(report.settleMs) ms), medians of "
                + "\(report.runs) runs; load average \(report.loadBefore) before, \(report.loadAfter) after",
        ]
        if let peer = report.peer, peer != "gnome-calendar" { lines.append("  \(peer)") }
        for renderer in report.renderers {
            let pairs = [renderer.koyomi, renderer.wideKoyomi, renderer.peer].compactMap { $0 }
            lines.append("")
            lines.append("  \(renderer.name)".padding(toLength: 30, withPad: " ", startingAt: 0) + cell("floor")
                + pairs.map { cell($0.program) }.joined())
            lines.append("  window".padding(toLength: 30, withPad: " ", startingAt: 0) + cell("720×760")
                + pairs.map { cell("\($0.width)×\($0.height)") }.joined())
            let rows: [(String, String, (Pair) -> String)] = [
                ("first frame, warm (ms)", ms(renderer.floorFirstFrameMs), { ms($0.warm.firstFrameMs) }),
                ("events on screen, warm (ms)", "–", { ms($0.warm.eventsMs) }),
                ("first frame, cold (ms)", ms(renderer.floorFirstFrameMs), { ms($0.cold.firstFrameMs) }),
                ("events on screen, cold (ms)", "–", { ms($0.cold.eventsMs) }),
                ("peak RSS, warm (MiB)", ms(renderer.floorPeakRSSMiB), { ms($0.warm.peakRSSMiB) }),
                ("peak RSS, cold (MiB)", ms(renderer.floorPeakRSSMiB), { ms($0.cold.peakRSSMiB) }),
            ]
            for (name, floor, value) in rows {
                lines.append("  \(name)".padding(toLength: 30, withPad: " ", startingAt: 0) + cell(floor)
                    + pairs.map { cell(value($0)) }.joined())
            }
            if let peer = renderer.peer {
                let parts = peer.warm.processesMiB.sorted { $0.value > $1.value }
                    .map { "\($0.key) " + String(format: "%.1f", $0.value) }
                lines.append("  \(peer.program)'s peak RSS, warm, by process (MiB): \(parts.joined(separator: ", "))")
            }
            for target in renderer.targets {
                let figure = target.ratio.isFinite ? String(format: "%.2f×", target.ratio) : "not measured"
                lines.append("  \(target.met ? "OK    " : "MISSED") \(target.name): \(figure) (\(target.detail))")
            }
            lines += pairs.flatMap { doubts($0, renderer: renderer.name) }
        }
        lines.append("")
        lines.append("  The floor has no calendar and no cache: its runs fill both first-frame rows. Peak RSS: each "
            + "process's own peak (VmHWM) at the settle, summed over the program and what its session bus started for "
            + "it (GNOME Calendar's data server), the bus and the accessibility bus left out; the largest over the runs.")
        return lines.joined(separator: "\n")
    }

    /// Lines about runs whose figures should not be trusted as they are.
    private static func doubts(_ pair: Pair, renderer: String) -> [String] {
        var lines: [String] = []
        let name = "\(pair.program) \(pair.width)×\(pair.height) (\(renderer))"
        for (mode, figures) in [("warm", pair.warm), ("cold", pair.cold)] {
            if figures.settled < figures.runs {
                lines.append("  note: \(name), \(mode): \(figures.runs - figures.settled) of \(figures.runs) runs never "
                    + "settled on a picture other than the empty month")
            }
            if figures.pictures > 1 {
                lines.append("  note: \(name), \(mode): the runs settled on \(figures.pictures) different pictures")
            }
            if figures.drewOutsideRegion {
                lines.append("  note: \(name), \(mode): something changed outside the region read")
            }
        }
        if !pair.sameFinalPicture { lines.append("  note: \(name): warm and cold runs settled on different pictures") }
        return lines
    }
}
