import HTTP
import HTTPServer
import MemberData
import Zip

extension ExportPage {
    /// `/export/dawn.zip`: `dawn.json` (the JSON export with its `photos`), `journal.md` (its
    /// images link into the zip) and `photos/<sha256>.jpg`, each file once however many days
    /// show it. Only the JSON and the journal are made in memory; the photos are stored as
    /// they are (already JPEG) and read from their files as the download goes, so a member at
    /// their quota downloads gigabytes with one chunk in memory. Reading each file once here
    /// for its CRC-32 is what that costs.
    static func zip(_ app: Dawn, _ page: PageRequest, _ member: MemberContext) throws -> HTTPResponse {
        let model = try Model(member, withJournal: true)
        let rows = try member.database.read { connection in
            try connection.query("SELECT day, caption, sha256, width, height FROM photos ORDER BY day, id")
        }
        let files = PhotoFiles(app.data, member.account.id)
        var photos: [DawnExportFormat.Photo] = []
        var found: [String: (size: Int64, crc32: UInt32)?] = [:]
        for row in rows {
            let hash = row.string(2)
            guard PhotoFiles.isHash(hash) else { continue }
            if found[hash] == nil {
                // A file gone or unreadable (`dawn check` reports it) leaves its photo out of
                // the zip and of `dawn.json` alike, so the zip still imports.
                found[hash] = .some(try? ZipCRC.file(atPath: files.path(hash)))
            }
            guard case .some(.some) = found[hash] else { continue }
            photos.append(DawnExportFormat.Photo(date: row.string(0), file: DawnExportFormat.Photo.path(sha256: hash),
                                                 caption: row.string(1), sha256: hash, width: row.int(3), height: row.int(4)))
        }
        let missing = found.values.filter { $0 == nil }.count
        if missing > 0 {
            StandardError.line("the zip export of \(member.account.username) left out \(missing) photo files that cannot be read (run dawn check)")
        }

        let now = model.exportedAt
        var writer = ZipWriter(modified: ZipTimestamp(year: now.date.year, month: now.date.month, day: now.date.day,
                                                             hour: now.hour, minute: now.minute, second: now.second))
        writer.add(name: ImportZip.jsonName, bytes: DawnExportFormat.bytes(try file(model, member, photos: photos.isEmpty ? nil : photos,
                                                                                       points: try points(app, member))),
                   compress: true)
        writer.add(name: "journal.md", bytes: Array(try journalText(app, page, member).utf8), compress: true)
        var added: Set<String> = []
        for photo in photos where added.insert(photo.sha256).inserted {
            guard case let .some(.some(file)) = found[photo.sha256] else { continue }
            writer.add(name: photo.file, filePath: files.path(photo.sha256), size: file.size, crc32: file.crc32)
        }
        let plan = writer.finish()
        let body = StreamedBody(parts: plan.parts.map { part in
            switch part {
            case let .bytes(bytes): .bytes(bytes)
            case let .file(path, size): .file(path: path, size: size)
            }
        })
        var response = HTTPResponse.streamed(body, headers: ["Content-Type": "application/zip"])
        response.headers.add("Content-Disposition", "attachment; filename=\"\(model.fileStem).zip\"")
        response.headers.add("Cache-Control", "private, no-store")
        return response
    }
}
