import GtkKit
import XCTest

/// The wrapper holds exactly one reference per object and gives it back.
final class LifetimeTests: GtkTestCase {
    func testDroppingAWrapperFreesTheWidget() {
        onMain {
            var label: Label? = Label("hello")
            let probe = WeakObjectProbe(label!)
            XCTAssertTrue(probe.isAlive)
            label = nil
            XCTAssertFalse(probe.isAlive, "a floating widget that was sunk must be freed by deinit")
        }
    }

    func testChildLivesAsLongAsItsParent() {
        onMain {
            var box: Box? = Box(.vertical)
            var label: Label? = Label("child")
            box!.append(label!)
            let childProbe = WeakObjectProbe(label!)
            let parentProbe = WeakObjectProbe(box!)
            label = nil
            XCTAssertTrue(childProbe.isAlive, "the parent keeps its child")
            box = nil
            XCTAssertFalse(parentProbe.isAlive)
            XCTAssertFalse(childProbe.isAlive, "and frees it with itself")
        }
    }

    func testListBoxRemoveAllFreesRows() {
        onMain {
            let list = ListBox()
            var probes: [WeakObjectProbe] = []
            for index in 0..<5 {
                let row = ListBoxRow(child: Label("row \(index)"))
                probes.append(WeakObjectProbe(row))
                list.append(row)
            }
            XCTAssertEqual(list.rows.count, 5)
            list.removeAll()
            XCTAssertEqual(list.rows.count, 0)
            XCTAssertTrue(probes.allSatisfy { !$0.isAlive }, "removed rows must be freed")
        }
    }

    func testWindowIsFreedAfterDestroy() {
        onMain {
            let application = Application(id: "app.koyomi.Tests.Lifetime", flags: [.nonUnique])
            application.register()
            var window: Window? = Window(application: application)
            let probe = WeakObjectProbe(window!)
            window!.setContent(Label("content"))
            window!.present()
            window!.destroy()
            window = nil
            MainLoop.drain()
            XCTAssertFalse(probe.isAlive, "GTK's and our references are both gone")
        }
    }

    func testCSSProviderIsFreed() {
        onMain {
            var provider: CSSProvider? = CSSProvider(css: ".x { color: red; }")
            provider!.install()
            let probe = WeakObjectProbe(provider!)
            provider!.uninstall()
            provider = nil
            XCTAssertFalse(probe.isAlive)
        }
    }
}
