/// RFC 4180 records, each with the line it starts on; LF or CRLF line ends.
package enum CSV {
    package struct Record { let line: Int; let fields: [String] }

    package static func records(_ text: String, filename: String) throws(Importer.Problem) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var start = 1
        var quoted = false
        var wasQuoted = false
        var chars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func next() -> Unicode.Scalar? {
            if let p = pending { pending = nil; return p }
            return chars.next()
        }
        var atRecordStart = true
        while let c = next() {
            if quoted {
                if c == "\"" {
                    if let after = next() {
                        if after == "\"" { field.unicodeScalars.append("\"") } else { quoted = false; pending = after }
                    } else { quoted = false }
                } else {
                    if c == "\n" { line += 1 }
                    field.unicodeScalars.append(c)
                }
                continue
            }
            if atRecordStart { start = line; atRecordStart = false }
            switch c {
            case "\"":
                guard field.isEmpty, !wasQuoted else { throw Importer.Problem(place: .line(file: filename, line: line), key: "import.problem.csv") }
                quoted = true
                wasQuoted = true
            case ",":
                fields.append(field); field = ""; wasQuoted = false
            case "\r":
                continue
            case "\n":
                fields.append(field); field = ""; wasQuoted = false
                if !(fields.count == 1 && fields[0].isEmpty) { records.append(Record(line: start, fields: fields)) }
                fields = []
                line += 1
                atRecordStart = true
            default:
                guard !wasQuoted else { throw Importer.Problem(place: .line(file: filename, line: line), key: "import.problem.csv") }
                field.unicodeScalars.append(c)
            }
        }
        if quoted { throw Importer.Problem(place: .line(file: filename, line: start), key: "import.problem.csv") }
        if !atRecordStart {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty) { records.append(Record(line: start, fields: fields)) }
        }
        return records
    }
}
