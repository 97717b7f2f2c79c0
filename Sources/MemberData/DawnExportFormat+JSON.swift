import JSON

/// The export file as JSON: each part's members as `JSONEncoder` wrote them (an optional
/// left out when nil unless the part's comment says it is written as null), and the parts
/// the importer reads, decoded member by member in declaration order so that the first
/// problem found is the one `JSONDecoder` reported.
extension DawnExportFormat {
    /// The file's bytes: pretty-printed, keys sorted, `/` escaped (as `JSONEncoder`'s
    /// `[.prettyPrinted, .sortedKeys]` wrote it).
    package static func bytes(_ file: File) -> [UInt8] {
        JSONWriter.bytes(file.json, options: [.prettyPrinted, .sortedKeys])
    }
}

private func optional(_ value: JSONValue?) -> JSONValue { value ?? .null }

private func string(_ text: String) -> JSONValue { .string(text) }

private func integer(_ number: some BinaryInteger) -> JSONValue { .integer(Int64(number)) }

private extension JSONObject {
    /// Adds the member only when there is a value (`encodeIfPresent`).
    mutating func appendIfPresent(_ key: String, _ value: JSONValue?) {
        if let value { append(key, value) }
    }
}

extension DawnExportFormat.File {
    package var json: JSONValue {
        var object = JSONObject([
            ("format", string(format)), ("version", integer(version)), ("exportedAt", string(exportedAt)),
            ("member", member.json), ("settings", settings.json), ("habits", .array(habits.map(\.json))),
            ("instances", .array(instances.map(\.json))), ("entries", .array(entries.map(\.json))),
            ("notes", .array(notes.map(\.json))), ("skips", .array(skips.map(\.json))),
            ("vacations", .array(vacations.map(\.json))), ("moods", .array(moods.map(\.json))),
        ])
        object.appendIfPresent("photos", photos.map { .array($0.map(\.json)) })
        object.appendIfPresent("points", points.map(\.json))
        return .object(object)
    }
}

extension DawnExportFormat.Points {
    package var json: JSONValue {
        .object(JSONObject([
            ("balance", integer(balance)),
            ("ledger", .array(ledger.map { row in
                .object(JSONObject([("amount", integer(row.amount)), ("reason", string(row.reason)), ("kind", string(row.kind)),
                                    ("item", integer(row.item)), ("date", string(row.date)), ("at", integer(row.at))]))
            })),
        ]))
    }
}

extension DawnExportFormat.Schedule {
    package var json: JSONValue {
        var object = JSONObject()
        object.appendIfPresent("every", every.map(string))
        object.appendIfPresent("times", times.map(integer))
        object.appendIfPresent("weekdays", weekdays.map { .array($0.map(string)) })
        return .object(object)
    }

    package init(json: JSONNode) throws(JSONDecodingError) {
        self.init(every: try json.optionalMember("every")?.string(), times: try json.optionalMember("times")?.int(),
                  weekdays: try json.optionalMember("weekdays")?.elements().map { node throws(JSONDecodingError) in try node.string() })
    }
}

extension DawnExportFormat.Target {
    package var json: JSONValue {
        .object(JSONObject([("amount", .double(amount)), ("unit", string(unit)), ("kind", string(kind))]))
    }

    package init(json: JSONNode) throws(JSONDecodingError) {
        self.init(amount: try json.member("amount").double(), unit: try json.member("unit").string(),
                  kind: try json.member("kind").string())
    }
}

extension DawnExportFormat.Skip {
    package var json: JSONValue { .object(JSONObject([("habitId", integer(habitId)), ("date", string(date))])) }

    package init(json: JSONNode) throws(JSONDecodingError) {
        self.init(habitId: try json.member("habitId").int64(), date: try json.member("date").string())
    }
}

extension DawnExportFormat.Vacation {
    package var json: JSONValue { .object(JSONObject([("from", string(from)), ("to", string(to))])) }

    package init(json: JSONNode) throws(JSONDecodingError) {
        self.init(from: try json.member("from").string(), to: try json.member("to").string())
    }
}

extension DawnExportFormat.Mood {
    package var json: JSONValue { .object(JSONObject([("date", string(date)), ("value", integer(value))])) }
}

extension DawnExportFormat.Photo {
    package var json: JSONValue {
        .object(JSONObject([("date", string(date)), ("file", string(file)), ("caption", string(caption)),
                            ("sha256", string(sha256)), ("width", integer(width)), ("height", integer(height))]))
    }

    package init(json: JSONNode) throws(JSONDecodingError) {
        self.init(date: try json.member("date").string(), file: try json.member("file").string(),
                  caption: try json.member("caption").string(), sha256: try json.member("sha256").string(),
                  width: try json.member("width").int(), height: try json.member("height").int())
    }
}

extension DawnExportFormat.Member {
    package var json: JSONValue {
        .object(JSONObject([("username", string(username)), ("displayName", string(displayName)), ("timeZone", string(timeZone))]))
    }
}

extension DawnExportFormat.Settings {
    package var json: JSONValue {
        var object = JSONObject([
            ("language", string(language)), ("firstWeekday", string(firstWeekday)), ("dayStartHour", integer(dayStartHour)),
            ("showGrid", .bool(showGrid)), ("showGridDates", .bool(showGridDates)), ("theme", string(theme)),
        ])
        object.appendIfPresent("notify", notify?.json)
        return .object(object)
    }
}

