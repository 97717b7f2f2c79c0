import HTTP
import MemberData

/// The `version` field of a form that edits an entry or a logged habit: the version
/// the member's page showed, so a save based on an older one than stored is refused
/// (see `MemberSchema`'s `edit_sequence`). Absent: a client that does not send one,
/// whose save applies to whatever is stored.
enum EditVersion {
    static let field = "version"

    static func read(_ form: FormFields) throws(PageError) -> Int64? {
        guard let raw = form[field] else { return nil }
        guard !raw.isEmpty, raw.utf8.count <= 19, raw.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let version = Int64(raw) else {
            throw PageError(.badRequest, key: "error.bad_version")
        }
        return version
    }
}
