import FuzzSupport
import HTTP

// Input: 1 byte choosing what to fuzz (low 2 bits) and a limit (the rest), then the data.
//
// - URL-encoded forms: never more fields than the limit; every field written back with
//   `encode` parses again to the same fields.
// - Percent-decoding: fails exactly when a `%` lacks two hex digits, or the result holds
//   NUL or is not UTF-8; decode(encode(text)) == text for any text without NUL.
// - multipart/form-data (first line of the data: the Content-Type): never more parts than
//   the limit; the parts written back with the same boundary parse again to the same parts.
// - Request paths: no segment is empty, `.`, `..` or holds `/`, `\` or a control character;
//   the segments percent-encoded again give the same segments.

/// Percent-encodes everything but unreserved characters; spaces as `+` when `plusAsSpace`.
func encode(_ text: String, plusAsSpace: Bool) -> String {
    var out = ""
    for b in text.utf8 {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            out.unicodeScalars.append(Unicode.Scalar(b))
        case UInt8(ascii: " ") where plusAsSpace:
            out += "+"
        default:
            let hex = String(b, radix: 16, uppercase: true)
            out += "%" + (hex.count == 1 ? "0" + hex : hex)
        }
    }
    return out
}

func isHex(_ b: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(b)
        || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(b)
}

/// What decoding `bytes` should give, computed another way: byte by byte, then validated.
func expectedDecoding(_ bytes: [UInt8], plusAsSpace: Bool) -> Result<String, PercentDecodingError> {
    var out: [UInt8] = []
    var i = 0
    while i < bytes.count {
        if bytes[i] == UInt8(ascii: "%") {
            guard i + 2 < bytes.count, isHex(bytes[i + 1]), isHex(bytes[i + 2]) else { return .failure(.invalidEscape) }
            out.append(UInt8(Int(String(decoding: bytes[(i + 1)...(i + 2)], as: UTF8.self), radix: 16)!))
            i += 3
        } else {
            out.append(plusAsSpace && bytes[i] == UInt8(ascii: "+") ? 0x20 : bytes[i])
            i += 1
        }
    }
    if out.contains(0) { return .failure(.containsNUL) }
    guard let text = String(validating: out, as: UTF8.self) else { return .failure(.invalidUTF8) }
    return .success(text)
}

func fuzzPercentDecoding(_ data: [UInt8], plusAsSpace: Bool) {
    let actual: Result<String, PercentDecodingError>
    do { actual = .success(try PercentDecoding.decode(data, plusAsSpace: plusAsSpace)) } catch { actual = .failure(error) }
    let expected = expectedDecoding(data, plusAsSpace: plusAsSpace)
    require(actual == expected, "decode \(shown(data)): \(actual) but expected \(expected)")
    if case .success(let text) = actual {
        let again = try? PercentDecoding.decode(encode(text, plusAsSpace: plusAsSpace).utf8, plusAsSpace: plusAsSpace)
        require(again == text, "decode(encode(decoded)) differs for \(shown(data))")
    }
    // Any text without NUL survives encode → decode.
    let text = String(decoding: data.filter { $0 != 0 }, as: UTF8.self)
    let back = try? PercentDecoding.decode(encode(text, plusAsSpace: plusAsSpace).utf8, plusAsSpace: plusAsSpace)
    require(back == text, "decode(encode(text)) differs for \(shown(data))")
}

func fuzzURLEncodedForm(_ data: [UInt8], maxFields: Int) {
    let form: FormFields
    do {
        form = try URLEncodedForm.parse(data, maxFields: maxFields)
    } catch {
        if case .tooManyFields(let max) = error { require(max == maxFields, "limit \(max) reported, \(maxFields) set") }
        return
    }
    require(form.count <= maxFields, "\(form.count) fields, limit \(maxFields)")
    for field in form {
        require(!field.name.utf8.contains(0) && !field.value.utf8.contains(0), "NUL in a field")
    }
    let written = form.map { encode($0.name, plusAsSpace: true) + "=" + encode($0.value, plusAsSpace: true) }
        .joined(separator: "&")
    guard let again = try? URLEncodedForm.parse(written, maxFields: maxFields) else {
        require(false, "rewritten form refused: \(written)")
        return
    }
    require(again.map(\.name) == form.map(\.name) && again.map(\.value) == form.map(\.value),
            "rewritten form differs: \(written)")
}

