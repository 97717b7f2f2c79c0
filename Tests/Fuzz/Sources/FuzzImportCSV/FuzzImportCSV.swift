import FuzzSupport
@testable import MemberData

// Loop Habit Tracker's Habits.csv and Checkmarks.csv, read as the import page reads them
// (`Importer.read`, no database). Input: 1 byte (odd: a Habits.csv is read first, from the
// data up to the first NUL), then the file.
//
// - Reading gives a plan or an `Importer.Problem`, never a crash; a plan's instances name
//   habits it has.
// - CSV records written back (every field quoted) read to the same fields.

func quoted(_ field: String) -> String {
    var out = "\""
    for c in field.unicodeScalars {
        if c == "\"" { out += "\"" }
        out.unicodeScalars.append(c)
    }
    return out + "\""
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let flags = input.byte()
    var data = input.rest()
    var files: [(name: String, bytes: [UInt8])] = []
    if flags & 1 == 1, let nul = data.firstIndex(of: 0) {
        files.append(("Habits.csv", Array(data[..<nul])))
        data = Array(data[(nul + 1)...])
    }
    files.append(("Checkmarks.csv", data))

    var plan = Importer.Plan()
    for file in files {
        do {
            try Importer.read(file.bytes, filename: file.name, into: &plan, now: 1_767_225_600)
        } catch {
            break
        }
    }
    for instance in plan.instances {
        require(plan.habits.indices.contains(instance.habit), "instance of habit #\(instance.habit), \(plan.habits.count) habits")
    }

    guard let text = String(validating: data, as: UTF8.self), let records = try? CSV.records(text, filename: "f") else { return 0 }
    let written = records.map { $0.fields.map(quoted).joined(separator: ",") }.joined(separator: "\n")
    guard let again = try? CSV.records(written, filename: "f") else {
        require(false, "rewritten CSV refused: \(shown(written.utf8))")
        return 0
    }
    require(again.map(\.fields) == records.map(\.fields), "rewritten CSV reads otherwise: \(shown(written.utf8))")
    return 0
}
