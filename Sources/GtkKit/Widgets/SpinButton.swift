import CGtk

/// GtkSpinButton for whole numbers in a range: a number field with − and + buttons.
@MainActor
public final class SpinButton: Widget {
    public init(range: ClosedRange<Int>, value: Int? = nil, step: Int = 1) {
        super.init(retaining: UnsafeMutableRawPointer(
            gtk_spin_button_new_with_range(Double(range.lowerBound), Double(range.upperBound), Double(step))))
        gtk_spin_button_set_digits(opaque, 0)
        // Typed text that is not a number is refused instead of read as 0.
        gtk_spin_button_set_numeric(opaque, 1)
        self.value = value ?? range.lowerBound
    }

    /// The value, always inside the range (GTK clamps what is set or typed).
    public var value: Int {
        get { Int(gtk_spin_button_get_value_as_int(opaque)) }
        set { gtk_spin_button_set_value(opaque, Double(newValue)) }
    }

    public var range: ClosedRange<Int> {
        get {
            var low = 0.0, high = 0.0
            gtk_spin_button_get_range(opaque, &low, &high)
            return Int(low)...Int(high)
        }
        set { gtk_spin_button_set_range(opaque, Double(newValue.lowerBound), Double(newValue.upperBound)) }
    }

    /// Called with the new value whenever it changes, by the user or through `value`.
    @discardableResult
    public func onValueChanged(_ handler: @escaping @MainActor (Int) -> Void) -> SignalConnection {
        onSignal("value-changed") { [weak self] in
            guard let self else { return }
            handler(self.value)
        }
    }
}
