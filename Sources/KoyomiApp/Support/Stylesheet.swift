/// Koyomi's static style sheet. Colours come from libadwaita's named colours, so the look
/// follows the system's light/dark and high-contrast styles; per-calendar colours are
/// generated separately by `ColorClasses`.
enum Stylesheet {
    /// The whole style sheet: the window's rules and those of the calendars list.
    static var css: String { base + CalendarsStylesheet.css + WeekStylesheet.css + YearStylesheet.css + DayColors.css }

    private static let base = """
    .month-title { font-weight: bold; }

    .weekday-header { font-size: 0.85em; font-weight: bold; opacity: 0.7; padding: 6px 0; }

    button.day-cell { padding: 3px 2px; border-radius: 8px; }
    button.day-cell .day-number {
        min-width: 28px; min-height: 28px; border-radius: 9999px;
        font-feature-settings: "tnum";
    }
    /* Greyed days stay readable: 0.6 × the 80% black of the light style is 3.7:1 on #fafafa
       (white on #242424: 6.4:1). Their dots keep full colour: ColorClasses already tuned them
       to 3:1, and dimming would undo that. Today and the selection are never greyed. */
    .day-number.other-month, .holiday-label.other-month, .overflow.other-month { opacity: 0.6; }
    button.day-cell.today .day-number.other-month,
    button.day-cell.selected .day-number.other-month { opacity: 1; }
    button.day-cell.today .day-number { color: @accent_color; font-weight: 800; box-shadow: inset 0 0 0 2px @accent_color; }
    button.day-cell.selected .day-number {
        background-color: @accent_bg_color; color: @accent_fg_color; font-weight: bold; box-shadow: none;
    }

    .week-number { min-width: 28px; font-size: 0.75em; font-feature-settings: "tnum"; opacity: 0.65; }
    /* The day cells' top padding and the day number's height: the texts share a middle line. */
    .row-week-number { margin-top: 3px; min-height: 28px; }

    .decorations { min-height: 14px; }
    .dot { min-width: 8px; min-height: 8px; border-radius: 9999px; }
    .overflow { font-size: 0.7em; font-weight: bold; opacity: 0.8; }
    .holiday-label { font-size: 0.7em; border-radius: 4px; padding: 0 4px; }
    /* A holiday whose name has no room: its colour alone (DayCellRow.markWidth). */
    .holiday-label.mark { min-width: 12px; padding: 0; }

    /* A roomy month (issue 19): one-line chips under the week row's bars. */
    .month-chip {
        font-size: \(MonthGridView.chipFontScale)em; padding: 0 3px 0 4px; border-radius: 2px;
        border-style: solid; border-width: 0 0 0 4px; border-color: transparent;
    }
    .month-chip:dir(rtl) { border-width: 0 4px 0 0; padding: 0 4px 0 3px; }
    .month-more { font-size: 0.72em; font-weight: bold; opacity: 0.8; padding: 0 3px; }
    button.day-cell.drop-target { box-shadow: inset 0 0 0 2px @accent_color; }

    /* The editor's seven weekday toggles fit a 440 px dialog (Adwaita pads buttons 10 px). */
    .weekday-toggles > button { padding-left: 4px; padding-right: 4px; }

    .plan-panel {
        background-color: @view_bg_color;
        border-top-left-radius: 12px; border-top-right-radius: 12px;
        box-shadow: 0 -1px 3px alpha(black, 0.12), 0 -1px 0 alpha(currentColor, 0.08);
    }
    .plan-panel.side { border-radius: 0; box-shadow: -1px 0 0 alpha(currentColor, 0.12); }
    .panel-handle { padding: 6px 12px 8px 12px; }
    .panel-handle:focus-visible { outline: 2px solid @accent_color; outline-offset: -2px; border-radius: 12px; }
    .panel-grabber { min-width: 36px; min-height: 4px; border-radius: 2px; background-color: alpha(currentColor, 0.25); }
    .panel-title { font-weight: bold; font-size: 0.9em; }
    .plan-list { background: none; }
    .plan-row { padding: 8px 12px; }
    .color-bar { min-width: 5px; border-radius: 3px; }
    .plan-title { font-weight: bold; }
    .plan-title.cancelled { text-decoration: line-through; }
    .plan-range { font-size: 0.83em; opacity: 0.75; font-feature-settings: "tnum"; }
    .plan-marker { font-size: 0.75em; border-radius: 4px; padding: 1px 6px; }
    .plan-marker.starts { background-color: alpha(@accent_bg_color, 0.2); }
    .plan-marker.continues { background-color: alpha(currentColor, 0.12); }
    .agenda-day { font-weight: bold; font-size: 0.9em; padding: 12px 12px 2px 12px; opacity: 0.8; }
    .empty-list { padding: 24px; opacity: 0.6; }

    .error-area {
        background-color: @error_bg_color; color: @error_fg_color; padding: 6px 12px;
    }
    .error-area button { color: @error_fg_color; }
    """
}
