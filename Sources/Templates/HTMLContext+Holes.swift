extension HTMLContext {
    /// How a hole at this point is escaped, or why a hole can't go here.
    func holeEscaping() -> Result<HoleEscaping, RefusedHole> {
        switch state {
        case .text:
            return .success(.text)
        case .rcdata:
            return .success(.escaped)
        case .rawText:
            let language = element == Array("style".utf8) ? "CSS" : element == Array("script".utf8) ? "JavaScript" : "raw text"
            return .failure(RefusedHole("a value can't go inside <\(elementName)>: \(language) isn't escaped; pass data through a data-* attribute instead"))
        case .tagOpen, .endTagOpen, .tagName:
            return .failure(RefusedHole("a value can't be part of a tag name"))
        case .beforeAttributeName, .attributeName, .afterAttributeName, .conditionalAttribute:
            return .failure(RefusedHole("a value can't be part of an attribute name in \(description); write the attribute with a quoted value, e.g. title=\"{{x}}\""))
        case .beforeAttributeValue, .attributeValue(.none):
            return .failure(RefusedHole("unquoted attribute value: write \(attributeName)=\"{{…}}\" with quotes"))
        case .markupDeclaration, .comment, .bogusComment:
            return .failure(RefusedHole("a value can't go inside an HTML comment; use {{! … }} for template comments"))
        case .attributeValue(.double), .attributeValue(.single):
            switch AttributeKind(attributeName: attributeName) {
            case .plain:
                return .success(.escaped)
            case .url:
                return .success(schemeUndecided ? .url : .escaped)
            case .urlList:
                return .failure(RefusedHole("a value can't go in \(attributeName)=: lists of URLs aren't checked; use src= or href="))
            case .script:
                return .failure(RefusedHole("a value can't go in the event handler \(attributeName)=: JavaScript isn't escaped; use a data-* attribute"))
            case .style:
                return .failure(RefusedHole("a value can't go in style=: CSS isn't escaped; use a class, or a validated value in a data-* attribute"))
            case .html:
                return .failure(RefusedHole("a value can't go in \(attributeName)=: it holds HTML that is parsed again"))
            }
        }
    }

    /// Partials and `{{content}}` write whole HTML fragments, which start and end in text.
    var acceptsFragment: Bool { state == .text }
}
