/// One line for the operator on stderr, from any layer above the server.
public enum StandardError {
    public static func line(_ text: String) {
        System.write(2, Array("dawn: \(text)\n".utf8))
    }
}
