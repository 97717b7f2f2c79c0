import Files
import MemberData
import Store

/// `dawn check [--data DIR] [--repair]`: `PRAGMA integrity_check` on every database of the
/// data folder (strays in `users/` included), and every photo file against the rows that
/// name it: a named file missing, or whose bytes do not hash to its name, is a problem
/// (exit status 1). Files no row names (an upload cut short by a crash) are listed, and
/// removed with `--repair`; they are no problem, and the server removes them at start too.
public struct CheckCommand: Equatable, Sendable {
    public var data: String
    public var repair: Bool

    public init(data: String, repair: Bool = false) {
        self.data = data
        self.repair = repair
    }

    static func parse(_ arguments: ArraySlice<String>, environment: [String: String]) throws(CommandLineError) -> CheckCommand {
        var repair = false
        let data = try DataFolder.parse("check", arguments, environment: environment) { argument, _ in
            guard argument == "--repair" else { return false }
            repair = true
            return true
        }
        return CheckCommand(data: data, repair: repair)
    }

    /// Runs the command; returns the exit status. `say` prints a line to stdout, `fail` to stderr.
    func run(say: (String) -> Void, fail: (String) -> Void) -> Int32 {
        DataFolder.run(fail: fail) { try check(say: say, fail: fail) }
    }

    private func check(say: (String) -> Void, fail: (String) -> Void) throws -> Int32 {
        let names = try DataFolder.databaseFiles(in: data, onlyMembers: false)
        var bad = 0
        var badPhotos = 0
        for relative in names {
            let result = DataFolder.inspect(data + "/" + relative, as: relative)
            if result.problems.isEmpty {
                say("ok  \(relative)")
            } else {
                bad += 1
                say("BAD \(relative): \(result.problems.prefix(5).joined(separator: "; "))")
                continue
            }
            guard DataFolder.isDatabaseName(relative), let folder = PhotoFolder.relativeFolder(forDatabase: relative) else { continue }
            badPhotos += try checkPhotos(of: relative, in: folder, say: say)
        }
        if bad > 0 || badPhotos > 0 {
            var parts: [String] = []
            if bad > 0 { parts.append("\(bad) of \(names.count) database\(names.count == 1 ? "" : "s") failed the check") }
            if badPhotos > 0 { parts.append("\(badPhotos) photo file\(badPhotos == 1 ? " is" : "s are") missing or damaged") }
            fail(parts.joined(separator: "; "))
            return 1
        }
        return 0
    }

    /// One member's photo folder; returns how many named files are missing or damaged.
    private func checkPhotos(of database: String, in folder: String, say: (String) -> Void) throws -> Int {
        let named = try PhotoFolder.namedFiles(inDatabase: data + "/" + database, as: database)
        guard !named.isEmpty || FileSystem.isDirectory(data + "/" + folder, followingLinks: false) else { return 0 }
        let survey = PhotoFolder.survey(data + "/" + folder, named: named)
        for name in survey.missing { say("BAD \(folder)/\(name): missing (a photo names it)") }
        for name in survey.damaged { say("BAD \(folder)/\(name): damaged (its bytes do not match its name)") }
        for name in survey.orphans {
            let path = data + "/" + folder + "/" + name
            if repair, FileSystem.isRegularFile(path, followingLinks: false), (try? FileSystem.remove(path)) != nil {
                say("removed \(folder)/\(name): no photo names it")
            } else {
                say("orphan \(folder)/\(name): no photo names it\(repair ? " (not a file: left alone)" : " (dawn check --repair removes it)")")
            }
        }
        if repair, !survey.orphans.isEmpty { try? FileSystem.syncDirectory(data + "/" + folder) }
        let problems = survey.missing.count + survey.damaged.count
        if problems == 0 { say("ok  \(folder) (\(survey.sound.count) file\(survey.sound.count == 1 ? "" : "s"))") }
        return problems
    }
}
