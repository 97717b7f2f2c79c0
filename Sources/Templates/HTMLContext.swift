/// Where the HTML tokenizer is after some literal template text: the state machine that
/// decides, at compile time, how each hole is escaped or whether it is refused.
///
/// It follows the WHATWG tokenizer closely enough for templates we write ourselves:
/// text, tags, attribute names and values, comments, and the raw text of `<script>`,
/// `<style>` (holes refused) and `<textarea>`, `<title>` (holes escaped). Character
/// references are not decoded and parse-error corners are simplified; where branches or
/// literal text could make the browser's state differ from ours (an attribute name a
/// block may or may not write, `<!--` inside `<script>`), `consume` refuses the text.
struct HTMLContext: Sendable {
    enum Quote: Sendable, Equatable {
        case double, single, none
    }

    enum CommentPhase: Sendable, Equatable {
        /// Just after `<!--`, where `>` or `->` already closes the comment.
        case start, startDash
        case body, dash, dashDash, dashDashBang
    }

    enum State: Sendable, Equatable {
        case text
        case tagOpen
        case endTagOpen
        case tagName
        case beforeAttributeName
        case attributeName
        case afterAttributeName
        /// After a block that may or may not have written an attribute name: only a space,
        /// `/` or `>` may follow (and after a space, no `=`), so both paths agree again.
        case conditionalAttribute(afterSpace: Bool)
        case beforeAttributeValue
        case attributeValue(Quote)
        case markupDeclaration(dashes: Int)
        case comment(CommentPhase)
        case bogusComment
        /// Inside `<script>`, `<style>` and other raw text elements, until `</name`.
        case rawText
        /// Inside `<textarea>` or `<title>`, until `</name`.
        case rcdata
    }

    var state = State.text
    /// The lowercased name of the tag being read, or of the raw text element we are in.
    var element: [UInt8] = []
    var isEndTag = false
    /// The lowercased name of the attribute being read or valued.
    var attribute: [UInt8] = []
    /// In an attribute value: the literal text so far has no ':', '/', '?' or '#', so a
    /// hole here may still supply a URL's scheme (like Go's `urlPartNone`).
    var schemeUndecided = false
    /// In an attribute value: a hole was written while the scheme was undecided, so a
    /// later literal ':' would let that hole's text become the scheme.
    var holeBeforeScheme = false
    /// The previous literal byte of the attribute value, to tell `&#…;` from a fragment.
    var previousValueByte: UInt8 = 0
    /// Inside `<script>`: how much of `<!--` has been seen.
    var scriptCommentMatched = 0
    /// In raw text or RCDATA: how much of `</name` has been seen.
    var endTagMatched = 0
    /// Source offset of the `<` that opened the current tag, comment or raw text element.
    var constructStart = 0

    static let rawTextElements: Set<[UInt8]> = Set(["script", "style", "xmp", "iframe", "noembed", "noframes", "plaintext"].map { Array($0.utf8) })
    static let rcdataElements: Set<[UInt8]> = Set(["textarea", "title"].map { Array($0.utf8) })