extension DawnExportFormat.Notify {
    /// Both members, null when unset.
    package var json: JSONValue {
        .object(JSONObject([("ntfy", optional(ntfy?.json)), ("email", optional(email.map(string)))]))
    }

    package init(json: JSONNode) throws(JSONDecodingError) {
        self.init(ntfy: try json.optionalMember("ntfy").map { node throws(JSONDecodingError) in try Ntfy(json: node) },
                  email: try json.optionalMember("email")?.string())
    }
}

extension DawnExportFormat.Notify.Ntfy {
    /// Both members, `token` null when unset.
    package var json: JSONValue {
        .object(JSONObject([("url", string(url)), ("token", optional(token.map(string)))]))
    }

    package init(json: JSONNode) throws(JSONDecodingError) {
        self.init(url: try json.member("url").string(), token: try json.optionalMember("token")?.string())
    }
}

extension DawnExportFormat.Habit {
    /// `group` written even when null; the other optionals left out when nil.
    package var json: JSONValue {
        var object = JSONObject([
            ("id", integer(id)), ("name", string(name)), ("emoji", string(emoji)), ("colour", string(colour)),
            ("defaultDurationMinutes", integer(defaultDurationMinutes)), ("createdAt", integer(createdAt)),
        ])
        object.appendIfPresent("archivedAt", archivedAt.map(integer))
        object.appendIfPresent("schedule", schedule?.json)
        object.appendIfPresent("target", target?.json)
        object.appendIfPresent("pausedFrom", pausedFrom.map(string))
        object.append("group", optional(group.map(string)))
        object.appendIfPresent("position", position.map(integer))
        object.appendIfPresent("reminders", reminders.map { .array($0.map(string)) })
        object.appendIfPresent("pastRules", pastRules.map { .array($0.map(\.json)) })
        return .object(object)
    }

    package init(json: JSONNode) throws(JSONDecodingError) {
        self.init(id: try json.member("id").int64(), name: try json.member("name").string(),
                  emoji: try json.member("emoji").string(), colour: try json.member("colour").string(),
                  defaultDurationMinutes: try json.member("defaultDurationMinutes").int(),
                  createdAt: try json.member("createdAt").int64(), archivedAt: try json.optionalMember("archivedAt")?.int64(),
                  schedule: try json.optionalMember("schedule").map { node throws(JSONDecodingError) in
                      try DawnExportFormat.Schedule(json: node)
                  },
                  target: try json.optionalMember("target").map { node throws(JSONDecodingError) in
                      try DawnExportFormat.Target(json: node)
                  },
                  pausedFrom: try json.optionalMember("pausedFrom")?.string(), group: try json.optionalMember("group")?.string(),
                  position: try json.optionalMember("position")?.int(),
                  reminders: try json.optionalMember("reminders")?.elements().map { node throws(JSONDecodingError) in
                      try node.string()
                  },
                  pastRules: try json.optionalMember("pastRules")?.elements().map { node throws(JSONDecodingError) in
                      try DawnExportFormat.PastRule(json: node)
                  })
    }
}

extension DawnExportFormat.PastRule {
    /// `target` left out when nil.
    package var json: JSONValue {
        var object = JSONObject([("until", string(until)), ("schedule", schedule.json)])
        object.appendIfPresent("target", target?.json)
        return .object(object)
    }

    package init(json: JSONNode) throws(JSONDecodingError) {
        self.init(until: try json.member("until").string(), schedule: try DawnExportFormat.Schedule(json: json.member("schedule")),
                  target: try json.optionalMember("target").map { node throws(JSONDecodingError) in
                      try DawnExportFormat.Target(json: node)
                  })
    }
}

extension DawnExportFormat.Instance {
    /// `start` written even when null; `amount` and `loggedBy` left out when nil.
    package var json: JSONValue {
        var object = JSONObject([
            ("habitId", integer(habitId)), ("date", string(date)), ("start", optional(start.map(string))),
            ("durationMinutes", integer(durationMinutes)), ("note", string(note)),
        ])
        object.appendIfPresent("amount", amount.map(JSONValue.double))
        object.appendIfPresent("loggedBy", loggedBy.map(string))
        return .object(object)
    }

    package init(json: JSONNode) throws(JSONDecodingError) {
        self.init(habitId: try json.member("habitId").int64(), date: try json.member("date").string(),
                  start: try json.optionalMember("start")?.string(), durationMinutes: try json.member("durationMinutes").int(),
                  note: try json.member("note").string(), amount: try json.optionalMember("amount")?.double(),
                  loggedBy: try json.optionalMember("loggedBy")?.string())
    }
}

extension DawnExportFormat.Entry {
    package var json: JSONValue { .object(JSONObject([("date", string(date)), ("text", string(text))])) }

    package init(json: JSONNode) throws(JSONDecodingError) {
        self.init(date: try json.member("date").string(), text: try json.member("text").string())
    }
}

extension DawnExportFormat.Note {
    package var json: JSONValue {
        .object(JSONObject([("date", string(date)), ("text", string(text)), ("createdAt", integer(createdAt))]))
    }

    package init(json: JSONNode) throws(JSONDecodingError) {
        self.init(date: try json.member("date").string(), text: try json.member("text").string(),
                  createdAt: try json.member("createdAt").int64())
    }
}
