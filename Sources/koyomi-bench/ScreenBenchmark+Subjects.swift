import Foundation

extension ScreenBenchmark {
    /// The generated calendar's files, and files of the same names and calendars with no plans:
    /// what each program shows with them is its empty-month reference.
    struct Calendars {
        var full: [String]
        var empty: [String]

        init(folder: URL, plans: Int) throws {
            let fullFolder = folder.appendingPathComponent("full"), emptyFolder = folder.appendingPathComponent("empty")
            for made in [fullFolder, emptyFolder] {
                try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
            }
            full = try PlanGenerator().writeSet(count: plans, into: fullFolder)
            let made = try PlanGenerator().writeSet(count: 0, into: emptyFolder)
            empty = try zip(made, full).map { made, full in
                let renamed = emptyFolder.appendingPathComponent((full as NSString).lastPathComponent).path
                try FileManager.default.moveItem(atPath: made, toPath: renamed)
                return renamed
            }
        }
    }

    /// A program measured on the screen: how its home is set up for a set of files, and how it
    /// is started on them.
    struct Subject {
        var name: String
        var width: Int
        var height: Int
        var prepare: (XDGHome, [String]) throws -> Void
        var program: (XDGHome, [String]) -> ScreenProgram

        /// `label`: what the run was (its settled picture's file name with `--keep`).
        func run(with poller: inout ScreenPoller, home: XDGHome, files: [String], notSettled: String? = nil,
                 label: String) throws -> ScreenCapture {
            try prepare(home, files)
            return try poller.run(program(home, files), notSettled: notSettled, label: "\(name)-\(width)x\(height)-\(label)")
        }

        /// koyomi on the files, at `size` (its settings file says so unless it is the default).
        /// It is not a timing run: it stays up, registers on the bus and shows what a user gets.
        static func koyomi(_ path: String, month: String, environment: [String: String],
                           size: (width: Int, height: Int)) -> Subject {
            Subject(name: "koyomi", width: size.width, height: size.height, prepare: { home, _ in
                guard size != ScreenBenchmark.standard else { return }
                try home.write("[Window]\nwidth=\(size.width)\nheight=\(size.height)\n", to: "koyomi/settings.ini",
                               in: home.config)
            }, program: { home, files in
                ScreenProgram(executable: path, arguments: ["--month", month] + files,
                              environment: environment.merging(home.environment) { _, new in new },
                              width: size.width, height: size.height)
            })
        }

        /// GNOME Calendar on copies of the files (its data server must not touch koyomi's, whose
        /// trust stamps name them), one local calendar each, named and coloured as koyomi shows them.
        static func gnomeCalendar(environment: [String: String], size: (width: Int, height: Int)) -> Subject {
            Subject(name: "gnome-calendar", width: size.width, height: size.height, prepare: { home, files in
                let copies = home.root.appendingPathComponent("calendars")
                try FileManager.default.createDirectory(at: copies, withIntermediateDirectories: true)
                var calendars: [PeerCalendar.Calendar] = []
                for (file, calendar) in zip(files, PlanGenerator.calendars) {
                    let copy = copies.appendingPathComponent((file as NSString).lastPathComponent).path
                    if !FileManager.default.fileExists(atPath: copy) { try FileManager.default.copyItem(atPath: file, toPath: copy) }
                    calendars.append(.init(path: copy, name: calendar.name, color: calendar.color))
                }
                try PeerCalendar.prepare(home, calendars: calendars, width: size.width, height: size.height)
            }, program: { home, _ in
                PeerCalendar.program(home, environment: environment, width: size.width, height: size.height)
            })
        }
    }
}
