import CGtk

/// A desktop notification sent through GLib's GNotification: GNOME Shell, the notification
/// portal or any `org.freedesktop.Notifications` server shows it. Buttons and a click activate
/// the application's own actions ("app.<name>") with a string, in whichever process owns the
/// application's name by then.
public struct DesktopNotification: Equatable, Sendable {
    public struct Button: Equatable, Sendable {
        public var label: String
        /// An application action taking a string, e.g. "app.dismiss-reminder".
        public var action: String
        public var target: String

        public init(label: String, action: String, target: String) {
            self.label = label
            self.action = action
            self.target = target
        }
    }

    public var title: String
    public var body: String
    public var buttons: [Button]
    /// What a click on the notification itself does.
    public var clickAction: String?
    public var clickTarget: String
    /// Shown even when the user asked for fewer interruptions (reminders the user set).
    public var isImportant: Bool

    public init(title: String, body: String, buttons: [Button] = [], clickAction: String? = nil,
                clickTarget: String = "", isImportant: Bool = false) {
        self.title = title
        self.body = body
        self.buttons = buttons
        self.clickAction = clickAction
        self.clickTarget = clickTarget
        self.isImportant = isImportant
    }
}

extension Application {
    /// Shows `notification`, replacing the one sent earlier with the same `id`. The application
    /// must be registered (`register()`), as it is once it runs.
    public func send(_ notification: DesktopNotification, id: String) {
        let made = g_notification_new(notification.title)
        defer { g_object_unref(UnsafeMutableRawPointer(made)) }
        g_notification_set_body(made, notification.body)
        g_notification_set_priority(made, notification.isImportant ? G_NOTIFICATION_PRIORITY_HIGH : G_NOTIFICATION_PRIORITY_NORMAL)
        // The floating target variants are consumed by the calls.
        for button in notification.buttons {
            g_notification_add_button_with_target_value(made, button.label, button.action, g_variant_new_string(button.target))
        }
        if let action = notification.clickAction {
            g_notification_set_default_action_and_target_value(made, action, g_variant_new_string(notification.clickTarget))
        }
        g_application_send_notification(cast(), id, made)
    }

    /// Takes back the notification sent with `id`, if it is still shown.
    public func withdrawNotification(id: String) {
        g_application_withdraw_notification(cast(), id)
    }

    /// Keeps the application running with no window open (a background service), until `release`.
    public func hold() { g_application_hold(cast()) }
    public func release() { g_application_release(cast()) }
}
