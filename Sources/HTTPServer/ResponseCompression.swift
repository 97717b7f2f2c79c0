import HTTP

/// The one rule for gzip on the way out, applied on whichever thread made the
/// response: the event loop for a response made there (with its loop's reusable
/// compressor), the pool thread for one made on a pool (one-shot `Gzip.compress`),
/// so a large body (an export of years of data) never stalls an event loop.
enum ResponseCompression {
    /// A compressible type gets `Vary: Accept-Encoding` whatever the client sent; its body
    /// is gzipped when the client accepts gzip, the body is at least `minimumBytes`, nothing
    /// encoded it already, and the gzipped bytes are smaller (else it goes as it is).
    static func apply(to response: inout HTTPResponse, acceptsGzip: Bool, minimumBytes: Int,
                      compress: ([UInt8]) -> [UInt8]) {
        // A sealed response was made final by its page (a cached page, in the encoding asked for).
        // A streamed body is read from files as it is sent; it goes as it is.
        guard !response.isSealed, response.streamedBody == nil, let type = response.headers["Content-Type"], MediaType.isCompressible(type) else { return }
        if !response.headers.contains("Vary") { response.headers.add("Vary", "Accept-Encoding") }
        guard acceptsGzip, response.body.count >= minimumBytes,
              !response.headers.contains("Content-Encoding") else { return }
        let compressed = compress(response.body)
        if compressed.count < response.body.count {
            response.body = compressed
            response.headers.add("Content-Encoding", "gzip")
        }
    }
}
