import DawnApp
import Files
import MemberData
import Store

#if canImport(Glibc)
import Glibc
#endif

/// `dawn backup --to DIR [--data DIR] [--keep N]`: a snapshot of every database into
/// `DIR/dawn-backup-<UTC time>/`, with a `manifest.json` that `dawn restore` checks.
///
/// Backups work while the server runs: each database is opened like the server opens it
/// (so with the same binary no migration runs; an older file is migrated first) and copied
/// with `VACUUM INTO`, which reads one consistent snapshot under SQLite's locking.
public struct BackupCommand: Equatable, Sendable {
    public var target: String
    public var data: String
    /// After a successful run, keep only the newest `keep` backups in `target` (this one included).
    public var keep: Int?

    public init(to target: String, data: String, keep: Int?) {
        self.target = target
        self.data = data
        self.keep = keep
    }

    static func parse(_ arguments: ArraySlice<String>, environment: [String: String]) throws(CommandLineError) -> BackupCommand {
        var to: String?
        var keep: Int?
        let data = try DataFolder.parse("backup", arguments, environment: environment) { argument, value throws(CommandLineError) in
            switch argument {
            case "--to": to = try value()
            case "--keep":
                let v = try value()
                guard v.count <= 5, v.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(v), (1...10_000).contains(n) else {
                    throw CommandLineError("--keep needs a whole number of backups from 1 to 10000, not \"\(v)\"")
                }
                keep = n
            default: return false
            }
            return true
        }
        guard let to else { throw CommandLineError("dawn backup needs --to DIR") }
        return BackupCommand(to: to, data: data, keep: keep)
    }

    /// Runs the command; returns the exit status. `say` prints a line to stdout, `fail` to stderr.
    func run(say: (String) -> Void, fail: (String) -> Void) -> Int32 {
        DataFolder.run(fail: fail) {
            let folder = try backup(say: say)
            if let keep { try prune(keep: keep, sparing: folder, say: say) }
            return 0
        }
    }

    private func backup(say: (String) -> Void) throws -> String {
        let files = try DataFolder.databaseFiles(in: data)
        guard BackupFiles.isDirectory(target) else {
            throw MaintenanceError("backup folder \(target) does not exist (create it first)")
        }
        let (folder, stamp) = try makeRunFolder()
        do {
            var entries: [BackupManifest.File] = []
            var photos: [BackupManifest.Photo] = []
            for relative in files {
                if relative.hasPrefix("users/") && !BackupFiles.isDirectory(folder + "/users") {
                    try BackupFiles.makeDirectory(folder + "/users")
                }
                // A photo deleted between the snapshot and its copy is gone from DATA but still
                // named by the snapshot: the database is taken again, without it.
                var attempt = 1
                while true {
                    let entry = try snapshot(relative, into: folder)
                    do {
                        photos += try copyPhotos(of: relative, into: folder)
                        entries.append(entry)
                        break
                    } catch let missing as MissingPhoto where attempt < 3 {
                        _ = missing
                        attempt += 1
                        BackupFiles.removeTree(folder + "/" + relative)
                        if let photoFolder = PhotoFolder.relativeFolder(forDatabase: relative) {
                            BackupFiles.removeTree(folder + "/" + String(photoFolder.dropLast("/photos".count)))
                        }
                    }
                }
            }
            let manifest = BackupManifest(format: BackupManifest.formatName, version: photos.isEmpty ? 1 : 2,
                                          created: stamp.iso, dawnVersion: DawnVersion.current, files: entries,
                                          photos: photos)
            try BackupFiles.writeNew(folder + "/manifest.json", manifest.bytes)
        } catch let missing as MissingPhoto {
            BackupFiles.removeTree(folder)
            throw MaintenanceError("\(missing.path) is missing, yet a photo names it (dawn check lists what is damaged)")
        } catch {
            BackupFiles.removeTree(folder)
            throw error
        }
        say(folder)
        return folder
    }

