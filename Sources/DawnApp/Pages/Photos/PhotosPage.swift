import Domain
import Files
import HTTP
import HTTPServer
import Imaging
import Localization
import MemberData
import PlainText
import TimeZones

/// A day's photos: `POST /day/{date}/photos` uploads (multipart: `photo` files, an optional
/// `caption`), `GET /photos/{id}` and `/photos/{id}/thumb` serve them, `POST /photos/{id}`
/// sets the caption, `POST /photos/{id}/delete` removes one. They belong to the journal:
/// a guardian sees them (under `/members/{child}/…`) only where the child shares it, and
/// never changes them. Decoding runs on the worker pool (`slow`), never on an event loop.
/// The photos show in the day page's journal card (`DayPage`), refusals beside its form.
enum PhotosPage {
    static func add(to router: inout Router<Route>) {
        router.add(.POST, "/day/{date}/photos", .member(slow: true) { app, page, member in
            try upload(app, page, member)
        })
        router.add(.GET, "/photos/{id}", .member(slow: true) { app, page, member in
            try serve(app, page, member, thumbnail: false)
        }.forGuardians(.read))
        router.add(.GET, "/photos/{id}/thumb", .member(slow: true) { app, page, member in
            try serve(app, page, member, thumbnail: true)
        }.forGuardians(.read))
        router.add(.POST, "/photos/{id}", .member { app, page, member in
            let photo = try stored(page, member)
            let text = page.form["caption"] ?? ""
            guard let caption = caption(text) else {
                return try DayPage.show(app, page, member, day: photo.day,
                                        photoForm: refusal(app, page, "photos.error.caption", caption: text),
                                        status: .badRequest)
            }
            _ = try DayPhotos(database: member.database).setCaption(caption, id: photo.id)
            return .redirect(to: Paths.done(page.paths.day(photo.day), "photo-saved", anchor: "photos"))
        })
        router.add(.POST, "/photos/{id}/delete", .member { app, page, member in
            let photo = try stored(page, member)
            let files = PhotoFiles(app.data, member.account.id)
            try PhotoFiles.mutation.withLock { _ in
                if let deleted = try DayPhotos(database: member.database).delete(id: photo.id) {
                    files.remove(deleted.unusedFiles)
                }
            }
            return .redirect(to: Paths.done(page.paths.day(photo.day), "photo-deleted", anchor: "photos"))
        })
    }

    /// The photo the URL names, of the member the page works on; else the 404 of an
    /// unknown address (also a guardian's, where the journal is not shared).
    private static func stored(_ page: PageRequest, _ member: MemberContext) throws -> DayPhotos.Photo {
        guard member.journalVisible, let id = try page.id(),
              let photo = try DayPhotos(database: member.database).photo(id: id) else {
            throw PageError(.notFound, key: "photos.not_found")
        }
        return photo
    }

    /// The photo or its thumbnail: a JPEG that never changes under its URL (its name is its
    /// hash, which is also its ETag), kept by the browser alone (`private`).
    private static func serve(_ app: Dawn, _ page: PageRequest, _ member: MemberContext, thumbnail: Bool) throws -> HTTPResponse {
        let photo = try stored(page, member)
        let hash = thumbnail ? photo.thumbSHA256 : photo.sha256
        let etag = "\"\(hash)\""
        let headers: HTTPHeaders = ["ETag": etag, "Cache-Control": "private, max-age=86400"]
        if EntityTag.matches(page.http.headers["If-None-Match"], etag) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        let bytes: [UInt8]
        do {
            bytes = try PhotoFiles(app.data, member.account.id).read(hash)
        } catch {
            // A row whose file is gone (`dawn check` reports it): nothing to show.
            throw PageError(.notFound, key: "photos.not_found")
        }
        var all = headers
        all.add("Content-Type", "image/jpeg")
        return HTTPResponse(status: .ok, headers: all, body: bytes)
    }

    /// A caption as stored: trimmed, one line, `PhotoConstants.maxCaptionCharacters` at most.
    static func caption(_ text: String) -> String? {
        let caption = String(PlainText.trimmed(text))
        guard PlainText.isSingleLine(caption), PlainText.length(caption) <= PhotoConstants.maxCaptionCharacters else { return nil }
        return caption
    }

