import Foundation

/// The keyboard shortcuts window (Ctrl+?), as GtkBuilder XML: GTK 4.8 can only build a
/// GtkShortcutsWindow from XML. Titles are translatable in the "koyomi" domain. GTK 4.8 labels
/// the Page Up and Page Down keys "Page_Up" and "Page_Down", so the titles name them instead.
enum ShortcutsOverlay {
    static let objectID = "shortcuts"

    static let xml = """
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
                \(shortcut("<Alt>Left", N_("Previous month (also Page Up)")))
                \(shortcut("<Alt>Right", N_("Next month (also Page Down)")))
                \(shortcut("Home <Primary>t", N_("Go to today")))
                \(shortcut("Escape", N_("Show the whole month's plans")))
              </object>
            </child>
            <child>
              <object class="GtkShortcutsGroup">
                <property name="title" translatable="yes">\(N_("Views"))</property>
                \(shortcut("<Primary>1", N_("Month view")))
                \(shortcut("<Primary>2", N_("Week view")))
                \(shortcut("<Primary>3", N_("Day view")))
              </object>
            </child>
            <child>
              <object class="GtkShortcutsGroup">
                <property name="title" translatable="yes">\(N_("Week"))</property>
                \(shortcut("Left Right", N_("Move the selected day")))
                \(shortcut("<Alt>Left", N_("Previous week (also Page Up, Shift+scroll)")))
                \(shortcut("<Alt>Right", N_("Next week (also Page Down, Shift+scroll)")))
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
                \(shortcut("<Primary>n", N_("New plan")))
                \(shortcut("<Primary>Left <Primary>Right <Primary>Up <Primary>Down", N_("Move the focused plan a day or a week")))
                \(shortcut("Return", N_("Edit the plan (or show a read-only plan's details)")))
                \(shortcut("Delete", N_("Delete the plan")))
                \(shortcut("<Primary>z", N_("Undo the last change")))
                \(shortcut("<Primary><Shift>z <Primary>y", N_("Redo what was undone")))
                \(shortcut("F9", N_("Move the plan panel: collapsed, half, full")))
                \(shortcut("Up Down", N_("Raise or lower the plan panel (on its handle)")))
              </object>
            </child>
            <child>
              <object class="GtkShortcutsGroup">
                <property name="title" translatable="yes">\(N_("General"))</property>
                \(shortcut("<Primary>f", N_("Search plans")))
                \(shortcut("<Primary>o", N_("Import plans from a file")))
                \(shortcut("F5", N_("Sync now")))
                \(shortcut("<Primary>question", N_("Keyboard shortcuts")))
                \(shortcut("<Primary>comma", N_("Preferences")))
                \(shortcut("F10", N_("Main menu")))
                \(shortcut("<Primary>w", N_("Close the window")))
                \(shortcut("<Primary>q", N_("Quit")))
              </object>
            </child>
          </object>
        </child>
      </object>
    </interface>
    """

    private static func shortcut(_ accelerator: String, _ title: String) -> String {
        let accelerator = accelerator.replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        return """
        <child>
          <object class="GtkShortcutsShortcut">
            <property name="accelerator">\(accelerator)</property>
            <property name="title" translatable="yes">\(title)</property>
          </object>
        </child>
        """
    }
}
