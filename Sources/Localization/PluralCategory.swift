/// The CLDR cardinal plural categories Dawn's languages use. A plural text is
/// written as `key.one`, `key.many`, `key.other` in the strings files.
public enum PluralCategory: String, Sendable, Hashable, CaseIterable {
    case one, many, other
}