    /// The upload form again, the caption as typed, the message beside the file field.
    private static func refusal(_ app: Dawn, _ page: PageRequest, _ key: String, _ arguments: [String: String] = [:],
                                caption: String) -> FormState {
        var form = FormState(values: ["caption": caption])
        form.fail("photo", app.t(key, page, arguments))
        return form
    }

    /// Checks every file, then decodes and re-encodes them all, then stores them: all or
    /// none, each refusal before anything is written.
    private static func upload(_ app: Dawn, _ page: PageRequest, _ member: MemberContext) throws -> HTTPResponse {
        do {
            return try checkAndStore(app, page, member)
        } catch ImagingError.unavailable {
            // libvips is not installed on this server (the container image has none yet): the
            // form says so, nothing is stored, and the rest of the app goes on.
            let day = try DayPage.day(app, page, member)
            return try DayPage.show(app, page, member, day: day,
                                    photoForm: refusal(app, page, "photos.error.unavailable", [:],
                                                       caption: page.form["caption"] ?? ""),
                                    status: .serviceUnavailable)
        }
    }

    private static func checkAndStore(_ app: Dawn, _ page: PageRequest, _ member: MemberContext) throws -> HTTPResponse {
        let day = try DayPage.day(app, page, member)
        guard member.journalWritable else { throw PageError(.notFound, key: "photos.not_found") }
        let typed = page.form["caption"] ?? ""
        let language = page.language
        func refuse(_ key: String, _ arguments: [String: String] = [:], status: HTTPStatus = .badRequest) throws -> HTTPResponse {
            try DayPage.show(app, page, member, day: day, photoForm: refusal(app, page, key, arguments, caption: typed),
                             status: status)
        }
        guard let caption = caption(typed) else { return try refuse("photos.error.caption") }
        let files = page.files.filter { $0.name == "photo" && !$0.body.isEmpty }
        guard !files.isEmpty else { return try refuse("photos.error.none") }
        let photos = DayPhotos(database: member.database)
        let dayLimit = LocalizedNumber.integer(PhotoConstants.maxPerDay, language)
        guard try photos.count(on: day) + files.count <= PhotoConstants.maxPerDay else {
            return try refuse("photos.error.day_full", ["max": dayLimit])
        }
        for file in files {
            let name = file.filename.map { String($0.prefix(80)) } ?? "?"
            guard file.body.count <= PhotoConstants.maxFileBytes else {
                return try refuse("photos.error.too_large", ["file": name,
                                                            "max": LocalizedNumber.integer(PhotoConstants.maxFileBytes / 1_000_000, language)],
                                  status: .contentTooLarge)
            }
            guard ImageFormat.sniff(file.body) != nil else { return try refuse("photos.error.not_image", ["file": name]) }
            guard let size = try header(file.body) else { return try refuse("photos.error.not_image", ["file": name]) }
            // A decompression bomb: refused on its header, before a pixel is decoded.
            guard size.pixels <= PhotoConstants.maxPixels else {
                return try refuse("photos.error.too_many_pixels", [
                    "file": name, "max": LocalizedNumber.integer(PhotoConstants.maxPixels / 1_000_000, language),
                ])
            }
        }
        var encoded: [(photo: PhotoEncoder.Encoded, thumbnail: PhotoEncoder.Encoded)] = []
        for file in files {
            guard let pair = try reencode(file.body) else {
                return try refuse("photos.error.not_image", ["file": file.filename.map { String($0.prefix(80)) } ?? "?"])
            }
            encoded.append(pair)
        }
        let quota = app.configuration.photoQuotaMegabytes * 1_000_000
        let adding = encoded.reduce(0) { $0 + $1.photo.bytes.count + $1.thumbnail.bytes.count }
        func quotaRefusal(used: Int) throws -> HTTPResponse {
            try refuse("photos.error.quota", ["left": megabytes(max(0, quota - used), language),
                                              "quota": megabytes(quota, language)], status: .contentTooLarge)
        }
        let used = try photos.usedBytes()
        guard used + adding <= quota else { return try quotaRefusal(used: used) }
        let outcome = try store(encoded, on: day, caption: caption, quota: quota, PhotoFiles(app.data, member.account.id),
                                photos, now: member.now)
        switch outcome {
        case nil:
            return .redirect(to: Paths.done(page.paths.day(day), "photos-added", anchor: "photos"))
        case .dayFull:
            return try refuse("photos.error.day_full", ["max": dayLimit])
        case let .quota(used):
            return try quotaRefusal(used: used)
        }
    }

