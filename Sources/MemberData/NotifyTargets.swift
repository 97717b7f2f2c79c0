import Store

/// Where a member's reminders go, in their own database: an ntfy topic (URL and optional
/// access token) and an email address (`member_settings` keys `notify_ntfy_url`,
/// `notify_ntfy_token`, `notify_email`), the browsers' Web Push subscriptions
/// (`push_subscriptions`) and the last delivery result of each target (`notify_results`).
/// Also where their habits' check-offs are announced: a webhook's URL and signing secret
/// (`notify_webhook_url`, `notify_webhook_secret`), its last call's result under `webhook`.
/// Values are stored as given: checking them is the settings page's job.
package struct NotifyTargets {
    /// Browsers (devices) a member can subscribe at once; a new one beyond replaces the
    /// one subscribed longest ago.
    package static let maxPushSubscriptions = 10

    /// Member migration 11.
    static let migration = """
        CREATE TABLE push_subscriptions (
            id         INTEGER PRIMARY KEY AUTOINCREMENT,
            endpoint   TEXT NOT NULL UNIQUE CHECK (length(endpoint) BETWEEN 10 AND 2048),
            p256dh     BLOB NOT NULL CHECK (length(p256dh) = 65),
            auth       BLOB NOT NULL CHECK (length(auth) = 16),
            created_at INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE notify_results (
            target TEXT PRIMARY KEY NOT NULL CHECK (length(target) BETWEEN 1 AND 40),
            at     INTEGER NOT NULL,
            ok     INTEGER NOT NULL CHECK (ok IN (0, 1)),
            error  TEXT CHECK (error IS NULL OR length(error) <= 300)
        ) STRICT, WITHOUT ROWID;
        """

    package struct Ntfy: Sendable, Equatable {
        package var url: String
        package var token: String?

        package init(url: String, token: String?) {
            self.url = url
            self.token = token
        }
    }

    /// A member's webhook: the URL called on a check-off or undo, and the secret its
    /// calls are signed with (HMAC-SHA256, `X-Dawn-Signature`).
    package struct Webhook: Sendable, Equatable {
        package var url: String
        package var secret: String

        package init(url: String, secret: String) {
            self.url = url
            self.secret = secret
        }
    }

    package struct PushSubscription: Sendable, Equatable {
        package let id: Int64
        package let endpoint: String
        package let p256dh: [UInt8]
        package let auth: [UInt8]
        package let createdAt: Int64
    }

    /// The last delivery to one target: when, and the error if it failed.
    package struct Result: Sendable, Equatable {
        package let at: Int64
        package let error: String?
        package var ok: Bool { error == nil }
    }

    /// The key of a target in `notify_results`: "ntfy", "email", "push:<id>".
    package enum Key {
        package static let ntfy = "ntfy"
        package static let email = "email"
        package static let webhook = "webhook"
        package static func push(_ id: Int64) -> String { "push:\(id)" }
    }

    package let database: Database

    package init(database: Database) {
        self.database = database
    }

    package func ntfy() throws -> Ntfy? {
        let values = try settingValues()
        guard let url = values["notify_ntfy_url"], !url.isEmpty else { return nil }
        return Ntfy(url: url, token: values["notify_ntfy_token"].flatMap { $0.isEmpty ? nil : $0 })
    }

    package func email() throws -> String? {
        try settingValues()["notify_email"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The member's webhook, or nil when they have none (a URL needs its secret).
    package func webhook() throws -> Webhook? {
        let values = try settingValues()
        guard let url = values["notify_webhook_url"], !url.isEmpty,
              let secret = values["notify_webhook_secret"], !secret.isEmpty else { return nil }
        return Webhook(url: url, secret: secret)
    }

    /// Sets the member's webhook in one transaction (nil removes it); a changed URL or
    /// secret forgets the last call's result.
    package func setWebhook(_ webhook: Webhook?) throws {
        let before = try self.webhook()
        try database.write { connection in
            for (key, value) in [("notify_webhook_url", webhook?.url), ("notify_webhook_secret", webhook?.secret)] {
                if let value {
                    try connection.run("""
                        INSERT INTO member_settings (key, value) VALUES (?, ?)
                        ON CONFLICT (key) DO UPDATE SET value = excluded.value
                        """, [.text(key), .text(value)])
                } else {
                    try connection.run("DELETE FROM member_settings WHERE key = ?", [.text(key)])
                }
            }
            if before != webhook { try connection.run("DELETE FROM notify_results WHERE target = ?", [.text(Key.webhook)]) }
        }
    }

    /// Sets both the ntfy topic and the email address in one transaction (nil removes
    /// one); a removed or changed target forgets its last result.
    package func set(ntfy: Ntfy?, email: String?) throws {
        let before = (try self.ntfy(), try self.email())
        try database.write { connection in
            let values: [(String, String?)] = [("notify_ntfy_url", ntfy?.url), ("notify_ntfy_token", ntfy?.token),
                                                ("notify_email", email)]
            for (key, value) in values {
                if let value {
                    try connection.run("""
                        INSERT INTO member_settings (key, value) VALUES (?, ?)
                        ON CONFLICT (key) DO UPDATE SET value = excluded.value
                        """, [.text(key), .text(value)])
                } else {
                    try connection.run("DELETE FROM member_settings WHERE key = ?", [.text(key)])
                }
            }
            if before.0 != ntfy { try connection.run("DELETE FROM notify_results WHERE target = ?", [.text(Key.ntfy)]) }
            if before.1 != email { try connection.run("DELETE FROM notify_results WHERE target = ?", [.text(Key.email)]) }
        }
    }

    /// An import's targets, inside its transaction: set as the file has them, or (merging)
    /// only where the member has none yet.
    static func write(ntfy: Ntfy?, email: String?, keepingExisting: Bool, in connection: Connection) throws {
        func has(_ key: String) throws -> Bool {
            try connection.queryOne("SELECT 1 FROM member_settings WHERE key = ? AND value <> ''", [.text(key)]) != nil
        }
        let writeNtfy = try !keepingExisting || !has("notify_ntfy_url")
        let writeEmail = try !keepingExisting || !has("notify_email")
        var values: [(String, String?)] = []
        if writeNtfy { values += [("notify_ntfy_url", ntfy?.url), ("notify_ntfy_token", ntfy?.token)] }
        if writeEmail { values.append(("notify_email", email)) }
        for (key, value) in values {
            if let value {
                try connection.run("""
                    INSERT INTO member_settings (key, value) VALUES (?, ?)
                    ON CONFLICT (key) DO UPDATE SET value = excluded.value
                    """, [.text(key), .text(value)])
            } else {
                try connection.run("DELETE FROM member_settings WHERE key = ?", [.text(key)])
            }
        }
        if writeNtfy { try connection.run("DELETE FROM notify_results WHERE target = ?", [.text(Key.ntfy)]) }
        if writeEmail { try connection.run("DELETE FROM notify_results WHERE target = ?", [.text(Key.email)]) }
    }

    package func pushSubscriptions() throws -> [PushSubscription] {
        try database.read { connection in
            try connection.query("SELECT id, endpoint, p256dh, auth, created_at FROM push_subscriptions ORDER BY id").map {
                PushSubscription(id: $0.int64(0), endpoint: $0.string(1), p256dh: $0.blob(2), auth: $0.blob(3), createdAt: $0.int64(4))
            }
        }
    }

    /// Stores a browser's subscription; the same endpoint again replaces its keys. Beyond
    /// `maxPushSubscriptions`, the oldest go. Returns the subscription's id.
    @discardableResult
    package func addPushSubscription(endpoint: String, p256dh: [UInt8], auth: [UInt8], now: Int64) throws -> Int64 {
        try database.write { connection in
            try connection.run("""
                INSERT INTO push_subscriptions (endpoint, p256dh, auth, created_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth
                """, [.text(endpoint), .blob(p256dh), .blob(auth), .integer(now)])
            let id = try connection.queryOne("SELECT id FROM push_subscriptions WHERE endpoint = ?", [.text(endpoint)])?.int64(0) ?? 0
            let excess = try connection.query("SELECT id FROM push_subscriptions ORDER BY id DESC LIMIT -1 OFFSET ?",
                                              [.integer(Int64(Self.maxPushSubscriptions))])
            for row in excess {
                try connection.run("DELETE FROM push_subscriptions WHERE id = ?", [.integer(row.int64(0))])
                try connection.run("DELETE FROM notify_results WHERE target = ?", [.text(Key.push(row.int64(0)))])
            }
            return id
        }
    }

    /// Forgets a subscription (the push service answered 404 or 410, or the member removed it).
    package func removePushSubscription(id: Int64) throws {
        try database.write { connection in
            try connection.run("DELETE FROM push_subscriptions WHERE id = ?", [.integer(id)])
            try connection.run("DELETE FROM notify_results WHERE target = ?", [.text(Key.push(id))])
        }
    }

    /// Records the outcome of a delivery to `target` (an error text is cut to 300 characters).
    package func record(target: String, at: Int64, error: String?) throws {
        try database.write { connection in
            try connection.run("""
                INSERT INTO notify_results (target, at, ok, error) VALUES (?, ?, ?, ?)
                ON CONFLICT (target) DO UPDATE SET at = excluded.at, ok = excluded.ok, error = excluded.error
                """, [.text(target), .integer(at), .integer(error == nil ? 1 : 0), error.map { .text(String($0.prefix(300))) } ?? .null])
        }
    }

    package func results() throws -> [String: Result] {
        try database.read { connection in
            try connection.query("SELECT target, at, error FROM notify_results").reduce(into: [:]) { results, row in
                results[row.string(0)] = Result(at: row.int64(1), error: row.optionalString(2))
            }
        }
    }

    private func settingValues() throws -> [String: String] {
        try database.read { connection in
            try connection.query("SELECT key, value FROM member_settings WHERE key LIKE 'notify_%'").reduce(into: [:]) {
                $0[$1.string(0)] = $1.string(1)
            }
        }
    }
}
