import HTTP

/// The `Authorization: Bearer …` header of an API request (RFC 6750): read only on `/api/…`
/// (`Admission.admit`), so a token sent to a page signs nobody in.
enum BearerToken {
    /// The token after `Bearer ` (the scheme in any case, spaces around the token ignored);
    /// nil when there is no such header or it names another scheme.
    static func token(in header: String?) -> String? {
        guard let header else { return nil }
        let value = Substring(header).trimmingSpaces
        let scheme = value.prefix { $0 != " " }
        guard scheme.lowercased() == "bearer" else { return nil }
        return String(value.dropFirst(scheme.count).trimmingSpaces)
    }
}
