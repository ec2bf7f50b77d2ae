import Foundation
import XCTest

/// A stand-in GNOME Online Accounts (goa-service.py, GOA 3.46's interfaces) on a private D-Bus
/// session bus of its own, for `koyomi` children (`environment`) and in-process readers
/// (`busAddress`). Tests change its accounts as GNOME Settings would (`set`, `add`, `remove`)
/// and revoke tokens through `tokenFile`.
public final class OnlineAccountsService: @unchecked Sendable {
    /// One account as the stand-in serves it.
    public struct Account: Encodable, Sendable {
        public var id: String
        public var provider_type: String
        public var provider_name: String
        public var identity: String
        public var presentation_identity: String
        public var calendar_uri: String
        public var oauth2: Bool
        public var password: String?

        /// Google: OAuth2, its calendars behind `calendarURI`.
        public static func google(_ id: String = "account_google", identity: String = "alice@gmail.com",
                                  calendarURI: URL) -> Account {
            Account(id: id, provider_type: "google", provider_name: "Google", identity: identity,
                    presentation_identity: identity, calendar_uri: calendarURI.absoluteString, oauth2: true, password: nil)
        }

        /// Nextcloud: a password account (GOA's "owncloud" provider).
        public static func nextcloud(_ id: String = "account_nextcloud", identity: String = "alice",
                                     presentation: String = "alice@cloud.example", password: String = "secret",
                                     calendarURI: URL) -> Account {
            Account(id: id, provider_type: "owncloud", provider_name: "Nextcloud", identity: identity,
                    presentation_identity: presentation, calendar_uri: calendarURI.absoluteString, oauth2: false,
                    password: password)
        }
    }

    public let busAddress: String
    /// The token a renewal (EnsureCredentials) hands out, and the one the `TokenProxy` accepts.
    public let tokenFile: URL
    private let folder: URL
    private let bus: ServerProcess?
    private let service: ServerProcess
    private static let python = URL(fileURLWithPath: "/usr/bin/python3")
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("goa-service.py")

    /// `tokenFile`: a file holding the valid token (a `TokenProxy`'s), else one made with "token-1".
    /// `onSessionBus`: on the tests' own session bus (scripts/test's), where the window under
    /// test looks, instead of a private one.
    public init(accounts: [Account], tokenFile: URL? = nil, onSessionBus: Bool = false) throws {
        guard (try? TestEnvironment.run(Self.python, ["-c", "from gi.repository import Gio"],
                                        environment: ProcessInfo.processInfo.environment))?.status == 0 else {
            throw XCTSkip("python3-gi is not installed (scripts/setup --test installs it)")
        }
        folder = try TestEnvironment.makeFolder("koyomi-goa")
        if let tokenFile {
            self.tokenFile = tokenFile
        } else {
            self.tokenFile = folder.appendingPathComponent("valid-token")
            try "token-1".write(to: self.tokenFile, atomically: true, encoding: .utf8)
        }
        let list = folder.appendingPathComponent("accounts.json")
        try JSONEncoder().encode(accounts).write(to: list)
        if onSessionBus {
            guard let address = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] else {
                throw XCTSkip("no session bus (scripts/test provides one)")
            }
            bus = nil
            busAddress = address
        } else {
            let busFolder = try TestEnvironment.makeFolder("koyomi-goa-bus")
            let bus = ServerProcess(folder: busFolder)
            // A session bus that starts no service: where GNOME Online Accounts is installed, a
            // call after the stand-in left would otherwise start the real goa-daemon.
            let config = busFolder.appendingPathComponent("session.conf")
            try Self.busConfig(serviceFolder: busFolder.appendingPathComponent("services")).write(to: config, atomically: true, encoding: .utf8)
            busAddress = try bus.startBus(["--config-file=\(config.path)"])
            self.bus = bus
        }
        service = ServerProcess(folder: try TestEnvironment.makeFolder("koyomi-goa-service"))
        do {
            try service.start(Self.python, ["-u", Self.script.path, list.path, self.tokenFile.path], environment: environment,
                              readyLine: "goa ready", failure: "the GNOME Online Accounts stand-in did not start")
        } catch {
            stop()
            throw error
        }
    }

    /// The environment a `koyomi` child finds this GOA in.
    public var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = busAddress
        return environment
    }

    /// A session bus's configuration whose only service folder is `serviceFolder` (empty).
    private static func busConfig(serviceFolder: URL) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:tmpdir=/tmp</listen>
          <auth>EXTERNAL</auth>
          <servicedir>\(serviceFolder.path)</servicedir>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """
    }

    /// GOA quits; its bus stays (as on a desktop where GOA is not running).
    public func stopGOA() {
        service.stop()
    }

    public func stop() {
        service.stop()
        bus?.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Every call GOA got so far, as "call <Method> <account id>" lines.
    public var calls: [String] {
        (service.log?.text ?? "").split(separator: "\n").map(String.init).filter { $0.hasPrefix("call ") }
    }

    /// How many times `method` was called for `account`.
    public func count(_ method: String, _ account: String) -> Int {
        calls.filter { $0 == "call \(method) \(account)" }.count
    }

    /// Changes an account's boolean property as GNOME Settings would (`PropertiesChanged`);
    /// "Refuse" makes its `EnsureCredentials` fail.
    public func set(_ account: String, _ property: String, _ value: Bool) throws {
        try control("Set", [account, property, "<\(value)>"])
    }

    public func add(_ account: Account) throws {
        let json = String(decoding: try JSONEncoder().encode(account), as: UTF8.self)
        try control("Add", [json])
    }

    public func remove(_ account: String) throws {
        try control("Remove", [account])
    }

    /// Revokes the token handed out so far: only `token` is valid from now on (a renewal gets it).
    public func revokeTokens(newToken token: String) throws {
        try token.write(to: tokenFile, atomically: true, encoding: .utf8)
    }

    private func control(_ method: String, _ arguments: [String]) throws {
        let result = try TestEnvironment.run(
            URL(fileURLWithPath: "/usr/bin/gdbus"),
            ["call", "--session", "--dest", "org.gnome.OnlineAccounts", "--object-path", "/app/koyomi/Test",
             "--method", "app.koyomi.Test.OnlineAccounts.\(method)"] + arguments,
            environment: environment, timeout: 20)
        guard result.status == 0 else {
            throw ServerProcess.StartFailure(what: "the GOA stand-in refused \(method)", output: result.stderr)
        }
    }
}