    /// The header's size; nil when libvips cannot read it as a picture. libvips missing is
    /// the server's error, not the member's.
    private static func header(_ bytes: [UInt8]) throws -> PhotoEncoder.Size? {
        do {
            return try PhotoEncoder.size(of: bytes)
        } catch let error {
            if case .unavailable = error { throw error }
            return nil
        }
    }

    /// The photo to store and its thumbnail; nil when the picture cannot be decoded.
    private static func reencode(_ bytes: [UInt8]) throws -> (photo: PhotoEncoder.Encoded, thumbnail: PhotoEncoder.Encoded)? {
        do {
            let photo = try storedPhoto(bytes)
            return (photo, try thumbnail(of: photo.bytes))
        } catch let error {
            if case .unavailable = error { throw error }
            return nil
        }
    }

    /// A picture as Dawn stores it: upright, no metadata, its longest side within bounds.
    static func storedPhoto(_ bytes: [UInt8]) throws(ImagingError) -> PhotoEncoder.Encoded {
        try PhotoEncoder.jpeg(bytes, longest: PhotoConstants.longestSide, quality: PhotoConstants.quality)
    }

    /// A stored photo's thumbnail: made from the stored photo, already upright and stripped,
    /// and far smaller to decode than the upload.
    static func thumbnail(of storedPhoto: [UInt8]) throws(ImagingError) -> PhotoEncoder.Encoded {
        try PhotoEncoder.jpeg(storedPhoto, longest: PhotoConstants.thumbnailSide, quality: PhotoConstants.thumbnailQuality)
    }

    /// Writes the files durably, then their rows in one transaction; nil when stored, else
    /// the write's refusal, after which the files it wrote are gone again.
    private static func store(_ encoded: [(photo: PhotoEncoder.Encoded, thumbnail: PhotoEncoder.Encoded)], on day: LocalDate,
                              caption: String, quota: Int, _ files: PhotoFiles, _ photos: DayPhotos,
                              now: Int64) throws -> DayPhotos.Refusal? {
        try PhotoFiles.mutation.withLock { _ throws -> DayPhotos.Refusal? in
            try storeLocked(encoded, on: day, caption: caption, quota: quota, files, photos, now: now)
        }
    }

    private static func storeLocked(_ encoded: [(photo: PhotoEncoder.Encoded, thumbnail: PhotoEncoder.Encoded)], on day: LocalDate,
                                    caption: String, quota: Int, _ files: PhotoFiles, _ photos: DayPhotos,
                                    now: Int64) throws -> DayPhotos.Refusal? {
        var written: [String] = []
        var new: [DayPhotos.New] = []
        do {
            for (photo, thumbnail) in encoded {
                let hash = try files.store(photo.bytes)
                written.append(hash)
                let thumbHash = try files.store(thumbnail.bytes)
                written.append(thumbHash)
                new.append(DayPhotos.New(sha256: hash, thumbSHA256: thumbHash, width: photo.width, height: photo.height,
                                         bytes: photo.bytes.count + thumbnail.bytes.count))
            }
            try photos.add(new, on: day, caption: caption, quotaBytes: quota, now: now)
            return nil
        } catch {
            // Nothing stored: the files this upload wrote go, unless a row already named them.
            files.remove(try written.filter { try !photos.names($0) })
            if let refusal = error as? DayPhotos.Refusal { return refusal }
            throw error
        }
    }

    /// Bytes as whole megabytes (rounded down), in the page's language.
    static func megabytes(_ bytes: Int, _ language: Language) -> String {
        LocalizedNumber.integer(bytes / 1_000_000, language)
    }
}
