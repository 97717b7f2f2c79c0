/// Why a zip was refused, each case with what a person needs to fix it.
public enum ZipError: Error, Equatable, Sendable {
    // The archive as a whole.

    /// No end of central directory record: not a zip, or cut short.
    case notAZip
    /// The end records or the central directory contradict themselves, are cut short or
    /// point outside the data.
    case corruptDirectory(reason: String)
    /// Split over several disks (files).
    case multiDisk
    /// More entries than `ZipLimits.maxEntries`.
    case tooManyEntries(count: Int64, limit: Int)
    /// The entries' declared sizes add up to more than `ZipLimits.maxTotalBytes`.
    case totalTooLarge(limit: Int64)

    // An entry's record.

    /// The central directory's record of the entry is inconsistent (a folder with data,
    /// stored data whose two sizes differ, a ZIP64 field missing…).
    case corruptEntry(name: String, reason: String)
    /// The entry's local header or data lies outside the data before the central directory.
    case entryOutOfBounds(name: String)
    /// The entry's local header or data overlaps another entry's.
    case overlappingEntries(name: String, other: String)
    /// The entry's local header says otherwise than the central directory (`field`: what differs).
    case localHeaderMismatch(name: String, field: String)
    case encrypted(name: String)
    /// A compression method other than stored (0) and deflate (8).
    case unsupportedMethod(name: String, method: UInt16)
    case symbolicLink(name: String)
    /// A device, a pipe, a socket, or a folder without the trailing `/`.
    case notRegularFile(name: String)
    case duplicateName(name: String)
    case entryTooLarge(name: String, size: Int64, limit: Int64)
    /// A deflated entry declares more than `ZipLimits.maxRatio` times its compressed size.
    case ratioTooHigh(name: String, size: Int64, compressedSize: Int64, limit: Int64)

    // An entry's name.

    case emptyName
    case nameNotUTF8(name: String)
    /// A NUL, another C0 control character, DEL or a C1 control character.
    case controlCharacterInName(name: String)
    case backslashInName(name: String)
    /// Starts with `/`.
    case absoluteName(name: String)
    /// Starts with a drive letter (`C:`).
    case driveLetterName(name: String)
    /// Has a `..` segment.
    case parentSegmentInName(name: String)
    /// Has a `.` or an empty segment (`./a`, `a//b`), which would name the same file twice.
    case redundantSegmentInName(name: String)

    // An entry's data.

    /// Inflates to more bytes than declared (found after the declared size, never later).
    case largerThanDeclared(name: String, declared: Int64)
    case smallerThanDeclared(name: String, declared: Int64, actual: Int64)
    case crcMismatch(name: String)
    /// The compressed data is not valid deflate data, or ends too soon.
    case corruptData(name: String, reason: String)
    /// `contents(of:)` was given an entry of another archive.
    case unknownEntry(name: String)
    /// zlib failed for a reason unrelated to the data (out of memory).
    case zlib(code: Int32)

    public var message: String {
        switch self {
        case .notAZip:
            "This is not a zip file (it has no end of central directory record), or it is cut short."
        case let .corruptDirectory(reason):
            "The zip file is damaged: \(reason)."
        case .multiDisk:
            "The zip file is split over several parts; only single-file zips can be read."
        case let .tooManyEntries(count, limit):
            "The zip file has \(count) entries; at most \(limit) are allowed."
        case let .totalTooLarge(limit):
            "The zip file's entries add up to more than \(limit) bytes uncompressed."
        case let .corruptEntry(name, reason):
            "The zip entry \(Self.quoted(name)) is damaged: \(reason)."
        case let .entryOutOfBounds(name):
            "The zip entry \(Self.quoted(name)) points outside the file."
        case let .overlappingEntries(name, other):
            "The zip entry \(Self.quoted(name)) overlaps the entry \(Self.quoted(other))."
        case let .localHeaderMismatch(name, field):
            "The zip entry \(Self.quoted(name)) has a local header whose \(field) differs from the central directory's."
        case let .encrypted(name):
            "The zip entry \(Self.quoted(name)) is encrypted; only unencrypted zips can be read."
        case let .unsupportedMethod(name, method):
            "The zip entry \(Self.quoted(name)) uses compression method \(method); only stored (0) and deflate (8) can be read."
        case let .symbolicLink(name):
            "The zip entry \(Self.quoted(name)) is a symbolic link; only files and folders are allowed."
        case let .notRegularFile(name):
            "The zip entry \(Self.quoted(name)) is not a regular file or folder."
        case let .duplicateName(name):
            "The zip file holds the name \(Self.quoted(name)) twice."
        case let .entryTooLarge(name, size, limit):
            "The zip entry \(Self.quoted(name)) is \(size) bytes uncompressed; at most \(limit) are allowed."
        case let .ratioTooHigh(name, size, compressedSize, limit):
            "The zip entry \(Self.quoted(name)) claims to expand from \(compressedSize) to \(size) bytes, more than \(limit) times."
        case .emptyName:
            "A zip entry has an empty name."
        case let .nameNotUTF8(name):
            "The zip entry name \(Self.quoted(name)) is not valid UTF-8."
        case let .controlCharacterInName(name):
            "The zip entry name \(Self.quoted(name)) contains a control character."
        case let .backslashInName(name):
            "The zip entry name \(Self.quoted(name)) contains a backslash."
        case let .absoluteName(name):
            "The zip entry name \(Self.quoted(name)) is an absolute path."
        case let .driveLetterName(name):
            "The zip entry name \(Self.quoted(name)) starts with a drive letter."
        case let .parentSegmentInName(name):
            "The zip entry name \(Self.quoted(name)) contains a “..” segment."
        case let .redundantSegmentInName(name):
            "The zip entry name \(Self.quoted(name)) contains a “.” or an empty segment."
        case let .largerThanDeclared(name, declared):
            "The zip entry \(Self.quoted(name)) expands to more than its declared \(declared) bytes."
        case let .smallerThanDeclared(name, declared, actual):
            "The zip entry \(Self.quoted(name)) expands to \(actual) bytes, not its declared \(declared)."
        case let .crcMismatch(name):
            "The zip entry \(Self.quoted(name)) is damaged: its CRC-32 does not match its contents."
        case let .corruptData(name, reason):
            "The zip entry \(Self.quoted(name)) is damaged: \(reason)."
        case let .unknownEntry(name):
            "The zip entry \(Self.quoted(name)) is not one of this archive's."
        case let .zlib(code):
            "zlib failed with error \(code)."
        }
    }

    /// A name in quotes, its control characters shown as escapes so a message stays one
    /// readable line.
    static func quoted(_ name: String) -> String {
        var text = "“"
        for scalar in name.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                text += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text + "”"
    }
}
