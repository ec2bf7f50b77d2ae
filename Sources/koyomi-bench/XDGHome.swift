import Foundation

/// The XDG folders (settings, data, cache) of one program in the screen runs. A warm home is
/// kept from run to run; a cold one is made empty for one run, so nothing is cached or trusted.
struct XDGHome {
    let root: URL

    var config: URL { root.appendingPathComponent("config") }
    var data: URL { root.appendingPathComponent("data") }
    var cache: URL { root.appendingPathComponent("cache") }

    var environment: [String: String] {
        ["XDG_CONFIG_HOME": config.path, "XDG_DATA_HOME": data.path, "XDG_CACHE_HOME": cache.path]
    }

    /// Makes the home at `root`, empty (whatever was there is removed).
    static func empty(at root: URL) throws -> XDGHome {
        try? FileManager.default.removeItem(at: root)
        let home = XDGHome(root: root)
        for folder in [home.config, home.data, home.cache] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        return home
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    /// Writes `text` to `path` under the home, making its folders.
    func write(_ text: String, to path: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
