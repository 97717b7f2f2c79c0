import JSON

/// `manifest.json` as JSON: pretty-printed with sorted keys, `/` unescaped and a final
/// newline (as `JSONEncoder` wrote it); read back requiring every member.
extension BackupManifest {
    var bytes: [UInt8] {
        let files: [JSONValue] = files.map { file in
            .object(["path": .string(file.path), "size": .integer(Int64(file.size)),
                     "schemaVersion": .integer(Int64(file.schemaVersion)), "integrity": .string(file.integrity)])
        }
        var members: JSONObject = ["format": .string(format), "version": .integer(Int64(version)),
                                            "created": .string(created), "dawnVersion": .string(dawnVersion),
                                            "files": .array(files)]
        // Absent when there are none, so a backup without photos reads as before.
        if !photos.isEmpty {
            members.append("photos", .array(photos.map { .object(["path": .string($0.path), "size": .integer(Int64($0.size))]) }))
        }
        let manifest: JSONValue = .object(members)
        return JSONWriter.bytes(manifest, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) + [0x0A]
    }

    /// Throws a `JSONSyntaxError` or a `JSONDecodingError` for anything but a manifest.
    init(json bytes: [UInt8]) throws {
        let root = JSONNode(try JSONParser.parse(bytes, limits: JSONParser.Limits(maxDepth: 8, maxBytes: 64 << 20)))
        format = try root.member("format").string()
        version = try root.member("version").int()
        created = try root.member("created").string()
        dawnVersion = try root.member("dawnVersion").string()
        files = try root.member("files").elements().map { file in
            File(path: try file.member("path").string(), size: try file.member("size").int(),
                 schemaVersion: try file.member("schemaVersion").int(), integrity: try file.member("integrity").string())
        }
        photos = try root.optionalMember("photos")?.elements().map { photo in
            Photo(path: try photo.member("path").string(), size: try photo.member("size").int())
        } ?? []
    }
}
