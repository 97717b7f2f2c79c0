import Domain
import Files
import HTTP
import HTTPServer
import Imaging
import Localization
import MemberData
import Outbound
import Templates
import Zip

/// `POST /import` (multipart, from the "Your data" card of `/account`): Dawn's JSON
/// export or Loop Habit Tracker's `Habits.csv` / `Checkmarks.csv` (one or several
/// files in the `file` field), merged or into an empty account. All or nothing; who
/// logged what (`loggedBy`) only as `creditedGuardians` allows.
/// A form without gathered data (its refusals show on `/account`), so its `FormState`
/// is its model (no `+Model` file).
enum ImportPage {
    static func add(to router: inout Router<Route>) {
        router.add(.POST, "/import", .member(slow: true) { app, page, member in try importFiles(app, page, member) })
        router.add(.GET, "/import/progress/{token}", .member { app, page, member in try progress(app, page, member) })
    }

    /// A big import's progress page: its own member's only (anyone else's token is a 404);
    /// once it is done, on to the notice a quick import gives.
    private static func progress(_ app: Dawn, _ page: PageRequest, _ member: MemberContext) throws -> HTTPResponse {
        guard let state = app.importJobs.state(try page.parameter("token"), for: member.account.id) else {
            throw PageError(.notFound, key: "error.not_found")
        }
        if case let .finished(location) = state { return .redirect(to: location) }
        // `?still=1`: the member stopped the refreshing (a page changing by itself every
        // second is hard to read with a screen reader); a link asks again.
        let still = try page.query()["still"] == "1"
        var view = ImportProgressView.make(app, page, state)
        view.refreshes = !state.isOver && !still
        view.path = page.http.path
        var response = app.render(view, for: page)
        // The header asks again as the page's own meta element does, for any client.
        if view.refreshes { response.headers.add("Refresh", "1") }
        return response
    }

    /// A file to import: as uploaded, or kept from the preview.
    typealias File = (name: String, body: [UInt8])

    /// A file other than a zip is read whole into memory: at most this (a zip, up to
    /// `HTTPLimits.maxSpooledBodyBytes`, is read from its file).
    static let maxUnzippedBytes = 64 << 20

