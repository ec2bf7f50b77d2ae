import Foundation

extension ServerProcess {
    /// Starts a D-Bus daemon of the tests' own (`--session`, or a configuration of their own
    /// given in `arguments`) and returns its address; stops it and throws when it prints none.
    func startBus(_ arguments: [String] = ["--session"], environment: [String: String]? = nil) throws -> String {
        try start(URL(fileURLWithPath: "/usr/bin/dbus-daemon"), arguments + ["--nofork", "--print-address=1"],
                  environment: environment, readyLine: "\n", failure: "dbus-daemon did not start")
        guard let address = log?.text.split(separator: "\n").first(where: { $0.hasPrefix("unix:") }) else {
            stop()
            throw StartFailure(what: "dbus-daemon printed no address", output: log?.text ?? "")
        }
        return String(address)
    }
}
