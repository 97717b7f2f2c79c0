/// The limits of a day's photos, named in one place (docs/photos.md lists them).
public enum PhotoConstants {
    /// A file as uploaded, at most (25 MB).
    public static let maxFileBytes = 25_000_000
    /// Pixels a header may claim, at most (50 megapixels): more is refused before decoding,
    /// so a small file claiming a huge image (a decompression bomb) costs nothing.
    public static let maxPixels = 50_000_000
    /// Photos on one day, at most.
    public static let maxPerDay = 20
    /// The stored photo's longest side, at most, in pixels.
    public static let longestSide = 2_560
    /// The thumbnail's longest side, at most, in pixels.
    public static let thumbnailSide = 400
    /// JPEG quality of the stored photo and of its thumbnail.
    public static let quality = 85
    public static let thumbnailQuality = 80
    /// A caption's characters at most (one line).
    public static let maxCaptionCharacters = 200
    /// A member's photos in megabytes at most, unless `DAWN_PHOTO_QUOTA_MB` says otherwise.
    public static let defaultQuotaMegabytes = 5_000
}
