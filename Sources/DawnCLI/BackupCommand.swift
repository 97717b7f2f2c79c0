import FoundationEssentials
import MemberData
import Store

#if canImport(Glibc)
import Glibc
#endif

/// `dawn backup`, `dawn restore` and `dawn check`: the operator's tools for the data folder.
///
/// Backups work while the server runs: each database is opened like the server opens it
/// (so with the same binary no migration runs; an older file is migrated first) and copied
/// with `VACUUM INTO`, which reads one consistent snapshot under SQLite's locking.
public enum MaintenanceCommand: Equatable, Sendable {
    /// `keep`: after a successful run, keep only the newest `keep` backups in `to` (this one included).
    case backup(to: String, data: String, keep: Int?)
    case restore(from: String, data: String)
    case check(data: String)

    static func parse(_ command: String, _ arguments: ArraySlice<String>,
                      environment: [String: String]) throws(CommandLineError) -> MaintenanceCommand {
        var rest = arguments
        var data = environment["DAWN_DATA"] ?? "./data"
        var to: String?
        var from: String?
        var keep: Int?
        while let argument = rest.popFirst() {
            func value() throws(CommandLineError) -> String {
                guard let v = rest.popFirst(), !v.isEmpty, !v.hasPrefix("--") else {
                    throw CommandLineError("\(argument) needs a value")
                }
                return v
            }
            switch (command, argument) {
            case (_, "--data"): data = try value()
            case ("backup", "--to"): to = try value()
            case ("backup", "--keep"):
                let v = try value()
                guard v.count <= 5, v.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(v), (1...10_000).contains(n) else {
                    throw CommandLineError("--keep needs a whole number of backups from 1 to 10000, not \"\(v)\"")
                }
                keep = n
            case ("restore", "--from"): from = try value()
            default: throw CommandLineError("unknown argument \"\(argument)\" for dawn \(command) (try: dawn --help)")
            }
        }
        guard !data.isEmpty else { throw CommandLineError("--data must not be empty") }
        switch command {
        case "backup":
            guard let to else { throw CommandLineError("dawn backup needs --to DIR") }
            return .backup(to: to, data: data, keep: keep)
        case "restore":
            guard let from else { throw CommandLineError("dawn restore needs --from BACKUPDIR") }
            return .restore(from: from, data: data)
        default:
            return .check(data: data)
        }
    }

    /// Runs the command; returns the exit status. `say` prints a line to stdout, `fail` to stderr.
    func run(say: (String) -> Void, fail: (String) -> Void) -> Int32 {
        do {
            switch self {
            case let .backup(to, data, keep):
                let folder = try backup(to: to, data: data, say: say)
                if let keep { try prune(to, keep: keep, sparing: folder, say: say) }
            case let .restore(from, data): try restore(from: from, data: data, say: say)
            case let .check(data): return try check(data: data, say: say, fail: fail)
            }
            return 0
        } catch let error as MaintenanceError {
            fail(error.message)
            return 1
        } catch {
            fail("\(error)")
            return 1
        }
    }

    // MARK: - backup

    private func backup(to target: String, data: String, say: (String) -> Void) throws -> String {
        let files = try databaseFiles(in: data)
        guard Files.isDirectory(target) else {
            throw MaintenanceError("backup folder \(target) does not exist (create it first)")
        }
        let (folder, stamp) = try makeRunFolder(in: target)
        do {
            var entries: [BackupManifest.File] = []
            for relative in files {
                let source = data + "/" + relative
                let snapshot = folder + "/" + relative
                if relative.hasPrefix("users/") && !Files.isDirectory(folder + "/users") {
                    try Files.makeDirectory(folder + "/users")
                }
                do {
                    // As found: a backup must not upgrade a database (see Database.open).
                    let database = try Database.open(path: source, migrations: migrations(for: relative), migrate: false, create: false)
                    defer { database.close() }
                    try database.backup(to: snapshot)
                } catch {
                    throw MaintenanceError("cannot back up \(source): \(error)")
                }
                let check = Self.inspect(snapshot, migrations: migrations(for: relative))
                guard check.problems.isEmpty else {
                    throw MaintenanceError("the snapshot of \(source) is damaged: \(check.problems.joined(separator: "; "))")
                }
                entries.append(BackupManifest.File(path: relative, size: try Files.size(snapshot),
                                                   schemaVersion: check.schemaVersion, integrity: "ok"))
            }
            let manifest = BackupManifest(format: BackupManifest.formatName, version: 1, created: stamp.iso,
                                          dawnVersion: DawnVersion.current, files: entries)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try Files.writeNew(folder + "/manifest.json", Array(try encoder.encode(manifest)) + [0x0A])
        } catch {
            Files.removeTree(folder)
            throw error
        }
        say(folder)
        return folder
    }

