import CalendarModel
import GtkKit

/// Turns plan and calendar colours into CSS classes on one display-wide provider, as
/// GNOME Calendar does, so a colour is parsed once (by GDK) however many dots use it.
@MainActor
final class ColorClasses {
    private let provider = CSSProvider()
    private var known: Set<String> = []
    /// Grey for a plan whose colour and calendar colour both fail to parse.
    private static let unknownHex = "#9a9996"

    init() { provider.install() }

    isolated deinit { provider.uninstall() }

    /// The class for a dot: its own colour when GDK understands it, else its calendar's.
    func className(for dot: DotColor) -> String {
        className(forHex: (RGBA(parsing: dot.spec) ?? RGBA(parsing: dot.fallback))?.hex ?? Self.unknownHex)
    }

    private func className(forHex hex: String) -> String {
        let name = "koyomi-color-" + hex.dropFirst()
        if known.insert(hex).inserted { isDirty = true }
        return name
    }

    private var isDirty = false

    /// Writes the classes handed out since the last flush: one style recomputation per render
    /// pass instead of one per new colour.
    func flush() {
        guard isDirty else { return }
        isDirty = false
        provider.load(known.sorted().map { hex in
            let name = "koyomi-color-" + hex.dropFirst()
            return """
            .dot.\(name), .color-bar.\(name) { background-color: \(hex); }
            .holiday-label.\(name) { background-color: alpha(\(hex), 0.28); }
            """
        }.joined(separator: "\n"))
    }
}
