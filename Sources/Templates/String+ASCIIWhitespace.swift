extension String {
    func trimmingASCIIWhitespace() -> String {
        let bytes = Array(utf8)
        guard let first = bytes.firstIndex(where: { !TemplateParser.isWhitespace($0) }),
              let last = bytes.lastIndex(where: { !TemplateParser.isWhitespace($0) }) else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
