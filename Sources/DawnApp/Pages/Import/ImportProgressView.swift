import Localization
import Templates

/// `Views/import-progress.html`: a big import on its thread (`ImportJobs`), records done of
/// all; the page asks again every second by itself (`Refresh`, no script) until the import
/// is done (then the browser goes on to the notice) or refused (then it says why and stops).
struct ImportProgressView: PageView {
    static let template = "import-progress"

    var title: String
    /// "Writing: 1,200 of 5,000 records", or why nothing was imported.
    var status: String
    var failed: Bool
    /// Asks again every second (not when over, nor when the member stopped it).
    var refreshes = false
    /// The page's own path, for "stop refreshing" and "check again".
    var path = ""

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .text("status", \.status),
        .bool("failed", \.failed),
        .bool("refreshes", \.refreshes),
        .text("path", \.path),
    ]

    static func make(_ app: Dawn, _ page: PageRequest, _ state: ImportJobs.State) -> ImportProgressView {
        let language = page.language
        func numbers(_ key: String, _ done: Int, _ total: Int) -> String {
            app.t(key, page, ["done": LocalizedNumber.integer(done, language), "total": LocalizedNumber.integer(total, language)])
        }
        let status: String
        var failed = false
        switch state {
        case .reading: status = app.t("import.progress.reading", page)
        case let .photos(done, total): status = numbers("import.progress.photos", done, total)
        case let .writing(done, total): status = numbers("import.progress.writing", done, total)
        case .finished: status = app.t("import.progress.reading", page)
        case let .failed(message):
            status = message
            failed = true
        }
        return ImportProgressView(title: app.t("import.progress.title", page), status: status, failed: failed)
    }
}
