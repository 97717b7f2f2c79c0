import CGcrypt

/// One libgcrypt S-expression, released when the last reference goes. Built from
/// canonical text ("(10:public-key(3:ecc…))") because Swift cannot call the variadic
/// `gcry_sexp_build`; read back token by token. `package`: the ID tokens' RS256 check
/// (`OpenIDConnect`) builds its keys with it too.
package final class SExpression {
    /// A node of an S-expression to build: a byte string or a list.
    package indirect enum Node {
        case atom([UInt8])
        case list([Node])

        package static func text(_ string: String) -> Node { .atom(Array(string.utf8)) }

        /// The canonical encoding: each atom as `<length>:<bytes>`, lists in parentheses.
        func canonical(into output: inout [UInt8]) {
            switch self {
            case .atom(let bytes):
                output.append(contentsOf: Array(String(bytes.count).utf8))
                output.append(UInt8(ascii: ":"))
                output.append(contentsOf: bytes)
            case .list(let nodes):
                output.append(UInt8(ascii: "("))
                for node in nodes { node.canonical(into: &output) }
                output.append(UInt8(ascii: ")"))
            }
        }
    }

    package let handle: gcry_sexp_t

    private init(handle: gcry_sexp_t) {
        self.handle = handle
    }

    deinit {
        gcry_sexp_release(handle)
    }

    /// Takes ownership of a handle libgcrypt returned.
    static func adopting(_ handle: gcry_sexp_t?) -> SExpression? {
        handle.map(SExpression.init(handle:))
    }

    package convenience init?(_ node: Node) {
        guard Libgcrypt.isReady else { return nil }
        var bytes: [UInt8] = []
        node.canonical(into: &bytes)
        var handle: gcry_sexp_t?
        let error = bytes.withUnsafeBytes { gcry_sexp_new(&handle, $0.baseAddress, $0.count, 0) }
        guard error == 0, let handle else { return nil }
        self.init(handle: handle)
    }

    /// The first sub-list whose head is `token`, searched depth-first.
    func find(_ token: String) -> SExpression? {
        SExpression.adopting(gcry_sexp_find_token(handle, token, 0))
    }

    /// The raw bytes of element `index` of this list.
    func data(at index: Int) -> [UInt8]? {
        var length = 0
        guard let pointer = gcry_sexp_nth_data(handle, Int32(index), &length) else { return nil }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    }

    /// Element `index` read as an unsigned big-endian integer and written on exactly
    /// `width` bytes (libgcrypt may drop leading zeros or add a sign byte); nil if it
    /// does not fit.
    func unsignedInteger(at index: Int, width: Int) -> [UInt8]? {
        guard let mpi = gcry_sexp_nth_mpi(handle, Int32(index), Int32(GCRYMPI_FMT_USG.rawValue)) else { return nil }
        defer { gcry_mpi_release(mpi) }
        return Self.bytes(of: mpi, width: width)
    }

    /// An MPI as exactly `width` big-endian bytes, nil if it needs more.
    static func bytes(of mpi: gcry_mpi_t, width: Int) -> [UInt8]? {
        var written = 0
        var buffer = [UInt8](repeating: 0, count: width + 8)
        let error = buffer.withUnsafeMutableBytes {
            gcry_mpi_print(GCRYMPI_FMT_USG, $0.baseAddress, $0.count, &written, mpi)
        }
        guard error == 0, written <= width else { return nil }
        return [UInt8](repeating: 0, count: width - written) + buffer[0..<written]
    }
}
