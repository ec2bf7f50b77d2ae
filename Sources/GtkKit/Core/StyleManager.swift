import CGtk

/// libadwaita's style manager: whether the app is drawn dark or high-contrast right now, and
/// the app's own colour-scheme request. Watch changes with `onNotify("dark")` and
/// `onNotify("high-contrast")`.
@MainActor
public final class StyleManager: GObjectRef {
    /// What the app asks for; `.default` follows the system (light when it says nothing).
    public enum ColorScheme: Sendable, CaseIterable {
        case `default`, forceLight, preferLight, preferDark, forceDark

        var adw: AdwColorScheme {
            switch self {
            case .default: ADW_COLOR_SCHEME_DEFAULT
            case .forceLight: ADW_COLOR_SCHEME_FORCE_LIGHT
            case .preferLight: ADW_COLOR_SCHEME_PREFER_LIGHT
            case .preferDark: ADW_COLOR_SCHEME_PREFER_DARK
            case .forceDark: ADW_COLOR_SCHEME_FORCE_DARK
            }
        }
    }

    /// The default display's manager (libadwaita owns it; we hold a reference of our own).
    /// Needs `GtkRuntime.initialize()` or a started `Application` first.
    public static var `default`: StyleManager {
        StyleManager(retaining: UnsafeMutableRawPointer(adw_style_manager_get_default()))
    }

    private var manager: OpaquePointer { opaque }

    /// Changing it restyles every window at once (libadwaita swaps its style sheet).
    public var colorScheme: ColorScheme {
        get {
            let current = adw_style_manager_get_color_scheme(manager)
            return ColorScheme.allCases.first { $0.adw == current } ?? .default
        }
        set { adw_style_manager_set_color_scheme(manager, newValue.adw) }
    }

    /// Whether windows use the dark style now (the system's preference or our request).
    public var isDark: Bool { adw_style_manager_get_dark(manager) != 0 }

    /// Whether the system asks for high contrast (read at start-up; libadwaita 1.2 has no setter).
    public var isHighContrast: Bool { adw_style_manager_get_high_contrast(manager) != 0 }
}
