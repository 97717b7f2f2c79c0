import DawnApp
import Files
import MemberData
import Store

/// A member's photo files as the data-folder commands see them: `users/<id>/photos/`,
/// each file named `<sha256>.jpg` by the SHA-256 of its bytes (`PhotoFiles` writes them).
/// What `dawn backup`, `restore` and `check` share about them.
enum PhotoFolder {
    /// `users/<id>/photos` for the database `users/<id>.sqlite`; nil for `instance.sqlite`.
    static func relativeFolder(forDatabase relative: String) -> String? {
        guard relative != "instance.sqlite", relative.hasSuffix(".sqlite") else { return nil }
        return String(relative.dropLast(".sqlite".count)) + "/photos"
    }

    /// A stored file's name: 64 lowercase hex digits and `.jpg` (`PhotoFiles.isHash`).
    static func hash(ofFileName name: String) -> String? {
        guard name.hasSuffix(".jpg") else { return nil }
        let hash = String(name.dropLast(4))
        return PhotoFiles.isHash(hash) ? hash : nil
    }

    /// The SHA-256 of `bytes`, in lowercase hex, as `PhotoFiles` names its files.
    static func sha256(_ bytes: [UInt8]) -> String {
        PhotoFiles.hash(bytes)
    }

    /// The files a database's rows name (`DayPhotos.namedFiles`), read from the file as found.
    static func namedFiles(inDatabase path: String, as relative: String) throws -> Set<String> {
        do {
            let database = try Database.open(path: path, migrations: DataFolder.migrations(for: relative),
                                             migrate: false, create: false)
            defer { database.close() }
            return try DayPhotos.namedFiles(database)
        } catch {
            throw MaintenanceError("cannot read the photos of \(path): \(error)")
        }
    }

    /// What is in one member's photo folder against what their rows name.
    struct Survey {
        /// Named by a row, present and holding the bytes its name says.
        var sound: [String] = []
        /// Named by a row, not there.
        var missing: [String] = []
        /// Named by a row, there, but its bytes hash to something else (or cannot be read).
        var damaged: [String] = []
        /// Files no row names: a photo's leftovers after a crash (`.…tmp`), or anything else.
        var orphans: [String] = []
    }

    /// Hashes every file of `folder` (absolute) against `named`.
    static func survey(_ folder: String, named: Set<String>) -> Survey {
        var survey = Survey()
        let names = FileSystem.isDirectory(folder, followingLinks: false) ? ((try? FileSystem.list(folder)) ?? []) : []
        var present = Set<String>()
        for name in names.sorted() {
            guard let hash = hash(ofFileName: name), named.contains(hash) else {
                survey.orphans.append(name)
                continue
            }
            present.insert(hash)
            let path = folder + "/" + name
            guard FileSystem.isRegularFile(path, followingLinks: false),
                  let bytes = try? FileSystem.read(path), sha256(bytes) == hash else {
                survey.damaged.append(name)
                continue
            }
            survey.sound.append(name)
        }
        survey.missing = named.subtracting(present).sorted().map { $0 + ".jpg" }
        return survey
    }
}
