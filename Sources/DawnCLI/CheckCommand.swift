import MemberData
import Store

/// `dawn check [--data DIR]`: `PRAGMA integrity_check` on every database of the data
/// folder (strays in `users/` included); exit status 1 on any problem.
public struct CheckCommand: Equatable, Sendable {
    public var data: String

    public init(data: String) {
        self.data = data
    }

    static func parse(_ arguments: ArraySlice<String>, environment: [String: String]) throws(CommandLineError) -> CheckCommand {
        CheckCommand(data: try DataFolder.parse("check", arguments, environment: environment) { _, _ in false })
    }

    /// Runs the command; returns the exit status. `say` prints a line to stdout, `fail` to stderr.
    func run(say: (String) -> Void, fail: (String) -> Void) -> Int32 {
        DataFolder.run(fail: fail) { try check(say: say, fail: fail) }
    }

    private func check(say: (String) -> Void, fail: (String) -> Void) throws -> Int32 {
        let names = try DataFolder.databaseFiles(in: data, onlyMembers: false)
        var bad = 0
        for relative in names {
            let result = DataFolder.inspect(data + "/" + relative, as: relative)
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
}
