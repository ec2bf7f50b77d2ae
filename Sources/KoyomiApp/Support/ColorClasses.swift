import CalendarModel
import GtkKit

/// Turns plan and calendar colours into CSS classes on one display-wide provider, as
/// GNOME Calendar does, so a colour is parsed once (by GDK) however many dots use it.
///
/// Colours come from files and can be anything, so each class gets one rule per window style
/// with the colour darkened or lightened (same hue) until it stands out from that style's
/// background. GTK 4.8 CSS has no `@media`: the dark rules are scoped under
/// `darkStyleClass`, which the window carries while libadwaita's style manager says dark.
@MainActor
final class ColorClasses {
    /// On the window while the dark style is in use; the dark rules apply below it.
    nonisolated static let darkStyleClass = "koyomi-dark"
    /// WCAG 2.1 non-text contrast (1.4.11): dots and colour bars against the cell background.
    nonisolated static let minimumContrast = 3.0

    /// A window style a colour must stand out on.
    enum Style: CaseIterable, Sendable {
        case light, dark

        /// libadwaita 1.2's `window_bg_color`, behind the day cells. The plan panel sits on
        /// `view_bg_color` (#ffffff / #1e1e1e), further from mid-grey, so a colour bar that keeps
        /// 3:1 here keeps it there too.
        nonisolated var background: RGBA {
            switch self {
            case .light: RGBA(red: 0xfa / 255, green: 0xfa / 255, blue: 0xfa / 255)
            case .dark: RGBA(red: 0x24 / 255, green: 0x24 / 255, blue: 0x24 / 255)
            }
        }

        nonisolated fileprivate var scope: String {
            self == .dark ? "." + ColorClasses.darkStyleClass + " " : ""
        }
    }

    /// Keeps `darkStyleClass` on `window` while the dark style is in use; every toplevel that
    /// shows colour classes (the calendar window, the plan editor) follows it. Disconnect the
    /// returned connection when the window goes.
    static func followDarkStyle(on window: Widget) -> SignalConnection {
        let style = StyleManager.default
        let sync: @MainActor () -> Void = { [weak window] in
            window?.setCSSClass(darkStyleClass, style.isDark)
        }
        sync()
        return style.onNotify("dark", sync)
    }

    private let provider = CSSProvider()
    private var known: Set<String> = []
    /// Grey for a plan whose colour and calendar colour both fail to parse.
    private static let unknownHex = "#9a9996"

    init() { provider.install() }

    isolated deinit { provider.uninstall() }

    /// The class for a dot: its own colour when GDK understands it, else its calendar's.
    /// Remembered per colour pair, since every cell and list row asks on every render.
    func className(for dot: DotColor) -> String {
        if let known = classByDot[dot] { return known }
        let name = className(forHex: (RGBA(parsing: dot.spec) ?? RGBA(parsing: dot.fallback))?.hex ?? Self.unknownHex)
        classByDot[dot] = name
        return name
    }

    private var classByDot: [DotColor: String] = [:]

    private func className(forHex hex: String) -> String {
        if known.insert(hex).inserted { isDirty = true }
        return Self.className(forHex: hex)
    }

    private nonisolated static func className(forHex hex: String) -> String {
        "koyomi-color-" + hex.dropFirst()
    }

    /// What a colour is drawn as in `style`: itself when it has enough contrast there, else
    /// the nearest colour of the same hue that has.
    nonisolated static func displayColor(_ color: RGBA, in style: Style) -> RGBA {
        color.ensuringContrast(minimumContrast, against: style.background)
    }

    private var isDirty = false

    /// Writes the classes handed out since the last flush: one style recomputation per render
    /// pass instead of one per new colour.
    func flush() {
        guard isDirty else { return }
        isDirty = false
        provider.load(known.sorted().map(Self.rules(forHex:)).joined(separator: "\n"))
    }

    /// The CSS for one colour class, light rules first, then the dark ones (more specific).
    nonisolated static func rules(forHex hex: String) -> String {
        let name = className(forHex: hex)
        let color = RGBA(parsing: hex) ?? RGBA(red: 0.6, green: 0.6, blue: 0.6)
        return Style.allCases.map { style in
            let shown = displayColor(color, in: style).hex
            return """
            \(style.scope).dot.\(name), \(style.scope).color-bar.\(name) { background-color: \(shown); }
            \(style.scope).holiday-label.\(name) { background-color: alpha(\(shown), 0.28); }
            \(style.scope).month-chip.\(name) { border-color: \(shown); }
            \(style.scope).plan-block.\(name), \(style.scope).plan-bar.\(name) {
                background-color: alpha(\(shown), 0.22); border-color: \(shown);
            }
            """
        }.joined(separator: "\n")
    }
}
