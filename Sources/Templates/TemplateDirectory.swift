import Files

/// Reading `*.html` files from the views directory, and noticing when they change.
enum TemplateDirectory {
    struct Source: Sendable {
        let name: String
        let file: String
        let bytes: [UInt8]
    }

    /// What a reload compares: each file's size and modification time, by relative path.
    struct Stamp: Sendable, Equatable {
        let size: Int
        let modified: Double
    }

    static let fileExtension = ".html"

    static func load(_ directory: String) throws(TemplateError) -> [Source] {
        var sources: [Source] = []
        for relative in try htmlFiles(in: directory) {
            let file = path(directory, relative)
            guard let bytes = try? FileSystem.read(file) else {
                throw TemplateError(file: file, line: 0, column: 0, message: "can't read the file")
            }
            guard String(validating: bytes, as: UTF8.self) != nil else {
                throw TemplateError(file: file, line: 0, column: 0, message: "the file isn't valid UTF-8")
            }
            sources.append(Source(name: String(relative.dropLast(fileExtension.count)), file: file, bytes: bytes))
        }
        return sources
    }

    /// Stamps of every template file; an unreadable directory gives an empty fingerprint.
    static func fingerprint(_ directory: String) -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        guard let files = try? htmlFiles(in: directory) else { return stamps }
        for relative in files {
            guard let info = try? FileSystem.info(path(directory, relative)) else { continue }
            stamps[relative] = Stamp(size: info.size, modified: info.modified)
        }
        return stamps
    }

    /// Relative paths of the `*.html` files under `directory`, skipping hidden names
    /// (editors' swap and backup files).
    private static func htmlFiles(in directory: String) throws(TemplateError) -> [String] {
        let all: [String]
        do {
            all = try FileSystem.listRecursively(directory)
        } catch {
            throw TemplateError(file: directory, line: 0, column: 0, message: "can't read the templates directory")
        }
        return all.filter { relative in
            relative.hasSuffix(fileExtension)
                && !relative.split(separator: "/").contains { $0.hasPrefix(".") }
                && FileSystem.isRegularFile(path(directory, relative))
        }.sorted()
    }

    private static func path(_ directory: String, _ relative: String) -> String {
        directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }
}
