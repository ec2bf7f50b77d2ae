import CalendarModel
import GtkKit

/// One plan in the week view: a block in a day's time grid, or a bar in the all-day row. A
/// flat button (Enter and a click work, a screen reader reads its name) holding one
/// inscription, the title in bold and the time under it; made once and filled again as the
/// week changes. One text widget, not two: a busy week has hundreds of blocks, and each widget
/// is measured, allocated and drawn on every page.
@MainActor
final class WeekPlanBlock {
    let button: Button
    /// The words (the month's bars set their line height; tests read how they are drawn).
    let text = Inscription()
    private var colorClass: String?
    private(set) var entry: PlanOnDay?
    /// What the block says, kept for checks of what the user sees.
    private(set) var titleText = ""
    /// The time the block says (also when it is too short to draw it); nil for a bar.
    private(set) var timeText: String?
    /// The name a screen reader will say (and the tooltip shows), worked out and sent after the
    /// frame is painted (`sendAccessibleText`): a week has a couple of hundred blocks, and
    /// each name is a D-Bus signal to the accessibility bus.
    private var wantedAccessibleLabel: (() -> String)?

    init(isBar: Bool) {
        // No minimum height: a block is as tall as its plan is long (`DayColumnLayout` keeps
        // it a quarter hour at least), and what does not fit is clipped.
        text.overflow = .ellipsizeEnd
        text.minChars = 1
        text.minLines = 0
        text.natLines = isBar ? 1 : 2
        text.xalign = 0
        text.yalign = isBar ? 0.5 : 0
        // "Flight to Tokyo" in a narrow lane reads "Flight to" (clipped), not "Flig-ht to Tok-yo".
        text.wrapWholeWords()
        text.addCSSClass("plan-block-text")
        button = Button(child: text)
        button.hasFrame = false
        button.addCSSClass(isBar ? "plan-bar" : "plan-block")
        // The tooltip is the block's name, worked out when the pointer rests on it: setting a
        // tooltip's text costs GTK 4.8 round trips to the X server, and a page changes hundreds.
        button.provideTooltip { [weak self] in
            guard let self, self.entry != nil else { return nil }
            return self.wantedAccessibleLabel?() ?? self.button.accessibleLabel
        }
    }

    /// Shows `entry` in `colorClass`'s colour; `timeText` nil for a bar, and drawn only when
    /// `showsTime` (a block of two lines' height at least).
    func show(_ entry: PlanOnDay, titleText: String, timeText: String?, showsTime: Bool = true, colorClass: String,
              accessibleLabel: @escaping () -> String, isSelected: Bool, cutBefore: Bool, cutAfter: Bool) {
        self.entry = entry
        self.titleText = titleText
        self.timeText = timeText
        // The title in bold, the time under it smaller: as runs of one text, not markup written
        // and parsed for each of a page's hundreds; a bar's runs never change, so they are set once.
        if let timeText, showsTime {
            let titleEnd = titleText.utf8.count
            text.setText(titleText + "\n" + timeText, runs: [TextRun(.bold, to: titleEnd), TextRun(.small, from: titleEnd + 1)])
        } else {
            text.setText(titleText, runs: [TextRun(.bold)])
        }
        if colorClass != self.colorClass {
            if let old = self.colorClass { button.removeCSSClass(old) }
            button.addCSSClass(colorClass)
            self.colorClass = colorClass
        }
        button.setCSSClass("selected", isSelected)
        button.setCSSClass("cut-before", cutBefore)
        button.setCSSClass("cut-after", cutAfter)
        button.setCSSClass("cancelled", entry.plan.status == .cancelled)
        wantedAccessibleLabel = accessibleLabel
        button.isVisible = true
    }

    /// Whether `title`, too long for one line of `room` pixels, reads better on two: it does
    /// when it breaks between words that each fit ("Day of / Repentance…"), not when a word is
    /// wider than the line ("Thanksgivin / (US)" would cut a word without an ellipsis; one line
    /// ends in "…"). Measured in the block's own font (bold, as shown), also before any block
    /// has been shown: the first frame's bars are laid out by it.
    func titleWraps(_ title: String, in room: Int) -> Bool {
        let markup = "<b>" + Label.escape(title) + "</b>", scale = WeekStylesheet.blockFontScale
        guard text.pixelSize(ofMarkup: markup, baseFontScaledBy: scale).width > room else { return false }
        return text.pixelSize(ofMarkup: markup, baseFontScaledBy: scale, wrappedAt: room).width <= room
    }

    var hasUnsentAccessibleText: Bool { wantedAccessibleLabel != nil }

    /// Sends the name worked out for the plan shown now.
    func sendAccessibleText() {
        guard let wanted = wantedAccessibleLabel else { return }
        wantedAccessibleLabel = nil
        button.accessibleLabel = wanted()
    }

    func hide() {
        entry = nil
        wantedAccessibleLabel = nil
        button.isVisible = false
    }
}
