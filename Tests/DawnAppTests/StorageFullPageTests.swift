import Accounts
import HTTP
import Localization
import Store
import XCTest
@testable import DawnApp

/// A full disk, however it reaches a page, is a 503 with Retry-After in the member's language.
final class StorageFullPageTests: XCTestCase {
    private var data = ""

    override func tearDown() {
        if !data.isEmpty { _ = try? FileManager.default.removeItem(atPath: data) }
    }

    private func app() throws -> Dawn {
        data = NSTemporaryDirectory() + "dawn-storage-full-\(UInt64.random(in: 0...UInt64.max))"
        var configuration = DawnConfiguration()
        configuration.dataDirectory = data
        // Tests/DawnAppTests/StorageFullPageTests.swift → the repository, which holds Views/ and Public/.
        configuration.resourcesDirectory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        return try Dawn(configuration: configuration)
    }

    func testWhichErrorsAreAFullDisk() {
        let full = StoreError.full(path: "/data/users/2.sqlite", message: "database or disk is full", sql: "INSERT")
        XCTAssertTrue(StorageFullPage.matches(full))
        XCTAssertTrue(StorageFullPage.matches(StoreError.migrationFailed(path: "x", version: 2, underlying: full)))
        XCTAssertTrue(StorageFullPage.matches(AccountError.storageFull))
        XCTAssertFalse(StorageFullPage.matches(AccountError.storage("disk I/O error")))
        XCTAssertFalse(StorageFullPage.matches(StoreError.sqlite(code: 10, message: "disk I/O error", sql: "INSERT")))
        XCTAssertFalse(StorageFullPage.matches(StoreError.closed(path: "x")))
        XCTAssertFalse(StorageFullPage.matches(CocoaError(.fileWriteOutOfSpace)), "only the Store's own errors")
    }

    func testAFullDiskIsA503WithRetryAfterInTheMembersLanguage() throws {
        let dawn = try app()
        defer { dawn.shutdown() }
        let expected: [(Language, String, String)] = [
            (.en, "Service Unavailable", "The server&#39;s disk is full"),
            (.it, "Servizio non disponibile", "Il disco del server è pieno"),
            (.fr, "Service indisponible", "Le disque du serveur est plein\u{00A0}:"),
        ]
        for (language, title, message) in expected {
            let full = StoreError.full(path: "/data/users/2.sqlite", message: "database or disk is full", sql: "INSERT INTO notes")
            let response = dawn.errorPages.unexpected(full, language: language)
            XCTAssertEqual(response.status, .serviceUnavailable)
            XCTAssertEqual(response.headers["Retry-After"], "60")
            let body = String(decoding: response.body, as: UTF8.self)
            XCTAssertTrue(body.contains("<html lang=\"\(language.rawValue)\""), body)
            XCTAssertTrue(body.contains(title), "\(language): \(body)")
            XCTAssertTrue(body.contains(message), "\(language): \(body)")
            XCTAssertFalse(body.contains("INSERT") || body.contains("/data/"), "no SQL or path on the page")
        }
    }

    func testOtherFailuresStayA500WithoutRetryAfter() throws {
        let dawn = try app()
        defer { dawn.shutdown() }
        for error: any Error in [StoreError.sqlite(code: 11, message: "database disk image is malformed", sql: "SELECT"),
                                 AccountError.storage("disk I/O error")] {
            let response = dawn.errorPages.unexpected(error, language: .en)
            XCTAssertEqual(response.status, .internalServerError)
            XCTAssertNil(response.headers["Retry-After"])
        }
    }
}