    private static func importFiles(_ app: Dawn, _ page: PageRequest, _ member: MemberContext) throws -> HTTPResponse {
        let mode = Importer.Mode(rawValue: page.form["mode"] ?? "")
        guard let mode else { return refuse(app, page, app.t("import.error.mode", page)) }
        let pending = ImportPending(app.data, member.account.id)
        var files: [File] = []
        // A zip in a spooled upload is read where it lies, a chunk at a time.
        var spooledZip: SpooledZip?
        if let token = page.form["pending"] {
            // The "Import" of a preview: the files it kept, once.
            if let kept = pending.takeSpooled(token) {
                spooledZip = kept
            } else {
                guard let kept = pending.take(token) else { return refuse(app, page, app.t("import.error.pending_gone", page)) }
                files = kept
            }
        } else {
            files = page.files.filter { $0.name == "file" && !$0.body.isEmpty }.map { ($0.filename ?? "file", $0.body) }
            if let body = page.http.spooledBody {
                var zips: [SpooledZip] = []
                for part in page.spooledFiles where part.name == "file" && part.length > 0 {
                    let name = part.filename ?? "file"
                    guard let file = try? OpenFile(reading: body.path) else { throw PageError(.internalServerError, key: "error.internal") }
                    if ImportZip.isZip(try file.read(at: part.offset, count: Int(min(4, part.length)))) {
                        zips.append(SpooledZip(name: name, path: body.path, offset: part.offset, length: part.length))
                    } else {
                        guard part.length <= Int64(maxUnzippedBytes) else {
                            return refuse(app, page, app.t("import.error.too_large", page, ["name": name]))
                        }
                        files.append((name, try file.read(at: part.offset, count: Int(part.length))))
                    }
                }
                if !zips.isEmpty {
                    guard zips.count == 1, files.isEmpty else { return refuse(app, page, app.t("import.error.zip_alone", page)) }
                    spooledZip = zips[0]
                }
            }
        }
        // A kept zip taken from a preview goes once the import is done, whatever its outcome.
        defer {
            if let spooledZip, spooledZip.path != page.http.spooledBody?.path { try? FileSystem.remove(spooledZip.path) }
        }
        guard !files.isEmpty || spooledZip != nil else { return refuse(app, page, app.t("import.error.no_file", page)) }
        let previewing = page.form["preview"] == "1"
        // A big upload is imported on the import thread: its file moves out of the server's
        // hands (which remove it once this answers) into the member's folder until then.
        if page.http.spooledBody != nil, !previewing {
            var job = spooledZip
            if let zip = spooledZip {
                let kept = try pending.keepForJob(zip.path)
                job = SpooledZip(name: zip.name, path: kept, offset: zip.offset, length: zip.length)
            }
            let started = app.importJobs.start(for: member.account.id) { [files, job] report in
                defer { if let job { try? FileSystem.remove(job.path) } }
                do {
                    switch try perform(app, page, member, mode: mode, files: files, spooledZip: job, previewing: false, report: report) {
                    case let .imported(location): return .finished(location: location)
                    case .rendered: return .failed(message: app.t("error.internal", page))
                    }
                } catch let refusal as Refused {
                    return .failed(message: refusal.message)
                } catch {
                    return .failed(message: app.t("error.internal", page))
                }
            }
            guard let token = started else {
                if let job { try? FileSystem.remove(job.path) }
                return refuse(app, page, app.t("import.error.busy", page))
            }
            return .redirect(to: "/import/progress/" + token)
        }
        do {
            switch try perform(app, page, member, mode: mode, files: files, spooledZip: spooledZip, previewing: previewing,
                               report: nil) {
            case let .imported(location): return .redirect(to: location)
            case let .rendered(response): return response
            }
        } catch let refusal as Refused {
            return refuse(app, page, refusal.message)
        }
    }

    /// Why nothing was imported, in the page's language.
    struct Refused: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// How an import ended that was not refused: the notice's address, or a page (the preview).
    enum Outcome {
        case imported(String)
        case rendered(HTTPResponse)
    }

