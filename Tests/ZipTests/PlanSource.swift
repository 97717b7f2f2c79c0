import Foundation
@testable import Zip

/// A plan read in place, as a `ZipSource`: file parts read with `pread` where asked, so a
/// plan with a multi-GiB file can be read without reading the file.
struct PlanSource: ZipSource {
    let plan: ZipPlan
    var count: Int64 { plan.length }

    func withBytes<Result>(at offset: Int64, count: Int,
                           _ body: (UnsafeRawBufferPointer) throws(ZipError) -> Result) throws(ZipError) -> Result {
        var bytes: [UInt8] = []
        var partStart: Int64 = 0
        let end = offset + Int64(count)
        for part in plan.parts {
            let partEnd = partStart + part.length
            defer { partStart = partEnd }
            let from = max(offset, partStart), to = min(end, partEnd)
            guard from < to else { continue }
            switch part {
            case let .bytes(data):
                bytes += data[Int(from - partStart)..<Int(to - partStart)]
            case let .file(path, _):
                let descriptor = open(path, O_RDONLY)
                precondition(descriptor >= 0, "open \(path)")
                defer { close(descriptor) }
                var chunk = [UInt8](repeating: 0, count: Int(to - from))
                let read = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(from - partStart)) }
                precondition(read == chunk.count, "pread \(path)")
                bytes += chunk
            }
        }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(ZipError) -> Result in try body(UnsafeRawBufferPointer(buffer)) }
    }
}
