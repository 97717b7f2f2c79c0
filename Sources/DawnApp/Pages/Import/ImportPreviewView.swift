import Localization
import MemberData
import Templates
import TimeZones

/// `Views/import-preview.html`: what an import would write (`POST /import` with `preview=1`),
/// nothing written yet, and the one button that imports the files the preview kept.
struct ImportPreviewView: PageView {
    static let template = "import-preview"

    var title: String
    /// "Import.zip", or the files' names joined.
    var files: String
    /// One line each: "3 habits", "1,204 logs and check-offs", … (only what is there).
    var lines: [Line]
    /// "From 1 January 2016 to 9 March 2026", when the file holds days at all.
    var span: String?
    /// The days whose entry is already here, which merge keeps as they are.
    var keptEntries: String?
    var dropped: String?
    var nothingNew: Bool
    var mode: String
    var token: String

    static let fields: [ViewField<Self>] = [
        .text("title", \.title),
        .text("files", \.files),
        .list("lines", \.lines),
        .text("span", \.span),
        .text("keptEntries", \.keptEntries),
        .text("dropped", \.dropped),
        .bool("nothingNew", \.nothingNew),
        .text("mode", \.mode),
        .text("token", \.token),
    ]

    struct Line: TemplateView {
        var text: String
        static let fields: [ViewField<Self>] = [.text("text", \.text)]
    }

    static func make(_ app: Dawn, _ page: PageRequest, _ preview: Importer.Preview, mode: Importer.Mode, token: String,
                     droppedPhotos: Int, names: [String]) -> ImportPreviewView {
        let language = page.language
        let c = preview.counts
        var lines: [Line] = []
        for (key, count) in [("habits", c.habits), ("logs", c.instances), ("entries", c.entries), ("notes", c.notes),
                             ("moods", c.moods), ("photos", preview.photos)] where count > 0 {
            lines.append(Line(text: app.t("import.preview.\(key)", page, ["count": LocalizedNumber.integer(count, language)])))
        }
        let span = preview.first.flatMap { first in
            preview.last.map { last in
                app.t("import.preview.span", page, ["first": LocalizedDate.long(first, language), "last": LocalizedDate.long(last, language)])
            }
        }
        var kept: String?
        if !preview.keptEntryDays.isEmpty {
            let shown = preview.keptEntryDays.prefix(5).map { LocalizedDate.long($0, language) }.joined(separator: ", ")
            kept = app.t("import.preview.kept_entries", page, [
                "count": LocalizedNumber.integer(preview.keptEntryDays.count, language), "days": shown,
            ])
        }
        return ImportPreviewView(
            title: app.t("import.preview.title", page), files: names.joined(separator: ", "), lines: lines, span: span,
            keptEntries: kept,
            dropped: droppedPhotos > 0 ? app.t("import.dropped_photos", page, ["count": String(droppedPhotos)]) : nil,
            nothingNew: lines.isEmpty,
            mode: mode.rawValue, token: token)
    }
}
