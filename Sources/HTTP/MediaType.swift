/// Facts about `Content-Type` values that the server needs.
public enum MediaType {
    /// Whether a body of this type is worth gzipping: text and text-like structured data,
    /// not formats that are already compressed (images, fonts, archives, media).
    public static func isCompressible(_ contentType: String) -> Bool {
        let essence = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
            .trimmingSpaces.lowercased()
        if essence.hasPrefix("text/") { return essence.count > 5 }
        switch essence {
        case "application/json", "application/javascript", "application/xml",
             "application/manifest+json", "image/svg+xml":
            return true
        default:
            return essence.hasPrefix("application/") && (essence.hasSuffix("+json") || essence.hasSuffix("+xml"))
        }
    }
}
