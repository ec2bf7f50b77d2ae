import CGtk

/// The pixels of a widget as GTK paints it, for tests that check what the user really sees
/// (contrast, colours) without an X screenshot.
public struct RenderedImage: Sendable {
    public let width: Int
    public let height: Int
    /// Where the image's first pixel is in the widget's coordinates: GTK draws a window from
    /// its bounds' origin, a few pixels up and left of (0, 0) when it keeps a resize border.
    private let origin: (x: Int, y: Int)
    /// Premultiplied BGRA bytes (GDK's default memory format), row after row.
    private let bytes: [UInt8]

    init(width: Int, height: Int, origin: (x: Int, y: Int), bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.origin = origin
        self.bytes = bytes
    }

    /// The colour at (x, y) of the widget's coordinates (`Widget.bounds(relativeTo:)`),
    /// un-premultiplied; nil outside the image.
    public func pixel(x widgetX: Int, y widgetY: Int) -> RGBA? {
        let x = widgetX - origin.x, y = widgetY - origin.y
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let offset = (y * width + x) * 4
        let alpha = Double(bytes[offset + 3]) / 255
        guard alpha > 0 else { return RGBA(red: 0, green: 0, blue: 0, alpha: 0) }
        func channel(_ index: Int) -> Double { min(1, Double(bytes[offset + index]) / 255 / alpha) }
        return RGBA(red: channel(2), green: channel(1), blue: channel(0), alpha: alpha)
    }
}

extension Widget {
    /// Renders the widget (with its children, in its current style) into an image of its
    /// allocated size, through the renderer of the window it is in. nil when not realized.
    public func render() -> RenderedImage? {
        let width = allocatedWidth, height = allocatedHeight
        guard width > 0, height > 0, let native = gtk_widget_get_native(widget),
              let renderer = gtk_native_get_renderer(native) else { return nil }
        var bounds = graphene_rect_t()
        _ = gtk_widget_compute_bounds(widget, widget, &bounds)
        let paintable = gtk_widget_paintable_new(widget)
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        guard let snapshot = gtk_snapshot_new() else { return nil }
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        // No node when nothing was drawn (free_to_node returns NULL then).
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return nil }
        defer { gsk_render_node_unref(node) }
        var viewport = graphene_rect_t()
        graphene_rect_init(&viewport, 0, 0, Float(width), Float(height))
        guard let texture = gsk_renderer_render_texture(renderer, node, &viewport) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        let textureWidth = Int(gdk_texture_get_width(texture)), textureHeight = Int(gdk_texture_get_height(texture))
        var bytes = [UInt8](repeating: 0, count: textureWidth * textureHeight * 4)
        bytes.withUnsafeMutableBufferPointer { buffer in
            gdk_texture_download(texture, buffer.baseAddress, gsize(textureWidth * 4))
        }
        return RenderedImage(width: textureWidth, height: textureHeight,
                             origin: (Int(bounds.origin.x.rounded()), Int(bounds.origin.y.rounded())), bytes: bytes)
    }
}
