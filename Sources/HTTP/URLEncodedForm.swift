/// `application/x-www-form-urlencoded` (WHATWG URL §5.1), strictly: `&`-separated
/// `name=value` pairs, `+` as space, `%XX` escapes; empty pieces (`a=1&&b=2`) are skipped
/// and a piece without `=` is a name with an empty value.
public enum URLEncodedForm {
    /// Shown in an error message; enough to find the field, not a whole megabyte of it.
    static let maxQuotedFieldBytes = 40

    public static func parse(_ bytes: [UInt8], maxFields: Int) throws(FormError) -> FormFields {
        try parse(bytes[...], maxFields: maxFields)
    }

    public static func parse(_ text: Substring, maxFields: Int) throws(FormError) -> FormFields {
        try parse(text.utf8, maxFields: maxFields)
    }

    public static func parse(_ text: String, maxFields: Int) throws(FormError) -> FormFields {
        try parse(text.utf8, maxFields: maxFields)
    }

    static func parse<C: Collection<UInt8>>(_ bytes: C, maxFields: Int) throws(FormError) -> FormFields
    where C.SubSequence: Collection<UInt8> {
        var fields: [FormFields.Field] = []
        for piece in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            if fields.count == maxFields { throw .tooManyFields(max: maxFields) }
            let equals = piece.firstIndex(of: UInt8(ascii: "="))
            let rawName = piece[..<(equals ?? piece.endIndex)]
            let rawValue = equals.map { piece[piece.index(after: $0)...] } ?? piece[piece.endIndex...]
            do {
                fields.append((name: try PercentDecoding.decode(rawName, plusAsSpace: true),
                               value: try PercentDecoding.decode(rawValue, plusAsSpace: true)))
            } catch {
                let shown = String(decoding: piece.prefix(maxQuotedFieldBytes), as: UTF8.self)
                throw .invalidEncoding(error, field: shown)
            }
        }
        return FormFields(fields)
    }
}
