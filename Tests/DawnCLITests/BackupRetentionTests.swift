import DawnApp
import DawnCLI
import XCTest

/// `dawn backup --keep N`: parsing, and which run folders are removed.
final class BackupRetentionTests: XCTestCase {
    private func parse(_ args: [String]) throws(CommandLineError) -> CommandLineOptions {
        try CommandLineOptions.parse(args, environment: [:])
    }

    private func error(_ args: [String]) -> String? {
        do {
            _ = try parse(args)
            return nil
        } catch {
            return error.message
        }
    }

    func testKeepIsParsed() throws {
        XCTAssertEqual(try parse(["backup", "--to", "/b"]), .backup(BackupCommand(to: "/b", data: "./data", keep: nil)))
        XCTAssertEqual(try parse(["backup", "--keep", "14", "--to", "/b", "--data", "/d"]),
                       .backup(BackupCommand(to: "/b", data: "/d", keep: 14)))
        XCTAssertEqual(try parse(["backup", "--to", "/b", "--keep", "1"]), .backup(BackupCommand(to: "/b", data: "./data", keep: 1)))
        XCTAssertEqual(try parse(["backup", "--to", "/b", "--keep", "10000"]),
                       .backup(BackupCommand(to: "/b", data: "./data", keep: 10_000)))
    }

    func testBadKeepIsRefused() {
        for bad in ["0", "-1", "+3", "3.5", "abc", "", " 3", "3 ", "10001", "99999999999999999999", "١٤", "1e3", "0x10"] {
            XCTAssertEqual(error(["backup", "--to", "/b", "--keep", bad]),
                           bad.isEmpty ? "--keep needs a value"
                                       : "--keep needs a whole number of backups from 1 to 10000, not \"\(bad)\"", bad)
        }
        XCTAssertEqual(error(["backup", "--to", "/b", "--keep"]), "--keep needs a value")
        XCTAssertEqual(error(["backup", "--to", "/b", "--keep", "--data", "/d"]), "--keep needs a value")
        XCTAssertEqual(error(["restore", "--from", "/b", "--keep", "3"]),
                       "unknown argument \"--keep\" for dawn restore (try: dawn --help)")
        XCTAssertEqual(error(["check", "--keep", "3"]), "unknown argument \"--keep\" for dawn check (try: dawn --help)")
    }

    func testOldestRunsBeyondKeepAreRemovedNewestFirst() {
        let names = [
            "dawn-backup-20250103-030000", "dawn-backup-20250101-030000", "dawn-backup-20250102-030000",
            "dawn-backup-20250102-030000-2", "dawn-backup-20250102-030000-10", "dawn-backup-20241231-235959",
        ]
        XCTAssertEqual(BackupCommand.backupsToRemove(among: names, keep: 3), [
            "dawn-backup-20250102-030000", "dawn-backup-20250101-030000", "dawn-backup-20241231-235959",
        ])
        XCTAssertEqual(BackupCommand.backupsToRemove(among: names, keep: 2), [
            "dawn-backup-20250102-030000-2", "dawn-backup-20250102-030000", "dawn-backup-20250101-030000",
            "dawn-backup-20241231-235959",
        ], "the attempt number counts as a number: -10 is newer than -2")
        XCTAssertEqual(BackupCommand.backupsToRemove(among: names, keep: 6), [])
        XCTAssertEqual(BackupCommand.backupsToRemove(among: names, keep: 100), [])
        XCTAssertEqual(BackupCommand.backupsToRemove(among: names, keep: 0).count, 6)
        XCTAssertEqual(BackupCommand.backupsToRemove(among: [], keep: 1), [])
    }

    func testOtherNamesAreNeverRemoved() {
        let strangers = [
            "notes.txt", "dawn-backup-", "dawn-backup-2025010-030000", "dawn-backup-20250101-03000",
            "dawn-backup-20250101-030000-", "dawn-backup-20250101-030000-1", "dawn-backup-20250101-030000-02",
            "dawn-backup-20250101-030000-x", "dawn-backup-20250101-030000-2-2", "dawn-backup-20250101_030000",
            "Dawn-backup-20250101-030000", "dawn-backup-2025O101-030000", "dawn-backup-20250101-030000.tar",
            "x-dawn-backup-20250101-030000", "dawn-backup-20250101-030000-99999", "dawn-backup-２0250101-030000",
        ]
        XCTAssertEqual(BackupCommand.backupsToRemove(among: strangers, keep: 0), [])
        XCTAssertEqual(BackupCommand.backupsToRemove(among: strangers + ["dawn-backup-20200101-000000"], keep: 0),
                       ["dawn-backup-20200101-000000"])
    }
}