    /// Reads, checks and writes the files (or previews them), reporting its progress to
    /// `report` when it runs as a job; throws `Refused` with what to tell the member.
    private static func perform(_ app: Dawn, _ page: PageRequest, _ member: MemberContext, mode: Importer.Mode, files: [File],
                                spooledZip: SpooledZip?, previewing: Bool,
                                report: (@Sendable (ImportJobs.State) -> Void)?) throws -> Outcome {
        let pending = ImportPending(app.data, member.account.id)
        let ordered = files.sorted { isCheckmarks($0.body) ? false : isCheckmarks($1.body) }
        var plan = Importer.Plan()
        // Habits.csv before Checkmarks.csv, so check-ins find the habits' colours (`ordered`).
        var photos: [ImportZip.Prepared] = []
        var droppedPhotos = 0
        do {
            if spooledZip != nil || files.contains(where: { ImportZip.isZip($0.body) }) {
                guard spooledZip != nil || files.count == 1 else { throw Refused(app.t("import.error.zip_alone", page)) }
                let source: any ZipSource, name: String
                if let spooledZip {
                    do {
                        source = try ZipFileSource(path: spooledZip.path, offset: spooledZip.offset, length: spooledZip.length)
                    } catch {
                        throw ImportZip.problem(error, spooledZip.name)
                    }
                    name = spooledZip.name
                } else {
                    (source, name) = (ZipMemorySource(files[0].body), files[0].name)
                }
                let (archive, dropped) = try ImportZip.read(source, filename: name, into: &plan,
                                                            now: member.now, zone: { try? app.timeZones.rules(for: $0) })
                droppedPhotos = dropped
                // A preview counts the photos; decoding them waits for the import itself.
                if !previewing {
                    report?(.photos(done: 0, total: plan.photos.count))
                    photos = try ImportZip.prepare(plan.photos, from: archive) { report?(.photos(done: $0, total: plan.photos.count)) }
                }
            } else {
                for file in ordered {
                    try Importer.read(file.body, filename: file.name, into: &plan, now: member.now)
                }
                guard plan.photos.isEmpty else { throw Refused(app.t("import.error.photos_without_zip", page)) }
            }
        } catch let problem as Importer.Problem {
            throw Refused(message(app, page, problem))
        } catch ImagingError.unavailable {
            throw Refused(app.t("import.error.photos_unavailable", page))
        }
        plan.keepLoggedBy(only: try creditedGuardians(app, member, mode: mode))
        if let notify = plan.notify {
            // The same checks as the settings form, before anything is written.
            do throws(NotifyInput.Problem) {
                let policy = app.configuration.notifyAddressPolicy
                var checked = DawnExportFormat.Notify(ntfy: nil, email: nil)
                if let ntfy = notify.ntfy {
                    guard let valid = try NotifyInput.ntfy(url: ntfy.url, token: ntfy.token ?? "", policy: policy,
                                                           localAddresses: InterfaceAddresses.current()) else { throw .ntfyURL }
                    checked.ntfy = DawnExportFormat.Notify.Ntfy(url: valid.url, token: valid.token)
                }
                if let email = notify.email { checked.email = try NotifyInput.email(email) }
                plan.notify = checked
            } catch {
                throw Refused("settings.notify: " + app.t(error.key, page))
            }
        }
        let counts: Importer.Counts
        let quota = app.configuration.photoQuotaMegabytes * 1_000_000
        do {
            if previewing {
                let preview = try Importer.preview(plan, mode: mode, in: member.database, now: member.now)
                let token = try spooledZip.map { try pending.save(spooled: $0) } ?? pending.save(files)
                let names = spooledZip.map { [$0.name] } ?? files.map(\.name)
                return .rendered(app.render(ImportPreviewView.make(app, page, preview, mode: mode, token: token,
                                                                       droppedPhotos: droppedPhotos, names: names), for: page))
            }
            let records = plan.records
            report?(.writing(done: 0, total: records))
            counts = try write(plan, photos, mode: mode, quota: quota, PhotoFiles(app.data, member.account.id), member) {
                report?(.writing(done: $0, total: records))
            }
        } catch let refusal as DayPhotos.Refusal {
            switch refusal {
            case let .dayFull(stored):
                throw Refused(app.t("import.error.photos_day_full", page, [
                    "max": LocalizedNumber.integer(PhotoConstants.maxPerDay, page.language),
                    "count": LocalizedNumber.integer(stored, page.language),
                ]))
            case let .quota(used):
                throw Refused(app.t("import.error.photos_quota", page, [
                    "left": PhotosPage.megabytes(max(0, quota - used), page.language),
                    "quota": PhotosPage.megabytes(quota, page.language),
                ]))
            }
        } catch is Importer.NotEmpty {
            throw Refused(app.t("import.error.not_empty", page))
        } catch let limit as Habits.LimitReached {
            let key = limit.kind == .habits ? "import.error.habits_limit" : "import.error.logs_limit"
            throw Refused(app.t(key, page, ["count": LocalizedNumber.integer(limit.wouldHold, page.language),
                                                       "max": LocalizedNumber.integer(limit.limit, page.language)]))
        } catch let overlap as Importer.VacationOverlap {
            throw Refused(app.t("import.vacation_overlap", page, [
                "vacation": "\(overlap.vacation.0)–\(overlap.vacation.1)", "existing": "\(overlap.existing.0)–\(overlap.existing.1)",
            ]))
        }
        return .imported(Paths.done(Paths.account, "imported") + "&habits=\(counts.habits)&logs=\(counts.instances)"
            + "&entries=\(counts.entries)&notes=\(counts.notes)" + (photos.isEmpty ? "" : "&photos=\(counts.photos)")
            + (counts.moods > 0 ? "&moods=\(counts.moods)" : "") + (droppedPhotos > 0 ? "&dropped=\(droppedPhotos)" : ""))
    }

