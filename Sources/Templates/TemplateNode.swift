/// The parse tree of one template, before HTML contexts are known. Offsets are byte
/// offsets into the template's source, kept for error positions.
enum TemplateNode: Sendable {
    case literal(Range<Int>)
    case hole(ValuePath, at: Int)
    case block(TemplateBlock)
    case partial(String, at: Int)
    case content(at: Int)
}
