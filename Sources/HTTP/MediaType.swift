/// Facts about `Content-Type` values that the server needs.
public enum MediaType {
    /// Whether a body of this type is worth gzipping: text and text-like structured data,
    /// not formats that are already compressed (images, fonts, archives, media).
    public static func isCompressible(_ contentType: String) -> Bool {
        var contentType = contentType
        return contentType.withUTF8 { bytes in
            // The essence: up to the first ";", without surrounding spaces, compared ignoring case.
            var end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
            var start = bytes.startIndex
            while start < end, HTTPBytes.isOWS(bytes[start]) { start += 1 }
            while end > start, HTTPBytes.isOWS(bytes[end - 1]) { end -= 1 }
            let essence = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if hasPrefix(essence, "text/") { return essence.count > 5 }
            if HTTPBytes.equalsLowercased(essence, "application/json")
                || HTTPBytes.equalsLowercased(essence, "application/javascript")
                || HTTPBytes.equalsLowercased(essence, "application/xml")
                || HTTPBytes.equalsLowercased(essence, "application/manifest+json")
                || HTTPBytes.equalsLowercased(essence, "image/svg+xml") {
                return true
            }
            return hasPrefix(essence, "application/") && (hasSuffix(essence, "+json") || hasSuffix(essence, "+xml"))
        }
    }

    private static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        bytes.count >= prefix.utf8CodeUnitCount
            && HTTPBytes.equalsLowercased(bytes.prefix(prefix.utf8CodeUnitCount), prefix)
    }

    private static func hasSuffix(_ bytes: UnsafeBufferPointer<UInt8>, _ suffix: StaticString) -> Bool {
        bytes.count >= suffix.utf8CodeUnitCount
            && HTTPBytes.equalsLowercased(bytes.suffix(suffix.utf8CodeUnitCount), suffix)
    }
}
