import CCurl

/// libcurl, opened the first time a request is made instead of linked (CCurl/shim.h says why).
struct CurlLibrary: @unchecked Sendable { // the table is filled before it is shared, and never changed
    /// The functions Koyomi calls, resolved from the loaded library.
    let api: UnsafePointer<koyomi_curl_api>

    /// The library, or why it could not be loaded. Swift runs a static's initializer once, on
    /// first use, with any other thread that arrives meanwhile waiting for it (swift_once, which
    /// is pthread_once's job), so two first requests on two threads load it once.
    static let shared: Result<CurlLibrary, HTTPFailure> = load(KOYOMI_CURL_LIBRARY)

    /// Opens `file` and resolves its functions; a failure says, in words, what is missing.
    static func load(_ file: String) -> Result<CurlLibrary, HTTPFailure> {
        let table = UnsafeMutablePointer<koyomi_curl_api>.allocate(capacity: 1)
        if let problem = koyomi_curl_load(table, file) {
            table.deallocate()
            return .failure(.unreachable(reason: "Koyomi's HTTP library libcurl could not be loaded ("
                + String(cString: problem) + "); Debian's package libcurl4 provides it"))
        }
        // libcurl wants this once per process, before any thread uses it.
        _ = table.pointee.global_init(Int(CURL_GLOBAL_DEFAULT))
        return .success(CurlLibrary(api: UnsafePointer(table)))
    }
}
