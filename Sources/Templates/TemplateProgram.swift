/// The ops, literal bytes and value keys of every template in a set, in flat arrays.
/// Each template starts at its entry op and runs to an `.end`.
final class TemplateProgram: Sendable {
    let ops: [TemplateOp]
    let bytes: [UInt8]
    let keys: [String]

    init(_ builder: TemplateProgramBuilder) {
        ops = builder.ops
        bytes = builder.bytes
        keys = builder.keys
    }
}
