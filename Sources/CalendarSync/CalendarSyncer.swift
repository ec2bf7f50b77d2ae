import CalDAV
import CalendarEditing
import FileSafety
import Foundation

/// Syncs one local calendar file with one CalDAV collection, offline first: the window and
/// the command line edit the file as always, and a sync brings the server's changes in and
/// sends the local ones out.
///
/// Pull: the changes since the last sync token (RFC 6578), or, when the server refuses the
/// token or has none, every ETag compared with the last ones. A plan changed only on the
/// server replaces the local copy as the server wrote it; one changed on both sides becomes
/// a `SyncConflict` and neither copy is touched. Push: new plans with `If-None-Match: *`,
/// changes and deletes with `If-Match` and the ETag as received; a 412 fetches the server's
/// copy and becomes a conflict. Every server write is recorded as it is made, so a sync cut
/// off anywhere (network, server, a kill) resumes without duplicates or losses: an upload
/// whose answer was lost meets its own copy on the server and adopts it.
public struct CalendarSyncer: Sendable {
    public let client: CalDAVClient
    public let collection: URL
    public let calendarPath: String
    public let statePath: String
    public let timeZone: TimeZone
    public let writer: AtomicFileWriter

    public init(client: CalDAVClient, collection: URL, calendarPath: String, statePath: String,
                timeZone: TimeZone, writer: AtomicFileWriter = AtomicFileWriter()) {
        self.client = client
        self.collection = collection
        self.calendarPath = calendarPath
        self.statePath = statePath
        self.timeZone = timeZone
        self.writer = writer
    }

    /// One full sync: pull, then push. Returns what happened; conflicts stay in the state
    /// until `resolve` settles them.
    public func sync() async throws -> SyncReport {
        var state = try SyncState.load(path: statePath, collection: collection)
        var report = SyncReport()
        let (changed, removed, token) = try await remoteChanges(state, &report)
        let objects = changed.isEmpty ? [] : try await client.fetch(calendar: collection, hrefs: changed.map(\.href))
        let file = try localFile()
        try pull(objects, removed: removed, into: file, state: &state, report: &report)
        state.syncToken = token
        try state.save(path: statePath)
        try await push(file, state: &state, report: &report)
        report.conflicts = state.conflicts
        return report
    }

    // MARK: Pull

    private func remoteChanges(_ state: SyncState, _ report: inout SyncReport) async throws
        -> (changed: [RemoteETag], removed: [String], token: String?) {
        if let token = state.syncToken {
            do {
                let delta = try await client.syncCollection(calendar: collection, token: token)
                // Our own uploads come back as changes: the ETag we hold says they are ours.
                let uids = state.uidsByHref()
                let changed = delta.changed.filter { remote in
                    uids[remote.href].flatMap { state.resources[$0]?.etag } != remote.etag
                }
                return (changed, delta.removed, delta.newToken)
            } catch CalDAVError.invalidSyncToken {
                report.usedFullListing = true
            }
        }
        // Everything, compared with what we hold: a sync-collection without a token lists it
        // all and hands out a fresh token; a server without sync-collection lists its ETags.
        var listing: [RemoteETag]
        var token: String?
        do {
            let all = try await client.syncCollection(calendar: collection, token: nil)
            (listing, token) = (all.changed, all.newToken)
        } catch let CalDAVError.server(status, _) where [400, 403, 404, 405, 501].contains(status) {
            (listing, token) = (try await client.listETags(calendar: collection), nil)
        }
        let known = Dictionary(state.resources.values.map { ($0.href, $0.etag) }, uniquingKeysWith: { first, _ in first })
        let changed = listing.filter { known[$0.href] ?? nil != $0.etag }
        let present = Set(listing.map(\.href))
        let removed = state.resources.values.map(\.href).filter { !present.contains($0) }
        return (changed, removed, token)
    }

