import Files

/// A zip in a file, or in a part of one (`offset`, `length`: an upload's file part inside
/// its spooled body), read a chunk at a time: never held whole.
public final class ZipFileSource: ZipSource, @unchecked Sendable {
    // `OpenFile` reads by offset (pread) and is never changed after init: safe from any thread.
    private let file: OpenFile
    private let offset: Int64
    public let count: Int64

    public init(path: String, offset: Int64 = 0, length: Int64? = nil) throws(ZipError) {
        do { file = try OpenFile(reading: path) } catch { throw .notAZip }
        self.offset = offset
        if let length {
            count = length
        } else {
            count = Int64((try? FileSystem.info(path).size) ?? 0)
        }
    }

    public func withBytes<Result>(at offset: Int64, count: Int,
                                  _ body: (UnsafeRawBufferPointer) throws(ZipError) -> Result) throws(ZipError) -> Result {
        precondition(offset >= 0 && count >= 0 && offset + Int64(count) <= self.count, "read outside the zip's bytes")
        let bytes: [UInt8]
        do throws(FileError) {
            bytes = try file.read(at: self.offset + offset, count: count)
        } catch {
            throw .corruptDirectory(reason: "\(error)")
        }
        guard bytes.count == count else { throw .corruptDirectory(reason: "the file ends before the zip does") }
        let outcome = bytes.withUnsafeBytes { raw -> Swift.Result<Result, ZipError> in
            do throws(ZipError) { return .success(try body(raw)) } catch { return .failure(error) }
        }
        return try outcome.get()
    }
}
