#if canImport(Glibc)
import Glibc
#endif

/// Every file system call Dawn makes, in one place (sockets and epoll are the server's,
/// in `HTTPServer/System.swift`). Each wrapper retries `EINTR` where a call can return it
/// and turns a failure into a `FileError` naming the call and the path.
public enum FileSystem {
    // MARK: Reading

    /// The whole of a regular file, refused past `maxBytes` (checked before and while
    /// reading, so a file that grows is never read past `maxBytes + 1`).
    public static func read(_ path: String, maxBytes: Int = Int.max) throws(FileError) -> [UInt8] {
        let descriptor = try open(path, O_RDONLY | O_CLOEXEC)
        defer { Glibc.close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileError(call: "fstat", path: path, kind: .system(errno: errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw FileError(call: "read", path: path, kind: .notRegularFile) }
        guard status.st_size <= maxBytes else { throw FileError(call: "read", path: path, kind: .tooLarge(limit: maxBytes)) }

        // /proc files say 0 bytes: read to the end whatever fstat said.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError(call: "read", path: path, kind: .system(errno: errno))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
            guard bytes.count <= maxBytes else { throw FileError(call: "read", path: path, kind: .tooLarge(limit: maxBytes)) }
        }
    }

    /// Reads a regular file front to back in chunks of at most `chunkBytes`, handing each to
    /// `body`, and returns the number of bytes read: memory stays at one chunk however large
    /// the file (a member's photos for a zip's CRC-32, say). The pointer is valid only during
    /// the call.
    @discardableResult
    public static func readChunks(_ path: String, chunkBytes: Int = 256 * 1024,
                                  _ body: (UnsafeRawBufferPointer) -> Void) throws(FileError) -> Int64 {
        precondition(chunkBytes > 0, "chunkBytes must be positive")
        let descriptor = try open(path, O_RDONLY | O_CLOEXEC)
        defer { Glibc.close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileError(call: "fstat", path: path, kind: .system(errno: errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw FileError(call: "read", path: path, kind: .notRegularFile) }

        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkBytes, alignment: 16)
        defer { chunk.deallocate() }
        var total: Int64 = 0
        while true {
            let count = Glibc.read(descriptor, chunk.baseAddress!, chunkBytes)
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError(call: "read", path: path, kind: .system(errno: errno))
            }
            if count == 0 { return total }
            body(UnsafeRawBufferPointer(rebasing: chunk[..<count]))
            total += Int64(count)
        }
    }

    // MARK: Writing

    /// Writes `bytes` to a new file (`replacing: false`: refused with `EEXIST` if it is
    /// there) or over an existing one, with `mode` for a new file; with `sync`, waits for
    /// `fsync`. On failure a file this call created is removed.
    public static func write(_ bytes: [UInt8], to path: String, mode: UInt32 = 0o600, replacing: Bool = false,
                             sync: Bool = true) throws(FileError) {
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (replacing ? O_TRUNC : O_EXCL)
        let descriptor = try open(path, flags, mode: mode)
        var failure: FileError?
        var rest = bytes[...]
        while failure == nil, !rest.isEmpty {
            let count = rest.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                rest = rest.dropFirst(count)
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                failure = FileError(call: "write", path: path, kind: .system(errno: count < 0 ? errno : EIO))
            }
        }
        if failure == nil, sync {
            while fsync(descriptor) != 0 {
                guard errno == EINTR else {
                    failure = FileError(call: "fsync", path: path, kind: .system(errno: errno))
                    break
                }
            }
        }
        Glibc.close(descriptor)
        if let failure {
            unlink(path)
            throw failure
        }
    }

    /// Renames `from` to `to` (in one folder: atomically replacing any file at `to`).
    public static func rename(_ from: String, to: String) throws(FileError) {
        guard Glibc.rename(from, to) == 0 else { throw FileError(call: "rename", path: to, kind: .system(errno: errno)) }
    }

    /// Waits for a folder's entries (a file made, renamed or removed in it) to reach the disk.
    public static func syncDirectory(_ path: String) throws(FileError) {
        let descriptor = try open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { Glibc.close(descriptor) }
        while fsync(descriptor) != 0 {
            guard errno == EINTR else { throw FileError(call: "fsync", path: path, kind: .system(errno: errno)) }
        }
    }

