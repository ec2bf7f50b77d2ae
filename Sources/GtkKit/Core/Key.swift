import CGtk

/// The keys Koyomi binds, independent of GDK's numeric key values.
public enum Key: Equatable, Sendable {
    case left, right, up, down, pageUp, pageDown, home, end, escape, enter, delete
    /// F1 … F12.
    case function(Int)
    case other(UInt32)

    init(keyval: guint) {
        switch Int32(keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left: self = .left
        case GDK_KEY_Right, GDK_KEY_KP_Right: self = .right
        case GDK_KEY_Up, GDK_KEY_KP_Up: self = .up
        case GDK_KEY_Down, GDK_KEY_KP_Down: self = .down
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: self = .pageUp
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: self = .pageDown
        case GDK_KEY_Home, GDK_KEY_KP_Home: self = .home
        case GDK_KEY_End, GDK_KEY_KP_End: self = .end
        case GDK_KEY_Escape: self = .escape
        case GDK_KEY_Delete, GDK_KEY_KP_Delete: self = .delete
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter: self = .enter
        case GDK_KEY_F1...GDK_KEY_F12: self = .function(Int(Int32(keyval) - GDK_KEY_F1) + 1)
        default: self = .other(UInt32(gdk_keyval_to_lower(keyval)))
        }
    }

    /// A letter key, e.g. `.letter("t")` for Ctrl+T.
    public static func letter(_ character: Character) -> Key {
        .other(UInt32(character.unicodeScalars.first.map { gdk_unicode_to_keyval($0.value) } ?? 0))
    }
}

/// Modifier keys held with a key press.
public struct Modifiers: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: GDK_SHIFT_MASK.rawValue)
    public static let control = Modifiers(rawValue: GDK_CONTROL_MASK.rawValue)
    public static let alt = Modifiers(rawValue: GDK_ALT_MASK.rawValue)

    /// Only the modifiers shortcuts care about (not Caps Lock, Num Lock…).
    init(state: GdkModifierType) {
        self.init(rawValue: state.rawValue & (GDK_SHIFT_MASK.rawValue | GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue))
    }
}
