import Domain
import Files
import Imaging
import MemberData
import TimeZones
import Zip

/// A zip on its way in: Dawn's export (`dawn.json` read as any Dawn export, each photo it
/// names taken from the zip and checked against its SHA-256), Day One's, Daylio's, Diaro's
/// or Journey's export, or a folder of daily Markdown notes; photos stored as the upload path
/// stores them (files durable before the rows that name them).
///
/// A photo from Dawn's own export is a stripped JPEG within the stored size, and is kept
/// byte for byte (the round trip gives back identical files); any other picture under a
/// photo's name (a zip made or changed by hand) is decoded and written again by libvips,
/// exactly as an upload is, so no metadata gets in through an import either.
enum ImportZip {
    /// Where the export is in the zip.
    static let jsonName = "dawn.json"

    static func isZip(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06])
    }

    /// A request's upload is at most `HTTPLimits.maxUploadBodyBytes`: an entry may not unpack
    /// to more than a stored photo's file limit, save the JSON, which has its own parser limit.
    static let limits = ZipLimits(maxEntries: 20_000, maxEntryBytes: 256 << 20, maxTotalBytes: 1 << 30, maxRatio: 1_000)

    /// Where Daylio keeps its backup in its zip.
    static let daylioName = "backup.daylio"
    /// Where Diaro keeps its backup in its zip (its photos under `media/photo/`).
    static let diaroName = "DiaroBackup.xml"

    /// The zip opened and what it holds read into `plan`, told by its contents: Dawn's own
    /// export (`dawn.json`), Daylio's backup (`backup.daylio`), Diaro's (`DiaroBackup.xml`),
    /// Journey's export (JSON files at the top, each an entry with `date_journal`), Day One's
    /// export (a JSON file at the top with its `photos/`), or a folder of daily Markdown notes
    /// (`YYYY-MM-DD.md`).
    /// Returns the archive (for the photos) and how many photo references were left out.
    static func read(_ source: any ZipSource, filename: String, into plan: inout Importer.Plan, now: Int64,
                     zone: (String) -> TimeZoneRules?) throws(Importer.Problem) -> (archive: ZipArchive, droppedPhotos: Int) {
        let archive: ZipArchive
        do {
            archive = try ZipArchive(source: source, limits: limits)
        } catch {
            throw problem(error, filename)
        }
        func contents(_ entry: ZipArchive.Entry) throws(Importer.Problem) -> [UInt8] {
            do { return try archive.contents(of: entry) } catch { throw problem(error, entry.name) }
        }
        if let entry = archive.entry(named: jsonName) {
            try Importer.read(try contents(entry), filename: jsonName, into: &plan, now: now)
            return (archive, 0)
        }
        if let entry = archive.entry(named: daylioName) {
            try Importer.readDaylio(try contents(entry), filename: daylioName, into: &plan)
            return (archive, 0)
        }
        let files = Set(archive.entries.map(\.name))
        if let entry = archive.entry(named: diaroName) {
            let outcome = try Importer.readDiaro(try contents(entry), filename: diaroName, files: files, into: &plan)
            return (archive, outcome.droppedPhotos)
        }
        let topJSON = archive.entries.filter { !$0.isDirectory && !$0.name.contains("/") && $0.name.hasSuffix(".json") }
        if let first = topJSON.first, Importer.isJourneyEntry(try contents(first)) {
            var entries: [(name: String, bytes: [UInt8])] = []
            for entry in topJSON { entries.append((entry.name, try contents(entry))) }
            let outcome = try Importer.readJourney(entries, files: files, zone: zone, into: &plan)
            return (archive, outcome.droppedPhotos)
        }
        if let journal = topJSON.first {
            let outcome = try Importer.readDayOne(try contents(journal), filename: journal.name, files: files, zone: zone, into: &plan)
            return (archive, outcome.droppedPhotos)
        }
        let notes = archive.entries.filter { !$0.isDirectory && Importer.dailyNoteDay($0.name) != nil }
        guard !notes.isEmpty else { throw Importer.Problem(place: .file(filename), key: "import.problem.zip_unknown") }
        var texts: [(name: String, text: String)] = []
        for entry in notes {
            guard let text = String(validating: try contents(entry), as: UTF8.self) else {
                throw Importer.Problem(place: .file(entry.name), key: "import.problem.utf8")
            }
            texts.append((entry.name, text))
        }
        try Importer.readMarkdownNotes(texts, into: &plan)
        return (archive, 0)
    }

    /// A photo ready to store: the photo's bytes and its thumbnail's.
    struct Prepared {
        let photo: Importer.Plan.Photo
        let bytes: [UInt8]
        let width: Int
        let height: Int
        let thumbnail: [UInt8]
    }

    /// Every photo of the plan taken from the zip and checked; throws the first problem, or
    /// `ImagingError.unavailable` when this server has no libvips.
    static func prepare(_ photos: [Importer.Plan.Photo], from archive: ZipArchive,
                        progress: (Int) -> Void = { _ in }) throws -> [Prepared] {
        var prepared: [Prepared] = []
        var thumbnails: [String: (bytes: [UInt8], width: Int, height: Int, thumbnail: [UInt8])] = [:]
        for (i, photo) in photos.enumerated() {
            if i > 0 { progress(i) }
            let place = Importer.Problem.Place.record("photos[\(i)].file")
            if let done = thumbnails[photo.file] {
                prepared.append(Prepared(photo: photo, bytes: done.bytes, width: done.width, height: done.height, thumbnail: done.thumbnail))
                continue
            }
            guard let entry = archive.entry(named: photo.file) else {
                throw Importer.Problem(place: place, key: "import.problem.photo_missing", arguments: ["value": photo.file])
            }
            guard entry.size <= Int64(PhotoConstants.maxFileBytes) else {
                throw Importer.Problem(place: place, key: "import.problem.photo_image", arguments: ["value": photo.file])
            }
            let bytes: [UInt8]
            do {
                bytes = try archive.contents(of: entry)
            } catch {
                throw problem(error, photo.file)
            }
            // Dawn's own export names each photo's hash; other apps' files are taken as they come.
            guard photo.sha256.isEmpty || PhotoFiles.hash(bytes) == photo.sha256 else {
                throw Importer.Problem(place: place, key: "import.problem.photo_hash", arguments: ["value": photo.file])
            }
            let made = try store(bytes, photo, place)
            thumbnails[photo.file] = made
            prepared.append(Prepared(photo: photo, bytes: made.bytes, width: made.width, height: made.height, thumbnail: made.thumbnail))
        }
        return prepared
    }

    /// The bytes to store (the file itself when it is as Dawn writes photos, else written
    /// again) and the thumbnail made from them.
    private static func store(_ bytes: [UInt8], _ photo: Importer.Plan.Photo,
                              _ place: Importer.Problem.Place) throws -> (bytes: [UInt8], width: Int, height: Int, thumbnail: [UInt8]) {
        func notAPicture() -> Importer.Problem {
            Importer.Problem(place: place, key: "import.problem.photo_image", arguments: ["value": photo.file])
        }
        guard ImageFormat.sniff(bytes) != nil else { throw notAPicture() }
        let size: PhotoEncoder.Size
        do {
            size = try PhotoEncoder.size(of: bytes)
        } catch {
            if case .unavailable = error { throw error }
            throw notAPicture()
        }
        guard size.pixels <= PhotoConstants.maxPixels else { throw notAPicture() }
        do {
            var stored = bytes, width = size.width, height = size.height
            let asDawnWritesThem = ImageFormat.sniff(bytes) == .jpeg && JPEGSegments.isBare(bytes)
                && max(size.width, size.height) <= PhotoConstants.longestSide
            if !asDawnWritesThem {
                let encoded = try PhotosPage.storedPhoto(bytes)
                (stored, width, height) = (encoded.bytes, encoded.width, encoded.height)
            }
            return (stored, width, height, try PhotosPage.thumbnail(of: stored).bytes)
        } catch {
            if case .unavailable = error { throw error }
            throw notAPicture()
        }
    }

    /// Writes the prepared photos' files durably; returns the rows to insert and every file
    /// written (to remove again if the import is refused). Called under `PhotoFiles.mutation`.
    static func writeFiles(_ prepared: [Prepared], _ files: PhotoFiles) throws -> (rows: [DayPhotos.Imported], written: [String]) {
        var rows: [DayPhotos.Imported] = []
        var written: [String] = []
        for item in prepared {
            let hash = try files.store(item.bytes)
            let thumbHash = try files.store(item.thumbnail)
            written += [hash, thumbHash]
            rows.append(DayPhotos.Imported(day: item.photo.day, caption: item.photo.caption, photo: DayPhotos.New(
                sha256: hash, thumbSHA256: thumbHash, width: item.width, height: item.height,
                bytes: item.bytes.count + item.thumbnail.count)))
        }
        return (rows, written)
    }

    static func problem(_ error: ZipError, _ filename: String) -> Importer.Problem {
        Importer.Problem(place: .file(filename), key: "import.problem.zip", arguments: ["value": error.message])
    }
}