    // MARK: - --keep

    /// Removes all but the newest `keep` backups in `target`, counting `made` (the run just
    /// made, never removed) as one of them. Only real folders (not symlinks) named like a run
    /// folder and holding a readable `manifest.json` of format `dawn-backup` count as backups;
    /// anything else in `target` is left alone. Symlinks inside a removed folder are unlinked,
    /// never followed.
    private func prune(_ target: String, keep: Int, sparing made: String, say: (String) -> Void) throws {
        let madeName = String(made.split(separator: "/").last ?? "")
        let backups = try Files.list(target).filter { name in
            guard name != madeName, Self.runFolderKey(name) != nil else { return false }
            let folder = target + "/" + name
            guard Files.isRealDirectory(folder), Files.isRegularFile(folder + "/manifest.json"),
                  let bytes = try? Files.read(folder + "/manifest.json"),
                  let manifest = try? JSONDecoder().decode(BackupManifest.self, from: Data(bytes)) else { return false }
            return manifest.format == BackupManifest.formatName
        }
        for name in Self.backupsToRemove(among: backups, keep: keep - 1) {
            let folder = target + "/" + name
            Files.removeTree(folder)
            guard !Files.exists(folder) else {
                throw MaintenanceError("backed up to \(made), but cannot remove the old backup \(folder)")
            }
            say("removed \(folder)")
        }
    }

    /// Of `names`, those that are run folder names (`dawn-backup-YYYYMMDD-HHMMSS`, maybe `-2`,
    /// `-3`…) beyond the newest `keep`, newest first; other names are never returned.
    public static func backupsToRemove(among names: [String], keep: Int) -> [String] {
        let runs = names.compactMap { name in runFolderKey(name).map { (name, $0) } }
            .sorted { a, b in a.1.stamp != b.1.stamp ? a.1.stamp > b.1.stamp : a.1.attempt > b.1.attempt }
        return runs.dropFirst(max(0, keep)).map(\.0)
    }

    /// The UTC stamp and attempt number of a run folder's name, or nil for any other name.
    static func runFolderKey(_ name: String) -> (stamp: String, attempt: Int)? {
        let prefix = "dawn-backup-"
        guard name.hasPrefix(prefix) else { return nil }
        let parts = name.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
        func digits(_ s: Substring, _ count: Int) -> Bool { s.count == count && s.allSatisfy { $0.isASCII && $0.isNumber } }
        guard parts.count == 2 || parts.count == 3, digits(parts[0], 8), digits(parts[1], 6) else { return nil }
        var attempt = 1
        if parts.count == 3 {
            guard (1...4).contains(parts[2].count), parts[2].first != "0", parts[2].allSatisfy({ $0.isASCII && $0.isNumber }),
                  let n = Int(parts[2]), n >= 2 else { return nil }
            attempt = n
        }
        return (String(parts[0] + parts[1]), attempt)
    }

    private func makeRunFolder(in target: String) throws -> (String, Timestamp) {
        let stamp = Timestamp.now()
        let base = target + "/dawn-backup-" + stamp.compact
        // After the newest runs of this second: a name freed by --keep is not taken again,
        // so names keep sorting in the order the runs were made.
        var attempt = 1 + ((try? Files.list(target)) ?? []).compactMap { name -> Int? in
            guard let key = Self.runFolderKey(name), key.stamp == stamp.compact.filter({ $0 != "-" }) else { return nil }
            return key.attempt
        }.reduce(0, max)
        while true {
            let folder = attempt == 1 ? base : "\(base)-\(attempt)"
            if mkdir(folder, 0o700) == 0 { return (folder, stamp) }
            let code = errno
            guard code == EEXIST, attempt < 1000 else {
                throw MaintenanceError("cannot create \(folder): \(Files.reason(code))")
            }
            attempt += 1
        }
    }

