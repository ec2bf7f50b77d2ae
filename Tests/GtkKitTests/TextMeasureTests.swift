import CGtk
import GtkKit
import XCTest

/// Text measured in a style sheet's font size before GTK has worked the widget's style out:
/// GTK 4.8 does that only for widgets a frame shows, and a roomy month lays its first frame's
/// bars out by such a measure (a holiday's name on one line or two).
final class TextMeasureTests: GtkTestCase {
    @MainActor private static let application: Application = {
        let application = Application(id: "app.koyomi.Tests.TextMeasure", flags: [.nonUnique])
        application.register()
        return application
    }()

    func testAWidgetNotShownYetMeasuresAsTheShownOneOfTheSameStyleIsDrawn() {
        onMain {
            let provider = CSSProvider(css: ".measured-small { font-size: 0.5em; }")
            provider.install()
            defer { provider.uninstall() }
            let window = Window(application: Self.application)
            defer { window.destroy() }
            let content = Box(.vertical)
            let shown = Inscription()
            shown.addCSSClass("measured-small")
            shown.text = "Release 4.2"
            content.append(shown)
            let notShown = Inscription()
            notShown.addCSSClass("measured-small")
            notShown.isVisible = false
            content.append(notShown)
            window.setContent(content)
            let markup = "<b>Release 4.2</b>"
            let beforeAnyFrame = notShown.pixelSize(ofMarkup: markup, baseFontScaledBy: 0.5)

            var painted = false
            window.afterNextPaint { painted = true }
            window.present()
            XCTAssertTrue(MainLoop.iterate(until: { painted && shown.isMapped }))
            // The shown one's own style is worked out now: its plain measure is what it draws.
            let drawn = shown.pixelSize(ofMarkup: markup)
            let base = Inscription().pixelSize(ofMarkup: markup)
            XCTAssertLessThan(drawn.width, base.width * 3 / 4, "the style sheet's half size is in force")
            XCTAssertEqual(Double(beforeAnyFrame.width), Double(drawn.width), accuracy: 1, "before any frame")
            XCTAssertEqual(Double(beforeAnyFrame.height), Double(drawn.height), accuracy: 1)
            let afterFrames = notShown.pixelSize(ofMarkup: markup, baseFontScaledBy: 0.5)
            XCTAssertEqual(Double(afterFrames.width), Double(drawn.width), accuracy: 1, "hidden, after frames")
        }
    }
}
