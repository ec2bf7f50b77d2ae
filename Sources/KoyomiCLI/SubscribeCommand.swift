import CalendarModel
import CalendarSync
import Foundation
import ICalendarReading

/// `koyomi subscribe URL [--name NAME] [--color #RRGGBB]`, `koyomi unsubscribe NAME` and
/// `koyomi subscriptions`: read-only calendars followed at a web address. Their local copies
/// live in `$XDG_DATA_HOME/koyomi/subscriptions/`, refreshed by `koyomi sync`
/// (`refreshAll(context:)`).
struct SubscribeCommand {
    let arguments: [String]
    let context: CLIContext

    /// The `--help` text of all three commands.
    static let usage = """
    Usage: koyomi subscribe URL [--name NAME] [--color #RRGGBB]
           koyomi unsubscribe NAME
           koyomi subscriptions

    subscribe follows a published calendar (webcal://…, webcals://… or https://…; webcal
    is fetched over https) and downloads it once, saying how many events it has. It is
    read-only: its copy is kept in $XDG_DATA_HOME/koyomi/subscriptions/ and refreshed by
    koyomi sync. The download is read in a separate process with time and memory limits;
    a download that cannot be read never replaces the last good copy. The name defaults to
    the calendar's own. unsubscribe forgets one and deletes its copy; subscriptions lists
    them with the time of their last refresh.
    """

    private var store: SubscriptionStore { SubscriptionStore(environment: context.environment) }

    private var limits: SubscriptionRefresher.Limits {
        var limits = SubscriptionRefresher.Limits.standard
        limits.vetting = context.vetLimits
        return limits
    }

    func subscribe() throws(CLIError) -> CLIResult {
        let parsed = try CLIArguments(arguments, valued: ["--name", "--color"], flags: [])
        guard let address = parsed.positionals.first else {
            // TRANSLATORS: `koyomi subscribe`'s error; the address stays as written.
            throw .usage(L("which calendar? give its address, e.g. webcal://example.com/holidays.ics"))
        }
        if parsed.positionals.count > 1 {
            // TRANSLATORS: a command's error; %@ is the extra word typed.
            throw .usage(FormatterStrings.fill(L("unexpected argument “%@”"), parsed.positionals[1]))
        }
        let url: URL
        do {
            url = try Subscription.address(address)
        } catch {
            throw .usage(error.description)
        }
        let existing = try load()
        if let same = existing.first(where: { $0.url == url }) {
            // TRANSLATORS: `koyomi subscribe`'s error: %1$@ is the address, %2$@ the subscription's name.
            throw .usage(FormatterStrings.fill(L("already subscribed to %1$@ as “%2$@”"), url.absoluteString, same.name))
        }
        let name = parsed.values["--name"]?.trimmingCharacters(in: .whitespaces) ?? ""
        // TRANSLATORS: `koyomi subscribe`'s error; the option stays as written.
        if parsed.values["--name"] != nil, name.isEmpty { throw .usage(L("--name needs a name")) }
        let color = parsed.values["--color"] ?? Subscription.color(forIndex: existing.count)
        guard color.count == 7, color.first == "#", color.dropFirst().allSatisfy(\.isHexDigit) else {
            // TRANSLATORS: `koyomi subscribe`'s error; %@ is what was typed.
            throw .usage(FormatterStrings.fill(L("--color expects #RRGGBB, got “%@”"), color))
        }

        let subscription = Subscription(url: url, name: name, color: color.lowercased(), created: context.now)
        let refresher = SubscriptionRefresher(store: store)
        let (child, limits, now) = (context.childExecutable, limits, context.now)
        let outcome: SubscriptionRefresher.Outcome
        do {
            outcome = try runBlocking { try await refresher.subscribe(subscription, childExecutable: child, limits: limits, now: now) }
        } catch let error as SubscriptionStoreError {
            throw error.isUsage ? .usage(error.description) : .failure(error.description)
        } catch {
            throw .failure("\(url.absoluteString): \(error)")
        }
        let added = outcome.subscription
        // TRANSLATORS: `koyomi subscribe`: %1$@ is the calendar's name, %2$@ its address, %3$@ what came ("12 events").
        let subscribed = FormatterStrings.fill(L("Subscribed to “%1$@” (%2$@): %3$@"), added.name, url.absoluteString,
                                               Self.summary(outcome))
        var result = CLIResult(status: 0, output: subscribed + "\n")
        if case let .updated(_, _, problems) = outcome {
            // TRANSLATORS: `koyomi subscribe`: %@ names a part of the download that could not be read, and why.
            result.error = problems.map { "koyomi subscribe: " + FormatterStrings.fill(L("left out %@"), $0) + "\n" }.joined()
        }
        return result
    }

