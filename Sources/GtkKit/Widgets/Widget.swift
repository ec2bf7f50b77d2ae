import CGtk

/// Alignment of a widget inside the space its parent gives it.
public enum Align: Sendable {
    case fill, start, end, center
    init(_ align: GtkAlign) {
        switch align {
        case GTK_ALIGN_START: self = .start
        case GTK_ALIGN_END: self = .end
        case GTK_ALIGN_CENTER: self = .center
        default: self = .fill
        }
    }

    var gtk: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .end: GTK_ALIGN_END
        case .center: GTK_ALIGN_CENTER
        }
    }
}

public enum Orientation: Sendable {
    case horizontal, vertical
    var gtk: GtkOrientation { self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
}

/// Any GtkWidget. Subclasses add what their widget type can do.
@MainActor
open class Widget: GObjectRef {
    public var widget: UnsafeMutablePointer<GtkWidget> { cast() }

    public func addCSSClass(_ name: String) { gtk_widget_add_css_class(widget, name) }
    public func removeCSSClass(_ name: String) { gtk_widget_remove_css_class(widget, name) }
    public func hasCSSClass(_ name: String) -> Bool { gtk_widget_has_css_class(widget, name) != 0 }

    /// Adds or removes a style class so that it follows `on`.
    public func setCSSClass(_ name: String, _ on: Bool) {
        if on != hasCSSClass(name) { on ? addCSSClass(name) : removeCSSClass(name) }
    }

    /// The widget's style classes.
    public var cssClasses: [String] {
        guard let array = gtk_widget_get_css_classes(widget) else { return [] }
        defer { g_strfreev(array) }
        var names: [String] = []
        var index = 0
        while let name = array[index] {
            names.append(String(cString: name))
            index += 1
        }
        return names
    }

    /// Replaces all of the widget's style classes by `names`.
    public func setCSSClasses(_ names: [String]) {
        let copies = names.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var array: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
        array.withUnsafeMutableBufferPointer { gtk_widget_set_css_classes(widget, $0.baseAddress) }
    }

    public var isVisible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
    }

