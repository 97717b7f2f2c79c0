/// `Accept-Encoding` negotiation (RFC 9110 §12.5.3), for the one coding Dawn sends: gzip.
public enum AcceptEncoding {
    /// Whether the client takes gzip: `gzip` or `x-gzip` with q > 0, or `*` with q > 0 when
    /// neither is listed. An element with a malformed or unknown parameter counts as q=0.
    /// Case-insensitive, whitespace tolerant, one linear pass.
    public static func prefersGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        var gzipWeight: Int?   // thousandths; the best of gzip/x-gzip when listed
        var starWeight: Int?
        for element in header.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: true) {
            guard let (coding, weight) = parseElement(element) else { continue }
            if HTTPBytes.equalsLowercased(coding, "gzip") || HTTPBytes.equalsLowercased(coding, "x-gzip") {
                gzipWeight = max(gzipWeight ?? 0, weight)
            } else if coding.count == 1, coding.first == UInt8(ascii: "*") {
                starWeight = max(starWeight ?? 0, weight)
            }
        }
        if let gzipWeight { return gzipWeight > 0 }
        return (starWeight ?? 0) > 0
    }

    /// `coding [ OWS ";" OWS "q=" qvalue ]` → (coding, weight in thousandths); nil for an empty element.
    private static func parseElement(_ element: Substring.UTF8View) -> (Substring.UTF8View, Int)? {
        let parts = element.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        let coding = trimmed(parts[0])
        guard !coding.isEmpty else { return nil }
        guard HTTPBytes.isToken(coding) else { return (coding, 0) }
        var weight = 1000
        for parameter in parts.dropFirst() {
            let p = trimmed(parameter)
            guard p.count >= 2, HTTPBytes.lower(p[p.startIndex]) == UInt8(ascii: "q"),
                  p[p.index(after: p.startIndex)] == UInt8(ascii: "="),
                  let q = qvalue(p.dropFirst(2))
            else { return (coding, 0) }
            weight = q
        }
        return (coding, weight)
    }

    /// `( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )` in thousandths, or nil.
    private static func qvalue(_ text: Substring.UTF8View) -> Int? {
        guard let first = text.first, text.count <= 5 else { return nil }
        let rest = text.dropFirst()
        var fraction = 0
        if !rest.isEmpty {
            guard rest.first == UInt8(ascii: "."), rest.dropFirst().allSatisfy(HTTPBytes.isDigit) else { return nil }
            var scale = 100
            for d in rest.dropFirst() {
                fraction += Int(d - UInt8(ascii: "0")) * scale
                scale /= 10
            }
        }
        switch first {
        case UInt8(ascii: "0"): return fraction
        case UInt8(ascii: "1"): return fraction == 0 ? 1000 : nil
        default: return nil
        }
    }

    private static func trimmed(_ s: Substring.UTF8View) -> Substring.UTF8View {
        var s = s
        while let c = s.first, HTTPBytes.isOWS(c) { s = s.dropFirst() }
        while let c = s.last, HTTPBytes.isOWS(c) { s = s.dropLast() }
        return s
    }
}
