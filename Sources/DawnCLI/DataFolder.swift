import Files
import FamilyData
import MemberData
import Store

#if canImport(Glibc)
import Glibc
#endif

/// What `dawn backup`, `dawn restore` and `dawn check` share: their arguments, the data
/// folder's database files, and opening one as found to check it.
enum DataFolder {
    /// Reads `--data DIR` (default `DAWN_DATA`, then `./data`) and hands every other
    /// argument to `flag` with a way to take its value; `flag` returns false for one it
    /// does not know, which is refused.
    static func parse(_ command: String, _ arguments: ArraySlice<String>, environment: [String: String],
                      flag: (String, () throws(CommandLineError) -> String) throws(CommandLineError) -> Bool)
        throws(CommandLineError) -> String {
        var rest = arguments
        var data = environment["DAWN_DATA"] ?? "./data"
        while let argument = rest.popFirst() {
            func value() throws(CommandLineError) -> String {
                guard let v = rest.popFirst(), !v.isEmpty, !v.hasPrefix("--") else {
                    throw CommandLineError("\(argument) needs a value")
                }
                return v
            }
            if argument == "--data" {
                data = try value()
            } else if try !flag(argument, value) {
                throw CommandLineError("unknown argument \"\(argument)\" for dawn \(command) (try: dawn --help)")
            }
        }
        guard !data.isEmpty else { throw CommandLineError("--data must not be empty") }
        return data
    }

    /// Runs a command's work: its exit status, or 1 with the error on stderr.
    static func run(fail: (String) -> Void, _ work: () throws -> Int32) -> Int32 {
        do {
            return try work()
        } catch let error as MaintenanceError {
            fail(error.message)
            return 1
        } catch {
            fail("\(error)")
            return 1
        }
    }

    /// `instance.sqlite` first, then the member databases in id order, relative to `data`.
    /// With `onlyMembers: false`, every `*.sqlite` in `users/` counts, so `check` reports strays.
    static func databaseFiles(in data: String, onlyMembers: Bool = true) throws -> [String] {
        guard BackupFiles.isDirectory(data) else { throw MaintenanceError("data folder \(data) does not exist") }
        guard BackupFiles.exists(data + "/instance.sqlite") else {
            throw MaintenanceError("\(data) holds no instance.sqlite: not a Dawn data folder")
        }
        var members: [String] = []
        if BackupFiles.isDirectory(data + "/users") {
            members = try BackupFiles.list(data + "/users").filter { name in
                onlyMembers ? isDatabaseName("users/" + name) : name.hasSuffix(".sqlite")
            }
            members.sort { a, b in
                let (x, y) = (Int(a.dropLast(7)), Int(b.dropLast(7)))
                if let x, let y { return x < y }
                if (x == nil) != (y == nil) { return x != nil }
                return a < b
            }
        }
        return ["instance.sqlite"] + members.map { "users/" + $0 }
    }

    /// `instance.sqlite` or `users/<id>.sqlite`: the only names a backup may hold.
    static func isDatabaseName(_ path: String) -> Bool {
        if path == "instance.sqlite" { return true }
        guard path.hasPrefix("users/"), path.hasSuffix(".sqlite") else { return false }
        let id = path.dropFirst(6).dropLast(7)
        return !id.isEmpty && id.count <= 18 && id.allSatisfy { $0.isASCII && $0.isNumber } && id.first != "0"
    }

    static func migrations(for relative: String) -> [Migration] {
        relative == "instance.sqlite" ? InstanceSchema.migrations : MemberSchema.migrations
    }

