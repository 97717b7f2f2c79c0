import Accounts
import Files
import Locks
import MemberData
import Store

/// A member's photo files, `users/<id>/photos/<sha256>.jpg`: each named by the SHA-256 of
/// its bytes, so the same picture is one file, a name says what it holds, and `dawn check`
/// can tell a damaged file by hashing it. A file is written under a temporary name,
/// fsynced, renamed and its folder fsynced before any row names it (`PhotosPage`).
package struct PhotoFiles {
    let folder: String

    /// Held from the first file written to the last row inserted, and from a row deleted to
    /// its file removed: a delete never removes a file an upload in flight has just found
    /// there and is about to name.
    static let mutation = Lock(0)

    init(_ data: DataDirectory, _ member: MemberID) {
        folder = data.photosFolder(member)
    }

    /// A stored file's name is 64 lowercase hex digits; anything else names no file.
    package static func isHash(_ text: String) -> Bool {
        DayPhotos.isFileHash(text)
    }

    func path(_ hash: String) -> String {
        precondition(Self.isHash(hash), "a photo file is named by its SHA-256")
        return folder + "/" + hash + ".jpg"
    }

    /// The SHA-256 of `bytes`, in lowercase hex.
    package static func hash(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in SHA256.hash(bytes) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Stores `bytes` under their hash, durably; returns the hash. A file already there
    /// has these very bytes (its name is their hash) and is kept.
    func store(_ bytes: [UInt8]) throws(FileError) -> String {
        let hash = Self.hash(bytes)
        let final = path(hash)
        if FileSystem.isRegularFile(final, followingLinks: false) { return hash }
        try makeFolder()
        let temporary = folder + "/.\(hash).\(UInt64.random(in: 0...UInt64.max)).tmp"
        try FileSystem.write(bytes, to: temporary, mode: 0o600, sync: true)
        do {
            try FileSystem.rename(temporary, to: final)
            try FileSystem.syncDirectory(folder)
        } catch {
            try? FileSystem.remove(temporary)
            throw error
        }
        return hash
    }

    func read(_ hash: String) throws(FileError) -> [UInt8] {
        try FileSystem.read(path(hash))
    }

    /// Removes the files (no row names them any more); one already gone is no error.
    func remove(_ hashes: [String]) {
        for hash in hashes { try? FileSystem.remove(path(hash)) }
        if !hashes.isEmpty { try? FileSystem.syncDirectory(folder) }
    }

    /// At start, before any upload: removes the files in members' photo folders that no row
    /// names (an upload cut short between its file and its row, or its `.tmp`), and returns a
    /// line for the operator when there were any. Files are listed, never hashed, so a large
    /// album costs a directory listing; `dawn check` hashes them.
    static func removeOrphans(_ data: DataDirectory) -> [String] {
        let users = data.root + "/users"
        guard let entries = try? FileSystem.list(users) else { return [] }
        var removed = 0
        var notes: [String] = []
        for entry in entries.sorted() {
            guard entry.utf8.allSatisfy({ (48...57).contains($0) }), entry.first != "0", entry.count <= 18,
                  let raw = Int64(entry) else { continue }
            let id = MemberID(raw)
            let files = PhotoFiles(data, id)
            guard FileSystem.isDirectory(files.folder, followingLinks: false),
                  let names = try? FileSystem.list(files.folder), !names.isEmpty else { continue }
            let named: Set<String>
            do {
                named = try DayPhotos.namedFiles(try data.member(id))
            } catch {
                // An unreadable database's files are left for `dawn check` to report.
                notes.append("photos of member \(raw) not checked for leftovers: \(error)")
                continue
            }
            var removedHere = 0
            for name in names where !(name.hasSuffix(".jpg") && named.contains(String(name.dropLast(4)))) {
                let path = files.folder + "/" + name
                guard FileSystem.isRegularFile(path, followingLinks: false), (try? FileSystem.remove(path)) != nil else { continue }
                removedHere += 1
            }
            if removedHere > 0 { try? FileSystem.syncDirectory(files.folder) }
            removed += removedHere
        }
        if removed > 0 {
            notes.append("removed \(removed) photo file\(removed == 1 ? "" : "s") no photo names (an upload cut short)")
        }
        return notes
    }

    private func makeFolder() throws(FileError) {
        guard !FileSystem.isDirectory(folder) else { return }
        let member = String(folder.dropLast("/photos".count))
        for path in [member, folder] where !FileSystem.isDirectory(path) {
            do {
                try FileSystem.makeDirectory(path, mode: 0o700)
            } catch {
                // Another upload made it meanwhile.
                guard FileSystem.isDirectory(path) else { throw error }
            }
        }
        try FileSystem.syncDirectory(String(member.prefix(upTo: member.lastIndex(of: "/")!)))
    }
}
