/// The calendars list's rules, appended to the app's style sheet (`Stylesheet.css`). The
/// swatch's colour comes from `ColorClasses` (it carries `color-bar` and a colour class);
/// these rules only give it its shape.
enum CalendarsStylesheet {
    static let css = """
    .calendars-list { background: none; }
    .calendars-list row.calendar-row { padding: 6px 8px; border-radius: 6px; }
    .color-bar.calendar-swatch { min-width: 14px; min-height: 14px; border-radius: 9999px; }
    .calendar-caption { font-size: 0.8em; opacity: 0.7; }
    .calendar-name-error { color: @error_color; font-size: 0.9em; }
    """
}
