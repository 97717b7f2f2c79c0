import FoundationEssentials
import HTTP
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

    struct Icon: Encodable {
        let src: String
        let sizes: String
        let type: String
        let purpose: String
    }

    struct Colors: Encodable {
        let theme_color: String
        let background_color: String
    }

    struct Preferences: Encodable {
        let color_scheme_dark: Colors
    }

    struct Manifest: Encodable {
        let id = "/"
        let name = "Dawn"
        let short_name = "Dawn"
        let description: String
        let lang: String
        let start_url = "/"
        let scope = "/"
        let display = "standalone"
        let theme_color = AppManifestPage.lightColor
        let background_color = AppManifestPage.lightColor
        let user_preferences = Preferences(color_scheme_dark: Colors(theme_color: AppManifestPage.darkColor,
                                                                     background_color: AppManifestPage.darkColor))
        let icons: [Icon]
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
        let manifest = Manifest(
            description: app.strings.format("app.description", language, [:]), lang: language.rawValue,
            icons: icons.compactMap { icon in
                app.staticFiles.url(for: icon.file).map { Icon(src: $0, sizes: icon.sizes, type: icon.type, purpose: icon.purpose) }
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = Array(try encoder.encode(manifest))
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
