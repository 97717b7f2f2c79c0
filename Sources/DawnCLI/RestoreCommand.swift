import Files
import MemberData
import Store

#if canImport(Glibc)
import Glibc
#endif

/// `dawn restore --from BACKUPDIR [--data DIR]`: verifies a backup made by `dawn backup`
/// (its manifest, each file's size, `integrity_check` on scratch copies), then copies it
/// into a missing or empty data folder.
public struct RestoreCommand: Equatable, Sendable {
    public var backup: String
    public var data: String

    public init(from backup: String, data: String) {
        self.backup = backup
        self.data = data
    }

    static func parse(_ arguments: ArraySlice<String>, environment: [String: String]) throws(CommandLineError) -> RestoreCommand {
        var from: String?
        let data = try DataFolder.parse("restore", arguments, environment: environment) { argument, value throws(CommandLineError) in
            guard argument == "--from" else { return false }
            from = try value()
            return true
        }
        guard let from else { throw CommandLineError("dawn restore needs --from BACKUPDIR") }
        return RestoreCommand(from: from, data: data)
    }

    /// Runs the command; returns the exit status. `say` prints a line to stdout, `fail` to stderr.
    func run(say: (String) -> Void, fail: (String) -> Void) -> Int32 {
        DataFolder.run(fail: fail) {
            try restore(say: say)
            return 0
        }
    }

    private func restore(say: (String) -> Void) throws {
        // 1. The target must be missing or empty.
        if BackupFiles.exists(data) {
            guard BackupFiles.isDirectory(data) else { throw MaintenanceError("\(data) exists and is not a folder") }
            guard try BackupFiles.list(data).isEmpty else {
                throw MaintenanceError("\(data) is not empty: restore only into a missing or empty data folder")
            }
        }
        // 2. The manifest, and every file it lists, exactly as listed.
        let manifestPath = backup + "/manifest.json"
        guard BackupFiles.exists(manifestPath) else { throw MaintenanceError("\(manifestPath) not found: not a Dawn backup") }
        let manifest: BackupManifest
        do {
            manifest = try BackupManifest(json: try BackupFiles.read(manifestPath))
        } catch let error as MaintenanceError {
            throw error
        } catch {
            throw MaintenanceError("\(manifestPath) is not a valid manifest")
        }
        guard manifest.format == BackupManifest.formatName, manifest.version == 1 || manifest.version == 2 else {
            throw MaintenanceError("\(manifestPath): unsupported format \(manifest.format) version \(manifest.version)")
        }
        let paths = manifest.files.map(\.path)
        guard paths.contains("instance.sqlite"), Set(paths).count == paths.count else {
            throw MaintenanceError("\(manifestPath) must list instance.sqlite once and each file once")
        }
        for file in manifest.files {
            guard DataFolder.isDatabaseName(file.path) else {
                throw MaintenanceError("\(manifestPath) lists an unexpected file \"\(file.path)\"")
            }
            let path = backup + "/" + file.path
            guard BackupFiles.exists(path) else { throw MaintenanceError("\(path) is missing from the backup") }
            let size = try BackupFiles.size(path)
            guard size == file.size else {
                throw MaintenanceError("\(path) is \(size) bytes, the manifest says \(file.size): the backup was changed")
            }
        }
        // Each photo: a member's folder of the backup, named by its hash, its size as listed.
        let photoPaths = manifest.photos.map(\.path)
        guard Set(photoPaths).count == photoPaths.count else {
            throw MaintenanceError("\(manifestPath) lists a photo file more than once")
        }
        var photosByFolder: [String: Set<String>] = [:]
        for photo in manifest.photos {
            let parts = photo.path.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 4, parts[0] == "users", parts[2] == "photos",
                  paths.contains("users/\(parts[1]).sqlite"), let hash = PhotoFolder.hash(ofFileName: String(parts[3])) else {
                throw MaintenanceError("\(manifestPath) lists an unexpected file \"\(photo.path)\"")
            }
            let path = backup + "/" + photo.path
            guard BackupFiles.exists(path) else { throw MaintenanceError("\(path) is missing from the backup") }
            let size = try BackupFiles.size(path)
            guard size == photo.size else {
                throw MaintenanceError("\(path) is \(size) bytes, the manifest says \(photo.size): the backup was changed")
            }
            photosByFolder["users/\(parts[1])/photos", default: []].insert(hash)
        }
        // 3. integrity_check on scratch copies (opening a database writes to it, and the
        //    backup must stay as it is), before anything is written to DATA.
        let scratch = try BackupFiles.makeTemporaryDirectory()
        defer { BackupFiles.removeTree(scratch) }
        try BackupFiles.makeDirectory(scratch + "/users")
        for file in manifest.files {
            let copy = scratch + "/" + file.path
            try BackupFiles.copy(backup + "/" + file.path, to: copy)
            let result = DataFolder.inspect(copy, as: file.path)
            guard result.problems.isEmpty else {
                throw MaintenanceError("\(backup)/\(file.path) is damaged: \(result.problems.joined(separator: "; "))")
            }
            // Every photo the database names is in the backup.
            if let folder = PhotoFolder.relativeFolder(forDatabase: file.path) {
                let named = try PhotoFolder.namedFiles(inDatabase: copy, as: file.path)
                if let absent = named.subtracting(photosByFolder[folder] ?? []).sorted().first {
                    throw MaintenanceError("\(backup) lacks \(folder)/\(absent).jpg, which \(file.path) names")
                }
            }
        }
        // Each photo's bytes against its name, read once here and written from these bytes below.
        for photo in manifest.photos {
            let bytes = try BackupFiles.read(backup + "/" + photo.path)
            guard bytes.count == photo.size, PhotoFolder.sha256(bytes) == String(photo.path.split(separator: "/")[3].dropLast(4)) else {
                throw MaintenanceError("\(backup)/\(photo.path) is damaged: its bytes do not match its name")
            }
        }
        // 4. Copy.
        if !BackupFiles.exists(data) { try BackupFiles.makeDirectory(data) }
        do {
            try BackupFiles.makeDirectory(data + "/users")
            for file in manifest.files {
                try BackupFiles.copy(backup + "/" + file.path, to: data + "/" + file.path)
                guard try BackupFiles.size(data + "/" + file.path) == file.size else {
                    throw MaintenanceError("\(backup)/\(file.path) changed while it was being restored")
                }
            }
            for folder in photosByFolder.keys.sorted() {
                try BackupFiles.makeDirectory(data + "/" + String(folder.dropLast("/photos".count)))
                try BackupFiles.makeDirectory(data + "/" + folder)
            }
            for photo in manifest.photos {
                let bytes = try BackupFiles.read(backup + "/" + photo.path)
                guard PhotoFolder.sha256(bytes) == String(photo.path.split(separator: "/")[3].dropLast(4)) else {
                    throw MaintenanceError("\(backup)/\(photo.path) changed while it was being restored")
                }
                try BackupFiles.writeNew(data + "/" + photo.path, bytes)
            }
        } catch {
            // Leave DATA as empty as it was.
            for entry in (try? BackupFiles.list(data)) ?? [] { BackupFiles.removeTree(data + "/" + entry) }
            throw error
        }
        for file in manifest.files { say("restored \(file.path)") }
        let photos = manifest.photos.isEmpty ? ""
            : " and \(manifest.photos.count) photo file\(manifest.photos.count == 1 ? "" : "s")"
        say("restored \(manifest.files.count) database\(manifest.files.count == 1 ? "" : "s")\(photos) from \(backup) into \(data)")
    }
}
