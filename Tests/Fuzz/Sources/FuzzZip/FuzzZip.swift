import FuzzSupport
@testable import Zip

// Zips as the import page will read them (`ZipArchive`, in memory), and the export's writer.
// Input: 1 byte of choices, then the data.
//
// - Reading gives an archive or a `ZipError`, never a crash; an archive keeps within its
//   limits, its names are plain relative paths found by `entry(named:)`, and each entry's
//   contents are exactly its declared size with its CRC-32, or an error.
// - The data split into up to four entries (deflated or stored as the choices say,
//   classic or forced ZIP64) and planned by `ZipWriter` reads back to the same entries.

let limits = ZipLimits(maxEntries: 64, maxEntryBytes: 1 << 20, maxTotalBytes: 4 << 20)

func isPlainPath(_ name: String) -> Bool {
    let path = name.hasSuffix("/") ? String(name.dropLast()) : name
    return !path.isEmpty && !name.hasPrefix("/") && !name.contains("\\")
        && !name.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        && path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { $0 != "" && $0 != "." && $0 != ".." }
}

func read(_ bytes: [UInt8]) {
    guard let archive = try? ZipArchive(bytes: bytes, limits: limits) else { return }
    require(archive.entries.count <= limits.maxEntries, "\(archive.entries.count) entries")
    require(archive.entries.reduce(0) { $0 + $1.size } <= limits.maxTotalBytes, "total size past the limit")
    for entry in archive.entries {
        require(isPlainPath(entry.name), "entry name \(shown(entry.name.utf8))")
        require(archive.entry(named: entry.name) == entry, "entry(named:) for \(shown(entry.name.utf8))")
        require(entry.size <= limits.maxEntryBytes, "entry of \(entry.size) bytes")
        guard let contents = try? archive.contents(of: entry) else { continue }
        require(Int64(contents.count) == entry.size, "\(contents.count) bytes, \(entry.size) declared")
        require(ZipCRC.crc32(contents) == entry.crc32, "contents without their CRC-32")
    }
}

func roundTrip(_ data: [UInt8], choices: UInt8) {
    var writer = choices & 1 == 0
        ? ZipWriter(modified: .earliest)
        : ZipWriter(modified: .earliest, zip64Threshold: 0, zip64EntryThreshold: 0)
    var pieces: [[UInt8]] = []
    var rest = data[...]
    let count = Int(choices >> 1 & 3) + 1
    for index in 0..<count {
        let piece = index == count - 1 ? rest : rest.prefix(rest.count / 2)
        pieces.append(Array(piece))
        rest = rest.dropFirst(piece.count)
    }
    for (index, piece) in pieces.enumerated() {
        writer.add(name: "day/\(index).txt", bytes: piece, compress: choices >> (3 + index) & 1 == 1)
    }
    let plan = writer.finish()
    var bytes: [UInt8] = []
    for part in plan.parts {
        guard case let .bytes(data) = part else { return require(false, "a file part without files") }
        bytes += data
    }
    require(Int64(bytes.count) == plan.length, "plan length \(plan.length), \(bytes.count) bytes")
    do {
        let archive = try ZipArchive(bytes: bytes, limits: limits)
        require(archive.entries.map(\.name) == pieces.indices.map { "day/\($0).txt" }, "names")
        for (entry, piece) in zip(archive.entries, pieces) {
            require(try archive.contents(of: entry) == piece, "\(entry.name) reads otherwise")
        }
    } catch {
        require(false, "the writer's zip refused: \(error.message)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let choices = input.byte()
    let data = input.rest()
    read(data)
    if data.count <= 1 << 16 { roundTrip(data, choices: choices) }
    return 0
}
