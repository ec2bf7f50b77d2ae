import CGtk

/// A menu of labelled actions (GMenu), e.g. the header bar's primary menu.
@MainActor
public final class Menu: GObjectRef {
    public init() {
        super.init(adoptingFull: UnsafeMutableRawPointer(g_menu_new()))
    }

    /// Adds an item that activates `action` ("win.preferences", "app.quit"…).
    public func append(_ label: String, action: String) {
        g_menu_append(opaque, label, action)
    }

    /// Adds an item that activates `action` with `target`; for a stateful action ("win.view"
    /// with "week") GTK draws it as a radio item, marked while the state equals `target`.
    public func append(_ label: String, action: String, target: String) {
        let item = g_menu_item_new(label, nil)
        // The floating target is consumed by the item; the menu takes its own reference.
        g_menu_item_set_action_and_target_value(item, action, g_variant_new_string(target))
        g_menu_append_item(opaque, item)
        g_object_unref(UnsafeMutableRawPointer(item))
    }

    /// Adds a section: items separated from the rest by a line.
    public func appendSection(_ section: Menu) {
        g_menu_append_section(opaque, nil, section.cast())
    }

    /// Adds a section before every other item.
    public func prependSection(_ section: Menu) {
        g_menu_prepend_section(opaque, nil, section.cast())
    }

    /// The items' labels, actions and targets, sections' items in place (for tests and checks).
    public var items: [(label: String, action: String?, target: String?)] {
        Self.items(of: cast())
    }

    private static func items(of model: UnsafeMutablePointer<GMenuModel>) -> [(label: String, action: String?, target: String?)] {
        (0..<g_menu_model_get_n_items(model)).flatMap { index -> [(label: String, action: String?, target: String?)] in
            if let section = g_menu_model_get_item_link(model, index, G_MENU_LINK_SECTION) {
                defer { g_object_unref(UnsafeMutableRawPointer(section)) }
                return items(of: section)
            }
            func attribute(_ name: String) -> String? {
                guard let value = g_menu_model_get_item_attribute_value(model, index, name, nil) else { return nil }
                defer { g_variant_unref(value) }
                guard String.fromC(g_variant_get_type_string(value)) == "s" else { return nil }
                return String.fromC(g_variant_get_string(value, nil))
            }
            return [(attribute(G_MENU_ATTRIBUTE_LABEL) ?? "", attribute(G_MENU_ATTRIBUTE_ACTION),
                     attribute(G_MENU_ATTRIBUTE_TARGET))]
        }
    }

    /// Removes the first item (or section).
    public func removeFirst() {
        guard g_menu_model_get_n_items(cast()) > 0 else { return }
        g_menu_remove(opaque, 0)
    }
}

/// GtkMenuButton showing a menu, or any `Popover`, below itself.
@MainActor
public final class MenuButton: Widget {
    /// `isPrimary`: the window's main menu, which F10 opens (as in every GNOME app); one per window.
    public init(iconName: String, menu: Menu, isPrimary: Bool = true) {
        super.init(retaining: UnsafeMutableRawPointer(gtk_menu_button_new()))
        gtk_menu_button_set_icon_name(opaque, iconName)
        gtk_menu_button_set_menu_model(opaque, menu.cast())
        if isPrimary { gtk_menu_button_set_primary(opaque, 1) }
    }

    /// The icon it shows (set: another icon).
    public var iconName: String {
        get { String.fromC(gtk_menu_button_get_icon_name(opaque)) ?? "" }
        set { gtk_menu_button_set_icon_name(opaque, newValue) }
    }

    /// Whether the drop-down arrow shows beside its icon or label.
    public var showsArrow: Bool {
        get { gtk_menu_button_get_always_show_arrow(opaque) != 0 }
        set { gtk_menu_button_set_always_show_arrow(opaque, newValue ? 1 : 0) }
    }

    /// A button that opens `popover` (a list, a form…) rather than a menu. The button owns the
    /// popover from now on. Give it a tooltip and an accessible label: it shows only an icon.
    public init(iconName: String, popover: Popover) {
        super.init(retaining: UnsafeMutableRawPointer(gtk_menu_button_new()))
        gtk_menu_button_set_icon_name(opaque, iconName)
        gtk_menu_button_set_popover(opaque, popover.widget)
        // GTK 4.8 never frees a popover that is still open when its window is destroyed, so
        // it is closed as soon as the button leaves the screen. The handler uses the instance
        // GTK passes, not this wrapper, which may be gone by then.
        let closeOnUnmap: @convention(c) (gpointer?, gpointer?) -> Void = { button, _ in
            if let button { gtk_menu_button_popdown(OpaquePointer(button)) }
        }
        connect("unmap", trampoline: unsafeBitCast(closeOnUnmap, to: GCallback.self), body: ())
    }

    /// A button with words that opens `popover`; the button owns the popover from now on.
    public convenience init(label: String, popover: Popover) {
        self.init(iconName: "pan-down-symbolic", popover: popover)
        gtk_menu_button_set_label(opaque, label)
        gtk_menu_button_set_always_show_arrow(opaque, 1)
    }

    public func popup() { gtk_menu_button_popup(opaque) }
    public func popdown() { gtk_menu_button_popdown(opaque) }
}
