import CalendarModel
import Foundation

/// The keyboard shortcuts window (Ctrl+?), as GtkBuilder XML: GTK 4.8 can only build a
/// GtkShortcutsWindow from XML. Titles are translatable in the "koyomi" domain. GTK 4.8 labels
/// the Page Up and Page Down keys "Page_Up" and "Page_Down", so the titles name them instead.
/// The window actions' keys come from where they are declared (`WindowActions`), the views'
/// rows from `CalendarViewKind.allCases`; the keys listed literally belong to the views.
enum ShortcutsOverlay {
    static let objectID = "shortcuts"

    /// For a left-to-right window.
    static var xml: String { xml(rightToLeft: false) }

    static func xml(rightToLeft: Bool) -> String {
        func keys(_ action: String) -> String {
            WindowActions.keys(action, rightToLeft: rightToLeft).joined(separator: " ")
        }
        let views = CalendarViewKind.allCases.map { shortcut($0.accelerator, $0.label, translatable: false) }
        return """
    <?xml version="1.0" encoding="UTF-8"?>
    <interface>
      <object class="GtkShortcutsWindow" id="\(objectID)">
        <property name="modal">1</property>
        <child>
          <object class="GtkShortcutsSection">
            <property name="section-name">shortcuts</property>
            <child>
              <object class="GtkShortcutsGroup">
                <property name="title" translatable="yes">\(N_("Month"))</property>
                \(shortcut("Left Right Up Down", N_("Move the selected day")))
                \(shortcut(keys("win.previous"), N_("Previous month (also Page Up)")))
                \(shortcut(keys("win.next"), N_("Next month (also Page Down)")))
                \(shortcut("Home " + keys("win.today"), N_("Go to today")))
                \(shortcut("Escape", N_("Show the whole month's plans")))
              </object>
            </child>
            <child>
              <object class="GtkShortcutsGroup">
                <property name="title" translatable="yes">\(N_("Views"))</property>
                \(views.joined(separator: "\n"))
              </object>
            </child>
            <child>
              <object class="GtkShortcutsGroup">
                <property name="title" translatable="yes">\(N_("Week"))</property>
                \(shortcut("Left Right", N_("Move the selected day")))
                \(shortcut(keys("win.previous"), N_("Previous week (also Page Up, Shift+scroll)")))
                \(shortcut(keys("win.next"), N_("Next week (also Page Down, Shift+scroll)")))
                \(shortcut("<Primary>Up <Primary>Down", N_("Move the focused plan 15 minutes earlier or later")))
                \(shortcut("<Primary>Left <Primary>Right", N_("Move the focused plan a day")))
                \(shortcut("<Primary><Shift>Up <Primary><Shift>Down", N_("End the focused plan 15 minutes earlier or later")))
                \(shortcut("Return", N_("Edit the focused plan")))
              </object>
            </child>
            <child>
              <object class="GtkShortcutsGroup">
                <property name="title" translatable="yes">\(N_("Plans"))</property>
                \(shortcut("Tab", N_("Move between the month and the plan list")))
                \(shortcut(keys("win.new-plan"), N_("New plan")))
                \(shortcut("<Primary>Left <Primary>Right <Primary>Up <Primary>Down", N_("Move the focused plan a day or a week")))
                \(shortcut("Return", N_("Edit the plan (or show a read-only plan's details)")))
                \(shortcut("Delete", N_("Delete the plan")))
                \(shortcut(keys("win.undo"), N_("Undo the last change")))
                \(shortcut(keys("win.redo"), N_("Redo what was undone")))
                \(shortcut(keys("win.cycle-panel"), N_("Move the plan panel: collapsed, half, full")))
                \(shortcut("Up Down", N_("Raise or lower the plan panel (on its handle)")))
              </object>
            </child>
            <child>
              <object class="GtkShortcutsGroup">
                <property name="title" translatable="yes">\(N_("General"))</property>
                \(shortcut(keys("win.search"), N_("Search plans")))
                \(shortcut(keys("win.import"), N_("Import plans from a file")))
                \(shortcut(keys("win.sync"), N_("Sync now")))
                \(shortcut(keys("win.show-help-overlay"), N_("Keyboard shortcuts")))
                \(shortcut(keys("win.preferences"), N_("Preferences")))
                \(shortcut("F10", N_("Main menu")))
                \(shortcut(keys("win.close"), N_("Close the window")))
                \(shortcut("<Primary>q", N_("Quit")))
              </object>
            </child>
          </object>
        </child>
      </object>
    </interface>
    """
    }

    /// A row; `translatable`: `title` is the English words, which GTK translates (false: already translated).
    private static func shortcut(_ accelerator: String, _ title: String, translatable: Bool = true) -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
        }
        return """
        <child>
          <object class="GtkShortcutsShortcut">
            <property name="accelerator">\(escaped(accelerator))</property>
            <property name="title"\(translatable ? " translatable=\"yes\"" : "")>\(escaped(title))</property>
          </object>
        </child>
        """
    }
}
