import FuzzSupport
import JSON
@testable import MemberData

// Dawn's JSON export, read as the import page reads it (`Importer.readDawn`, no database).
// Input: the file.
//
// - Reading gives a plan or an `Importer.Problem`, never a crash.
// - A plan's instances name habits it has (the writer indexes its habit ids with them).
// - The plan exported again (as `/export/dawn.json` writes it) imports to the same plan:
//   what the importer accepts it accepts again unchanged.

func describe(_ plan: Importer.Plan) -> String {
    var lines: [String] = []
    for h in plan.habits {
        lines.append("habit \(h.name)|\(h.emoji)|\(h.color)|\(h.defaultDuration)|\(String(describing: h.createdAt))|\(String(describing: h.archivedAt))")
    }
    for i in plan.instances {
        lines.append("instance \(i.habit)|\(i.day)|\(i.startMinute)|\(String(describing: i.durationMinutes))|\(i.note)")
    }
    for e in plan.entries { lines.append("entry \(e.day)|\(e.text)") }
    for n in plan.notes { lines.append("note \(n.day)|\(n.text)|\(n.createdAt)") }
    return lines.joined(separator: "\n")
}

func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

func export(_ plan: Importer.Plan) -> [UInt8] {
    let habits: [JSONValue] = plan.habits.enumerated().map { index, h in
        DawnExportFormat.Habit(id: Int64(index + 1), name: h.name, emoji: h.emoji, colour: h.color,
                               defaultDurationMinutes: h.defaultDuration, createdAt: h.createdAt ?? 0, archivedAt: h.archivedAt).json
    }
    let instances: [JSONValue] = plan.instances.map { i in
        DawnExportFormat.Instance(habitId: Int64(i.habit + 1), date: i.day.description,
                                  start: twoDigits(i.startMinute / 60) + ":" + twoDigits(i.startMinute % 60),
                                  durationMinutes: i.durationMinutes ?? 0, note: i.note).json
    }
    let file: JSONValue = .object([
        "format": .string("dawn-export"), "version": .integer(1), "habits": .array(habits), "instances": .array(instances),
        "entries": .array(plan.entries.map { DawnExportFormat.Entry(date: $0.day.description, text: $0.text).json }),
        "notes": .array(plan.notes.map { DawnExportFormat.Note(date: $0.day.description, text: $0.text, createdAt: $0.createdAt).json }),
    ])
    return JSONWriter.bytes(file, options: [.prettyPrinted, .sortedKeys])
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    var plan = Importer.Plan()
    do {
        try Importer.readDawn(bytes, into: &plan)
    } catch {
        return 0
    }
    for instance in plan.instances {
        require(plan.habits.indices.contains(instance.habit), "instance of habit #\(instance.habit), \(plan.habits.count) habits")
    }
    let written = export(plan)
    var again = Importer.Plan()
    do {
        try Importer.readDawn(written, into: &again)
    } catch {
        require(false, "the plan exported again is refused: \(error.key) at \(error.place): \(shown(written, limit: 2000))")
    }
    require(describe(again) == describe(plan), "exported again, the plan differs:\n\(describe(plan))\n---\n\(describe(again))")
    return 0
}
