/// What an attribute's value means to the browser, from its name, like Go's `attrType`.
enum AttributeKind: Sendable, Equatable {
    /// Plain text: holes are escaped.
    case plain
    /// One URL: a hole at the start of the value is checked for a safe scheme.
    case url
    /// Several URLs (`srcset`, `ping`): holes refused.
    case urlList
    /// JavaScript (`on*`): holes refused.
    case script
    /// CSS (`style`): holes refused.
    case style
    /// HTML parsed again (`srcdoc`): holes refused.
    case html

    init(attributeName: String) {
        var name = attributeName
        if let colon = name.lastIndex(of: ":") {
            // xlink:href and svg:href behave as href; an xmlns:* value is a namespace URL.
            if name[..<colon] == "xmlns" {
                self = .url
                return
            }
            name = String(name[name.index(after: colon)...])
        }
        switch name {
        case "href", "src", "action", "formaction", "poster", "cite", "background", "longdesc",
             "usemap", "codebase", "data", "manifest", "icon", "profile", "classid", "xmlns":
            self = .url
        case "srcset", "imagesrcset", "ping", "archive":
            self = .urlList
        case "style":
            self = .style
        case "srcdoc":
            self = .html
        default:
            if name.hasPrefix("on") {
                self = .script
            } else if name.contains("url") || name.contains("uri") || name.contains("src") {
                // Custom attributes such as data-url or data-src usually end up navigated to.
                self = .url
            } else {
                self = .plain
            }
        }
    }
}
