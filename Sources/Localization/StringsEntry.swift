/// One `"key" = "value";` of a strings file, with the line it starts on.
struct StringsEntry: Equatable {
    let key: String
    let value: String
    let line: Int
}