    /// One database, snapshotted as found and checked.
    private func snapshot(_ relative: String, into folder: String) throws -> BackupManifest.File {
        let source = data + "/" + relative
        let snapshot = folder + "/" + relative
        do {
            // As found: a backup must not upgrade a database (see Database.open).
            let database = try Database.open(path: source, migrations: DataFolder.migrations(for: relative), migrate: false, create: false)
            defer { database.close() }
            try database.backup(to: snapshot)
        } catch {
            throw MaintenanceError("cannot back up \(source): \(error)")
        }
        let check = DataFolder.inspect(snapshot, as: relative)
        guard check.problems.isEmpty else {
            throw MaintenanceError("the snapshot of \(source) is damaged: \(check.problems.joined(separator: "; "))")
        }
        return BackupManifest.File(path: relative, size: try BackupFiles.size(snapshot),
                                   schemaVersion: check.schemaVersion, integrity: "ok")
    }

    /// A photo file the snapshot names is not in DATA.
    private struct MissingPhoto: Error {
        let path: String
    }

    /// Copies every photo file the snapshot of `relative` names, each checked against its
    /// name (a damaged file fails the backup rather than being kept as if sound).
    private func copyPhotos(of relative: String, into folder: String) throws -> [BackupManifest.Photo] {
        guard let photoFolder = PhotoFolder.relativeFolder(forDatabase: relative) else { return [] }
        let named = try PhotoFolder.namedFiles(inDatabase: folder + "/" + relative, as: relative)
        guard !named.isEmpty else { return [] }
        let memberFolder = String(photoFolder.dropLast("/photos".count))
        try BackupFiles.makeDirectory(folder + "/" + memberFolder)
        try BackupFiles.makeDirectory(folder + "/" + photoFolder)
        var photos: [BackupManifest.Photo] = []
        for hash in named.sorted() {
            let path = photoFolder + "/" + hash + ".jpg"
            guard FileSystem.isRegularFile(data + "/" + path, followingLinks: false) else {
                throw MissingPhoto(path: data + "/" + path)
            }
            let bytes = try BackupFiles.read(data + "/" + path)
            guard PhotoFolder.sha256(bytes) == hash else {
                throw MaintenanceError("\(data)/\(path) is damaged: its bytes do not match its name (see dawn check)")
            }
            try BackupFiles.writeNew(folder + "/" + path, bytes)
            photos.append(BackupManifest.Photo(path: path, size: bytes.count))
        }
        return photos
    }

    // MARK: - --keep

    /// Removes all but the newest `keep` backups in `target`, counting `made` (the run just
    /// made, never removed) as one of them. Only real folders (not symlinks) named like a run
    /// folder and holding a readable `manifest.json` of format `dawn-backup` count as backups;
    /// anything else in `target` is left alone. Symlinks inside a removed folder are unlinked,
    /// never followed.
    private func prune(keep: Int, sparing made: String, say: (String) -> Void) throws {
        let madeName = String(made.split(separator: "/").last ?? "")
        let backups = try BackupFiles.list(target).filter { name in
            guard name != madeName, Self.runFolderKey(name) != nil else { return false }
            let folder = target + "/" + name
            guard BackupFiles.isRealDirectory(folder), BackupFiles.isRegularFile(folder + "/manifest.json"),
                  let bytes = try? BackupFiles.read(folder + "/manifest.json"),
                  let manifest = try? BackupManifest(json: bytes) else { return false }
            return manifest.format == BackupManifest.formatName
        }
        for name in Self.backupsToRemove(among: backups, keep: keep - 1) {
            let folder = target + "/" + name
            BackupFiles.removeTree(folder)
            guard !BackupFiles.exists(folder) else {
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

    private func makeRunFolder() throws -> (String, Timestamp) {
        let stamp = Timestamp.now()
        let base = target + "/dawn-backup-" + stamp.compact
        // After the newest runs of this second: a name freed by --keep is not taken again,
        // so names keep sorting in the order the runs were made.
        var attempt = 1 + ((try? BackupFiles.list(target)) ?? []).compactMap { name -> Int? in
            guard let key = Self.runFolderKey(name), key.stamp == stamp.compact.filter({ $0 != "-" }) else { return nil }
            return key.attempt
        }.reduce(0, max)
        while true {
            let folder = attempt == 1 ? base : "\(base)-\(attempt)"
            do {
                try FileSystem.makeDirectory(folder, mode: 0o700)
                return (folder, stamp)
            } catch where error.errno == EEXIST && attempt < 1000 {
                attempt += 1
            } catch {
                throw MaintenanceError("cannot create \(folder): \(error.reason)")
            }
        }
    }
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
