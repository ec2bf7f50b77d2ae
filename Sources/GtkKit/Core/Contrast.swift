import Foundation

/// WCAG contrast and a hue-preserving lightness adjustment, for colours that come from files
/// (any colour at all) and must stay visible on both the light and the dark window background.
extension RGBA {
    /// WCAG 2 contrast ratio between two opaque colours: 1 (identical) … 21 (black on white).
    public func contrastRatio(with other: RGBA) -> Double {
        let (a, b) = (luminance, other.luminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// This colour painted at its alpha over an opaque `background` (sRGB blending, as GTK does).
    public func composited(over background: RGBA) -> RGBA {
        func mix(_ top: Double, _ bottom: Double) -> Double { top * alpha + bottom * (1 - alpha) }
        return RGBA(red: mix(red, background.red), green: mix(green, background.green),
                    blue: mix(blue, background.blue))
    }

    /// The colour snapped to 8 bits per channel, as it will be written in CSS (`hex`).
    public var quantized: RGBA {
        func byte(_ value: Double) -> Double { (min(max(value, 0), 1) * 255).rounded() / 255 }
        return RGBA(red: byte(red), green: byte(green), blue: byte(blue))
    }

    /// The nearest colour of the same hue whose 8-bit form has at least `minimum` contrast
    /// against `background`: itself when it already has, else darkened (light backgrounds) or
    /// lightened (dark ones) in OKLCh lightness, with chroma reduced only as far as sRGB needs.
    /// OKLCh keeps the hue stable where HSL would drift (blue turning purple as it darkens).
    /// `minimum` must be reachable (black or white against `background`); alpha is dropped.
    public func ensuringContrast(_ minimum: Double, against background: RGBA) -> RGBA {
        let start = quantized
        guard start.contrastRatio(with: background) < minimum else { return start }
        let darken = RGBA.black.contrastRatio(with: background) >= RGBA.white.contrastRatio(with: background)
        let lch = OKLCh(start)
        let target = darken ? 0.0 : 1.0
        func candidate(_ t: Double) -> RGBA {
            lch.withLightness(lch.lightness + (target - lch.lightness) * t).rgba.quantized
        }
        func passes(_ t: Double) -> Bool { candidate(t).contrastRatio(with: background) >= minimum }
        // Contrast grows with the step almost everywhere; bisect, then walk on in small steps
        // for the rare spot where 8-bit rounding or the gamut limit breaks monotonicity.
        var (low, high) = (0.0, 1.0)
        for _ in 0..<30 {
            let middle = (low + high) / 2
            if passes(middle) { high = middle } else { low = middle }
        }
        var step = high
        while !passes(step) && step < 1 { step = min(1, step + 0.001) }
        return candidate(step)
    }

    static let black = RGBA(red: 0, green: 0, blue: 0)
    static let white = RGBA(red: 1, green: 1, blue: 1)
}

/// A colour in OKLCh (Björn Ottosson's OKLab in polar form): perceptual lightness 0…1,
/// chroma and hue angle.
struct OKLCh: Equatable {
    var lightness: Double
    var chroma: Double
    var hue: Double

    init(lightness: Double, chroma: Double, hue: Double) {
        self.lightness = lightness
        self.chroma = chroma
        self.hue = hue
    }

    init(_ color: RGBA) {
        let (r, g, b) = (Self.linear(color.red), Self.linear(color.green), Self.linear(color.blue))
        let l = cbrt(0.412_221_470_8 * r + 0.536_332_536_3 * g + 0.051_445_992_9 * b)
        let m = cbrt(0.211_903_498_2 * r + 0.680_699_545_1 * g + 0.107_396_956_6 * b)
        let s = cbrt(0.088_302_461_9 * r + 0.281_718_837_6 * g + 0.629_978_700_5 * b)
        let lab = (0.210_454_255_3 * l + 0.793_617_785_0 * m - 0.004_072_046_8 * s,
                   1.977_998_495_1 * l - 2.428_592_205_0 * m + 0.450_593_709_9 * s,
                   0.025_904_037_1 * l + 0.782_771_766_2 * m - 0.808_675_766_0 * s)
        self.init(lightness: lab.0, chroma: (lab.1 * lab.1 + lab.2 * lab.2).squareRoot(), hue: atan2(lab.2, lab.1))
    }

    /// The same hue at `lightness`, with the most chroma (up to ours) that sRGB can show there.
    func withLightness(_ lightness: Double) -> OKLCh {
        var fitted = OKLCh(lightness: lightness, chroma: chroma, hue: hue)
        guard !fitted.isInGamut else { return fitted }
        var (low, high) = (0.0, chroma)
        for _ in 0..<24 {
            fitted.chroma = (low + high) / 2
            if fitted.isInGamut { low = fitted.chroma } else { high = fitted.chroma }
        }
        fitted.chroma = low
        return fitted
    }

    /// Linear sRGB channels (may fall outside 0…1 when the colour is out of gamut).
    var linearRGB: (Double, Double, Double) {
        let (a, b) = (chroma * cos(hue), chroma * sin(hue))
        let l = pow(lightness + 0.396_337_777_4 * a + 0.215_803_757_3 * b, 3)
        let m = pow(lightness - 0.105_561_345_8 * a - 0.063_854_172_8 * b, 3)
        let s = pow(lightness - 0.089_484_177_5 * a - 1.291_485_548_0 * b, 3)
        return (4.076_741_662_1 * l - 3.307_711_591_3 * m + 0.230_969_929_2 * s,
                -1.268_438_004_6 * l + 2.609_757_401_1 * m - 0.341_319_396_5 * s,
                -0.004_196_086_3 * l - 0.703_418_614_7 * m + 1.707_614_701_0 * s)
    }

    var isInGamut: Bool {
        let (r, g, b) = linearRGB
        let tolerance = 1e-7
        return [r, g, b].allSatisfy { $0 >= -tolerance && $0 <= 1 + tolerance }
    }

    var rgba: RGBA {
        let (r, g, b) = linearRGB
        return RGBA(red: Self.gamma(r), green: Self.gamma(g), blue: Self.gamma(b))
    }

    private static func linear(_ c: Double) -> Double {
        c <= 0.040_45 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    private static func gamma(_ c: Double) -> Double {
        let clamped = min(max(c, 0), 1)
        return clamped <= 0.003_130_8 ? clamped * 12.92 : 1.055 * pow(clamped, 1 / 2.4) - 0.055
    }
}
