/// One result row. Columns are read by position, in the order of the SELECT list.
///
/// The typed accessors convert the way SQLite's own `sqlite3_column_*` functions do
/// (NULL reads as 0, "" or an empty blob; integers and reals convert into each other;
/// text is parsed as a number), so they never trap on a value; use `value(_:)` or the
/// `optional…` accessors when NULL must be told apart. A column index out of range is
/// a programming error and traps, like an array index.
public struct Row: Sendable {
    public let values: [SQLValue]

    public init(_ values: [SQLValue]) {
        self.values = values
    }

    public var count: Int { values.count }

    public func value(_ column: Int) -> SQLValue {
        precondition(values.indices.contains(column), "column \(column) out of range: the row has \(values.count) columns")
        return values[column]
    }

    public func isNull(_ column: Int) -> Bool {
        value(column) == .null
    }

    public func int64(_ column: Int) -> Int64 {
        switch value(column) {
        case .null: 0
        case .integer(let value): value
        case .real(let value): Self.truncated(value)
        case .text(let value): Self.number(from: value)
        case .blob(let bytes): Self.number(from: String(decoding: bytes, as: UTF8.self))
        }
    }

    public func int(_ column: Int) -> Int {
        Int(truncatingIfNeeded: int64(column))
    }

    public func double(_ column: Int) -> Double {
        switch value(column) {
        case .null: 0
        case .integer(let value): Double(value)
        case .real(let value): value
        case .text(let value): Double(value.trimmingSpaces) ?? 0
        case .blob(let bytes): Double(String(decoding: bytes, as: UTF8.self).trimmingSpaces) ?? 0
        }
    }

    public func string(_ column: Int) -> String {
        switch value(column) {
        case .null: ""
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let value): value
        case .blob(let bytes): String(decoding: bytes, as: UTF8.self)
        }
    }

    public func blob(_ column: Int) -> [UInt8] {
        switch value(column) {
        case .null: []
        case .blob(let bytes): bytes
        case .text(let value): Array(value.utf8)
        case .integer, .real: Array(string(column).utf8)
        }
    }

    /// Non-zero is true, as in SQL.
    public func bool(_ column: Int) -> Bool {
        switch value(column) {
        case .real(let value): value != 0
        default: int64(column) != 0
        }
    }

    public func optionalString(_ column: Int) -> String? {
        isNull(column) ? nil : string(column)
    }

    public func optionalInt(_ column: Int) -> Int? {
        isNull(column) ? nil : int(column)
    }

    public func optionalInt64(_ column: Int) -> Int64? {
        isNull(column) ? nil : int64(column)
    }

    public func optionalDouble(_ column: Int) -> Double? {
        isNull(column) ? nil : double(column)
    }

    private static func truncated(_ value: Double) -> Int64 {
        if value.isNaN { return 0 }
        if value >= 9.223372036854775807e18 { return .max }
        if value <= -9.223372036854775808e18 { return .min }
        return Int64(value)
    }

    private static func number(from text: String) -> Int64 {
        let trimmed = text.trimmingSpaces
        if let value = Int64(trimmed) { return value }
        return Double(trimmed).map(truncated) ?? 0
    }
}

private extension String {
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return self[first...last]
    }
}
