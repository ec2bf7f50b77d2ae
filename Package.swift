// swift-tools-version:6.0
import PackageDescription

// Layers, bottom to top: C shims → typed Swift over GTK → pure model → iCalendar storage (text, reading,
// editing, the calendar folder) → vetting → app → main.
let package = Package(
    name: "Koyomi",
    products: [
        .executable(name: "koyomi", targets: ["koyomi"]),
    ],
    targets: [
        // libadwaita-1.pc requires gtk4, so one pkg-config name brings both.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libgtk-4-dev", "libadwaita-1-dev"])]
        ),
        // libsecret opened when first needed (dlopen): GLib's headers only, its own declared in the shim.
        .systemLibrary(
            name: "CSecret",
            pkgConfig: "gio-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        .systemLibrary(
            name: "CICal",
            pkgConfig: "libical",
            providers: [.apt(["libical-dev"])]
        ),
        // libcurl directly: URLSession on Linux ends the process on an answer cut in its headers.
        // Not linked but opened when first needed (dlopen), so no pkg-config: curl.h is on the
        // default include path. Building needs libcurl4-openssl-dev, running libcurl4.
        .systemLibrary(
            name: "CCurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // GIO's GDBus, for GNOME Online Accounts (GTK links GIO anyway).
        .systemLibrary(
            name: "CGio",
            pkgConfig: "gio-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        // glibc's gettext: a header, nothing to link.
        .systemLibrary(name: "CIntl"),
        .target(name: "Translation", dependencies: ["CIntl"]),
        .target(name: "GtkKit", dependencies: ["CGtk"]),
        .target(name: "CalendarModel"),
        // RFC 5545 recurrence rules expanded in pure Swift (libical 3.0's iterator is wrong in places).
        // The rule type itself, RecurrenceRule, is CalendarModel's: the editor's form and quick add use it too.
        .target(name: "Recurrence", dependencies: ["CalendarModel"]),
        // Files written so that nothing is ever half-saved or lost: atomic writes with backups, the
        // folder lock, versioned JSON list files, the XDG folders. Knows nothing of iCalendar.
        .target(name: "FileSafety"),
        // iCalendar text scanned in its bytes, without libical: logical lines, events' raw fields
        // and reach, the parts a file splits into, long-line checks.
        .target(name: "ICalendarText", dependencies: ["CalendarModel"]),
        // iCalendar files read through libical (part by part, on all cores, held back by a
        // LoadScheduler), the reopen cache, and the plan queries on what was read.
        .target(name: "ICalendarReading", dependencies: ["CICal", "CalendarModel", "Recurrence", "FileSafety", "ICalendarText"]),
        // Lossless editing of one calendar's text (CalendarDocument, CalendarFile), series splits,
        // import and export.
        .target(name: "CalendarEditing", dependencies: ["CICal", "CalendarModel", "Recurrence", "FileSafety", "ICalendarText",
                                                        "ICalendarReading"]),
        // The user's calendar folder: which files are calendars, making, naming and removing them.
        .target(name: "CalendarLibrary", dependencies: ["CalendarModel", "FileSafety", "ICalendarReading", "CalendarEditing"]),
        // Untrusted files and unknown versions of the user's files parsed in a child process under
        // CPU, memory and time limits; which versions passed. ICalendarReading knows it only as a ParseDelegate.
        .target(name: "CalendarVetting", dependencies: ["CICal", "CalendarModel", "FileSafety", "ICalendarReading",
                                                        "CalendarEditing"]),
        .target(name: "KoyomiApp", dependencies: ["GtkKit", "Translation", "CalendarModel", "ICalendarReading", "CalendarEditing",
                                                  "CalendarLibrary", "CalendarVetting",
                                                  "FileSafety", "Accounts", "CalDAV", "CalendarSync", "OnlineAccounts"]),
        // CalDAV accounts: the list in $XDG_DATA_HOME/koyomi/sync/, passwords in the keyring.
        .target(name: "Accounts", dependencies: ["CSecret", "FileSafety"]),
        // GNOME Online Accounts read over GDBus: the accounts, their credentials per request, changes.
        .target(name: "OnlineAccounts", dependencies: ["CGio"]),
        // HTTP exchanges with untrusted servers over libcurl: silence timeouts, cut answers as errors.
        .target(name: "HTTPTransport", dependencies: ["CCurl"]),
        // CalDAV over HTTPTransport and libxml2's push parser (opened when first needed): discovery,
        // sync-collection, ETags.
        .target(name: "CalDAV", dependencies: ["HTTPTransport"]),
        // Offline-first sync of local calendar files with CalDAV collections; subscriptions.
        .target(name: "CalendarSync", dependencies: ["CalDAV", "HTTPTransport", "CalendarModel", "ICalendarReading", "CalendarEditing",
                                                     "CalendarLibrary", "CalendarVetting", "FileSafety", "Accounts",
                                                     "OnlineAccounts"]),
        // `koyomi list|add|…|sync|subscribe|…`: the same model and storage, never GTK.
        .target(name: "KoyomiCLI", dependencies: ["Translation", "CalendarModel", "ICalendarReading", "CalendarEditing",
                                                  "CalendarLibrary", "CalendarVetting", "FileSafety", "Accounts", "CalDAV",
                                                  "CalendarSync", "OnlineAccounts"]),
        .executableTarget(name: "koyomi", dependencies: ["KoyomiApp", "KoyomiCLI", "CalendarVetting"]),
        // Issue 4's benchmark harness: `swift run -c release koyomi-bench` (docs/performance.md).
        .executableTarget(name: "koyomi-bench", dependencies: ["CalendarModel", "ICalendarReading", "CalendarEditing",
                                                               "CalendarVetting", "FileSafety", "CICal"]),

        // Helpers shared by the test targets (no tests of its own).
        // The SabreDAV server script is run by `php -S`, the GNOME Online Accounts stand-in by python3: not compiled.
        .target(name: "TestSupport", path: "Tests/Support", exclude: ["sabredav-server.php", "goa-service.py"]),
        .testTarget(name: "CalendarModelTests", dependencies: ["CalendarModel", "TestSupport"]),
        .testTarget(
            name: "ICalendarTests",
            dependencies: ["ICalendarText", "ICalendarReading", "CalendarEditing", "CalendarLibrary", "FileSafety",
                           "CalendarModel", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        // The fixtures are copies of the few of ICalendarTests' these tests read.
        .testTarget(
            name: "CalendarVettingTests",
            dependencies: ["CalendarVetting", "ICalendarReading", "CalendarEditing", "FileSafety", "CalendarModel",
                           "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "RecurrenceTests",
            dependencies: ["Recurrence", "CalendarModel", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "GtkKitTests", dependencies: ["GtkKit", "CGtk"]),
        .testTarget(
            name: "KoyomiAppTests",
            dependencies: ["KoyomiApp", "GtkKit", "CGtk", "CalendarModel", "ICalendarReading", "CalendarLibrary",
                           "CalendarVetting", "FileSafety", "TestSupport", "CalDAV", "CalendarSync", "Accounts"],
            // Run by the accessibility and desktop-clock tests as separate programs, not compiled.
            exclude: ["atspi-tree.py", "eds-clock.py"]
        ),
        .testTarget(name: "AccountsTests", dependencies: ["Accounts", "FileSafety", "TestSupport"]),
        // libcurl loaded when first needed, and what koyomi loads at start.
        .testTarget(name: "HTTPTransportTests", dependencies: ["HTTPTransport", "TestSupport"]),
        // Against a real Radicale started per test (Tests/Support/RadicaleServer.swift).
        .testTarget(name: "CalDAVTests", dependencies: ["CalDAV", "TestSupport"]),
        .testTarget(name: "CalendarSyncTests", dependencies: ["CalendarSync", "CalDAV", "ICalendarReading", "CalendarEditing",
                                                           "FileSafety", "TestSupport", "OnlineAccounts", "Accounts"]),
        .testTarget(name: "KoyomiCLITests", dependencies: ["KoyomiCLI", "CalendarModel", "ICalendarReading", "CalendarEditing", "CalendarVetting",
                                                          "FileSafety", "Translation", "TestSupport"]),
    ]
)
