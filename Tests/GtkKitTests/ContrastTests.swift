@testable import GtkKit
import XCTest

/// WCAG contrast and the hue-keeping adjustment (pure maths; no display needed, but RGBA
/// parsing goes through GDK, which works without one).
final class ContrastTests: XCTestCase {
    private let light = RGBA(parsing: "#fafafa")!
    private let dark = RGBA(parsing: "#242424")!

    func testContrastRatioMatchesWCAGReferenceValues() {
        XCTAssertEqual(RGBA(parsing: "black")!.contrastRatio(with: RGBA(parsing: "white")!), 21, accuracy: 1e-9)
        XCTAssertEqual(RGBA(parsing: "white")!.contrastRatio(with: RGBA(parsing: "white")!), 1, accuracy: 1e-9)
        // Values from the WebAIM contrast checker.
        XCTAssertEqual(RGBA(parsing: "#777777")!.contrastRatio(with: RGBA(parsing: "white")!), 4.48, accuracy: 0.01)
        XCTAssertEqual(RGBA(parsing: "#3584e4")!.contrastRatio(with: RGBA(parsing: "white")!), 3.77, accuracy: 0.01)
        let a = RGBA(parsing: "#e66100")!
        XCTAssertEqual(a.contrastRatio(with: dark), dark.contrastRatio(with: a), "symmetric")
    }

    func testCompositingBlendsByAlpha() {
        let half = RGBA(red: 0, green: 0, blue: 0, alpha: 0.5)
        XCTAssertEqual(half.composited(over: RGBA(parsing: "white")!), RGBA(red: 0.5, green: 0.5, blue: 0.5))
    }

    func testOKLChRoundTripsSRGB() {
        for spec in ["#3584e4", "#e66100", "#2ec27e", "#000000", "#ffffff", "#ff00ff", "#808080"] {
            let color = RGBA(parsing: spec)!
            XCTAssertEqual(OKLCh(color).rgba.hex, color.hex, spec)
        }
        XCTAssertEqual(OKLCh(RGBA(parsing: "white")!).lightness, 1, accuracy: 1e-4)
        XCTAssertEqual(OKLCh(RGBA(parsing: "black")!).lightness, 0, accuracy: 1e-4)
    }

    func testColoursWithEnoughContrastAreLeftAlone() {
        let blue = RGBA(parsing: "#1c71d8")!
        XCTAssertGreaterThanOrEqual(blue.contrastRatio(with: light), 3)
        XCTAssertEqual(blue.ensuringContrast(3, against: light).hex, blue.hex)
        XCTAssertEqual(blue.ensuringContrast(3, against: dark).hex, blue.hex)
    }

    func testWeakColoursAreDarkenedOnLightAndLightenedOnDarkKeepingTheirHue() {
        let green = RGBA(parsing: "#2ec27e")! // GNOME green: 2.2:1 on #fafafa
        XCTAssertLessThan(green.contrastRatio(with: light), 3)
        let onLight = green.ensuringContrast(3, against: light)
        XCTAssertGreaterThanOrEqual(onLight.contrastRatio(with: light), 3)
        XCTAssertLessThan(onLight.contrastRatio(with: light), 3.2, "only as dark as needed")
        XCTAssertLessThan(onLight.luminance, green.luminance)
        XCTAssertEqual(OKLCh(onLight).hue, OKLCh(green).hue, accuracy: 0.05, "still green")

        let red = RGBA(parsing: "#a51d2d")! // dark red: 2.4:1 on #242424
        XCTAssertLessThan(red.contrastRatio(with: dark), 3)
        let onDark = red.ensuringContrast(3, against: dark)
        XCTAssertGreaterThanOrEqual(onDark.contrastRatio(with: dark), 3)
        XCTAssertGreaterThan(onDark.luminance, red.luminance)
        XCTAssertEqual(OKLCh(onDark).hue, OKLCh(red).hue, accuracy: 0.05, "still red")
    }

    func testGreysAndExtremesReachTheTarget() {
        for spec in ["#fafafa", "#ffffff", "#242424", "#000000", "#9a9996", "#ffff00"] {
            let color = RGBA(parsing: spec)!
            for background in [light, dark] {
                let adjusted = color.ensuringContrast(3, against: background)
                XCTAssertGreaterThanOrEqual(adjusted.contrastRatio(with: background), 3, "\(spec) on \(background.hex)")
                XCTAssertEqual(adjusted, adjusted.quantized, "ready for #rrggbb")
            }
        }
    }
}
