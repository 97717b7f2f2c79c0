/// HTML that the app vouches for, e.g. markup it built itself from escaped parts.
///
/// It is the only way raw markup reaches a page: a `.html` value in a text hole is
/// written as is. In an attribute value it is escaped like any other text.
public struct TrustedHTML: Sendable, Equatable {
    public let html: String

    public init(trusted html: String) {
        self.html = html
    }
}
