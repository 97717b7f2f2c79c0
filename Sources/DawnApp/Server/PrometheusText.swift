/// The Prometheus text exposition format (version 0.0.4), written by hand: a
/// `# HELP` and `# TYPE` line per metric family, then its samples.
struct PrometheusText {
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    enum Kind: String {
        case counter, gauge, histogram
    }

    private(set) var text = ""

    mutating func family(_ name: String, _ kind: Kind, _ help: String) {
        text += "# HELP \(name) \(help)\n# TYPE \(name) \(kind.rawValue)\n"
    }

    mutating func sample(_ name: String, _ labels: KeyValuePairs<String, String> = [:], _ value: Int) {
        sample(name, labels, String(value))
    }

    mutating func sample(_ name: String, _ labels: KeyValuePairs<String, String>, _ value: String) {
        text += name
        if !labels.isEmpty {
            text += "{" + labels.map { "\($0.key)=\"\(Self.escape($0.value))\"" }.joined(separator: ",") + "}"
        }
        text += " \(value)\n"
    }

    /// Label values escape backslash, double quote and line feed; nothing else.
    static func escape(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// Seconds from microseconds, exactly: `1500` → `0.0015`.
    static func seconds(microseconds: Int) -> String {
        let whole = microseconds / 1_000_000
        var fraction = String(microseconds % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return fraction.isEmpty ? String(whole) : "\(whole).\(fraction)"
    }
}
