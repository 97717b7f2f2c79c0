/// The text a search hit shows: a stretch of the entry, note or log note around what
/// matched, in pieces, the matched words marked. Pieces are plain text: the page escapes
/// every one and wraps only the marked ones in `<mark>`, so nothing a member wrote ever
/// becomes markup.
///
/// FTS5's `snippet()` marks the matches with `open` and `close`, two Unicode
/// noncharacters (reserved for a program's internal use, never typed as text), which
/// `init(marked:)` reads back into pieces. Should stored text hold one anyway, the only
/// harm is a wrong mark.
package struct SearchSnippet: Equatable, Sendable {
    // (Swift refuses noncharacters in literals.)
    package static let open = Unicode.Scalar(0xFDD0 as UInt32)!
    package static let close = Unicode.Scalar(0xFDD1 as UInt32)!

    package struct Piece: Equatable, Sendable {
        package let text: String
        /// A matched word (or phrase).
        package let isMatch: Bool

        package init(_ text: String, isMatch: Bool) {
            self.text = text
            self.isMatch = isMatch
        }
    }

    /// In order; none empty.
    package let pieces: [Piece]

    package init(pieces: [Piece]) {
        self.pieces = pieces
    }

    /// The pieces of `marked`: text after an `open`, up to a `close` (or the end), is a
    /// match; the marks themselves never show.
    package init(marked: String) {
        var pieces: [Piece] = []
        var current = String.UnicodeScalarView()
        var inMatch = false
        func flush() {
            if !current.isEmpty { pieces.append(Piece(String(current), isMatch: inMatch)) }
            current.removeAll()
        }
        for scalar in marked.unicodeScalars {
            switch scalar {
            case Self.open:
                flush()
                inMatch = true
            case Self.close:
                flush()
                inMatch = false
            default:
                current.append(scalar)
            }
        }
        flush()
        self.pieces = pieces
    }

    /// The text without marks.
    package var text: String { pieces.map(\.text).joined() }
}
