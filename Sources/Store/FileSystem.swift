#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Store's few file system calls, in one place, reporting failures as `StoreError`.
enum FileSystem {
    /// Creates `path` and any missing parents (each with `mode`), like `mkdir -p`.
    /// An existing directory is left as it is.
    static func makeDirectories(_ path: String, mode: mode_t) throws {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += prefix.isEmpty || prefix.hasSuffix("/") ? String(component) : "/" + component
            if mkdir(prefix, mode) == 0 { continue }
            let code = errno
            guard code == EEXIST else {
                throw StoreError.notWritable(path: path, reason: "cannot create \(prefix): \(reason(code))")
            }
            guard isDirectory(prefix) else {
                throw StoreError.notWritable(path: path, reason: "\(prefix) exists and is not a directory")
            }
        }
    }

    /// Proves `directory` is writable by creating and removing a probe file: checking
    /// permission bits is not enough (read-only mounts, ACLs, full disks).
    static func probeWritable(_ directory: String) throws {
        let probe = directory + "/.dawn-write-probe-\(getpid())"
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw StoreError.notWritable(path: directory, reason: reason(errno))
        }
        let written = write(descriptor, "x", 1)
        let writeError = errno
        close(descriptor)
        unlink(probe)
        guard written == 1 else {
            throw StoreError.notWritable(path: directory, reason: reason(writeError))
        }
    }

    /// Creates an empty file that must not exist yet.
    static func createNewFile(_ path: String, mode: mode_t) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            let code = errno
            if code == EEXIST { throw StoreError.fileExists(path: path) }
            throw StoreError.notWritable(path: path, reason: reason(code))
        }
        close(descriptor)
    }

    static func removeIfPresent(_ path: String) throws {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw StoreError.notWritable(path: path, reason: "cannot delete: \(reason(errno))")
        }
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// A database file's size plus its `-wal` file's: what it takes on disk now.
    static func databaseBytes(_ path: String) -> Int {
        [path, path + "-wal"].reduce(0) { total, file in
            var info = stat()
            return total + (stat(file, &info) == 0 ? Int(info.st_size) : 0)
        }
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Sets the process's file mode creation mask to 077, so every file and folder it
    /// creates from now on (databases, their `-wal` and `-shm`, backups) is its owner's only.
    static func restrictNewFilesToOwner() {
        umask(0o077)
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
            for name in try list(folder) where isDatabaseFileName(name) {
                let path = folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                if let change = try makePrivate(path) { changes.append(change) }
            }
        }
        return changes
    }

    /// The mode without group and other bits, or nil when it has none (nothing to change).
    static func privateMode(_ mode: mode_t) -> mode_t? {
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
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw StoreError.notWritable(path: path, reason: reason(errno))
        }
        guard let mode = privateMode(info.st_mode) else { return nil }
        guard chmod(path, mode) == 0 else {
            throw StoreError.notPrivate(path: path, mode: UInt32(info.st_mode & 0o7777), reason: reason(errno))
        }
        return "tightened \(path) to its owner only: was \(octal(UInt32(info.st_mode))), now \(octal(UInt32(mode)))"
    }

    /// The names in a folder, without `.` and `..`.
    private static func list(_ path: String) throws -> [String] {
        guard let folder = opendir(path) else {
            throw StoreError.notWritable(path: path, reason: "cannot read the folder: \(reason(errno))")
        }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// errno values that mean "no room left": the device, or the owner's quota.
    static func isOutOfSpace(_ code: Int32) -> Bool {
        code == ENOSPC || code == EDQUOT
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
