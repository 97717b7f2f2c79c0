/// A request's `Cookie` header, read one name at a time (`Cookies.value(named:in:)`):
/// nothing is split or copied but the values asked for.
public struct RequestCookies: Sendable {
    public let header: String?

    public init(header: String?) {
        self.header = header
    }

    public subscript(name: String) -> String? {
        Cookies.value(named: name, in: header)
    }
}
