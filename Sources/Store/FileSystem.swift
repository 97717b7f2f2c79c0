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

    /// errno values that mean "no room left": the device, or the owner's quota.
    static func isOutOfSpace(_ code: Int32) -> Bool {
        code == ENOSPC || code == EDQUOT
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
