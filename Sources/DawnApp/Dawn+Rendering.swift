import HTTP
import Localization
import Store
import Templates

/// How a page handler renders: `app.render` hands `PageRenderer` the page's language and,
/// for a signed-in member, their navigation and a guardian's banner; `app.t` words a string.
extension Dawn {
    /// Renders a typed view into its template (`PageView`) as an HTML response; a render
    /// failure is a plain 500.
    func render<View: PageView>(_ view: View, status: HTTPStatus = .ok, for page: PageRequest? = nil,
                                language: Language? = nil) -> HTTPResponse {
        let signedIn = page?.signedIn
        var ward: GuardianBanner?
        if let page, let owner = page.ward { ward = guardianBanner(owner, page) }
        return renderer.render(view, status: status, language: language ?? page?.language ?? .en,
                               signedIn: signedIn, children: signedIn.map { navigationChildren($0.member.id) } ?? [],
                               ward: ward)
    }

    /// The children `guardian` looks after, for the navigation: from the family's snapshot
    /// in memory; none when it cannot be read (the page itself says what failed).
    private func navigationChildren(_ guardian: MemberID) -> [MemberFrame.Child] {
        guard let children = try? familySnapshot().children(of: guardian) else { return [] }
        return children.map { child in MemberFrame.Child(name: child.displayName, url: Paths.member(child.username).home) }
    }

    /// The text of `key` in the page's language.
    func t(_ key: String, _ page: PageRequest?, _ arguments: [String: String] = [:]) -> String {
        strings.format(key, page?.language ?? .en, arguments)
    }
}
