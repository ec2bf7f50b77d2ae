import Foundation

/// The bundled sample calendars (`data/*.ics`), opened when Koyomi is given no file.
enum SampleCalendars {
    /// `KOYOMI_DATA_DIR`, else an installed `share/koyomi/samples` beside the binary, else the
    /// source tree's `data/` (what `swift run koyomi` uses).
    static func directory(environment: [String: String]) -> URL? {
        var candidates: [URL] = []
        if let custom = environment["KOYOMI_DATA_DIR"], !custom.isEmpty {
            candidates.append(URL(fileURLWithPath: custom))
        }
        let executable = installedExecutable
        candidates.append(executable.deletingLastPathComponent()
            .appendingPathComponent("../share/koyomi/samples").standardizedFileURL)
        candidates.append(URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().appendingPathComponent("../../../data").standardizedFileURL)
        return candidates.first { !files(in: $0).isEmpty }
    }

    /// The running binary's real path (argv[0] is only "koyomi" when started through PATH,
    /// as a desktop launcher does).
    static var installedExecutable: URL {
        (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments.first ?? "")).resolvingSymlinksInPath()
    }

    static func files(in directory: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".ics") }.sorted().map { directory.appendingPathComponent($0).path }
    }
}
