import CGtk
import GtkKit
import XCTest

/// GtkKit's share box and shrink box: children placed at shares of the box (mirrored right to
/// left), the size watch told of new sizes and freed with the box, pointer events passed
/// through, a shrink box that asks for no width, and an inset box whose insets give way.
final class ShareBoxTests: GtkTestCase {
    /// Measures and allocates `widget` as a parent would (no window needed).
    @MainActor
    private static func allocate(_ widget: Widget, width: Int32, height: Int32) {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(widget.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        gtk_widget_measure(widget.widget, GTK_ORIENTATION_VERTICAL, width, &minimum, &natural, nil, nil)
        var allocation = GtkAllocation(x: 0, y: 0, width: width, height: height)
        gtk_widget_size_allocate(widget.widget, &allocation, -1)
    }

    @MainActor
    private static func frame(_ child: Widget, in parent: Widget) -> [Int] {
        guard let bounds = child.bounds(relativeTo: parent) else { return [] }
        return [bounds.x, bounds.y, bounds.width, bounds.height].map { Int($0.rounded()) }
    }

    func testChildrenArePlacedAtSharesAndMirroredRightToLeft() {
        onMain {
            let box = ShareBox()
            let child = Box(.vertical)
            box.add(child)
            box.place(child, x: 0.25, width: 0.5, y: 0.1, height: 0.2)
            Self.allocate(box, width: 400, height: 200)
            XCTAssertEqual(Self.frame(child, in: box), [100, 20, 200, 40])
            gtk_widget_set_direction(box.widget, GTK_TEXT_DIR_RTL)
            Self.allocate(box, width: 400, height: 200)
            XCTAssertEqual(Self.frame(child, in: box), [100, 20, 200, 40], "a centred share mirrors onto itself")
            box.place(child, x: 0, width: 0.25, y: 0, height: 1)
            Self.allocate(box, width: 400, height: 200)
            XCTAssertEqual(Self.frame(child, in: box), [300, 0, 100, 200], "the first quarter is on the right")
        }
    }

    func testTheSizeWatchHearsNewSizesOnlyAndIsFreedWithTheBox() {
        onMain {
            var box: ShareBox? = ShareBox()
            let probe = WeakObjectProbe(box!)
            var token: Token? = Token()
            weak var weakToken = token
            var sizes: [[Int32]] = []
            box!.onSizeChanged { [token] width, height in
                _ = token
                sizes.append([width, height])
            }
            token = nil
            Self.allocate(box!, width: 300, height: 100)
            Self.allocate(box!, width: 300, height: 100)
            Self.allocate(box!, width: 320, height: 100)
            XCTAssertEqual(sizes, [[300, 100], [320, 100]], "told once per new size")
            XCTAssertNotNil(weakToken, "the box keeps its watch")
            box = nil
            XCTAssertFalse(probe.isAlive)
            XCTAssertNil(weakToken, "and frees it with itself")
        }
    }

    func testAPassThroughBoxIsNeverTheTargetItself() {
        onMain {
            let box = ShareBox()
            box.passPointerThrough()
            let child = Button(label: "bar")
            box.add(child)
            box.place(child, x: 0, width: 0.5, y: 0, height: 1)
            Self.allocate(box, width: 200, height: 50)
            XCTAssertFalse(gtk_widget_contains(box.widget, 150, 25) != 0, "the box's own area lets events through")
            // (Picking needs a mapped window: RoomyMonthTests clicks a chip in a cell under the
            // month's layer of bars.)
        }
    }

    func testAShrinkBoxAsksForNoWidthAndClipsItsChild() {
        onMain {
            let label = Label("a fairly long line of text")
            let shrink = ShrinkBox(child: label)
            var minimum: Int32 = 0, natural: Int32 = 0, labelMinimum: Int32 = 0, labelNatural: Int32 = 0
            gtk_widget_measure(shrink.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
            gtk_widget_measure(label.widget, GTK_ORIENTATION_HORIZONTAL, -1, &labelMinimum, &labelNatural, nil, nil)
            XCTAssertEqual(minimum, 0)
            XCTAssertEqual(natural, labelNatural, "it would like its child's width")
            Self.allocate(shrink, width: 20, height: 30)
            XCTAssertEqual(label.allocatedWidth, Int(labelMinimum), "the child keeps its own minimum, clipped")
        }
    }

    func testAnInsetBoxKeepsRoomButAsksOnlyForItsChildsMinimum() {
        onMain {
            let child = Box(.vertical)
            child.setSizeRequest(width: 250, height: 300)
            let box = InsetBox(child: child)
            box.setInsets(bottom: 0, end: 360)
            var minimum: Int32 = 0, natural: Int32 = 0
            gtk_widget_measure(box.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
            XCTAssertEqual(minimum, 250, "the inset does not raise the least width, as a margin would")
            XCTAssertEqual(natural, 610, "but the box would like room for it")
            Self.allocate(box, width: 1000, height: 400)
            XCTAssertEqual(Self.frame(child, in: box), [0, 0, 640, 400], "the child keeps clear of the end")
            Self.allocate(box, width: 400, height: 400)
            XCTAssertEqual(Self.frame(child, in: box), [0, 0, 250, 400], "short of room, the inset gives way")
            gtk_widget_set_direction(box.widget, GTK_TEXT_DIR_RTL)
            Self.allocate(box, width: 1000, height: 400)
            XCTAssertEqual(Self.frame(child, in: box), [360, 0, 640, 400], "right to left, the end is on the left")
            box.setInsets(bottom: 150, end: 0)
            gtk_widget_measure(box.widget, GTK_ORIENTATION_VERTICAL, -1, &minimum, &natural, nil, nil)
            XCTAssertEqual(minimum, 300)
            Self.allocate(box, width: 1000, height: 400)
            XCTAssertEqual(Self.frame(child, in: box), [0, 0, 1000, 300], "under the child: its minimum height kept")
        }
    }
}
