import FoundationEssentials
import HTTP
import MemberData
import TimeZones
import XCTest
@testable import DawnApp

/// `/search` in process: accents, prefixes and phrases; newest day first, twenty a page;
/// snippets whose text is escaped and only the marks are markup; another member's text
/// never found; refused searches back in the box with their reason; the box in the
/// navigation of every signed-in page.
final class SearchPageTests: XCTestCase {
    /// Europe/Rome, so "today" is 2026-08-20 for the member.
    private let now = PageHarness.instant("2026-08-20T10:00:00Z")

    private func search(_ dawn: PageHarness, _ query: String, page: Int? = nil) -> PageHarness.Page {
        dawn.get(Paths.search(query, page: page ?? 1))
    }

    /// The days the hits link to, in the page's order.
    private func days(_ page: PageHarness.Page) -> [String] {
        PageHarness.allMatches(#"<p class="result-head"><a href="/day/([0-9-]{10})">"#, in: page.text)
    }

    /// Each hit's kind and snippet as HTML.
    private func hits(_ page: PageHarness.Page) -> [String] {
        PageHarness.allMatches(#"(?s)<span class="muted">([^<]*)</span></p>\n<p class="snippet">"#, in: page.text)
            .enumerated().map { index, kind in
                kind + ": " + (PageHarness.allMatches(#"<p class="snippet">(.*?)</p></li>"#, in: page.text)[index])
            }
    }

    private func summary(_ page: PageHarness.Page) -> String? {
        PageHarness.firstMatch(#"<h2 id="search-summary">([^<]*)</h2>"#, in: page.text)
    }

    private func message(_ page: PageHarness.Page) -> String? {
        PageHarness.firstMatch(#"<p class="field-error" id="search-error" role="alert">([^<]*)</p>"#, in: page.text)
    }

    private func box(_ page: PageHarness.Page) -> String? {
        PageHarness.firstMatch(#"<input id="search-q" name="q" type="search" value="([^"]*)""#, in: page.text)
    }

    private func link(_ page: PageHarness.Page, _ rel: String) -> String? {
        PageHarness.firstMatch(#"<a href="([^"]*)" rel="\#(rel)">"#, in: page.text)
            .map { $0.replacingOccurrences(of: "&amp;", with: "&") }
    }

    private func write(_ dawn: PageHarness, entry: String, on day: String) {
        XCTAssertEqual(dawn.post("/day/\(day)/entry", [("entry", entry)]).status, .seeOther)
    }

    private func write(_ dawn: PageHarness, note: String, on day: String) {
        XCTAssertEqual(dawn.post("/day/\(day)/notes", [("note", note)]).status, .seeOther)
    }

    // MARK: Finding

    func testAccentsPrefixesAndPhrases() throws {
        let dawn = try PageHarness(now: now).signedUp()
        let walk = dawn.addHabit("Walk", emoji: "🚶")
        write(dawn, entry: "Siamo andati in città con la nonna.", on: "2026-08-10")
        write(dawn, note: "City lights at night", on: "2026-08-12")
        dawn.log(walk, on: "2026-08-15", start: "09:00", duration: 30, note: "Up to the Città Alta")
        write(dawn, note: "Nothing to find here", on: "2026-08-16")

        let accents = search(dawn, "citta")
        XCTAssertEqual(accents.status, .ok)
        XCTAssertEqual(dawn.lastRan, .workerPool, "searches run on the worker pool")
        XCTAssertEqual(summary(accents), "2 matches")
        XCTAssertEqual(days(accents), ["2026-08-15", "2026-08-10"], "newest day first")
        XCTAssertEqual(hits(accents), ["🚶 Walk · log note: Up to the <mark>Città</mark> Alta",
                                       "Journal entry: Siamo andati in <mark>città</mark> con la nonna."])
        XCTAssertTrue(accents.text.contains(#"<p class="result-head"><a href="/day/2026-08-10">Monday, 10 August 2026</a>"#))
        XCTAssertEqual(box(accents), "citta", "the search stays in the box")
        XCTAssertTrue(accents.text.contains("<title>Search: citta</title>"))

        // A word finds the words it begins; capitals never matter.
        let prefix = search(dawn, "CIT")
        XCTAssertEqual(summary(prefix), "3 matches")
        XCTAssertEqual(days(prefix), ["2026-08-15", "2026-08-12", "2026-08-10"])
        XCTAssertEqual(hits(prefix)[1], "Note: <mark>City</mark> lights at night")

        // Every word must be there.
        XCTAssertEqual(days(search(dawn, "citta nonna")), ["2026-08-10"])
        XCTAssertEqual(hits(search(dawn, "citta nonna")), ["Journal entry: Siamo andati in <mark>città</mark> con la <mark>nonna</mark>."])

        // Phrases: the words together, in that order, each whole.
        let phrase = search(dawn, #""andati in citta""#)
        XCTAssertEqual(days(phrase), ["2026-08-10"])
        XCTAssertEqual(hits(phrase), ["Journal entry: Siamo <mark>andati in città</mark> con la nonna."])
        XCTAssertEqual(days(search(dawn, "“città alta”")), ["2026-08-15"], "curly quotes too")
        let none = search(dawn, #""in andati""#)
        XCTAssertEqual(none.status, .ok)
        XCTAssertEqual(summary(none), "Nothing matches “&#34;in andati&#34;”.")
        XCTAssertEqual(days(none), [])
        XCTAssertEqual(days(search(dawn, #""cit""#)), [], "a quoted word is found only whole")
    }

    func testNewestFirstTwentyAPage() throws {
        let dawn = try PageHarness(now: now).signedUp()
        let today = LocalDate(iso: "2026-08-20")!
        let journal = try dawn.member().journal
        // 45 days with a note about rain, the oldest ten years back (reachable by search only).
        var written: [String] = []
        for back in 0..<44 {
            let day = today.adding(days: -back * 3)
            try journal.addNote("More rain today, number \(back)", on: day, now: now)
            written.append(day.description)
        }
        try journal.addNote("The rain of 2016", on: LocalDate(iso: "2016-05-05")!, now: now)
        written.append("2016-05-05")
        try journal.addNote("Sunny", on: today, now: now)

        let first = search(dawn, "rain")
        XCTAssertEqual(summary(first), "45 matches")
        XCTAssertEqual(days(first), Array(written[0..<20]))
        XCTAssertTrue(first.text.contains("<span>Page 1 of 3</span>"))
        XCTAssertNil(link(first, "prev"))
        XCTAssertEqual(link(first, "next"), "/search?q=rain&page=2")

        let second = search(dawn, "rain", page: 2)
        XCTAssertEqual(second.status, .ok)
        XCTAssertEqual(days(second), Array(written[20..<40]))
        XCTAssertTrue(second.text.contains("<span>Page 2 of 3</span>"))
        XCTAssertEqual(link(second, "prev"), "/search?q=rain")
        XCTAssertEqual(link(second, "next"), "/search?q=rain&page=3")

        let last = search(dawn, "rain", page: 3)
        XCTAssertEqual(days(last), Array(written[40...]))
        XCTAssertEqual(days(last).last, "2016-05-05", "ten years back is found too")
        XCTAssertNil(link(last, "next"))

        // Past the last page: an empty page that leads back, not an error.
        let past = dawn.get("/search?q=rain&page=999999")
        XCTAssertEqual(past.status, .ok)
        XCTAssertEqual(days(past), [])
        XCTAssertEqual(summary(past), "45 matches")
        XCTAssertTrue(past.text.contains("Page 999,999 is past the last page of matches, 3."))
        XCTAssertEqual(link(past, "prev"), "/search?q=rain&page=3")
        XCTAssertNil(link(past, "next"))

        // A page number that is not one is refused, the search kept in the box.
        for bad in ["0", "-1", "two", "1.5", "1000000", "99999999999999999999999", "%201"] {
            let page = dawn.get("/search?q=rain&page=" + bad)
            XCTAssertEqual(page.status, .badRequest, bad)
            XCTAssertEqual(message(page), "That is not a page of matches: pages are numbered 1, 2, 3…", bad)
            XCTAssertEqual(box(page), "rain", bad)
            XCTAssertEqual(days(page), [], bad)
        }
        XCTAssertEqual(days(dawn.get("/search?q=rain&page=")), Array(written[0..<20]), "an empty page number is the first")
    }

    func testTheCountSpeaksTheMembersLanguage() throws {
        let dawn = try PageHarness(now: now).signedUp()
        write(dawn, note: "uno", on: "2026-08-19")
        write(dawn, note: "uno e due", on: "2026-08-20")
        let expected: [(String, String, String, String)] = [
            ("en", "1 match", "2 matches", "Search your entries, notes and log notes"),
            ("it", "1 risultato", "2 risultati", "Cerca tra voci, note e note delle registrazioni"),
            ("fr", "1 résultat", "2 résultats", "Rechercher dans vos entrées, notes et notes d’activité"),
        ]
        for (language, one, two, label) in expected {
            _ = dawn.get("/settings")
            XCTAssertEqual(dawn.post("/settings", [("language", language), ("first_weekday", "monday"), ("day_start_hour", "0"),
                                                   ("view", "row"), ("theme", "system"), ("time_zone", "Europe/Rome")]).status,
                           .seeOther)
            XCTAssertEqual(summary(search(dawn, "due")), one, language)
            let page = search(dawn, "uno")
            XCTAssertEqual(summary(page), two, language)
            XCTAssertTrue(page.text.contains(#"<label for="search-q">\#(PageHarness.html(label))</label>"#), language)
        }
        XCTAssertEqual(summary(search(dawn, "tre")), "Aucun résultat pour «\u{A0}tre\u{A0}».")
    }

    // MARK: Escaping

    func testSnippetsEscapeTheTextAndOnlyTheMarksAreMarkup() throws {
        let dawn = try PageHarness(now: now).signedUp()
        write(dawn, entry: #"<script>alert("x")</script> & a <b>bold</b> walk"#, on: "2026-08-18")
        let page = search(dawn, "script")
        XCTAssertEqual(days(page), ["2026-08-18"])
        // An entry's snippet is its plain text (MarkdownRenderer.plainText): `<b>` is raw HTML,
        // left out as on the day page; `<` before a mark starts no tag, so it stays, escaped.
        XCTAssertEqual(hits(page), ["Journal entry: &lt;<mark>script</mark>&gt;alert(&#34;x&#34;)&lt;/<mark>script</mark>&gt; "
                                    + "&amp; a bold walk"])
        XCTAssertFalse(page.text.contains("<script>alert"))
        XCTAssertFalse(page.text.contains("<b>bold"))

        // The marks FTS5 puts in are read back as marks; one already in the text cannot
        // make markup of it either.
        let open = String(SearchSnippet.open), close = String(SearchSnippet.close)
        write(dawn, entry: "walk \(open)<i>x</i>\(close) home", on: "2026-08-17")
        let marked = search(dawn, "home")
        XCTAssertEqual(hits(marked), ["Journal entry: walk <mark>x</mark> <mark>home</mark>"])
        XCTAssertFalse(marked.text.contains("<i>"))

        // Markdown is removed from an entry's snippet: what the day page shows, without the markup.
        write(dawn, entry: "**Rain** all day, [a walk](https://example.com) ~~home~~", on: "2026-08-16")
        XCTAssertEqual(hits(search(dawn, "rain")), ["Journal entry: <mark>Rain</mark> all day, a walk home"])

        // What was typed comes back escaped, in the box and the title.
        let typed = search(dawn, #"<b>bold"#)
        XCTAssertEqual(box(typed), "&lt;b&gt;bold")
        XCTAssertTrue(typed.text.contains("<title>Search: &lt;b&gt;bold</title>"))
        XCTAssertEqual(days(typed), ["2026-08-18"])
        let hostile = search(dawn, #""><script>alert(1)</script>"#)
        XCTAssertEqual(hostile.status, .badRequest, "an open quote")
        XCTAssertEqual(box(hostile), "&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;")
        XCTAssertFalse(hostile.text.contains("<script>alert"))
    }

    // MARK: Whose text

    func testAnotherMembersTextIsNeverFound() throws {
        let dawn = try PageHarness(now: now).signedUp()
        write(dawn, entry: "The secret garden", on: "2026-08-19")
        dawn.addMember("kid", displayName: "Kid")
        dawn.signIn("kid")
        write(dawn, note: "Garden party", on: "2026-08-20")
        let kid = search(dawn, "garden")
        XCTAssertEqual(summary(kid), "1 match")
        XCTAssertEqual(hits(kid), ["Note: <mark>Garden</mark> party"])
        XCTAssertFalse(kid.text.contains("secret"))
        XCTAssertEqual(days(search(dawn, "secret")), [])

        dawn.signIn("mum")
        XCTAssertEqual(hits(search(dawn, "garden")), ["Journal entry: The secret <mark>garden</mark>"])
        XCTAssertEqual(days(search(dawn, "party")), [])

        dawn.forgetCookies()
        XCTAssertEqual(search(dawn, "garden").location?.hasPrefix("/login?next=/search"), true)
    }

    // MARK: Refusals and the box

    func testRefusedSearchesComeBackWithTheirReason() throws {
        let dawn = try PageHarness(now: now).signedUp()
        write(dawn, note: "rain and sun", on: "2026-08-20")
        let long = String(repeating: "pioggia ", count: 125)  // 1,000 characters
        let cases: [(String, String)] = [
            (String(repeating: "a", count: 201), "A search can be 200 characters long at most; this one has 201. Shorten it and search again."),
            (long, "A search can be 200 characters long at most; this one has 1,000. Shorten it and search again."),
            (#""rain and"#, "A double quote is left open. Quotes go in pairs around words to find together, like “walk in the park”."),
            ((1...21).map { "w\($0)" }.joined(separator: " "), "A search can hold 20 words and phrases at most; this one has 21."),
            ("( ) - ^ * :", "There is nothing to look for: a search needs a letter or a digit."),
        ]
        for (query, expected) in cases {
            let page = search(dawn, query)
            XCTAssertEqual(page.status, .badRequest, query)
            XCTAssertEqual(message(page), PageHarness.html(expected), query)
            XCTAssertEqual(box(page), PageHarness.html(query), "what was typed is kept")
            XCTAssertTrue(page.text.contains(#"aria-describedby="search-error search-hint" aria-invalid="true""#), query)
            XCTAssertNil(summary(page), query)
        }
        // Operators are words: nothing to refuse, nothing to break.
        for query in ["rain AND sun", "rain OR", "NOT rain", "NEAR(rain sun)", "rain*", "body:rain", "-rain", "^rain", "(rain)"] {
            let page = search(dawn, query)
            XCTAssertEqual(page.status, .ok, query)
            XCTAssertNotNil(summary(page), query)
        }
        XCTAssertEqual(days(search(dawn, "rain AND sun")), ["2026-08-20"], "“and” is in the note")
        XCTAssertEqual(days(search(dawn, "rain OR snow")), [], "“or” is a word to find, not an operator")
    }

    func testHostileQueriesAreAnsweredNeverFailed() throws {
        let dawn = try PageHarness(now: now).signedUp()
        write(dawn, entry: "Dear diary: \"quotes\", (parentheses) and NEAR/OR/AND words ^ * -", on: "2026-08-20")
        let alphabet = Array(#"aé "“”«»()-^*:+NEARORANDNOT,.{}[]\'/%"#) + ["\u{0}", "\n", Character(SearchSnippet.open), "🏃"]
        var random = SeededRandom(seed: 2026)
        for _ in 0..<300 {
            let query = String((0..<Int.random(in: 0..<30, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            let page = search(dawn, query)
            XCTAssertTrue([.ok, .badRequest].contains(page.status), "\(query.debugDescription): \(page.status)")
        }
    }

    func testAnEmptySearchShowsJustTheBox() throws {
        let dawn = try PageHarness(now: now).signedUp()
        for target in ["/search", "/search?q=", "/search?q=%20%20%09"] {
            let page = dawn.get(target)
            XCTAssertEqual(page.status, .ok, target)
            XCTAssertTrue(page.text.contains(#"<form method="get" action="/search" role="search" class="card search-form">"#))
            XCTAssertNotNil(box(page), target)
            XCTAssertNil(summary(page), target)
            XCTAssertNil(message(page), target)
            XCTAssertTrue(page.text.contains("<title>Search</title>"), target)
        }
    }

    func testEverySignedInPageHasTheSearchBox() throws {
        let dawn = try PageHarness(now: now).signedUp()
        let navigation = #"<form method="get" action="/search" role="search" class="nav-search">"#
            + "\n" + #"<label for="nav-search" class="visually-hidden">Search your journal</label>"#
            + "\n" + #"<input id="nav-search" name="q" type="search" maxlength="200" autocomplete="off">"#
        for target in ["/", "/day/2026-08-01", "/habits", "/stats", "/calendar/2026-08", "/settings", "/vacations",
                       "/board", "/account", "/family"] {
            let page = dawn.get(target)
            XCTAssertEqual(page.status, .ok, target)
            XCTAssertTrue(page.text.contains(navigation), target)
        }
        // The search page has its own box, so one box, one "q", one label.
        let page = dawn.get("/search?q=x")
        XCTAssertFalse(page.text.contains("nav-search"))
        XCTAssertEqual(PageHarness.allMatches(#"name="(q)""#, in: page.text).count, 1)
        dawn.forgetCookies()
        XCTAssertFalse(dawn.get("/login").text.contains("nav-search"), "signed out: no box")
    }
}
