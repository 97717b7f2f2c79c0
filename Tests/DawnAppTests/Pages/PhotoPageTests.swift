import Accounts
import HTTP
import Imaging
import MemberData
import Store
import XCTest
@testable import DawnApp

/// Photos on a day in process: upload, the day page's thumbnails, serving with ETags, the
/// caption, delete, who gets a 404, and every refusal showing its message with nothing
/// stored (no row, no file).
final class PhotoPageTests: XCTestCase {
    static let day = "2026-03-11"
    static let now = PageHarness.instant("2026-03-11T10:00:00Z")

    private func upload(_ dawn: PageHarness, _ files: [(String, String, [UInt8])], caption: String = "",
                        day: String = PhotoPageTests.day) -> PageHarness.Page {
        _ = dawn.get("/day/\(day)")
        return dawn.postMultipart("/day/\(day)/photos", fields: [("caption", caption)],
                                  binaryFiles: files.map { ("photo", $0.0, $0.1, $0.2) })
    }

    private func rows(_ dawn: PageHarness) throws -> Int {
        try dawn.member().database.read { try $0.queryOne("SELECT count(*) FROM photos")?.int(0) ?? -1 }
    }

    /// The names in the signed-in member's photos folder (none when it was never made).
    private func files(_ dawn: PageHarness) throws -> [String] {
        let folder = dawn.app.data.photosFolder(try dawn.member().account.id)
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    private func photoIDs(_ page: String) -> [String] {
        PageHarness.allMatches(#"<a href="/photos/(\d+)"><img"#, in: page)
    }

    func testUploadShowServeCaptionAndDelete() throws {
        let dawn = try PageHarness(now: Self.now).signedUp()
        XCTAssertTrue(dawn.get("/day/\(Self.day)").text.contains(#"enctype="multipart/form-data""#), "the form, cached now")
        let uploaded = upload(dawn, [("beach.jpg", "image/jpeg", PhotoFixtures.jpeg)], caption: "  Beach <3 ")
        XCTAssertEqual(uploaded.status, .seeOther, uploaded.text)
        XCTAssertEqual(uploaded.location, "/day/\(Self.day)?done=photos-added#photos")
        // The cached day page was invalidated by the write.
        let day = dawn.get("/day/\(Self.day)?done=photos-added")
        XCTAssertTrue(day.text.contains("Your photos were added."))
        let id = try XCTUnwrap(photoIDs(day.text).first)
        XCTAssertTrue(day.text.contains(#"<a href="/photos/\#(id)"><img src="/photos/\#(id)/thumb" alt="Beach &lt;3" loading="lazy""#),
                      day.text)
        XCTAssertEqual(try rows(dawn), 1)
        XCTAssertEqual(try files(dawn).count, 2, "the photo and its thumbnail")

        let photo = dawn.get("/photos/\(id)")
        XCTAssertEqual(photo.status, .ok)
        XCTAssertEqual(photo.headers["Content-Type"], "image/jpeg")
        XCTAssertTrue(photo.headers["Cache-Control"]?.hasPrefix("private") ?? false)
        let etag = try XCTUnwrap(photo.headers["ETag"])
        XCTAssertEqual(etag, "\"\(PhotoFiles.hash(photo.body))\"", "strong, the file's SHA-256")
        XCTAssertEqual(try files(dawn).filter { $0.hasPrefix(PhotoFiles.hash(photo.body)) }.count, 1, "named by its hash")
        XCTAssertEqual(Array(photo.body.prefix(3)), [0xFF, 0xD8, 0xFF])
        XCTAssertEqual(try PhotoEncoder.size(of: photo.body), PhotoEncoder.Size(width: 64, height: 32))
        XCTAssertEqual(dawn.get("/photos/\(id)", headers: [("If-None-Match", etag)]).status, .notModified)
        let thumb = dawn.get("/photos/\(id)/thumb")
        XCTAssertEqual(thumb.status, .ok)
        XCTAssertNotEqual(thumb.headers["ETag"], etag)
        XCTAssertLessThanOrEqual(try PhotoEncoder.size(of: thumb.body).width, 400)

        // The caption.
        XCTAssertEqual(dawn.post("/photos/\(id)", [("caption", "Sunset")]).location, "/day/\(Self.day)?done=photo-saved#photos")
        XCTAssertTrue(dawn.get("/day/\(Self.day)").text.contains(#"alt="Sunset""#))
        let long = dawn.post("/photos/\(id)", [("caption", String(repeating: "x", count: 201))])
        XCTAssertEqual(long.status, .badRequest)
        XCTAssertTrue(long.text.contains("A caption is one line of at most 200 characters."))
        XCTAssertTrue(dawn.get("/day/\(Self.day)").text.contains(#"alt="Sunset""#))

        // Delete: the row and both files go.
        XCTAssertEqual(dawn.post("/photos/\(id)/delete", []).location, "/day/\(Self.day)?done=photo-deleted#photos")
        XCTAssertEqual(try rows(dawn), 0)
        XCTAssertEqual(try files(dawn), [])
        XCTAssertEqual(dawn.get("/photos/\(id)").status, .notFound)
        XCTAssertEqual(dawn.post("/photos/\(id)/delete", []).status, .notFound)
        XCTAssertTrue(photoIDs(dawn.get("/day/\(Self.day)").text).isEmpty)
    }

    func testTheSamePictureTwiceSharesItsFilesUntilTheLastRowGoes() throws {
        let dawn = try PageHarness(now: Self.now).signedUp()
        XCTAssertEqual(upload(dawn, [("a.jpg", "image/jpeg", PhotoFixtures.jpeg)]).status, .seeOther)
        XCTAssertEqual(upload(dawn, [("b.jpg", "image/jpeg", PhotoFixtures.jpeg)]).status, .seeOther)
        let ids = photoIDs(dawn.get("/day/\(Self.day)").text)
        XCTAssertEqual(ids.count, 2)
        XCTAssertEqual(try files(dawn).count, 2)
        XCTAssertEqual(dawn.post("/photos/\(ids[0])/delete", []).status, .seeOther)
        XCTAssertEqual(try files(dawn).count, 2, "the other row still names them")
        XCTAssertEqual(dawn.get("/photos/\(ids[1])").status, .ok)
        XCTAssertEqual(dawn.post("/photos/\(ids[1])/delete", []).status, .seeOther)
        XCTAssertEqual(try files(dawn), [])
    }

    func testAnotherMemberGetsThe404() throws {
        let dawn = try PageHarness(now: Self.now).signedUp()
        XCTAssertEqual(upload(dawn, [("a.png", "image/png", PhotoFixtures.png)]).status, .seeOther)
        let id = try XCTUnwrap(photoIDs(dawn.get("/day/\(Self.day)").text).first)
        dawn.addMember("dad", displayName: "Dad")
        dawn.signIn("dad")
        for path in ["/photos/\(id)", "/photos/\(id)/thumb"] {
            XCTAssertEqual(dawn.get(path).status, .notFound, path)
        }
        XCTAssertEqual(dawn.post("/photos/\(id)", [("caption", "mine now")]).status, .notFound)
        XCTAssertEqual(dawn.post("/photos/\(id)/delete", []).status, .notFound)
        dawn.signIn("mum")
        XCTAssertEqual(try rows(dawn), 1)
        XCTAssertEqual(dawn.get("/photos/\(id)").status, .ok)
        dawn.forgetCookies()
        XCTAssertEqual(dawn.get("/photos/\(id)").status, .seeOther, "signed out: to the sign-in page")
    }

    func testAGuardianSeesPhotosOnlyWhereTheJournalIsShared() throws {
        let dawn = try PageHarness(now: Self.now).signedUp(timeZone: "UTC")
        dawn.addMember("dad", displayName: "Dad")
        dawn.addMember("mia", displayName: "Mia", child: true)
        _ = dawn.get("/family")
        XCTAssertEqual(dawn.post("/family/guardians", [("guardian", "dad"), ("child", "mia")]).status, .seeOther)
        dawn.signIn("mia")
        XCTAssertEqual(upload(dawn, [("a.jpg", "image/jpeg", PhotoFixtures.jpeg)], caption: "Piano day").status, .seeOther)
        let id = try XCTUnwrap(photoIDs(dawn.get("/day/\(Self.day)").text).first)
        dawn.signIn("dad")
        XCTAssertEqual(dawn.get("/members/mia/photos/\(id)").status, .notFound)
        XCTAssertEqual(dawn.get("/members/mia/photos/\(id)/thumb").status, .notFound)
        XCTAssertFalse(dawn.get("/members/mia/day/\(Self.day)").text.contains("Piano day"))
        dawn.signIn("mia")
        _ = dawn.get("/settings")
        XCTAssertEqual(dawn.post("/settings/share-journal", [("share", "1")]).status, .seeOther)
        dawn.signIn("dad")
        XCTAssertEqual(dawn.get("/members/mia/photos/\(id)").status, .ok)
        let day = dawn.get("/members/mia/day/\(Self.day)").text
        XCTAssertTrue(day.contains(#"<a href="/members/mia/photos/\#(id)"><img src="/members/mia/photos/\#(id)/thumb" alt="Piano day""#), day)
        XCTAssertFalse(day.contains("/members/mia/photos/\(id)/delete"), "read only")
        XCTAssertFalse(day.contains(#"enctype="multipart/form-data""#))
        XCTAssertEqual(dawn.post("/members/mia/photos/\(id)/delete", []).status, .notFound)
        XCTAssertEqual(dawn.postMultipart("/members/mia/day/\(Self.day)/photos", fields: [],
                                          binaryFiles: [("photo", "a.jpg", "image/jpeg", PhotoFixtures.jpeg)]).status, .notFound)
        XCTAssertEqual(dawn.get("/photos/\(id)").status, .notFound, "not under the guardian's own address")
    }

    func testEveryRefusalSaysWhyAndStoresNothing() throws {
        let dawn = try PageHarness(now: Self.now).signedUp()
        var oversized = [UInt8](repeating: 0, count: 25_000_001)
        oversized[0...2] = [0xFF, 0xD8, 0xFF]
        let cases: [(files: [(String, String, [UInt8])], caption: String, status: HTTPStatus, message: String)] = [
            ([("notes.jpg", "image/jpeg", Array("just some text".utf8))], "", .badRequest,
             "“notes.jpg” is not a JPEG, PNG, WebP or HEIC picture, so nothing was uploaded."),
            // The name and the type lie: the bytes are text.
            ([("photo.png", "image/png", Array("%PDF-1.7 not a picture".utf8))], "", .badRequest,
             "“photo.png” is not a JPEG, PNG, WebP or HEIC picture, so nothing was uploaded."),
            // The right magic bytes, then garbage: libvips cannot read it.
            ([("broken.jpg", "image/jpeg", [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 7, count: 50))], "", .badRequest,
             "“broken.jpg” is not a JPEG, PNG, WebP or HEIC picture, so nothing was uploaded."),
            ([("huge.jpg", "image/jpeg", oversized)], "", .contentTooLarge, "“huge.jpg” is over 25 MB, so nothing was uploaded."),
            ([("bomb.png", "image/png", PhotoFixtures.bomb)], "", .badRequest,
             "“bomb.png” is over 50 megapixels, so nothing was uploaded."),
            // One bad file refuses the good one with it.
            ([("good.jpg", "image/jpeg", PhotoFixtures.jpeg), ("bomb.png", "image/png", PhotoFixtures.bomb)], "", .badRequest,
             "“bomb.png” is over 50 megapixels, so nothing was uploaded."),
            ([], "", .badRequest, "Choose at least one photo to upload."),
            ([("good.jpg", "image/jpeg", PhotoFixtures.jpeg)], String(repeating: "é", count: 201), .badRequest,
             "A caption is one line of at most 200 characters."),
        ]
        for item in cases {
            let page = upload(dawn, item.files, caption: item.caption)
            XCTAssertEqual(page.status, item.status, item.message)
            XCTAssertTrue(page.text.contains(#"<p class="field-error" id="photo-error" role="alert">\#(PageHarness.html(item.message))</p>"#),
                          "\(item.message): \(page.text.suffix(3000))")
            XCTAssertTrue(page.text.contains(#"aria-describedby="photo-error""#))
            XCTAssertEqual(try rows(dawn), 0, item.message)
            XCTAssertEqual(try files(dawn), [], item.message)
        }
        // A caption typed with a refused file comes back in its field.
        let refused = upload(dawn, [("notes.jpg", "image/jpeg", Array("text".utf8))], caption: "Keep me")
        XCTAssertTrue(refused.text.contains(#"name="caption" maxlength="200" value="Keep me""#))
        // A picture under a name and type that say otherwise is taken for what its bytes are.
        XCTAssertEqual(upload(dawn, [("notes.txt", "text/plain", PhotoFixtures.png)]).status, .seeOther)
        XCTAssertEqual(try rows(dawn), 1)
    }

    func testTheFourFormatsAreTakenAndStoredAsJPEG() throws {
        let dawn = try PageHarness(now: Self.now).signedUp()
        let page = upload(dawn, [("a.jpg", "image/jpeg", PhotoFixtures.jpeg), ("b.png", "image/png", PhotoFixtures.png),
                                 ("c.webp", "image/webp", PhotoFixtures.webp), ("IMG_0001.HEIC", "image/heic", PhotoFixtures.heic)])
        XCTAssertEqual(page.status, .seeOther, page.text)
        let ids = photoIDs(dawn.get("/day/\(Self.day)").text)
        XCTAssertEqual(ids.count, 4)
        let sizes = try ids.map { id -> PhotoEncoder.Size in
            let photo = dawn.get("/photos/\(id)")
            XCTAssertEqual(Array(photo.body.prefix(3)), [0xFF, 0xD8, 0xFF])
            return try PhotoEncoder.size(of: photo.body)
        }
        XCTAssertEqual(sizes.map { "\($0.width)x\($0.height)" }, ["64x32", "24x24", "48x40", "640x480"])
        XCTAssertEqual(ImageFormat.sniff(PhotoFixtures.heic), .heic)
        XCTAssertEqual(ImageFormat.sniff(PhotoFixtures.webp), .webp)
        XCTAssertNil(ImageFormat.sniff(Array("RIFF0000WAVE".utf8)))
    }

    func testTwentyADayAtMost() throws {
        let dawn = try PageHarness(now: Self.now).signedUp()
        let twenty = (1...20).map { ("p\($0).jpg", "image/jpeg", PhotoFixtures.jpeg) }
        XCTAssertEqual(upload(dawn, twenty).status, .seeOther)
        XCTAssertEqual(try rows(dawn), 20)
        let full = dawn.get("/day/\(Self.day)").text
        XCTAssertTrue(full.contains("This day has its 20 photos."))
        XCTAssertFalse(full.contains(#"enctype="multipart/form-data""#))
        let filesBefore = try files(dawn)
        let refused = upload(dawn, [("one-more.png", "image/png", PhotoFixtures.png)])
        XCTAssertEqual(refused.status, .badRequest)
        XCTAssertTrue(refused.text.contains("A day holds at most 20 photos, so nothing was uploaded."))
        XCTAssertEqual(try rows(dawn), 20)
        XCTAssertEqual(try files(dawn), filesBefore)
        // Another day has room.
        XCTAssertEqual(upload(dawn, [("p.png", "image/png", PhotoFixtures.png)], day: "2026-03-10").status, .seeOther)
        // Twenty-one at once: none.
        let dawn2 = try PageHarness(now: Self.now).signedUp()
        let page = upload(dawn2, twenty + [("p21.png", "image/png", PhotoFixtures.png)])
        XCTAssertTrue(page.text.contains("A day holds at most 20 photos, so nothing was uploaded."))
        XCTAssertEqual(try rows(dawn2), 0)
        XCTAssertEqual(try files(dawn2), [])
    }

    func testTheQuota() throws {
        let roomy = try PageHarness(now: Self.now).signedUp()
        XCTAssertTrue(roomy.get("/settings").text.contains("0 MB used, 5,000 MB left of 5,000 MB."))
        let full = try PageHarness(now: Self.now) { $0.photoQuotaMegabytes = 0 }.signedUp()
        let page = upload(full, [("a.jpg", "image/jpeg", PhotoFixtures.jpeg)])
        XCTAssertEqual(page.status, .contentTooLarge)
        XCTAssertTrue(page.text.contains("These photos would go over your 0 MB of photos (0 MB left), so nothing was uploaded."),
                      page.text)
        XCTAssertEqual(try rows(full), 0)
        XCTAssertEqual(try files(full), [])
        XCTAssertTrue(full.get("/settings").text.contains("0 MB used, 0 MB left of 0 MB."))
    }

    func testARemovedMembersPhotosGoWithThem() throws {
        let dawn = try PageHarness(now: Self.now).signedUp()
        dawn.addMember("kid", displayName: "Kid")
        dawn.signIn("kid")
        XCTAssertEqual(upload(dawn, [("a.jpg", "image/jpeg", PhotoFixtures.jpeg)]).status, .seeOther)
        let kid = try dawn.member().account.id
        XCTAssertTrue(FileManager.default.fileExists(atPath: dawn.app.data.photosFolder(kid)))
        dawn.signIn("mum")
        _ = dawn.get("/family/members/kid/remove")
        XCTAssertEqual(dawn.post("/family/members/kid/remove", []).status, .seeOther)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dawn.app.data.memberFolder(kid)))
    }

    func testUploadsAndPhotosRunOnTheWorkerPool() throws {
        let dawn = try PageHarness(now: Self.now).signedUp()
        _ = upload(dawn, [("a.jpg", "image/jpeg", PhotoFixtures.jpeg)])
        XCTAssertEqual(dawn.lastRan, .workerPool)
        let id = try XCTUnwrap(photoIDs(dawn.get("/day/\(Self.day)").text).first)
        _ = dawn.get("/photos/\(id)")
        XCTAssertEqual(dawn.lastRan, .workerPool)
    }
}
