import JSON

/// `manifest.json` as JSON: pretty-printed with sorted keys, `/` unescaped and a final
/// newline (as `JSONEncoder` wrote it); read back requiring every member.
extension BackupManifest {
    var bytes: [UInt8] {
        let files: [JSONValue] = files.map { file in
            .object(["path": .string(file.path), "size": .integer(Int64(file.size)),
                     "schemaVersion": .integer(Int64(file.schemaVersion)), "integrity": .string(file.integrity)])
        }
        let manifest: JSONValue = .object(["format": .string(format), "version": .integer(Int64(version)),
                                           "created": .string(created), "dawnVersion": .string(dawnVersion),
                                           "files": .array(files)])
        return JSONWriter.bytes(manifest, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) + [0x0A]
    }

    /// Throws a `JSONSyntaxError` or a `JSONDecodingError` for anything but a manifest.
    init(json bytes: [UInt8]) throws {
        let root = JSONNode(try JSONParser.parse(bytes, limits: JSONParser.Limits(maxDepth: 8, maxBytes: 1 << 20)))
        format = try root.member("format").string()
        version = try root.member("version").int()
        created = try root.member("created").string()
        dawnVersion = try root.member("dawnVersion").string()
        files = try root.member("files").elements().map { file in
            File(path: try file.member("path").string(), size: try file.member("size").int(),
                 schemaVersion: try file.member("schemaVersion").int(), integrity: try file.member("integrity").string())
        }
    }
}
