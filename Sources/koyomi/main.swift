import CalendarModel
import CalendarVetting
import Foundation
import KoyomiApp
import KoyomiCLI

// The children that read an untrusted .ics (see `UntrustedCalendar`) or a version of the
// user's calendar not read before (see `ParseGuard`) under limits, spawned by this very
// program: before anything else, so they never touch GTK or write the user's files.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "--vet-ics" {
    exit(UntrustedCalendar.childMain(arguments: Array(CommandLine.arguments.dropFirst())))
}
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "--parse-ics" {
    exit(ParseGuard.childMain(arguments: Array(CommandLine.arguments.dropFirst())))
}

// Over a file size limit (`ulimit -f`) the kernel would kill us with SIGXFSZ in the middle of a
// save, silently; ignored, the write fails with EFBIG instead, and the save says so and cleans up.
signal(SIGXFSZ, SIG_IGN)

// The machine's clock, unless a test pinned it (`KOYOMI_NOW`, see `ProcessClock`).
let clock: ProcessClock
do {
    clock = try ProcessClock(environment: ProcessInfo.processInfo.environment)
} catch {
    FileHandle.standardError.write(Data("koyomi: \(error.description)\n".utf8))
    exit(2)
}

// `koyomi list|add|remove|import|export …` runs on the model alone and exits: GTK is never started.
if let first = CommandLine.arguments.dropFirst().first, KoyomiCLI.commands.contains(first) {
    KoyomiApplication.setUpTranslations()
    let result = KoyomiCLI.run(Array(CommandLine.arguments.dropFirst()), context: .current(now: clock.now()))
    FileHandle.standardOutput.write(Data(result.output.utf8))
    FileHandle.standardError.write(Data(result.error.utf8))
    exit(result.status)
}

// Arguments are parsed before GTK starts, so a bad command line never opens a window.
let command: LaunchOptions.Command
do {
    command = try LaunchOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("koyomi: \(error.description)\n".utf8))
    exit(2)
}

switch command {
case .help:
    print(LaunchOptions.usage)
case .version:
    print("koyomi \(LaunchOptions.version)")
case let .run(options):
    MainActor.assumeIsolated {
        let application = KoyomiApplication(options: options, clock: clock)
        // Exit while `application` is still alive: tearing GApplication down first would only
        // add work (and a D-Bus warning in a second instance) on the way out.
        exit(application.run())
    }
}
