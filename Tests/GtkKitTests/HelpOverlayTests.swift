import GtkKit
import XCTest

/// A help overlay built when asked for: nothing is parsed at start-up, and its action shows it.
final class HelpOverlayTests: GtkTestCase {
    @MainActor private static let application: Application = {
        let application = Application(id: "app.koyomi.Tests.HelpOverlay", flags: [.nonUnique])
        application.register()
        return application
    }()

    private static let xml = """
    <interface>
      <object class="GtkShortcutsWindow" id="overlay">
        <property name="modal">1</property>
        <child>
          <object class="GtkShortcutsSection">
            <child>
              <object class="GtkShortcutsGroup">
                <property name="title">Window</property>
                <child>
                  <object class="GtkShortcutsShortcut">
                    <property name="title">Close</property>
                    <property name="accelerator">&lt;Primary&gt;w</property>
                  </object>
                </child>
              </object>
            </child>
          </object>
        </child>
      </object>
    </interface>
    """

    func testTheOverlayIsBuiltAndShownWhenItsActionRuns() {
        onMain {
            let window = Window(application: Self.application)
            defer { window.destroy() }
            window.setHelpOverlayWhenAsked(builderXML: Self.xml, objectID: "overlay", translationDomain: nil)
            window.present()
            MainLoop.drain()
            XCTAssertFalse(window.hasHelpOverlay, "nothing is built before it is asked for")
            window.activateAction("win.show-help-overlay")
            XCTAssertTrue(MainLoop.iterate(until: { window.isHelpOverlayVisible }), "asking builds and shows it")
            XCTAssertTrue(window.hasHelpOverlay)
        }
    }
}