    private func pull(_ objects: [RemoteObject], removed: [String], into file: CalendarFile,
                      state: inout SyncState, report: inout SyncReport) throws {
        let before = state
        var after = state
        var counts = SyncReport()
        try file.modify { document in
            // `modify` may run this again on a file another program just changed: start over.
            after = before
            counts = SyncReport()
            // Every event is looked up once through an index, and every change is made in one
            // pass at the end: per-event lookups and replacements made sync quadratic.
            let index = document.eventIndex
            var changes: [(uid: String, resource: CalendarDocument?)] = []
            var received: [(uid: String, href: String, etag: String?)] = []
            let hrefs = after.uidsByHref()
            for object in objects {
                guard let server = try? CalendarDocument(text: object.icsText, sourceName: object.href, timeZone: timeZone),
                      let uid = server.eventUIDs.first else { continue } // a task or journal: not ours to show
                let known = after.resources[uid]
                let mine = index.fingerprint(uid: uid)
                let changedHere = known.map { mine != $0.fingerprint } ?? (mine != nil)
                let same = index.hasSameEvent(uid: uid, as: server)
                if changedHere && !same && mine == nil && known != nil {
                    // Removed here, changed there: the user chooses (the removal is not pushed).
                    after.recordConflict(SyncConflict(uid: uid, kind: .deletedHere, href: object.href,
                                                      serverText: object.icsText, serverETag: object.etag,
                                                      title: Self.title(in: object.icsText, uid: uid)))
                    continue
                }
                if changedHere && !same {
                    after.recordConflict(SyncConflict(uid: uid, kind: .bothChanged, href: object.href,
                                                      serverText: object.icsText, serverETag: object.etag,
                                                      title: Self.title(in: document, uid: uid)))
                    continue
                }
                if !same { changes.append((uid, server)) }
                received.append((uid, object.href, object.etag))
                counts.received += same ? 0 : 1
            }
            for href in removed {
                guard let uid = hrefs[href], let known = after.resources[uid] else { continue }
                after.resources[uid] = nil
                guard let mine = index.fingerprint(uid: uid) else { continue } // deleted on both sides
                if mine == known.fingerprint {
                    changes.append((uid, nil))
                    counts.removedHere += 1
                } else {
                    // Changed here, deleted there: offered back, never dropped.
                    after.recordConflict(SyncConflict(uid: uid, kind: .deletedOnServer, href: href, serverText: nil,
                                                      serverETag: nil, title: Self.title(in: document, uid: uid)))
                }
            }
            document.replaceEvents(changes)
            let updated = changes.isEmpty ? index : document.eventIndex
            let settled = Set(received.map(\.uid))
            for (uid, href, etag) in received {
                after.resources[uid] = SyncState.Resource(href: href, etag: etag, fingerprint: updated.fingerprint(uid: uid) ?? "")
            }
            after.conflicts.removeAll { settled.contains($0.uid) }
        }
        state = after
        report.received += counts.received
        report.removedHere += counts.removedHere
    }

    // MARK: Push

    private func push(_ file: CalendarFile, state: inout SyncState, report: inout SyncReport) async throws {
        if file.hasChangedOnDisk() { try file.reload() }
        let document = file.document
        let index = document.eventIndex
        let waiting = Set(state.conflicts.map(\.uid))
        // Each upload's outcome is recorded as it comes (`SyncJournal`: a line, whatever the
        // size); the state is saved whole once, at the end.
        let journal = try SyncJournal(statePath: statePath)
        func record(_ uid: String) throws {
            try journal.append(.resource(uid: uid, resource: state.resources[uid]))
            // Plans already in conflict are not pushed: one at the end is this upload's.
            if let conflict = state.conflicts.last, conflict.uid == uid { try journal.append(.conflict(conflict)) }
        }
        for uid in index.uids where !waiting.contains(uid) {
            guard let fingerprint = index.fingerprint(uid: uid) else { continue }
            if let known = state.resources[uid], known.fingerprint == fingerprint { continue }
            guard let text = index.resourceText(uid: uid) else { continue }
            if let known = state.resources[uid] {
                try await upload(uid, text: text, fingerprint: fingerprint, known: known, document: document, state: &state)
            } else {
                try await create(uid, text: text, fingerprint: fingerprint, document: document, state: &state)
            }
            report.sent += 1
            try record(uid)
        }
        let present = Set(index.uids)
        for (uid, known) in state.resources where !present.contains(uid) && !waiting.contains(uid) {
            try await deleteOnServer(uid, known: known, document: document, state: &state)
            report.removedThere += 1
            try record(uid)
        }
        try state.save(path: statePath)
    }

