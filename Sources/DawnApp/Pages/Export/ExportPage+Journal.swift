import Domain
import HTTP
import Localization
import MemberData
import TimeZones

extension ExportPage {
    /// `/export/journal.md`: every entry, note and mood as Markdown, day by day, oldest
    /// first (`JournalMarkdown`), in the member's language. Read in one transaction, on
    /// the worker pool like the other exports.
    static func journal(_ app: Dawn, _ page: PageRequest, _ member: MemberContext) throws -> HTTPResponse {
        attachment(Array(try journalText(app, page, member).utf8), type: "text/markdown; charset=utf-8",
                   name: "dawn-journal-\(member.account.username)-\(member.today).md")
    }

    /// The journal's Markdown, as `/export/journal.md` and the zip export's `journal.md` hold it.
    static func journalText(_ app: Dawn, _ page: PageRequest, _ member: MemberContext) throws -> String {
        let rules = member.rules
        let (entries, notes, moods, photos) = try member.database.read { connection in
            let entries = try connection.query("SELECT day, body FROM entries ORDER BY day").compactMap { row in
                LocalDate(iso: row.string(0)).map { (day: $0, body: row.string(1)) }
            }
            let notes = try connection.query("SELECT day, body, created_at FROM notes ORDER BY day, created_at, id")
                .compactMap { row -> (day: LocalDate, note: JournalMarkdown.Note)? in
                    guard let day = LocalDate(iso: row.string(0)) else { return nil }
                    let written = rules.localDateTime(at: row.int64(2))
                    return (day, JournalMarkdown.Note(time: LocalizedDate.time(hour: written.hour, minute: written.minute),
                                                      body: row.string(1)))
                }
            let photos = try connection.query("SELECT day, caption, sha256 FROM photos ORDER BY day, id").compactMap { row in
                LocalDate(iso: row.string(0)).map {
                    (day: $0, photo: JournalMarkdown.Photo(caption: row.string(1),
                                                           path: DawnExportFormat.Photo.path(sha256: row.string(2))))
                }
            }
            return (entries, notes, try Moods.all(connection), photos)
        }
        let me = member.account
        let language = page.language
        return JournalMarkdown.document(
            title: app.t("journal.title", page, ["name": me.displayName]),
            days: JournalMarkdown.days(entries: entries, notes: notes, moods: moods, photos: photos),
            heading: { LocalizedDate.long($0, language) },
            mood: { app.t("journal.mood", page, ["face": $0.face, "name": app.t("mood.name.\($0.name)", page)]) })
    }
}
