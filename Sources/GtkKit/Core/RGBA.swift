import Foundation
import CGtk

/// A colour parsed by GDK (CSS names, `#rgb`, `#rrggbb`, `rgb()`…): no colour table of our own.
public struct RGBA: Equatable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// nil when GDK does not understand `spec`.
    public init?(parsing spec: String) {
        var color = GdkRGBA()
        let trimmed = spec.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, gdk_rgba_parse(&color, trimmed) != 0 else { return nil }
        self.init(red: Double(color.red), green: Double(color.green),
                  blue: Double(color.blue), alpha: Double(color.alpha))
    }

    /// "#rrggbb" (alpha dropped), for generated CSS.
    public var hex: String {
        func byte(_ value: Double) -> Int { Int((min(max(value, 0), 1) * 255).rounded()) }
        return "#" + [red, green, blue].map { value in
            let text = String(byte(value), radix: 16)
            return text.count == 1 ? "0" + text : text
        }.joined()
    }

    /// WCAG relative luminance, for contrast decisions.
    public var luminance: Double {
        func channel(_ c: Double) -> Double { c <= 0.039_28 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
    }
}
