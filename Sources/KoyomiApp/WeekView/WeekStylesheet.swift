/// The week view's rules. Plan blocks get their calendar's colour from `ColorClasses` (a
/// tint of it behind the text, the colour itself as the leading edge); text keeps the
/// theme's foreground colour, so its contrast is the theme's.
enum WeekStylesheet {
    /// Blocks' and bars' text size against the base font (`WeekPlanBlock.titleWraps` measures with it).
    static let blockFontScale = 0.8

    static let css = """
    button.week-day-header { padding: 4px 2px; border-radius: 8px; font-feature-settings: "tnum"; }
    button.week-day-header.today { color: @accent_color; font-weight: 800; }
    button.week-day-header.selected { background-color: @accent_bg_color; color: @accent_fg_color; font-weight: bold; }
    .week-all-day { border-bottom: 1px solid alpha(currentColor, 0.15); padding-bottom: 2px; }
    .week-all-day-title, .week-hour { font-size: 0.75em; opacity: 0.7; padding: 0 6px; }
    .week-column { border-left: 1px solid alpha(currentColor, 0.12); }
    .week-column:dir(rtl) { border-left-width: 0; border-right: 1px solid alpha(currentColor, 0.12); }
    .week-column.today { background-color: alpha(@accent_bg_color, 0.06); }
    .week-hour-line { min-height: 1px; background-color: alpha(currentColor, 0.10); }
    .week-dst-hour { font-size: 0.65em; opacity: 0.7; padding: 0 3px; }
    .week-now-line { min-height: 2px; background-color: @destructive_color; }
    button.plan-block, button.plan-bar {
        padding: 1px 4px; border-radius: 5px; border-style: solid; border-width: 0;
        border-left-width: 3px; min-height: 0; min-width: 0; font-size: \(blockFontScale)em;
    }
    /* A block takes its plan's colour at once: Adwaita fades a button's background over 200 ms,
       which showed a reused block in the colour of the plan it had before, and kept painting
       frames for a fifth of a second after every page. The focus ring still fades in. */
    button.plan-block, button.plan-bar { transition-property: outline-color, outline-width, outline-offset; }
    button.plan-block:dir(rtl), button.plan-bar:dir(rtl) { border-left-width: 0; border-right-width: 3px; }
    button.plan-block { margin: 0 1px 1px 1px; }
    button.plan-bar { margin: 1px 2px; }
    /* A month's bar has a line of MonthGridView.lineHeight (18 px) less its margins, 14 px, all
       of it for its words, whose lines are made as tall (MonthGridView.barLineHeight). */
    button.plan-bar.month-bar { padding-top: 0; padding-bottom: 0; }
    button.plan-block.cut-before { border-top-left-radius: 0; border-top-right-radius: 0; }
    button.plan-block.cut-after { border-bottom-left-radius: 0; border-bottom-right-radius: 0; }
    button.plan-bar.cut-before { border-top-left-radius: 0; border-bottom-left-radius: 0; }
    button.plan-bar.cut-after { border-top-right-radius: 0; border-bottom-right-radius: 0; }
    button.plan-bar.cut-before:dir(rtl) {
        border-top-left-radius: 5px; border-bottom-left-radius: 5px; border-top-right-radius: 0; border-bottom-right-radius: 0;
    }
    button.plan-bar.cut-after:dir(rtl) {
        border-top-right-radius: 5px; border-bottom-right-radius: 5px; border-top-left-radius: 0; border-bottom-left-radius: 0;
    }
    button.plan-bar.cut-before.cut-after:dir(rtl) { border-radius: 0; }
    button.plan-block.selected, button.plan-bar.selected { box-shadow: inset 0 0 0 2px @accent_color; }
    button.plan-block.cancelled .plan-block-text { text-decoration: line-through; }
    .plan-block-text { font-feature-settings: "tnum"; }
    button.week-more { font-size: 0.75em; padding: 0 4px; min-height: 0; }
    .week-drag-preview {
        background-color: alpha(@accent_bg_color, 0.35); border: 1px dashed @accent_color; border-radius: 5px;
        font-size: 0.8em; font-weight: bold;
    }
    """
}
