extension StringProtocol {
    /// Without leading and trailing whitespace (Unicode White_Space, newlines included).
    var trimmingWhitespace: Substring {
        let string = Substring(self)
        guard let first = string.firstIndex(where: { !$0.isWhitespace }),
            let last = string.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return string[first...last]
    }
}
