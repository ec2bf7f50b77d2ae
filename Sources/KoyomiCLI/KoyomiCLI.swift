import Foundation

/// `koyomi list|tasks|reminders|add|done|remove|import|export|account|sync|subscribe|unsubscribe|subscriptions`:
/// the user's calendars from a terminal, on the same model and storage as the window, without
/// ever starting GTK.
///
/// Storage layout: see `UserCalendarFolder` (calendars/, backups/, sync/, subscriptions/).
public enum KoyomiCLI {
    /// First arguments that run a command instead of opening the window.
    public static let commands: Set<String> = ["list", "tasks", "reminders", "add", "done", "remove", "import", "export",
                                                 "account", "sync", "subscribe", "unsubscribe", "subscriptions"]

    /// Runs one command (`arguments` starts with its name) and says what to print and return.
    public static func run(_ arguments: [String], context: CLIContext) -> CLIResult {
        guard let name = arguments.first, commands.contains(name) else {
            // TRANSLATORS: the commands stay as written.
            let expected = L("expected one of list, tasks, reminders, add, done, remove, import, export, account, sync, subscribe, unsubscribe, subscriptions")
            return CLIResult(status: 2, error: "koyomi: " + expected + "\n")
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("-h") || rest.contains("--help") {
            return CLIResult(status: 0, output: CLIUsage.text(for: name) + "\n")
        }
        do {
            let output: String
            switch name {
            case "list": return try ListCommand(arguments: rest, context: context).run()
            case "reminders": return try RemindersCommand(arguments: rest, context: context).run()
            case "tasks": return try TasksCommand(arguments: rest, context: context).run()
            case "add" where rest.contains("--task"): output = try AddTaskCommand(arguments: rest, context: context).run()
            case "add": output = try AddCommand(arguments: rest, context: context).run()
            case "done": output = try DoneCommand(arguments: rest, context: context).run()
            case "import": return try ImportCommand(arguments: rest, context: context).run()
            case "account": return try AccountCommand(arguments: rest, context: context).run()
            case "sync": return try SyncCommand(arguments: rest, context: context).run()
            case "subscribe": return try SubscribeCommand(arguments: rest, context: context).subscribe()
            case "unsubscribe": return try SubscribeCommand(arguments: rest, context: context).unsubscribe()
            case "subscriptions": return try SubscribeCommand(arguments: rest, context: context).list()
            case "export": output = try ExportCommand(arguments: rest, context: context).run()
            default: output = try RemoveCommand(arguments: rest, context: context).run()
            }
            return CLIResult(status: 0, output: output)
        } catch {
            return CLIResult(status: error.status, error: "koyomi \(name): \(error.message)\n")
        }
    }
}

/// What a command printed and its exit status.
public struct CLIResult: Equatable, Sendable {
    /// 0 ok, 1 a failure that is not the user's input, 2 bad usage or input.
    public var status: Int32
    public var output: String
    public var error: String

    public init(status: Int32, output: String = "", error: String = "") {
        self.status = status
        self.output = output
        self.error = error
    }
}
