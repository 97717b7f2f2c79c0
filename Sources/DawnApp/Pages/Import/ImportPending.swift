import Files
import Glibc
import Store

/// An upload waiting for its "Import" after a preview: the files as they came, in the
/// member's own folder (`users/<id>/imports/<token>`, owner-only, gone with the member),
/// taken once and removed by the import, and removed unused after an hour.
struct ImportPending {
    static let lifetimeSeconds = 3600.0

    let folder: String

    init(_ data: DataDirectory, _ member: MemberID) {
        folder = data.memberFolder(member) + "/imports"
    }

    /// 32 lowercase hex digits: anything else names no upload.
    static func isToken(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Keeps the files; returns the token that takes them back. Older uploads left unused go.
    func save(_ files: [(name: String, body: [UInt8])]) throws -> String {
        removeExpired()
        let parent = String(folder.dropLast("/imports".count))
        if !FileSystem.isDirectory(parent) { try FileSystem.makeDirectory(parent, mode: 0o700) }
        if !FileSystem.isDirectory(folder) { try FileSystem.makeDirectory(folder, mode: 0o700) }
        var bundle: [UInt8] = []
        for file in files {
            let name = Array(file.name.utf8.prefix(255))
            bundle.append(UInt8(name.count))
            bundle += name
            var length = UInt64(file.body.count)
            for _ in 0..<8 { bundle.append(UInt8(length & 0xFF)); length >>= 8 }
            bundle += file.body
        }
        let digits = Array("0123456789abcdef".utf8)
        let token = String(decoding: (0..<32).map { _ in digits[Int.random(in: 0..<16)] }, as: UTF8.self)
        try FileSystem.write(bundle, to: folder + "/" + token, mode: 0o600, sync: false)
        return token
    }

    /// A spooled zip kept for its "Import": the upload's file itself, moved (never copied)
    /// to `<token>.body`, with where the zip lies in it in `<token>.spooled`.
    func save(spooled part: SpooledZip) throws -> String {
        removeExpired()
        let parent = String(folder.dropLast("/imports".count))
        if !FileSystem.isDirectory(parent) { try FileSystem.makeDirectory(parent, mode: 0o700) }
        if !FileSystem.isDirectory(folder) { try FileSystem.makeDirectory(folder, mode: 0o700) }
        let digits = Array("0123456789abcdef".utf8)
        let token = String(decoding: (0..<32).map { _ in digits[Int.random(in: 0..<16)] }, as: UTF8.self)
        try FileSystem.rename(part.path, to: folder + "/" + token + ".body")
        let record = "\(part.offset) \(part.length) \(part.name)"
        try FileSystem.write(Array(record.utf8), to: folder + "/" + token + ".spooled", mode: 0o600, sync: false)
        return token
    }

    /// Moves a spooled upload's file into the member's folder for an import job (which
    /// removes it when done; an hour-old one goes with the expired uploads); returns its path.
    func keepForJob(_ path: String) throws -> String {
        removeExpired()
        let parent = String(folder.dropLast("/imports".count))
        if !FileSystem.isDirectory(parent) { try FileSystem.makeDirectory(parent, mode: 0o700) }
        if !FileSystem.isDirectory(folder) { try FileSystem.makeDirectory(folder, mode: 0o700) }
        let digits = Array("0123456789abcdef".utf8)
        let kept = folder + "/job-" + String(decoding: (0..<32).map { _ in digits[Int.random(in: 0..<16)] }, as: UTF8.self)
        try FileSystem.rename(path, to: kept)
        return kept
    }

    /// The spooled zip kept under `token`, once: its record goes now, its file is the caller's
    /// to remove when the import is done (or by age, with the rest).
    func takeSpooled(_ token: String) -> SpooledZip? {
        guard Self.isToken(token) else { return nil }
        let record = folder + "/" + token + ".spooled", body = folder + "/" + token + ".body"
        guard let info = try? FileSystem.info(record, followingLinks: false), info.kind == .regular else { return nil }
        defer { try? FileSystem.remove(record) }
        guard Self.now - info.modified < Self.lifetimeSeconds, let text = try? FileSystem.read(record, maxBytes: 1024),
              FileSystem.isRegularFile(body, followingLinks: false) else {
            try? FileSystem.remove(body)
            return nil
        }
        let fields = String(decoding: text, as: UTF8.self).split(separator: " ", maxSplits: 2)
        guard fields.count == 3, let offset = Int64(fields[0]), let length = Int64(fields[1]) else {
            try? FileSystem.remove(body)
            return nil
        }
        return SpooledZip(name: String(fields[2]), path: body, offset: offset, length: length)
    }

    /// The files kept under `token`, removed as they are taken; nil when there are none (an
    /// unknown, used or expired token).
    func take(_ token: String) -> [(name: String, body: [UInt8])]? {
        guard Self.isToken(token) else { return nil }
        let path = folder + "/" + token
        guard let info = try? FileSystem.info(path, followingLinks: false), info.kind == .regular else { return nil }
        // Taken or expired, it goes: a token works once, within the hour.
        defer { try? FileSystem.remove(path) }
        guard Self.now - info.modified < Self.lifetimeSeconds, let bundle = try? FileSystem.read(path) else { return nil }
        var files: [(name: String, body: [UInt8])] = []
        var i = 0
        while i < bundle.count {
            let nameLength = Int(bundle[i])
            guard i + 1 + nameLength + 8 <= bundle.count else { return nil }
            let name = String(decoding: bundle[(i + 1)..<(i + 1 + nameLength)], as: UTF8.self)
            i += 1 + nameLength
            var length = 0
            for k in 0..<8 { length |= Int(bundle[i + k]) << (8 * k) }
            i += 8
            guard length >= 0, i + length <= bundle.count else { return nil }
            files.append((name, Array(bundle[i..<(i + length)])))
            i += length
        }
        return files
    }

    /// Files' ages are by the wall clock, as their modification times are.
    private static var now: Double { Double(time(nil)) }

    private func removeExpired() {
        for name in (try? FileSystem.list(folder)) ?? [] {
            let path = folder + "/" + name
            if let info = try? FileSystem.info(path, followingLinks: false), Self.now - info.modified >= Self.lifetimeSeconds {
                try? FileSystem.remove(path)
            }
        }
    }
}

/// A zip uploaded as part of a spooled body: `offset..<offset + length` of the file at `path`.
struct SpooledZip {
    let name: String
    let path: String
    let offset: Int64
    let length: Int64
}
