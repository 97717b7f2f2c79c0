/// `Accept-Encoding` negotiation (RFC 9110 §12.5.3), for the one coding Dawn sends: gzip.
public enum AcceptEncoding {
    /// Whether the client takes gzip: `gzip` or `x-gzip` with q > 0, or `*` with q > 0 when
    /// neither is listed. An element with a malformed or unknown parameter counts as q=0.
    /// Case-insensitive, whitespace tolerant, one linear pass.
    public static func prefersGzip(_ header: String?) -> Bool {
        guard var header else { return false }
        return header.withUTF8 { bytes in
            var gzipWeight: Int?   // thousandths; the best of gzip/x-gzip when listed
            var starWeight: Int?
            for element in Pieces(bytes[...], separator: UInt8(ascii: ",")) {
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
    }

    typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    /// The pieces of `bytes` between separators, empty ones included, without an array.
    struct Pieces: Sequence, IteratorProtocol {
        var rest: Bytes?
        let separator: UInt8

        init(_ bytes: Bytes, separator: UInt8) {
            rest = bytes
            self.separator = separator
        }

        mutating func next() -> Bytes? {
            guard let bytes = rest else { return nil }
            guard let at = bytes.firstIndex(of: separator) else {
                rest = nil
                return bytes
            }
            rest = bytes[(at + 1)...]
            return bytes[..<at]
        }
    }

    /// `coding [ OWS ";" OWS "q=" qvalue ]` → (coding, weight in thousandths); nil for an empty element.
    private static func parseElement(_ element: Bytes) -> (Bytes, Int)? {
        var parts = Pieces(element, separator: UInt8(ascii: ";"))
        let coding = trimmed(parts.next() ?? element[element.startIndex..<element.startIndex])
        guard !coding.isEmpty else { return nil }
        guard HTTPBytes.isToken(coding) else { return (coding, 0) }
        var weight = 1000
        while let parameter = parts.next() {
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
    private static func qvalue(_ text: Bytes) -> Int? {
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

    private static func trimmed(_ s: Bytes) -> Bytes {
        var s = s
        while let c = s.first, HTTPBytes.isOWS(c) { s = s.dropFirst() }
        while let c = s.last, HTTPBytes.isOWS(c) { s = s.dropLast() }
        return s
    }
}
