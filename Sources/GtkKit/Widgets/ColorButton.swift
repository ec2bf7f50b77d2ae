import CGtk

/// GtkColorButton: a swatch that opens GTK's colour chooser (GTK 4.8 has no GtkColorDialog).
@MainActor
public final class ColorButton: Widget {
    public init(color: RGBA = RGBA(red: 0.21, green: 0.52, blue: 0.89)) {
        var rgba = color.gdk
        super.init(retaining: UnsafeMutableRawPointer(gtk_color_button_new_with_rgba(&rgba)))
        // Calendar colours are written as #rrggbb: no alpha to choose.
        gtk_color_chooser_set_use_alpha(chooser, 0)
    }

    private var chooser: OpaquePointer { opaque }

    /// The colour shown; setting it does not emit `onColorSet` (only the user's choice does).
    public var color: RGBA {
        get {
            var rgba = GdkRGBA()
            gtk_color_chooser_get_rgba(chooser, &rgba)
            return RGBA(red: Double(rgba.red), green: Double(rgba.green), blue: Double(rgba.blue),
                        alpha: Double(rgba.alpha))
        }
        set {
            var rgba = newValue.gdk
            gtk_color_chooser_set_rgba(chooser, &rgba)
        }
    }

    /// The chooser window's title.
    public var title: String {
        get { String.fromC(gtk_color_button_get_title(opaque)) ?? "" }
        set { gtk_color_button_set_title(opaque, newValue) }
    }

    /// Whether the chooser window is modal (it is by default).
    public var isModal: Bool {
        get { gtk_color_button_get_modal(opaque) != 0 }
        set { gtk_color_button_set_modal(opaque, newValue ? 1 : 0) }
    }

    /// Called with the colour the user picked in the chooser ("color-set").
    @discardableResult
    public func onColorSet(_ handler: @escaping @MainActor (RGBA) -> Void) -> SignalConnection {
        onSignal("color-set") { [weak self] in
            guard let self else { return }
            handler(self.color)
        }
    }
}

extension RGBA {
    var gdk: GdkRGBA {
        GdkRGBA(red: Float(red), green: Float(green), blue: Float(blue), alpha: Float(alpha))
    }
}
