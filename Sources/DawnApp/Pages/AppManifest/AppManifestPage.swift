import HTTP
import JSON
import Localization

/// `GET /manifest.webmanifest`: what makes Dawn installable on a home screen or a desktop
/// (W3C Web App Manifest). Its icons are static files under content-hashed names, cached
/// for a year; the manifest itself names them, so it is revalidated on every use
/// (`no-cache` with an ETag) and never points at an icon an upgrade removed. The same for
/// every member: nothing in it is private. Its description speaks the page's language
/// (the member's, else the browser's).
enum AppManifestPage {
    /// The colours of the installed window: its title bar (`theme_color`) and the splash
    /// before the first page (`background_color`), Dawn's page background in each scheme
    /// (`--bg` in `app.css`). Chromium reads `user_preferences.color_scheme_dark`; the
    /// pages name both with `<meta name="theme-color" media=…>` too.
    static let lightColor = "#F7F7F8"
    static let darkColor = "#111417"

    /// The manifest's members (`icons`: each icon's `src`, `sizes`, `type` and `purpose`).
    static func manifest(description: String, lang: String, icons: [(src: String, sizes: String, type: String, purpose: String)]) -> JSONValue {
        .object(JSONObject([
            ("id", .string("/")), ("name", .string("Dawn")), ("short_name", .string("Dawn")),
            ("description", .string(description)), ("lang", .string(lang)), ("start_url", .string("/")),
            ("scope", .string("/")), ("display", .string("standalone")),
            ("theme_color", .string(lightColor)), ("background_color", .string(lightColor)),
            ("user_preferences", .object(["color_scheme_dark": .object([
                "theme_color": .string(darkColor), "background_color": .string(darkColor),
            ])])),
            ("icons", .array(icons.map { icon in
                .object(["src": .string(icon.src), "sizes": .string(icon.sizes), "type": .string(icon.type),
                         "purpose": .string(icon.purpose)])
            })),
        ]))
    }

    /// The icons, by static file name (`Public/icons/`, drawn by `deploy/draw-icons`).
    static let icons: [(file: String, sizes: String, type: String, purpose: String)] = [
        ("icons/dawn-192.png", "192x192", "image/png", "any"),
        ("icons/dawn-512.png", "512x512", "image/png", "any"),
        ("icons/dawn-maskable-512.png", "512x512", "image/png", "maskable"),
        ("icons/dawn.svg", "any", "image/svg+xml", "any"),
    ]

    static let route = Route.open { app, page in
        let language = page.language
        let manifest = manifest(
            description: app.strings.format("app.description", language, [:]), lang: language.rawValue,
            icons: icons.compactMap { icon in
                app.staticFiles.url(for: icon.file).map { (src: $0, sizes: icon.sizes, type: icon.type, purpose: icon.purpose) }
            })
        let body = JSONWriter.bytes(manifest, options: [.sortedKeys, .withoutEscapingSlashes])
        let etag = EntityTag.strong([String(decoding: body, as: UTF8.self)])
        let headers: HTTPHeaders = ["ETag": etag, "Cache-Control": "public, no-cache", "Vary": "Accept-Language, Cookie"]
        if EntityTag.matches(page.http.headers["If-None-Match"], etag) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        var response = HTTPResponse(status: .ok, contentType: "application/manifest+json; charset=utf-8", body: body)
        for (name, value) in headers { response.headers.add(name, value) }
        return response
    }
}