    /// Feeds one byte of literal template text. Returns a reason when the text is one we
    /// refuse because its meaning depends on which branch of a block ran.
    mutating func consume(_ byte: UInt8, at offset: Int) -> String? {
        switch state {
        case .text:
            if byte == lessThan {
                state = .tagOpen
                constructStart = offset
            }
        case .tagOpen:
            if Self.isLetter(byte) {
                state = .tagName
                element = [Self.lowercased(byte)]
                isEndTag = false
            } else if byte == slash {
                state = .endTagOpen
            } else if byte == UInt8(ascii: "!") {
                state = .markupDeclaration(dashes: 0)
            } else if byte == UInt8(ascii: "?") {
                state = .bogusComment
            } else if byte == lessThan {
                constructStart = offset
            } else {
                state = .text
            }
        case .endTagOpen:
            if Self.isLetter(byte) {
                state = .tagName
                element = [Self.lowercased(byte)]
                isEndTag = true
            } else if byte == greaterThan {
                state = .text
            } else {
                state = .bogusComment
            }
        case .tagName:
            if Self.isSpace(byte) || byte == slash {
                state = .beforeAttributeName
            } else if byte == greaterThan {
                finishTag()
            } else {
                element.append(Self.lowercased(byte))
            }
        case .beforeAttributeName:
            if Self.isSpace(byte) || byte == slash {
                break
            } else if byte == greaterThan {
                finishTag()
            } else {
                startAttribute(byte)
            }
        case .attributeName:
            if Self.isSpace(byte) {
                state = .afterAttributeName
            } else if byte == slash {
                state = .beforeAttributeName
            } else if byte == equals {
                state = .beforeAttributeValue
            } else if byte == greaterThan {
                finishTag()
            } else {
                attribute.append(Self.lowercased(byte))
            }
        case .afterAttributeName:
            if Self.isSpace(byte) {
                break
            } else if byte == slash {
                state = .beforeAttributeName
            } else if byte == equals {
                state = .beforeAttributeValue
            } else if byte == greaterThan {
                finishTag()
            } else {
                startAttribute(byte)
            }
        case .conditionalAttribute(let afterSpace):
            if Self.isSpace(byte) {
                state = .conditionalAttribute(afterSpace: true)
            } else if byte == slash {
                state = .beforeAttributeName
            } else if byte == greaterThan {
                finishTag()
            } else if byte == equals {
                return "'=' after a block that may or may not write an attribute name; put the whole attribute, value included, inside the block"
            } else if afterSpace {
                startAttribute(byte)
            } else {
                return "a block that may or may not write an attribute name must be followed by a space, '/' or '>'"
            }
        case .beforeAttributeValue:
            if Self.isSpace(byte) {
                break
            } else if byte == UInt8(ascii: "\"") {
                startValue(.double)
            } else if byte == UInt8(ascii: "'") {
                startValue(.single)
            } else if byte == greaterThan {
                finishTag()
            } else {
                startValue(.none)
                return consumeValueByte(byte)
            }
        case .attributeValue(let quote):
            switch quote {
            case .double where byte == UInt8(ascii: "\""), .single where byte == UInt8(ascii: "'"):
                state = .beforeAttributeName
            case .none where Self.isSpace(byte):
                state = .beforeAttributeName
            case .none where byte == greaterThan:
                finishTag()
            default:
                return consumeValueByte(byte)
            }
        case .markupDeclaration(let dashes):
            if byte == UInt8(ascii: "-") {
                state = dashes == 1 ? .comment(.start) : .markupDeclaration(dashes: 1)
            } else if byte == greaterThan {
                state = .text
            } else {
                state = .bogusComment
            }
        case .comment(let phase):
            state = Self.nextComment(phase, byte)
        case .bogusComment:
            if byte == greaterThan { state = .text }
        case .rawText, .rcdata:
            if state == .rawText, element == Self.script {
                scriptCommentMatched = byte == Self.commentOpener[scriptCommentMatched] ? scriptCommentMatched + 1 : (byte == lessThan ? 1 : 0)
                if scriptCommentMatched == Self.commentOpener.count {
                    scriptCommentMatched = 0
                    return "'<!--' inside <script> changes where the script ends; remove it"
                }
            }
            matchEndTag(byte)
        }
        return nil
    }

    private mutating func startValue(_ quote: Quote) {
        state = .attributeValue(quote)
        schemeUndecided = true
        holeBeforeScheme = false
        previousValueByte = 0
    }

    /// Tracks whether the literal part of an attribute value has settled a URL's scheme.
    /// Leading spaces, which browsers skip, and character references leave it open.
    private mutating func consumeValueByte(_ byte: UInt8) -> String? {
        defer { previousValueByte = byte }
        guard schemeUndecided else { return nil }
        switch byte {
        case UInt8(ascii: ":"):
            if holeBeforeScheme, AttributeKind(attributeName: attributeName) == .url {
                return "a ':' after a value at the start of \(attributeName)= would let that value choose the URL scheme; write the scheme literally"
            }
            schemeUndecided = false
        case UInt8(ascii: "/"), UInt8(ascii: "?"):
            schemeUndecided = false
        case UInt8(ascii: "#") where previousValueByte != UInt8(ascii: "&"):
            schemeUndecided = false
        default:
            break
        }
        return nil
    }

    /// Records that a hole was written here.
    mutating func noteHole() {
        if case .attributeValue = state, schemeUndecided {
            holeBeforeScheme = true
        }
    }

    private static func nextComment(_ phase: CommentPhase, _ byte: UInt8) -> State {
        let dash = UInt8(ascii: "-")
        switch phase {
        case .start:
            if byte == dash { return .comment(.startDash) }
            if byte == UInt8(ascii: ">") { return .text }
        case .startDash:
            if byte == dash { return .comment(.dashDash) }
            if byte == UInt8(ascii: ">") { return .text }
        case .body:
            if byte == dash { return .comment(.dash) }
        case .dash:
            if byte == dash { return .comment(.dashDash) }
        case .dashDash:
            if byte == UInt8(ascii: ">") { return .text }
            if byte == UInt8(ascii: "!") { return .comment(.dashDashBang) }
            if byte == dash { return .comment(.dashDash) }
        case .dashDashBang:
            if byte == dash { return .comment(.dash) }
            if byte == UInt8(ascii: ">") { return .text }
        }
        return .comment(.body)
    }

    private mutating func startAttribute(_ byte: UInt8) {
        state = .attributeName
        attribute = [Self.lowercased(byte)]
    }