    /// Opens an existing database and runs `PRAGMA integrity_check`; on a sound member
    /// database (schema 6 on), also checks its summaries against its rows (`MemberSummaries`),
    /// and from `MemberSchema.searchVersion` its search index (`JournalSearch.problems`).
    /// `relative`: the file's place in a data folder (`instance.sqlite`, `users/3.sqlite`).
    static func inspect(_ path: String, as relative: String) -> (problems: [String], schemaVersion: Int) {
        let isMember = relative != "instance.sqlite"
        let migrations = migrations(for: relative)
        guard BackupFiles.exists(path) else { return (["missing"], 0) }
        do {
            let database = try Database.open(path: path, migrations: migrations, migrate: false, create: false)
            defer { database.close() }
            var problems = try database.integrityCheck()
            if problems.isEmpty, isMember, database.schemaVersion >= 6 {
                problems = try MemberSummaries.problems(database)
            }
            if problems.isEmpty, isMember, database.schemaVersion >= MemberSchema.searchVersion {
                problems = try JournalSearch.problems(database)
            }
            // The children's points: each ledger's sum against its balance.
            if problems.isEmpty, !isMember, database.schemaVersion >= Points.schemaVersion {
                problems = try Points.problems(database)
            }
            return (problems, database.schemaVersion)
        } catch {
            return (["\(error)"], 0)
        }
    }
}

/// `manifest.json` in each backup folder.
struct BackupManifest: Equatable {
    static let formatName = "dawn-backup"

    struct File: Equatable {
        var path: String
        var size: Int
        var schemaVersion: Int
        var integrity: String
    }

    /// A photo file, `users/<id>/photos/<sha256>.jpg`: its name is its bytes' hash.
    struct Photo: Equatable {
        var path: String
        var size: Int
    }

    var format: String
    /// 1, or 2 when the backup holds photos (an older `dawn restore` refuses it rather than
    /// restoring the databases without their pictures).
    var version: Int
    var created: String
    var dawnVersion: String
    var files: [File]
    var photos: [Photo] = []
}

struct MaintenanceError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// The file operations the data-folder commands need, over the `Files` layer, failing
/// with a `MaintenanceError` that names the path.
enum BackupFiles {
    static func exists(_ path: String) -> Bool { FileSystem.exists(path) }

    static func isDirectory(_ path: String) -> Bool { FileSystem.isDirectory(path) }

    /// A folder, and not a symlink to one.
    static func isRealDirectory(_ path: String) -> Bool { FileSystem.isDirectory(path, followingLinks: false) }

    /// A regular file, and not a symlink to one.
    static func isRegularFile(_ path: String) -> Bool { FileSystem.isRegularFile(path, followingLinks: false) }

    static func size(_ path: String) throws -> Int {
        do {
            return try FileSystem.info(path).size
        } catch {
            throw MaintenanceError("cannot read \(path): \(error.reason)")
        }
    }

    static func makeDirectory(_ path: String) throws {
        do {
            try FileSystem.makeDirectory(path, mode: 0o700)
        } catch {
            throw MaintenanceError("cannot create \(path): \(error.reason)")
        }
        try? FileSystem.setPermissions(path, 0o700)
    }

    static func makeTemporaryDirectory() throws -> String {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        do {
            return try FileSystem.makeTemporaryDirectory(in: base, prefix: "dawn-restore-")
        } catch {
            throw MaintenanceError("cannot create a scratch folder in \(base): \(error.reason)")
        }
    }

    static func list(_ path: String) throws -> [String] {
        do {
            return try FileSystem.list(path)
        } catch {
            throw MaintenanceError("cannot read \(path): \(error.reason)")
        }
    }

    static func read(_ path: String) throws -> [UInt8] {
        do {
            return try FileSystem.read(path)
        } catch {
            throw MaintenanceError("cannot read \(path): \(error.reason)")
        }
    }

    /// Writes a new file (mode 0600, synced); refuses one that exists.
    static func writeNew(_ path: String, _ bytes: [UInt8]) throws {
        do {
            try FileSystem.write(bytes, to: path, mode: 0o600, replacing: false, sync: true)
        } catch {
            throw MaintenanceError("cannot \(error.call == "open" ? "create" : "write") \(path): \(error.reason)")
        }
    }

    static func copy(_ source: String, to target: String) throws {
        try writeNew(target, try read(source))
    }

    /// Removes a file or a folder and everything in it; errors are ignored.
    static func removeTree(_ path: String) {
        FileSystem.removeTree(path)
    }
}
