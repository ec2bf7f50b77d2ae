import CICal
import Foundation

/// The one place that turns libical's C strings into Swift strings.
package enum LibicalText {
    /// Copies a borrowed C string (libical keeps ownership).
    static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// Copies and frees a string libical hands over ("caller owns").
    package static func take(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// The property's value as text (e.g. for X- and RFC 7986 properties).
    static func value(of property: OpaquePointer) -> String? {
        take(icalproperty_get_value_as_string_r(property))
    }

    /// The name of an X- property, or nil for IANA properties.
    static func xName(of property: OpaquePointer) -> String? {
        string(icalproperty_get_x_name(property))?.uppercased()
    }

    /// The value of the property's TZID parameter, if any.
    static func tzid(of property: OpaquePointer) -> String? {
        guard let parameter = icalproperty_get_first_parameter(property, ICAL_TZID_PARAMETER) else { return nil }
        return string(icalparameter_get_tzid(parameter))
    }
}