    private mutating func finishTag() {
        endTagMatched = 0
        scriptCommentMatched = 0
        if isEndTag {
            state = .text
        } else if Self.rawTextElements.contains(element) {
            state = .rawText
        } else if Self.rcdataElements.contains(element) {
            state = .rcdata
        } else {
            state = .text
        }
    }

    /// Looks for `</name` followed by a space, `/` or `>`. `<plaintext>` never ends.
    private mutating func matchEndTag(_ byte: UInt8) {
        let complete = 2 + element.count
        if endTagMatched == complete {
            endTagMatched = 0
            if Self.isSpace(byte) || byte == slash {
                state = .beforeAttributeName
                isEndTag = true
                return
            }
            if byte == greaterThan {
                state = .text
                return
            }
        }
        switch endTagMatched {
        case 0:
            endTagMatched = byte == lessThan ? 1 : 0
        case 1:
            endTagMatched = byte == slash ? 2 : (byte == lessThan ? 1 : 0)
        default:
            if Self.lowercased(byte) == element[endTagMatched - 2], element != Self.plaintext {
                endTagMatched += 1
            } else {
                endTagMatched = byte == lessThan ? 1 : 0
            }
        }
    }

    // MARK: - Comparing the ends of blocks

    /// Same tokenizer state, ignoring what is tracked of an attribute value's URL scheme
    /// and where the construct began.
    func isSameContext(as other: HTMLContext) -> Bool {
        guard state == other.state else { return false }
        switch state {
        case .text, .tagOpen, .endTagOpen, .markupDeclaration, .comment, .bogusComment:
            return true
        case .rawText, .rcdata:
            return element == other.element && endTagMatched == other.endTagMatched
        case .tagName, .beforeAttributeName, .conditionalAttribute:
            return element == other.element && isEndTag == other.isEndTag
        case .attributeName, .afterAttributeName, .beforeAttributeValue, .attributeValue:
            return element == other.element && isEndTag == other.isEndTag && attribute == other.attribute
        }
    }

    /// Inside a tag, between attributes (or still in the tag name): where a block may
    /// write whole attributes such as `{{#if on}} checked{{/if}}`.
    private var isBetweenAttributes: Bool {
        switch state {
        case .tagName, .beforeAttributeName, .attributeName, .afterAttributeName, .conditionalAttribute: true
        default: false
        }
    }

    /// Whether a branch that started in `self` may end in `end`.
    func accepts(end: HTMLContext) -> Bool {
        if end.isSameContext(as: self) { return true }
        return isBetweenAttributes && end.isBetweenAttributes
            && element == end.element && isEndTag == end.isEndTag
    }

    /// The context after a block that started in `self` and whose branches ended in `ends`
    /// (each already `accepts`-checked).
    func joined(with ends: [HTMLContext]) -> HTMLContext {
        var result = self
        if ends.allSatisfy({ $0.isSameContext(as: self) }) {
            // A scheme undecided on any path stays undecided: later holes stay checked.
            result.schemeUndecided = ends.contains { $0.schemeUndecided }
            result.holeBeforeScheme = ends.contains { $0.holeBeforeScheme }
            result.previousValueByte = 0
            return result
        }
        let afterSpace = ends.allSatisfy { end in
            switch end.state {
            case .beforeAttributeName, .afterAttributeName, .conditionalAttribute(afterSpace: true): true
            default: false
            }
        }
        result.state = .conditionalAttribute(afterSpace: afterSpace)
        result.attribute = []
        return result
    }

    // MARK: - Describing

    var elementName: String { String(decoding: element, as: UTF8.self) }
    var attributeName: String { String(decoding: attribute, as: UTF8.self) }

    /// Where we are, for error messages: "text", "the <a> tag", "the href= value of <a>"…
    var description: String {
        switch state {
        case .text: "text"
        case .tagOpen, .endTagOpen: "a tag name"
        case .tagName: "the <\(isEndTag ? "/" : "")\(elementName)> tag name"
        case .beforeAttributeName, .attributeName, .afterAttributeName, .conditionalAttribute:
            "the <\(isEndTag ? "/" : "")\(elementName)> tag"
        case .beforeAttributeValue, .attributeValue: "the \(attributeName)= value of <\(elementName)>"
        case .markupDeclaration, .comment, .bogusComment: "an HTML comment"
        case .rawText, .rcdata: "<\(elementName)> content"
        }
    }

    // MARK: - Bytes

    private static let plaintext = Array("plaintext".utf8)
    private static let script = Array("script".utf8)
    private static let commentOpener = Array("<!--".utf8)

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}

private let lessThan = UInt8(ascii: "<")
private let greaterThan = UInt8(ascii: ">")
private let slash = UInt8(ascii: "/")
private let equals = UInt8(ascii: "=")