    func unsubscribe() throws(CLIError) -> CLIResult {
        let parsed = try CLIArguments(arguments, valued: [], flags: [])
        guard let name = parsed.positionals.first else {
            // TRANSLATORS: `koyomi unsubscribe`'s error; the command stays as written.
            throw .usage(L("which subscription? give its name (koyomi subscriptions lists them)"))
        }
        if parsed.positionals.count > 1 {
            // TRANSLATORS: a command's error; %@ is the extra word typed.
            throw .usage(FormatterStrings.fill(L("unexpected argument “%@”"), parsed.positionals[1]))
        }
        let found: Subscription?
        do {
            found = try store.subscription(named: name)
        } catch {
            throw .failure(error.description)
        }
        guard let subscription = found else {
            let known = try load().map { "“\($0.name)”" }.joined(separator: ", ")
            // TRANSLATORS: `koyomi unsubscribe`'s error; %@ is the name asked for.
            let unknown = FormatterStrings.fill(L("no subscription named “%@”"), name)
            throw .usage(known.isEmpty ? unknown : unknown + FormatterStrings.fill(L(" (there are %@)"), known))
        }
        do {
            try store.remove(id: subscription.id)
        } catch {
            throw .failure(error.description)
        }
        // TRANSLATORS: `koyomi unsubscribe`: %1$@ is the calendar's name, %2$@ its address.
        let unsubscribed = FormatterStrings.fill(L("Unsubscribed from “%1$@” (%2$@)"), subscription.name,
                                                 subscription.url.absoluteString)
        return CLIResult(status: 0, output: unsubscribed + "\n")
    }

    func list() throws(CLIError) -> CLIResult {
        if let extra = arguments.first {
            // TRANSLATORS: a command's error; %@ is the extra word typed.
            throw .usage(FormatterStrings.fill(L("unexpected argument “%@”"), extra))
        }
        let subscriptions: [Subscription], notice: String?
        do {
            (subscriptions, notice) = try store.loadOrStartFresh(now: context.now)
        } catch {
            throw .failure(error.description)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = context.timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let lines = subscriptions.map { subscription in
            let when = subscription.lastRefreshed.map {
                // TRANSLATORS: `koyomi subscriptions`: when a subscription was last downloaded (2026-11-29 12:00).
                FormatterStrings.fill(L("refreshed %@"), formatter.string(from: $0))
            // TRANSLATORS: `koyomi subscriptions`: a subscription not downloaded yet.
            } ?? L("never refreshed")
            return "\(subscription.name)  \(subscription.url.absoluteString)  \(when)\n"
        }
        return CLIResult(status: 0, output: lines.joined(), error: notice.map { "koyomi subscriptions: \($0)\n" } ?? "")
    }

    /// Refreshes every subscription and says how each went; status 1 when one failed. For
    /// `koyomi sync`: prints nothing when there are no subscriptions.
    static func refreshAll(context: CLIContext) -> CLIResult {
        let command = SubscribeCommand(arguments: [], context: context)
        let refresher = SubscriptionRefresher(store: command.store)
        let (child, limits, now) = (context.childExecutable, command.limits, context.now)
        let results: [SubscriptionRefresher.Refreshed]
        do {
            results = try runBlocking { try await refresher.refreshAll(childExecutable: child, limits: limits, now: now) }
        } catch {
            return CLIResult(status: 1, error: "koyomi sync: \(error)\n")
        }
        var result = CLIResult(status: 0)
        for refreshed in results {
            switch refreshed.result {
            case let .success(outcome):
                // TRANSLATORS: `koyomi sync`, a subscription's line: %1$@ is its name, %2$@ what came ("12 events").
                result.output += FormatterStrings.fill(L("%1$@ (subscription): %2$@"), refreshed.subscription.name,
                                                       summary(outcome)) + "\n"
            case let .failure(problem):
                result.status = 1
                result.error += "koyomi sync: \(refreshed.subscription.name) (\(refreshed.subscription.url.absoluteString)): \(problem)\n"
            }
        }
        return result
    }

    private func load() throws(CLIError) -> [Subscription] {
        do {
            return try store.load()
        } catch {
            throw .failure(error.description)
        }
    }

    /// What a download brought, in the user's language: "unchanged", "12 events", "12 events, 1 left out".
    static func summary(_ outcome: SubscriptionRefresher.Outcome) -> String {
        switch outcome {
        // TRANSLATORS: a subscription downloaded again with nothing new.
        case .unchanged: return L("unchanged")
        case let .updated(_, count, problems):
            // TRANSLATORS: how many events a subscription's download brought.
            let events = String(format: L("%d event", "%d events", count: count), count)
            guard !problems.isEmpty else { return events }
            // TRANSLATORS: %1$@ is "12 events", %2$@ how many parts of the download could not be read.
            return FormatterStrings.fill(L("%1$@, %2$@ left out"), events, String(problems.count))
        }
    }
}

private extension SubscriptionStoreError {
    /// Errors the user can fix by typing something else.
    var isUsage: Bool {
        switch self {
        case .duplicateName, .duplicateAddress: true
        default: false
        }
    }
}