    private func create(_ uid: String, text: String, fingerprint: String, document: CalendarDocument,
                        state: inout SyncState) async throws {
        do {
            let stored = try await client.create(calendar: collection, name: Self.resourceName(uid), ics: text)
            state.resources[uid] = SyncState.Resource(href: stored.href, etag: stored.etag, fingerprint: fingerprint)
        } catch let CalDAVError.preconditionFailed(href) {
            // Something is there already: our own upload whose answer was lost, or another device's.
            try await adoptOrConflict(uid, href: href, fingerprint: fingerprint, document: document, state: &state)
        }
    }

    private func upload(_ uid: String, text: String, fingerprint: String, known: SyncState.Resource,
                        document: CalendarDocument, state: inout SyncState) async throws {
        guard let etag = known.etag else {
            return try await adoptOrConflict(uid, href: known.href, fingerprint: fingerprint, document: document, state: &state)
        }
        do {
            let newETag = try await client.update(href: known.href, ics: text, etag: etag)
            state.resources[uid] = SyncState.Resource(href: known.href, etag: newETag, fingerprint: fingerprint)
        } catch CalDAVError.preconditionFailed {
            try await adoptOrConflict(uid, href: known.href, fingerprint: fingerprint, document: document, state: &state)
        } catch CalDAVError.notFound {
            state.resources[uid] = nil
            state.recordConflict(SyncConflict(uid: uid, kind: .deletedOnServer, href: known.href, serverText: nil,
                                              serverETag: nil, title: Self.title(in: document, uid: uid)))
        }
    }

    private func deleteOnServer(_ uid: String, known: SyncState.Resource, document: CalendarDocument,
                                state: inout SyncState) async throws {
        do {
            if let etag = known.etag {
                try await client.delete(href: known.href, etag: etag)
                state.resources[uid] = nil
                return
            }
        } catch CalDAVError.notFound {
            state.resources[uid] = nil
            return
        } catch CalDAVError.preconditionFailed {}
        // Changed on the server since (or its ETag is unknown): show what is there now.
        guard let server = try await client.fetch(calendar: collection, hrefs: [known.href]).first else {
            state.resources[uid] = nil
            return
        }
        state.recordConflict(SyncConflict(uid: uid, kind: .deletedHere, href: known.href, serverText: server.icsText,
                                          serverETag: server.etag, title: Self.title(in: server.icsText, uid: uid)))
    }

    /// The server has something at `href`: the same text as ours (adopt its ETag), or not (a conflict).
    private func adoptOrConflict(_ uid: String, href: String, fingerprint: String, document: CalendarDocument,
                                 state: inout SyncState) async throws {
        guard let server = try await client.fetch(calendar: collection, hrefs: [href]).first else {
            state.resources[uid] = nil
            return
        }
        let theirs = try? CalendarDocument(text: server.icsText, sourceName: href, timeZone: timeZone)
        if theirs.map({ document.hasSameEvent(uid: uid, as: $0) }) == true {
            state.resources[uid] = SyncState.Resource(href: href, etag: server.etag, fingerprint: fingerprint)
        } else {
            state.recordConflict(SyncConflict(uid: uid, kind: .bothChanged, href: href, serverText: server.icsText,
                                              serverETag: server.etag, title: Self.title(in: document, uid: uid)))
        }
    }

    // MARK: Helpers

    func localFile() throws -> CalendarFile {
        try CalendarFile(path: calendarPath, timeZone: timeZone, writer: writer)
    }

    /// "<UID>.ics" with anything but letters, digits, '-', '_', '.' and '@' replaced.
    static func resourceName(_ uid: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.@")
        return String(uid.map { allowed.contains($0) ? $0 : "_" }) + ".ics"
    }

    static func title(in document: CalendarDocument, uid: String) -> String {
        title(in: document.snapshot(uid: uid).componentTexts.first ?? "", uid: uid)
    }

    /// The first SUMMARY's value in `text` (unescaped), else the UID.
    static func title(in text: String, uid: String) -> String {
        for line in text.components(separatedBy: .newlines) where line.hasPrefix("SUMMARY") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            return String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespacesAndNewlines)
                .replacingOccurrences(of: "\\,", with: ",").replacingOccurrences(of: "\\;", with: ";")
        }
        return uid
    }
}

extension SyncState {
    /// Keeps one conflict per plan: the newest.
    mutating func recordConflict(_ conflict: SyncConflict) {
        conflicts.removeAll { $0.uid == conflict.uid }
        conflicts.append(conflict)
    }
}
