extension ZipArchive {
    /// One file or folder of an archive, as its central directory declares it (and its
    /// local header agrees). Its name has passed `ZipEntryName`'s rules.
    public struct Entry: Equatable, Sendable {
        public let name: String
        public let compressedSize: Int64
        /// Uncompressed: what `contents(of:)` gives, exactly.
        public let size: Int64
        public let crc32: UInt32
        /// The name ends in `/`; its size is 0.
        public let isDirectory: Bool
        public let modified: ZipTimestamp

        /// Its place in `entries`.
        let index: Int
        let method: UInt16
        let localHeaderOffset: Int64
        /// Where its compressed data starts, past the local header.
        let dataOffset: Int64
    }
}
