/// Why a zip was refused: each a plain sentence (`message`), naming the entry where there is one.
public enum ZipError: Error, Equatable, Sendable {
    case notAZip
    case truncated
    case inconsistent(String)
    case multiDisk
    case encrypted(String)
    case unsupportedMethod(String, method: Int)
    case unsafeName(String)
    case notARegularFile(String)
    case duplicateName(String)
    case tooManyEntries(max: Int)
    case entryTooLarge(String, max: Int64)
    case totalTooLarge(max: Int64)
    case suspiciousRatio(String)
    case sizeMismatch(String)
    case crcMismatch(String)
    case corrupt(String)
    case unreadable(String)

    public var message: String {
        switch self {
        case .notAZip: "not a zip file"
        case .truncated: "the zip file is cut short"
        case let .inconsistent(what): "the zip file's directory is inconsistent: \(what)"
        case .multiDisk: "a zip split over several files is not read"
        case let .encrypted(name): "\(name) is encrypted"
        case let .unsupportedMethod(name, method): "\(name) is compressed with method \(method), which Dawn does not read"
        case let .unsafeName(name): "the entry name \(name) is not a plain relative path"
        case let .notARegularFile(name): "\(name) is a link or a special file"
        case let .duplicateName(name): "\(name) appears twice"
        case let .tooManyEntries(max): "the zip file holds more than \(max) entries"
        case let .entryTooLarge(name, max): "\(name) unpacks to more than \(max) bytes"
        case let .totalTooLarge(max): "the zip file unpacks to more than \(max) bytes"
        case let .suspiciousRatio(name): "\(name) claims to unpack to far more than it holds"
        case let .sizeMismatch(name): "\(name) does not unpack to the size its header says"
        case let .crcMismatch(name): "\(name) is damaged (its CRC-32 differs)"
        case let .corrupt(name): "\(name) is not valid deflate data"
        case let .unreadable(path): "\(path) cannot be read"
        }
    }
}
