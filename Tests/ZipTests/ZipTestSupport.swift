import Foundation
import XCTest
@testable import Zip

/// A plan's bytes, its files read: what the export would send. Checks each file is the
/// size the plan says.
func materialise(_ plan: ZipPlan) throws -> [UInt8] {
    var bytes: [UInt8] = []
    for part in plan.parts {
        switch part {
        case let .bytes(data):
            bytes += data
        case let .file(path, size):
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            XCTAssertEqual(Int64(data.count), size, "\(path) is not the size the plan says")
            bytes += data
        }
    }
    XCTAssertEqual(Int64(bytes.count), plan.length)
    return bytes
}

func le<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] {
    withUnsafeBytes(of: value.littleEndian) { Array($0) }
}

/// Overwrites a little-endian field in place.
func patch<Value: FixedWidthInteger>(_ bytes: inout [UInt8], at offset: Int, _ value: Value) {
    bytes.replaceSubrange(offset..<offset + MemoryLayout<Value>.size, with: le(value))
}

func readLE<Value: FixedWidthInteger>(_ bytes: [UInt8], at offset: Int, as _: Value.Type = Value.self) -> Value {
    var value: Value = 0
    for index in (0..<MemoryLayout<Value>.size).reversed() { value = value << 8 | Value(bytes[offset + index]) }
    return value
}

/// Where the central directory starts, from a classic end record (no comment).
func centralDirectoryOffset(_ bytes: [UInt8]) -> Int {
    Int(readLE(bytes, at: bytes.count - 6, as: UInt32.self))
}

/// The `ZipError` a call throws; a failure when it throws nothing or something else.
func zipError<T>(_ body: () throws -> T, file: StaticString = #filePath, line: UInt = #line) -> ZipError? {
    do {
        _ = try body()
        XCTFail("no error thrown", file: file, line: line)
        return nil
    } catch let error as ZipError {
        return error
    } catch {
        XCTFail("not a ZipError: \(error)", file: file, line: line)
        return nil
    }
}

/// SplitMix64: a seeded generator, so a random sequence that fails fails again.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
    var random = SeededRandom(seed: seed)
    return (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
}

/// Lines of text that deflate well, as a JSON export would.
func text(lines: Int) -> [UInt8] {
    Array((0..<lines).map { "{\"date\": \"2026-11-\($0 % 30 + 1)\", \"habit\": \"Stretch \($0 % 7)\"}\n" }.joined().utf8)
}

/// A folder of its own under the temporary directory, removed by `remove()`.
struct ScratchFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "dawn-zip-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = path + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Runs a tool, its output as text; skips the test when the tool is missing.
struct Tool {
    let path: String

    static let python = Tool(path: "/usr/bin/python3")
    static let infoZip = Tool(path: "/usr/bin/zip")

    func requireInstalled() throws {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw XCTSkip("\(path) is missing: the check against it is skipped")
        }
    }

    /// Exit status, and standard output and error together.
    @discardableResult
    func run(_ arguments: [String], in directory: String? = nil, input: [UInt8]? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let output = Pipe(), stdin = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        try process.run()
        if let input {
            // The tools here read all their input before they write much.
            stdin.fileHandleForWriting.write(Data(input))
            try stdin.fileHandleForWriting.close()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