/// A quoted-string for a Content-Disposition parameter.
func quoted(_ text: String) -> String {
    var out = "\""
    for c in text.unicodeScalars {
        if c == "\"" || c == "\\" { out += "\\" }
        out.unicodeScalars.append(c)
    }
    return out + "\""
}

func fuzzMultipart(_ data: [UInt8], maxParts: Int) {
    let newline = data.firstIndex(of: UInt8(ascii: "\n")) ?? data.count
    let contentType = String(decoding: data[..<newline], as: UTF8.self)
    let body = newline < data.count ? Array(data[(newline + 1)...]) : []
    let form: MultipartForm
    do {
        form = try MultipartForm.parse(body: body, contentType: contentType, maxParts: maxParts)
    } catch {
        if case .tooManyParts(let max) = error { require(max == maxParts, "limit \(max) reported, \(maxParts) set") }
        return
    }
    require(form.parts.count <= maxParts, "\(form.parts.count) parts, limit \(maxParts)")
    require(form.fields.count == form.parts.filter { $0.filename == nil }.count, "fields are not the parts without a file")

    guard let boundary = try? MultipartForm.boundary(contentType) else {
        require(false, "parsed, but no boundary in \(contentType)")
        return
    }
    var written: [UInt8] = []
    for part in form.parts {
        written += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\(quoted(part.name))".utf8)
        if let filename = part.filename { written += Array("; filename=\(quoted(filename))".utf8) }
        written += Array("\r\n".utf8)
        if let type = part.contentType { written += Array("Content-Type: \(type)\r\n".utf8) }
        written += Array("\r\n".utf8) + part.body + Array("\r\n".utf8)
    }
    written += Array("--\(boundary)--\r\n".utf8)
    let again: MultipartForm
    do {
        again = try MultipartForm.parse(body: written, contentType: contentType, maxParts: maxParts)
    } catch {
        require(false, "rewritten multipart refused (\(error)): \(shown(written))")
        return
    }
    require(again.parts == form.parts, "rewritten multipart differs: \(shown(written))")
}

func fuzzRequestPath(_ data: [UInt8]) {
    let path = String(decoding: data, as: UTF8.self)
    let segments: [String]
    do {
        segments = try RequestPath.segments(path)
    } catch {
        require((error == .notAbsolute) == (path.utf8.first != UInt8(ascii: "/")), "\(error) for \(shown(data))")
        return
    }
    for segment in segments {
        require(!segment.isEmpty && segment != "." && segment != "..", "segment '\(segment)' of \(shown(data))")
        for scalar in segment.unicodeScalars {
            let v = scalar.value
            require(v > 0x1F && !(0x7F...0x9F).contains(v) && scalar != "/" && scalar != "\\",
                    "segment with U+\(String(v, radix: 16)) from \(shown(data))")
        }
    }
    let written = "/" + segments.map { encode($0, plusAsSpace: false) }.joined(separator: "/")
    require((try? RequestPath.segments(written)) == segments, "re-encoded path \(written) differs")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let choice = input.byte()
    let data = input.rest()
    let limit = Int(choice >> 2) % 16 + 1
    switch choice & 3 {
    case 0: fuzzURLEncodedForm(data, maxFields: limit)
    case 1: fuzzPercentDecoding(data, plusAsSpace: choice & 4 != 0)
    case 2: fuzzMultipart(data, maxParts: limit)
    default: fuzzRequestPath(data)
    }
    return 0
}
