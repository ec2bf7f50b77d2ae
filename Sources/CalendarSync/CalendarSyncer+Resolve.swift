import CalDAV
import CalendarEditing
import Foundation

extension CalendarSyncer {
    /// Settles the conflict about `uid` as the user chose. Keeping mine sends it with the ETag
    /// of the server's version the user saw, so a newer change made meanwhile is again a
    /// conflict rather than lost; keeping both makes the local version a new plan (a new UID)
    /// beside the server's.
    public func resolve(_ uid: String, keeping choice: SyncConflict.Choice, now: Date = Date()) async throws {
        var state = try SyncState.load(path: statePath, collection: collection)
        guard let conflict = state.conflicts.first(where: { $0.uid == uid }) else { return }
        let file = try localFile()
        let server = try conflict.serverText.map { try CalendarDocument(text: $0, sourceName: conflict.href, timeZone: timeZone) }
        state.conflicts.removeAll { $0.uid == uid }

        switch (conflict.kind, choice) {
        case (.bothChanged, .mine):
            guard let text = file.document.resourceText(uid: uid), let etag = conflict.serverETag,
                  let fingerprint = file.document.fingerprint(uid: uid) else { break }
            do {
                let newETag = try await client.update(href: conflict.href, ics: text, etag: etag)
                state.resources[uid] = SyncState.Resource(href: conflict.href, etag: newETag, fingerprint: fingerprint)
            } catch CalDAVError.preconditionFailed {
                // Changed again on the server: the next sync shows the newer version.
                state.resources[uid] = SyncState.Resource(href: conflict.href, etag: etag, fingerprint: "")
                state.syncToken = nil
            }
        case (.bothChanged, .theirs), (.deletedHere, .theirs), (.deletedHere, .both):
            try file.modify { document in document.replaceEvent(uid: uid, with: server) }
            state.resources[uid] = SyncState.Resource(href: conflict.href, etag: conflict.serverETag,
                                                      fingerprint: file.document.fingerprint(uid: uid) ?? "")
        case (.bothChanged, .both):
            let copyUID = UUID().uuidString.lowercased() + "@koyomi"
            try file.modify { document in
                let mine = document.snapshot(uid: uid)
                document.replaceEvent(uid: uid, with: server)
                let copy = EventSnapshot(uid: copyUID, componentTexts: mine.componentTexts.map {
                    Self.replacingUID(in: $0, uid: uid, with: copyUID)
                })
                try document.restore(copy, now: now)
            }
            state.resources[uid] = SyncState.Resource(href: conflict.href, etag: conflict.serverETag,
                                                      fingerprint: file.document.fingerprint(uid: uid) ?? "")
        case (.deletedOnServer, .mine), (.deletedOnServer, .both):
            // Not on the server any more: the next push uploads it as new.
            state.resources[uid] = nil
        case (.deletedOnServer, .theirs):
            try file.modify { document in document.replaceEvent(uid: uid, with: nil) }
            state.resources[uid] = nil
        case (.deletedHere, .mine):
            // Deleted on the server too, but only the version the user saw (If-Match).
            do {
                if let etag = conflict.serverETag { try await client.delete(href: conflict.href, etag: etag) }
                state.resources[uid] = nil
            } catch CalDAVError.notFound {
                state.resources[uid] = nil
            } catch CalDAVError.preconditionFailed {
                // Changed there again meanwhile: the next sync offers the newer version.
                state.resources[uid] = SyncState.Resource(href: conflict.href, etag: conflict.serverETag, fingerprint: "")
                state.syncToken = nil
            }
        }
        try state.save(path: statePath)
    }

    /// The component text with its UID line naming `new` instead of `old`.
    static func replacingUID(in text: String, uid old: String, with new: String) -> String {
        text.replacingOccurrences(of: "\nUID:\(old)\r\n", with: "\nUID:\(new)\r\n")
            .replacingOccurrences(of: "\nUID:\(old)\n", with: "\nUID:\(new)\n")
    }
}
