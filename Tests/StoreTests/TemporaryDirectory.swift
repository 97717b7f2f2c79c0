import Foundation

/// A fresh directory under the system temp folder, removed when the test is done.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "store-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String {
        path + "/" + name
    }

    func bytes(of name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: file(name)))
    }

    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: file(name))
    }
}