    /// Whether the widget is really on screen (it and all its ancestors are visible and mapped).
    public var isMapped: Bool { gtk_widget_get_mapped(widget) != 0 }

    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }

    public var hexpand: Bool {
        get { gtk_widget_get_hexpand(widget) != 0 }
        set { gtk_widget_set_hexpand(widget, newValue ? 1 : 0) }
    }

    public var vexpand: Bool {
        get { gtk_widget_get_vexpand(widget) != 0 }
        set { gtk_widget_set_vexpand(widget, newValue ? 1 : 0) }
    }

    public var halign: Align {
        get { Align(gtk_widget_get_halign(widget)) }
        set { gtk_widget_set_halign(widget, newValue.gtk) }
    }

    public var valign: Align {
        get { Align(gtk_widget_get_valign(widget)) }
        set { gtk_widget_set_valign(widget, newValue.gtk) }
    }

    public var tooltip: String? {
        get { String.fromC(gtk_widget_get_tooltip_text(widget)) }
        // GTK 4.8 asks the display where the pointer is on every set (X round trips), even for
        // the same text: a text that did not change is not set again.
        set {
            guard newValue != tooltip else { return }
            gtk_widget_set_tooltip_text(widget, newValue)
            if newValue != nil { showsTooltipTextOnItsLines() }
        }
    }

    public var canFocus: Bool {
        get { gtk_widget_get_can_focus(widget) != 0 }
        set { gtk_widget_set_can_focus(widget, newValue ? 1 : 0) }
    }

    public func setSizeRequest(width: Int32 = -1, height: Int32 = -1) {
        gtk_widget_set_size_request(widget, width, height)
    }

    public var marginTop: Int32 {
        get { gtk_widget_get_margin_top(widget) }
        set { gtk_widget_set_margin_top(widget, newValue) }
    }

    /// The margin at the end edge (right, or left in right-to-left layouts).
    public var marginEnd: Int32 {
        get { gtk_widget_get_margin_end(widget) }
        set { gtk_widget_set_margin_end(widget, newValue) }
    }

    public var marginBottom: Int32 {
        get { gtk_widget_get_margin_bottom(widget) }
        set { gtk_widget_set_margin_bottom(widget, newValue) }
    }

    /// Runs `body` on every frame (GTK's frame clock) with the frame time in seconds, until it
    /// returns false or the returned token is cancelled: the way to animate in step with the display.
    @discardableResult
    public func onEveryFrame(_ body: @escaping @MainActor (Double) -> Bool) -> FrameCallback {
        typealias Body = @MainActor (Double) -> Bool
        let tick: GtkTickCallback = { _, clock, data in
            let box = Unmanaged<ClosureBox<Body>>.fromOpaque(data!).takeUnretainedValue()
            let seconds = Double(gdk_frame_clock_get_frame_time(clock)) / 1_000_000
            return MainActor.assumeIsolated { box.body(seconds) } ? 1 : 0
        }
        let release: GDestroyNotify = { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        let box = Unmanaged.passRetained(ClosureBox(body as Body) as AnyObject).toOpaque()
        return FrameCallback(widget: self, id: gtk_widget_add_tick_callback(widget, tick, box, release))
    }

    public func setMargins(top: Int32 = 0, bottom: Int32 = 0, start: Int32 = 0, end: Int32 = 0) {
        gtk_widget_set_margin_top(widget, top)
        gtk_widget_set_margin_bottom(widget, bottom)
        gtk_widget_set_margin_start(widget, start)
        gtk_widget_set_margin_end(widget, end)
    }

    @discardableResult
    public func grabFocus() -> Bool { gtk_widget_grab_focus(widget) != 0 }

    /// Whether keyboard focus can land here (Tab stops); clicks work either way.
    public var isFocusable: Bool {
        get { gtk_widget_get_focusable(widget) != 0 }
        set { gtk_widget_set_focusable(widget, newValue ? 1 : 0) }
    }

    /// Whether this widget has the keyboard focus of its window.
    public var hasFocus: Bool { gtk_widget_has_focus(widget) != 0 }

    /// Whether the widget, or the list item or other parent GTK gives the keyboard focus for
    /// it, is styled with its focus ring now (`:focus-visible`: it has the focus, in a window
    /// being used with the keyboard).
    public var showsFocusRing: Bool {
        var node: UnsafeMutablePointer<GtkWidget>? = widget
        for _ in 0..<2 {
            guard let current = node else { return false }
            if gtk_widget_get_state_flags(current).rawValue & GTK_STATE_FLAG_FOCUS_VISIBLE.rawValue != 0 { return true }
            node = gtk_widget_get_parent(current)
        }
        return false
    }

    /// Whether the keyboard focus of this widget's window is this widget or inside it.
    public var containsFocus: Bool {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }

    /// Whether the widget lays out right-to-left (Arabic, Hebrew…), so arrow keys mirror.
    public var isRightToLeft: Bool { gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL }

    // MARK: Accessibility (what a screen reader reads over AT-SPI)

    /// The accessible name. GTK 4.8 has no getter, so the last value set is kept here too.
    /// Setting the same value again sends nothing (each change is a D-Bus signal to the
    /// accessibility bus).
    public var accessibleLabel: String? {
        didSet {
            guard accessibleLabel != oldValue else { return }
            koyomi_accessible_set_string(widget, GTK_ACCESSIBLE_PROPERTY_LABEL, accessibleLabel ?? "")
        }
    }

    public var accessibleDescription: String? {
        didSet {
            guard accessibleDescription != oldValue else { return }
            koyomi_accessible_set_string(widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, accessibleDescription ?? "")
        }
    }

    /// Keeps the widget out of what screen readers read (it is only spacing or decoration).
    public func setAccessibleHidden(_ hidden: Bool) {
        koyomi_accessible_set_boolean_state(widget, GTK_ACCESSIBLE_STATE_HIDDEN, hidden ? 1 : 0)
    }

    /// Marks the widget as the currently selected item (a selected day cell).
    public func setAccessibleSelected(_ selected: Bool) {
        koyomi_accessible_set_boolean_state(widget, GTK_ACCESSIBLE_STATE_SELECTED, selected ? 1 : 0)
    }

    // MARK: Geometry

    /// The widget's allocation in the coordinates of `ancestor` (usually its window), or nil
    /// when it has not been laid out.
    public func bounds(relativeTo ancestor: Widget) -> (x: Double, y: Double, width: Double, height: Double)? {
        var rect = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, ancestor.widget, &rect) != 0 else { return nil }
        return (Double(rect.origin.x), Double(rect.origin.y), Double(rect.size.width), Double(rect.size.height))
    }

    public var allocatedWidth: Int { Int(gtk_widget_get_allocated_width(widget)) }
    public var allocatedHeight: Int { Int(gtk_widget_get_allocated_height(widget)) }

    /// The pixels `markup` takes laid out on one line in the widget's own font (its style's).
    public func pixelSize(ofMarkup markup: String) -> (width: Int, height: Int) {
        guard let layout = gtk_widget_create_pango_layout(widget, nil) else { return (0, 0) }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_markup(layout, markup, -1)
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return (Int(width), Int(height))
    }

    /// Pixels `markup` takes in the display's base font with its size times `fontScale` (as
    /// `font-size: 0.8em` gives a widget whose ancestors keep the base size): on one line, or
    /// wrapped at words to `wrapWidth` pixels (then a width over it means a word does not fit).
    /// Unlike `pixelSize(ofMarkup:)` it does not wait on the widget's style: GTK 4.8 works a
    /// widget's style out only when a frame shows it, so one not shown yet (or hidden) would
    /// measure in the base size whatever its style sheet says.
    public func pixelSize(ofMarkup markup: String, baseFontScaledBy fontScale: Double,
                          wrappedAt wrapWidth: Int? = nil) -> (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        koyomi_markup_size_in_base_font(widget, markup, fontScale, Int32(wrapWidth ?? 0), &width, &height)
        return (Int(width), Int(height))
    }

    /// The texts of the labels inside the widget (itself included) that are drawn cut off
    /// now, ellipsized to fit: what a user cannot read whole. Only mapped labels count.
    public var cutOffTexts: [String] {
        var found: [String] = []
        func visit(_ node: UnsafeMutablePointer<GtkWidget>) {
            if gtk_widget_get_mapped(node) == 0 { return }
            if koyomi_is_label(node) != 0, let layout = gtk_label_get_layout(OpaquePointer(node)),
               pango_layout_is_ellipsized(layout) != 0 {
                found.append(String.fromC(gtk_label_get_text(OpaquePointer(node))) ?? "")
            }
            var child = gtk_widget_get_first_child(node)
            while let current = child {
                visit(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        visit(widget)
        return found
    }

    // MARK: Frames

    /// Calls `body` once after the next frame containing this widget has been painted.
    /// Used by `--quit-after-first-frame` to stop exactly when the month is on screen.
    public func afterNextPaint(_ body: @escaping @MainActor () -> Void) {
        guard let clock = gtk_widget_get_frame_clock(widget) else {
            // Not realized yet: wait for the widget to be mapped, then try again.
            var mapped: SignalConnection?
            mapped = onSignal("map") { [weak self] in
                mapped?.disconnect()
                self?.afterNextPaint(body)
            }
            return
        }
        // The surface owns the clock; the handler stays connected through the clock itself,
        // so no Swift wrapper has to outlive this call (and none can form a cycle with it).
        var painted: SignalConnection?
        painted = FrameClock(borrowing: clock).onSignal("after-paint") {
            painted?.disconnect()
            body()
        }
        gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_PAINT)
    }

    /// Calls `body` in idle time once the next frame containing this widget is painted: for
    /// work that must not make that frame later.
    public func whenIdleAfterNextPaint(_ body: @escaping @MainActor () -> Void) {
        afterNextPaint { MainLoop.idle(body) }
    }
}

/// A running `onEveryFrame` callback; `cancel()` stops it (and frees its closure) at once.
@MainActor
public final class FrameCallback {
    private weak var widget: Widget?
    private var id: guint

    init(widget: Widget, id: guint) {
        self.widget = widget
        self.id = id
    }

    /// Safe to call more than once, and after the callback ended by returning false (GTK
    /// ignores an id it no longer knows only with a warning, so finished ones are tracked).
    public func cancel() {
        guard id != 0, let widget, !isFinished else { return }
        gtk_widget_remove_tick_callback(widget.widget, id)
        id = 0
    }

    /// Set by the owner when its body returned false, so `cancel` does not remove it twice.
    public var isFinished = false
}

/// GdkFrameClock, borrowed from a realized widget for its paint signals.
@MainActor
final class FrameClock: GObjectRef {
    init(borrowing clock: OpaquePointer) {
        super.init(retaining: UnsafeMutableRawPointer(clock))
    }
}
