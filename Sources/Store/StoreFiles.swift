#if canImport(Glibc)
import Glibc
#endif
import Files

/// The Store's file operations, over the `Files` layer, reporting failures as `StoreError`.
enum StoreFiles {
    /// Creates `path` and any missing parents (each with `mode`), like `mkdir -p`.
    /// An existing directory is left as it is.
    static func makeDirectories(_ path: String, mode: UInt32) throws {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += prefix.isEmpty || prefix.hasSuffix("/") ? String(component) : "/" + component
            do {
                try FileSystem.makeDirectory(prefix, mode: mode)
                continue
            } catch where error.errno == EEXIST {
                guard isDirectory(prefix) else {
                    throw StoreError.notWritable(path: path, reason: "\(prefix) exists and is not a directory")
                }
            } catch {
                throw StoreError.notWritable(path: path, reason: "cannot create \(prefix): \(error.reason)")
            }
        }
    }

    /// Proves `directory` is writable by creating and removing a probe file: checking
    /// permission bits is not enough (read-only mounts, ACLs, full disks).
    static func probeWritable(_ directory: String) throws {
        let probe = directory + "/.dawn-write-probe-\(getpid())"
        do {
            try FileSystem.write([UInt8(ascii: "x")], to: probe, mode: 0o600, replacing: true, sync: false)
        } catch {
            throw StoreError.notWritable(path: directory, reason: error.reason)
        }
        try? FileSystem.remove(probe)
    }

    /// Creates an empty file that must not exist yet.
    static func createNewFile(_ path: String, mode: UInt32) throws {
        do {
            try FileSystem.write([], to: path, mode: mode, replacing: false, sync: false)
        } catch {
            if error.errno == EEXIST { throw StoreError.fileExists(path: path) }
            throw StoreError.notWritable(path: path, reason: error.reason)
        }
    }

    static func removeIfPresent(_ path: String) throws {
        do {
            try FileSystem.remove(path)
        } catch where error.errno == ENOENT {
        } catch {
            throw StoreError.notWritable(path: path, reason: "cannot delete: \(error.reason)")
        }
    }

    static func exists(_ path: String) -> Bool {
        FileSystem.exists(path)
    }

    /// A database file's size plus its `-wal` file's: what it takes on disk now.
    static func databaseBytes(_ path: String) -> Int {
        [path, path + "-wal"].reduce(0) { total, file in total + ((try? FileSystem.info(file))?.size ?? 0) }
    }

    static func isDirectory(_ path: String) -> Bool {
        FileSystem.isDirectory(path)
    }

    /// Sets the process's file mode creation mask to 077, so every file and folder it
    /// creates from now on (databases, their `-wal` and `-shm`, backups) is its owner's only.
    static func restrictNewFilesToOwner() {
        FileSystem.setCreationMask(0o077)
    }

    /// Narrows `root`, `root/users` and the database files in them (`*.sqlite` and their
    /// `-wal`, `-shm`, `-journal`) to their owner when group or others have any access:
    /// folders to 0700, files to 0600 (the owner's own bits are kept). Returns one line per
    /// change; throws `.notPrivate` naming the first path that cannot be changed.
    /// Missing folders are skipped (they are created 0700 afterwards); symlinks inside are
    /// left alone, never followed.
    static func makeDataFolderPrivate(_ root: String) throws -> [String] {
        var changes: [String] = []
        for folder in [root, root + "/users"] where isDirectory(folder) {
            if let change = try makePrivate(folder) { changes.append(change) }
            let names: [String]
            do {
                names = try FileSystem.list(folder)
            } catch {
                throw StoreError.notWritable(path: folder, reason: "cannot read the folder: \(error.reason)")
            }
            for name in names where isDatabaseFileName(name) {
                let path = folder + "/" + name
                guard FileSystem.isRegularFile(path, followingLinks: false) else { continue }
                if let change = try makePrivate(path) { changes.append(change) }
            }
        }
        return changes
    }

    /// The mode without group and other bits, or nil when it has none (nothing to change).
    static func privateMode(_ mode: UInt32) -> UInt32? {
        let permissions = mode & 0o7777
        guard permissions & 0o077 != 0 else { return nil }
        return permissions & 0o700
    }

    /// `instance.sqlite`, `3.sqlite-wal`…: the files SQLite keeps for a database.
    static func isDatabaseFileName(_ name: String) -> Bool {
        [".sqlite", ".sqlite-wal", ".sqlite-shm", ".sqlite-journal"].contains { name.hasSuffix($0) }
    }

    /// `0644`.
    static func octal(_ mode: UInt32) -> String {
        let digits = String(mode & 0o7777, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func makePrivate(_ path: String) throws -> String? {
        let info: FileInfo
        do {
            info = try FileSystem.info(path)
        } catch {
            throw StoreError.notWritable(path: path, reason: error.reason)
        }
        guard let mode = privateMode(info.permissions) else { return nil }
        do {
            try FileSystem.setPermissions(path, mode)
        } catch {
            throw StoreError.notPrivate(path: path, mode: info.permissions, reason: error.reason)
        }
        return "tightened \(path) to its owner only: was \(octal(info.permissions)), now \(octal(mode))"
    }

    /// errno values that mean "no room left": the device, or the owner's quota.
    static func isOutOfSpace(_ code: Int32) -> Bool {
        code == ENOSPC || code == EDQUOT
    }
}