    /// The plan and its photos in one transaction, the photos' files written durably before
    /// it; a refused import removes the files it wrote that no row names.
    private static func write(_ plan: Importer.Plan, _ photos: [ImportZip.Prepared], mode: Importer.Mode, quota: Int,
                              _ files: PhotoFiles, _ member: MemberContext, progress: @escaping (Int) -> Void) throws -> Importer.Counts {
        guard !photos.isEmpty else {
            return try Importer.write(plan, mode: mode, to: member.database, now: member.now, progress: progress)
        }
        return try PhotoFiles.mutation.withLock { _ throws -> Importer.Counts in
            var written: [String] = []
            do {
                let (rows, wrote) = try ImportZip.writeFiles(photos, files)
                written = wrote
                return try Importer.write(plan, mode: mode, to: member.database, now: member.now, photos: rows,
                                          photoQuotaBytes: quota, progress: progress)
            } catch {
                let named = DayPhotos(database: member.database)
                files.remove(try Set(written).filter { try !named.names($0) })
                throw error
            }
        }
    }

    /// Whom an import's `loggedBy` may name: only in a restore into an empty account (every
    /// account but the first is made by an admin on `/family`), and only the account's own
    /// guardians now, which only a child account has. A file is whatever its maker typed, so
    /// in every merge a log credited to someone else would put words in their mouth: its
    /// `loggedBy` is dropped and the log imports as the member's own. Dropped rather than
    /// refused, so a member's own export, guardians' logs and all, still merges back.
    static func creditedGuardians(_ app: Dawn, _ member: MemberContext, mode: Importer.Mode) throws -> Set<String> {
        guard mode == .empty else { return [] }
        return Set(try app.family.guardians(of: member.account.id).map(\.username))
    }

    private static func isCheckmarks(_ body: [UInt8]) -> Bool {
        body.starts(with: Array("Date,".utf8)) || body.starts(with: Array("\u{FEFF}Date,".utf8))
    }

    /// "instances[3]: date 2026-02-30 is not a date", in the page's language.
    static func message(_ app: Dawn, _ page: PageRequest, _ problem: Importer.Problem) -> String {
        let place = switch problem.place {
        case let .record(path): path
        case let .file(name): name
        case let .line(file, line): app.t("import.where.line", page, ["file": file, "line": String(line)])
        }
        var arguments = problem.arguments
        for (name, number) in problem.numbers { arguments[name] = LocalizedNumber.integer(number, page.language) }
        return app.t("import.error.at", page, ["where": place, "problem": app.t(problem.key, page, arguments)])
    }

    /// The notice after `?done=imported`.
    static func notice(_ app: Dawn, _ page: PageRequest) throws(PageError) -> String {
        let query = try page.query()
        func count(_ name: String) -> String { String(Int(query[name] ?? "") ?? 0) }
        let counts = ["habits": count("habits"), "logs": count("logs"), "entries": count("entries"), "notes": count("notes")]
        var notice = query["photos"] == nil ? app.t("import.done", page, counts)
            : app.t("import.done_photos", page, counts.merging(["photos": count("photos")]) { $1 })
        if query["moods"] != nil { notice += " " + app.t("import.done_moods", page, ["moods": count("moods")]) }
        if query["dropped"] != nil { notice += " " + app.t("import.dropped_photos", page, ["count": count("dropped")]) }
        if ["habits", "logs", "entries", "notes", "photos", "moods"].allSatisfy({ count($0) == "0" }) {
            notice = app.t("import.nothing_new", page)
        }
        return notice
    }

    /// The account page again, with the import card showing why nothing was imported.
    private static func refuse(_ app: Dawn, _ page: PageRequest, _ message: String) -> HTTPResponse {
        let me = page.signedIn!.member
        return app.render(AccountView(title: app.t("account.title", page), notice: nil,
                                      name: FormState(values: ["displayName": me.displayName]), password: FormState(),
                                      family: nil, importError: message, importEmpty: page.form["mode"] == "empty"),
                          status: .badRequest, for: page)
    }
}