    /// Writes all of `bytes` to an open descriptor (standard output or error); gives up
    /// quietly on an error other than `EINTR`, as a log line has nowhere else to go.
    public static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
        var rest = bytes[...]
        while !rest.isEmpty {
            let count = rest.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { rest = rest.dropFirst(count) } else if count < 0 && errno == EINTR { continue } else { return }
        }
    }

    // MARK: Paths

    /// `stat` (or `lstat` with `followingLinks: false`).
    public static func info(_ path: String, followingLinks: Bool = true) throws(FileError) -> FileInfo {
        var status = stat()
        guard (followingLinks ? stat(path, &status) : lstat(path, &status)) == 0 else {
            throw FileError(call: followingLinks ? "stat" : "lstat", path: path, kind: .system(errno: errno))
        }
        let kind: FileInfo.Kind = switch status.st_mode & S_IFMT {
        case S_IFREG: .regular
        case S_IFDIR: .directory
        case S_IFLNK: .symbolicLink
        default: .other
        }
        return FileInfo(kind: kind, size: Int(status.st_size), permissions: UInt32(status.st_mode & 0o7777),
                        modified: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
    }

    /// Whether anything (a dangling symlink too) is at `path`.
    public static func exists(_ path: String) -> Bool {
        (try? info(path, followingLinks: false)) != nil
    }

    /// A folder (`followingLinks: false`: and not a symlink to one).
    public static func isDirectory(_ path: String, followingLinks: Bool = true) -> Bool {
        (try? info(path, followingLinks: followingLinks))?.kind == .directory
    }

    /// A regular file (`followingLinks: false`: and not a symlink to one).
    public static func isRegularFile(_ path: String, followingLinks: Bool = true) -> Bool {
        (try? info(path, followingLinks: followingLinks))?.kind == .regular
    }

    public static func makeDirectory(_ path: String, mode: UInt32) throws(FileError) {
        guard mkdir(path, mode_t(mode)) == 0 else { throw FileError(call: "mkdir", path: path, kind: .system(errno: errno)) }
    }

    /// A new folder `<directory>/<prefix>XXXXXX` (`mkdtemp`), its owner's only.
    public static func makeTemporaryDirectory(in directory: String, prefix: String) throws(FileError) -> String {
        var template = Array((directory + "/" + prefix + "XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw FileError(call: "mkdtemp", path: directory, kind: .system(errno: errno))
        }
        return String(cString: made)
    }

    public static func setPermissions(_ path: String, _ mode: UInt32) throws(FileError) {
        guard chmod(path, mode_t(mode)) == 0 else { throw FileError(call: "chmod", path: path, kind: .system(errno: errno)) }
    }

    /// Sets the process's file mode creation mask; returns the previous one.
    @discardableResult
    public static func setCreationMask(_ mask: UInt32) -> UInt32 {
        UInt32(umask(mode_t(mask)))
    }

    /// Removes a file or a symlink (never what it points to).
    public static func remove(_ path: String) throws(FileError) {
        guard unlink(path) == 0 else { throw FileError(call: "unlink", path: path, kind: .system(errno: errno)) }
    }

    /// Removes an empty folder.
    public static func removeDirectory(_ path: String) throws(FileError) {
        guard rmdir(path) == 0 else { throw FileError(call: "rmdir", path: path, kind: .system(errno: errno)) }
    }

    /// Removes a file, or a folder and everything in it; symlinks inside are removed,
    /// never followed. Errors are ignored: what could not be removed stays.
    public static func removeTree(_ path: String) {
        if isDirectory(path, followingLinks: false) {
            for name in (try? list(path)) ?? [] { removeTree(path + "/" + name) }
            try? removeDirectory(path)
            return
        }
        try? remove(path)
    }

    // MARK: Folders

    /// The names in a folder, without `.` and `..`, in the order the system gives them.
    public static func list(_ path: String) throws(FileError) -> [String] {
        guard let folder = opendir(path) else { throw FileError(call: "opendir", path: path, kind: .system(errno: errno)) }
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

    /// Every path below `directory` (files, folders and symlinks), relative to it, sorted.
    /// Symlinked folders are listed, not entered, so a link cannot make a loop.
    public static func listRecursively(_ directory: String) throws(FileError) -> [String] {
        var paths: [String] = []
        func walk(_ relative: String) throws(FileError) {
            let folder = relative.isEmpty ? directory : directory + "/" + relative
            for name in try list(folder) {
                let child = relative.isEmpty ? name : relative + "/" + name
                paths.append(child)
                if isDirectory(directory + "/" + child, followingLinks: false) { try walk(child) }
            }
        }
        try walk("")
        return paths.sorted()
    }

    // MARK: -

    private static func open(_ path: String, _ flags: Int32, mode: UInt32 = 0) throws(FileError) -> Int32 {
        while true {
            let descriptor = Glibc.open(path, flags, mode_t(mode))
            if descriptor >= 0 { return descriptor }
            guard errno == EINTR else { throw FileError(call: "open", path: path, kind: .system(errno: errno)) }
        }
    }
}