    // MARK: - restore

    private func restore(from backup: String, data: String, say: (String) -> Void) throws {
        // 1. The target must be missing or empty.
        if Files.exists(data) {
            guard Files.isDirectory(data) else { throw MaintenanceError("\(data) exists and is not a folder") }
            guard try Files.list(data).isEmpty else {
                throw MaintenanceError("\(data) is not empty: restore only into a missing or empty data folder")
            }
        }
        // 2. The manifest, and every file it lists, exactly as listed.
        let manifestPath = backup + "/manifest.json"
        guard Files.exists(manifestPath) else { throw MaintenanceError("\(manifestPath) not found: not a Dawn backup") }
        let manifest: BackupManifest
        do {
            manifest = try JSONDecoder().decode(BackupManifest.self, from: Data(try Files.read(manifestPath)))
        } catch let error as MaintenanceError {
            throw error
        } catch {
            throw MaintenanceError("\(manifestPath) is not a valid manifest")
        }
        guard manifest.format == BackupManifest.formatName, manifest.version == 1 else {
            throw MaintenanceError("\(manifestPath): unsupported format \(manifest.format) version \(manifest.version)")
        }
        let paths = manifest.files.map(\.path)
        guard paths.contains("instance.sqlite"), Set(paths).count == paths.count else {
            throw MaintenanceError("\(manifestPath) must list instance.sqlite once and each file once")
        }
        for file in manifest.files {
            guard Self.isDatabaseName(file.path) else {
                throw MaintenanceError("\(manifestPath) lists an unexpected file \"\(file.path)\"")
            }
            let path = backup + "/" + file.path
            guard Files.exists(path) else { throw MaintenanceError("\(path) is missing from the backup") }
            let size = try Files.size(path)
            guard size == file.size else {
                throw MaintenanceError("\(path) is \(size) bytes, the manifest says \(file.size): the backup was changed")
            }
        }
        // 3. integrity_check on scratch copies (opening a database writes to it, and the
        //    backup must stay as it is), before anything is written to DATA.
        let scratch = try Files.makeTemporaryDirectory()
        defer { Files.removeTree(scratch) }
        try Files.makeDirectory(scratch + "/users")
        for file in manifest.files {
            let copy = scratch + "/" + file.path
            try Files.copy(backup + "/" + file.path, to: copy)
            let result = Self.inspect(copy, migrations: migrations(for: file.path))
            guard result.problems.isEmpty else {
                throw MaintenanceError("\(backup)/\(file.path) is damaged: \(result.problems.joined(separator: "; "))")
            }
        }
        // 4. Copy.
        if !Files.exists(data) { try Files.makeDirectory(data) }
        do {
            try Files.makeDirectory(data + "/users")
            for file in manifest.files {
                try Files.copy(backup + "/" + file.path, to: data + "/" + file.path)
                guard try Files.size(data + "/" + file.path) == file.size else {
                    throw MaintenanceError("\(backup)/\(file.path) changed while it was being restored")
                }
            }
        } catch {
            // Leave DATA as empty as it was.
            for entry in (try? Files.list(data)) ?? [] { Files.removeTree(data + "/" + entry) }
            throw error
        }
        for file in manifest.files { say("restored \(file.path)") }
        say("restored \(manifest.files.count) database\(manifest.files.count == 1 ? "" : "s") from \(backup) into \(data)")
    }

    // MARK: - check

    private func check(data: String, say: (String) -> Void, fail: (String) -> Void) throws -> Int32 {
        let names = try databaseFiles(in: data, onlyMembers: false)
        var bad = 0
        for relative in names {
            let result = Self.inspect(data + "/" + relative, migrations: migrations(for: relative))
            if result.problems.isEmpty {
                say("ok  \(relative)")
            } else {
                bad += 1
                say("BAD \(relative): \(result.problems.prefix(5).joined(separator: "; "))")
            }
        }
        if bad > 0 {
            fail("\(bad) of \(names.count) database\(names.count == 1 ? "" : "s") failed the check")
            return 1
        }
        return 0
    }

    // MARK: - Shared

