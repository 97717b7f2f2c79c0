import DawnCLI

#if canImport(Glibc)
import Glibc
#endif

/// The process's environment, `NAME=value` each (the first `=` splits; an entry
/// without one is skipped; a name given twice keeps its first value, as getenv reads it).
func environment() -> [String: String] {
    var variables: [String: String] = [:]
    var cursor = environ
    while let entry = cursor.pointee {
        let text = String(cString: entry)
        if let equals = text.firstIndex(of: "="), variables[String(text[..<equals])] == nil {
            variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        cursor += 1
    }
    return variables
}

exit(DawnCommand.run(arguments: CommandLine.arguments, environment: environment()))
