// swift-tools-version:6.0
import PackageDescription

// Layers depend downward only; each folder of Sources/ is one target:
//   dawn            the executable: one call into DawnCLI
//   DawnCLI         the `dawn` command: serve, user, backup / restore / check, healthcheck, the settings table
//   DawnApp         routes, request admission, Pages/ (a folder a URL), Server/, Auth/, the app's caches (Members/), reminders (Notifications/)
//   MemberData      the member's own database (users/<id>.sqlite): repositories, its schema, importer, export format
//   Accounts        members, passwords, sessions, guardians, the family screen's records: over FamilyData's tables
//   FamilyData      the family-wide database (instance.sqlite): its schema (the accounts' tables too), board,
//                   chores, reminder marks
//   HTTPServer, Templates, Localization, Domain, WebPush
//                   the POSIX server (sockets, epoll: System.swift), HTML templates, strings in five
//                   languages, the pure product rules, Web Push cryptography
//   Outbound        outbound HTTP(S) GET/POST and SMTP through libcurl
//   OpenIDConnect   signing in with an OpenID provider: discovery, PKCE, ID tokens checked with libgcrypt
//   Imaging         photos through libvips: sniffing, header size, re-encoding
//   Markdown        journal entries' Markdown as safe HTML and as plain text, through cmark-gfm
//   Store, HTTP, Gzip, TimeZones, PlainText, JSON, ICalendar
//                   SQLite, the pure HTTP/1.1 core, zlib, tzdata, text rules, JSON values,
//                   iCalendar text (the calendar feed)
//   Zip             zip files through zlib: an export planned as parts to stream, uploaded zips read within limits
//   Files, Locks    the one file system layer (every open/read/stat/mkdir… is in Sources/Files), the lock type
//   C libraries     CSQLite, CZlib, CCrypt, CGcrypt, CCurl, CVips, CCmarkGFM, CLinux, CThreadSanitizer
// No target under Sources/ imports Foundation (test targets may): FoundationEssentials and
// the libraries it loads cost the server about 2.7 MB resident, and Dawn used it only for
// JSON, which is now the JSON target's.
let package = Package(
    name: "Dawn",
    products: [
        .executable(name: "dawn", targets: ["dawn"]),
        // For the fuzz targets in Tests/Fuzz, a package of their own (no `main`, libFuzzer's instead).
        // The importer's two fuzz targets use DawnMemberData; the zip one DawnZip.
        .library(name: "DawnHTTP", targets: ["HTTP"]),
        .library(name: "DawnTemplates", targets: ["Templates"]),
        .library(name: "DawnMemberData", targets: ["MemberData"]),
        .library(name: "DawnZip", targets: ["Zip"]),
    ],
    targets: [
        // C libraries from the system, each named for what it wraps.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CCrypt", pkgConfig: "libxcrypt", providers: [.apt(["libcrypt-dev"])]),
        // libgcrypt, for SHA-256 of session tokens (already a dependency of Debian's base system).
        .systemLibrary(name: "CGcrypt", pkgConfig: "libgcrypt", providers: [.apt(["libgcrypt20-dev"])]),
        // libcurl, for outbound HTTP(S) (Web Push, ntfy) and SMTP: never a hand-written client.
        // Its headers come from libcurl4-openssl-dev; the library is opened on first use
        // (dlopen), so its thirty dependencies cost nothing until a reminder is sent.
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl")]),
        // libvips (Debian's libvips-dev; at run time libvips42), for photos: opened on first
        // use (dlopen) like libcurl, so glib and its forty libraries cost nothing until a
        // photo is uploaded (docs/photos.md has the figures).
        .target(name: "CVips", linkerSettings: [.linkedLibrary("dl")]),
        // cmark-gfm and its extensions (Debian's libcmark-gfm-dev and libcmark-gfm-extensions-dev;
        // at run time libcmark-gfm0.29.0.gfm.6 and libcmark-gfm-extensions0.29.0.gfm.6), for
        // journal entries' Markdown: never a parser or sanitizer of our own. Its .pc file
        // names both libraries.
        .systemLibrary(name: "CCmarkGFM", pkgConfig: "libcmark-gfm",
                       providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),

        // Linux headers Glibc's module leaves out (epoll, eventfd).
        .target(name: "CLinux"),
        // ThreadSanitizer's acquire/release annotations, weak: no-ops without the sanitizer.
        .target(name: "CThreadSanitizer"),
        // The one lock type: Synchronization.Mutex, made visible to ThreadSanitizer.
        .target(name: "Locks", dependencies: ["CThreadSanitizer"]),

        // The file system calls (open, read, write, stat, mkdir, chmod, umask, unlink, opendir…),
        // each retrying EINTR, for every target that touches files.
        .target(name: "Files"),

        // JSON values, a strict RFC 8259 parser with limits, and a writer that writes what
        // Foundation's JSONEncoder wrote (sorted keys, pretty printing). Pure.
        .target(name: "JSON"),
        // iCalendar (RFC 5545) text: content lines folded at 75 octets with CRLF, escaped TEXT,
        // DATE and DATE-TIME values. Pure; the calendar feed (`/ical/…`) writes with it.
        .target(name: "ICalendar", dependencies: ["TimeZones"]),
        // Pure HTTP/1.1: request parser, response encoder, connection state machine, form decoding.
        .target(name: "HTTP"),
        // gzip through zlib.
        .target(name: "Gzip", dependencies: ["CZlib"]),
        // Zip files through zlib: ZipWriter plans an export as parts (headers as bytes, photos
        // by path) so it streams with a known length, ZIP64 past 4 GiB; ZipArchive reads an
        // untrusted upload within ZipLimits. Files: the CRC-32 of a file, read in chunks.
        .target(name: "Zip", dependencies: ["CZlib", "Files"]),
        // The POSIX layer: sockets, epoll event loops, worker pool, signals, static files.
        .target(name: "HTTPServer", dependencies: ["HTTP", "Gzip", "Files", "CLinux", "Locks"]),
        // Context-aware HTML templates over Views/*.html.
        .target(name: "Templates", dependencies: ["Files", "Locks"]),
        // A thin wrapper over libsqlite3: statements, transactions, migrations, per-member databases.
        .target(name: "Store", dependencies: ["CSQLite", "Files", "Locks"]),
        // The rules for short text people type: trimming, what one line may not contain. Pure.
        .target(name: "PlainText"),
        // Time zones from the system's tzdata (TZif, read through Files), and civil-date arithmetic (pure).
        .target(name: "TimeZones", dependencies: ["Files", "Locks"]),
        // Photos through libvips: the format told by the bytes, the header's size, the
        // re-encoding (upright, metadata stripped, shrunk). Blocking: for the worker pool.
        .target(name: "Imaging", dependencies: ["CVips"]),
        // A journal entry's Markdown as HTML safe to insert into a page (cmark-gfm's safe mode,
        // links checked again, headings demoted) and as plain text for snippets. Pure; one
        // render at a time, as cmark-gfm 0.29.0.gfm.6 is not re-entrant.
        .target(name: "Markdown", dependencies: ["CCmarkGFM", "Locks"]),
        // Dawn's domain: the day window, the date grid, circle states, streaks. Pure.
        .target(name: "Domain", dependencies: ["TimeZones", "PlainText"]),
        // Strings in English, German, Spanish, French and Italian (files read through Files); plural rules; dates as each language writes them.
        .target(name: "Localization", dependencies: ["TimeZones", "Files"]),
        // The family-wide database, instance.sqlite: its schema (every table, the accounts' too,
        // in one ordered list of migrations), the board's summaries, family chores, reminder marks.
        .target(name: "FamilyData", dependencies: ["Store", "Domain", "TimeZones"]),
        // Members, passwords (yescrypt), sessions, sign-in throttling, guardians, the family
        // screen's records, over the tables FamilyData's InstanceSchema makes in instance.sqlite.
        .target(name: "Accounts", dependencies: ["FamilyData", "Store", "CCrypt", "CGcrypt", "PlainText", "Locks"]),
        // Web Push cryptography over libgcrypt: VAPID keys and ES256 tokens (RFC 8292), aes128gcm
        // payload encryption (RFC 8291, RFC 8188). No network: delivery lives elsewhere.
        .target(name: "WebPush", dependencies: ["CGcrypt", "PlainText"]),
        // Outbound requests through libcurl: an HTTP(S) POST and an email through an SMTP
        // relay, each with a total timeout and every address checked before connecting; a
        // GET or form POST reading a bounded answer (the OpenID provider).
        .target(name: "Outbound", dependencies: ["CCurl", "PlainText"]),
        // OpenID Connect's rules without the network: the provider's discovery document, key
        // set and token answer read strictly, PKCE (S256), the authorization URL, and ID tokens
        // checked (RS256 with libgcrypt's PKCS#1 v1.5, ES256 with Web Push's P-256 ECDSA: one
        // implementation of each, never our own) against iss, aud, azp, exp, iat and nonce.
        .target(name: "OpenIDConnect", dependencies: ["CGcrypt", "WebPush", "JSON", "PlainText"]),
        // The member's data, in their own database: repositories, its schema, the importer and
        // Dawn's export format. Never opens instance.sqlite (that is FamilyData's).
        .target(name: "MemberData", dependencies: ["Store", "Domain", "TimeZones", "Localization", "PlainText", "Locks",
                                                   "JSON", "Markdown"]),
        // Routes, pages, the app's caches, reminders' scheduling and delivery; what joins a
        // member's database and the family's (the board's summary: Members/Board+Member.swift).
        .target(name: "DawnApp", dependencies: ["MemberData", "FamilyData", "HTTPServer", "HTTP", "Templates", "Store",
                                                "Accounts", "TimeZones", "Domain", "Localization", "PlainText", "Files",
                                                "Locks", "WebPush", "Outbound", "JSON", "Imaging", "Markdown", "Zip",
                                                "ICalendar", "OpenIDConnect"]),
        // The `dawn` command: serve, user, backup, restore, check, healthcheck; the settings table.
        .target(name: "DawnCLI", dependencies: ["DawnApp", "MemberData", "FamilyData", "HTTPServer", "HTTP", "Store",
                                                "Accounts", "Files", "Outbound", "JSON", "OpenIDConnect"]),
        .executableTarget(name: "dawn", dependencies: ["DawnCLI"]),

        .testTarget(name: "FilesTests", dependencies: ["Files"]),
        .testTarget(name: "HTTPTests", dependencies: ["HTTP"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "ICalendarTests", dependencies: ["ICalendar", "TimeZones"]),
        .testTarget(name: "LocksTests", dependencies: ["Locks"]),
        .testTarget(name: "GzipTests", dependencies: ["Gzip"]),
        .testTarget(name: "ZipTests", dependencies: ["Zip", "Files", "CZlib"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "HTTP", "Gzip"]),
        .testTarget(name: "TemplatesTests", dependencies: ["Templates", "Locks"]),
        .testTarget(name: "StoreTests", dependencies: ["Store", "Locks"]),
        .testTarget(name: "TimeZonesTests", dependencies: ["TimeZones"]),
        .testTarget(name: "PlainTextTests", dependencies: ["PlainText"]),
        .testTarget(name: "AccountsTests", dependencies: ["Accounts", "FamilyData", "Store", "Locks", "PlainText"]),
        .testTarget(name: "FamilyDataTests", dependencies: ["FamilyData", "Store", "Domain", "TimeZones"]),
        .testTarget(name: "MemberDataTests", dependencies: ["MemberData", "Store", "Domain", "TimeZones", "JSON", "PlainText"]),
        .testTarget(name: "WebPushTests", dependencies: ["WebPush", "PlainText"]),
        .testTarget(name: "OutboundTests", dependencies: ["Outbound"]),
        .testTarget(name: "OpenIDConnectTests", dependencies: ["OpenIDConnect", "JSON", "PlainText"],
                    exclude: ["make-fixtures.py"]),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown"]),
        .testTarget(name: "DomainTests", dependencies: ["Domain", "TimeZones"]),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization", "TimeZones"]),
        .testTarget(name: "DawnAppTests", dependencies: ["DawnApp", "MemberData", "FamilyData", "Gzip", "Store", "JSON",
                                                        "Imaging", "OpenIDConnect", "Outbound", "WebPush", "PlainText"]),
        .testTarget(name: "DawnCLITests", dependencies: ["DawnCLI", "DawnApp", "Outbound"]),
    ],
    swiftLanguageModes: [.v6]
)

// The server does not use Swift's async/await: without the implicit import of its module,
// the binary loads neither libswift_Concurrency nor libdispatch (about 0.8 MiB resident).
// Test targets keep it (XCTest and Foundation need it).
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .unsafeFlags(["-Xfrontend", "-disable-implicit-concurrency-module-import"]),
    ]
}

