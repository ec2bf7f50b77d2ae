/// The year view's rules. Dots and holiday marks take their colour from `ColorClasses`
/// (`.dot.<colour>`, `.holiday-label.<colour>`), as the month's cells do.
enum YearStylesheet {
    static let css = """
    .year-month { padding: 6px; }
    .year-month-title { font-weight: bold; padding: 0 4px 4px 4px; }
    .year-weekday { font-size: 0.7em; font-weight: bold; opacity: 0.7; }
    button.year-day { padding: 1px 0; min-height: 0; min-width: 0; border-radius: 6px; font-size: 0.8em; }
    button.year-day .year-number { min-width: 18px; min-height: 18px; border-radius: 9999px; font-feature-settings: "tnum"; }
    /* A holiday's day is tinted in its colour, as the month's holiday mark is. */
    button.year-day .year-number.holiday-label { font-size: 1em; padding: 0; border-radius: 9999px; }
    button.year-day.today .year-number { color: @accent_color; font-weight: 800; box-shadow: inset 0 0 0 1px @accent_color; }
    button.year-day.selected .year-number {
        background-color: @accent_bg_color; color: @accent_fg_color; font-weight: bold; box-shadow: none;
    }
    /* A blank (another month's day) shows nothing, not even under the pointer. */
    button.year-day.year-blank, button.year-day.year-blank:hover, button.year-day.year-blank:active { background: none; }
    .year-dots { min-height: 5px; }
    .year-dots .dot { min-width: 4px; min-height: 4px; }
    .year-more { font-size: 0.6em; font-weight: bold; opacity: 0.8; }
    /* The focused day's ring shows whichever way the focus came (a view switch, Tab, an arrow):
       the keyboard's place in 365 small cells must never be hidden. */
    button.year-day:focus { outline: 2px solid @accent_color; outline-offset: -2px; }
    """
}
