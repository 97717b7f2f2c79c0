/// One instruction of the compiled template program: plain data, so running it costs
/// no reference counting. Blocks compile to jumps.
struct TemplateOp: Sendable {
    enum Code: UInt8, Sendable {
        /// Append `bytes[a ..< a + b]`.
        case literal
        /// Write the value at `path`, escaped as `escaping`.
        case hole
        /// Jump to `a` when the value at `path` is falsy (`{{#if}}`).
        case jumpIfFalsy
        /// Jump to `a` when the value at `path` is truthy (`{{#unless}}`).
        case jumpIfTruthy
        /// Jump to `a`.
        case jump
        /// Start an `{{#each}}` over the list at `path`, or jump to `a` (its else) when
        /// the value isn't a non-empty list.
        case eachStart
        /// Next item and jump back to `a` (the body), or after the last one jump to `b`.
        case eachNext
        /// Render template number `a` here.
        case partial
        /// A layout's `{{content}}`.
        case content
        /// The end of a template.
        case end
    }

    var code: Code
    var escaping: HoleEscaping = .text
    var path = PathReference.current
    var a: Int32 = 0
    var b: Int32 = 0
}