    /// `instance.sqlite` first, then the member databases in id order, relative to `data`.
    /// With `onlyMembers: false`, every `*.sqlite` in `users/` counts, so `check` reports strays.
    private func databaseFiles(in data: String, onlyMembers: Bool = true) throws -> [String] {
        guard Files.isDirectory(data) else { throw MaintenanceError("data folder \(data) does not exist") }
        guard Files.exists(data + "/instance.sqlite") else {
            throw MaintenanceError("\(data) holds no instance.sqlite: not a Dawn data folder")
        }
        var members: [String] = []
        if Files.isDirectory(data + "/users") {
            members = try Files.list(data + "/users").filter { name in
                onlyMembers ? Self.isDatabaseName("users/" + name) : name.hasSuffix(".sqlite")
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

    private func migrations(for relative: String) -> [Migration] {
        relative == "instance.sqlite" ? InstanceSchema.migrations : MemberSchema.migrations
    }

    /// Opens an existing database and runs `PRAGMA integrity_check`.
    static func inspect(_ path: String, migrations: [Migration]) -> (problems: [String], schemaVersion: Int) {
        guard Files.exists(path) else { return (["missing"], 0) }
        do {
            let database = try Database.open(path: path, migrations: migrations, migrate: false, create: false)
            defer { database.close() }
            return (try database.integrityCheck(), database.schemaVersion)
        } catch {
            return (["\(error)"], 0)
        }
    }
}

/// `manifest.json` in each backup folder.
struct BackupManifest: Codable, Equatable {
    static let formatName = "dawn-backup"

    struct File: Codable, Equatable {
        var path: String
        var size: Int
        var schemaVersion: Int
        var integrity: String
    }

    var format: String
    var version: Int
    var created: String
    var dawnVersion: String
    var files: [File]
}

struct MaintenanceError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// The moment a backup starts, in UTC.
private struct Timestamp {
    let compact: String
    let iso: String

    static func now() -> Timestamp {
        var seconds = time(nil)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let date = "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))"
        let clock = "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))"
        let iso = "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
        return Timestamp(compact: date + "-" + clock, iso: iso)
    }
}

/// The few POSIX file operations the maintenance commands need.
private enum Files {
    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// A folder, and not a symlink to one.
    static func isRealDirectory(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// A regular file, and not a symlink to one.
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    static func size(_ path: String) throws -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else { throw MaintenanceError("cannot read \(path): \(reason(errno))") }
        return Int(info.st_size)
    }

    static func makeDirectory(_ path: String) throws {
        guard mkdir(path, 0o700) == 0 else { throw MaintenanceError("cannot create \(path): \(reason(errno))") }
        _ = chmod(path, 0o700)
    }

    static func makeTemporaryDirectory() throws -> String {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/dawn-restore-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw MaintenanceError("cannot create a scratch folder in \(base): \(reason(errno))")
        }
        return String(cString: made)
    }

    static func list(_ path: String) throws -> [String] {
        guard let dir = opendir(path) else { throw MaintenanceError("cannot read \(path): \(reason(errno))") }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    static func read(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw MaintenanceError("cannot read \(path): \(reason(errno))") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n > 0 { bytes += buffer[..<n] } else if n == 0 { return bytes } else if errno != EINTR {
                throw MaintenanceError("cannot read \(path): \(reason(errno))")
            }
        }
    }

    /// Writes a new file (mode 0600); refuses one that exists.
    static func writeNew(_ path: String, _ bytes: [UInt8]) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw MaintenanceError("cannot create \(path): \(reason(errno))") }
        var ok = false
        defer {
            close(fd)
            if !ok { unlink(path) }
        }
        var rest = bytes[...]
        while !rest.isEmpty {
            let n = rest.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n > 0 { rest = rest.dropFirst(n) } else if n < 0 && errno == EINTR { continue } else {
                throw MaintenanceError("cannot write \(path): \(reason(errno))")
            }
        }
        guard fsync(fd) == 0 else { throw MaintenanceError("cannot write \(path): \(reason(errno))") }
        ok = true
    }

    static func copy(_ source: String, to target: String) throws {
        try writeNew(target, try read(source))
    }

    /// Removes a file or a folder and everything in it; errors are ignored.
    static func removeTree(_ path: String) {
        if isDirectory(path) {
            var info = stat()
            if lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
                for name in (try? list(path)) ?? [] { removeTree(path + "/" + name) }
                rmdir(path)
                return
            }
        }
        unlink(path)
    }
}
