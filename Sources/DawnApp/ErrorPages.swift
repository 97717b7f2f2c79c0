import HTTP
import Localization
import Store
import TimeZones

/// The error page (`Views/error.html`, `ErrorView`) in the person's language: for a
/// `PageError`, for an error no page expected, and the 503s that ask the browser to come
/// back later. Each carries the security headers; none knows the member.
struct ErrorPages: Sendable {
    let renderer: PageRenderer
    let strings: Strings

    /// Seconds a browser is asked to wait when the password pool's queue is full.
    static let passwordsBusyRetrySeconds = 5

    func page(_ error: PageError, language: Language) -> HTTPResponse {
        let message = error.message ?? strings.format(error.key ?? "error.internal", language, error.arguments)
        let title = strings.table(language)["error.status.\(error.status.code)"] ?? error.status.reason
        var response = renderer.render(ErrorView(title: title, status: error.status.code, message: message),
                                       status: error.status, language: language, signedIn: nil, children: [], ward: nil)
        SecurityHeaders.apply(to: &response)
        return response
    }

    /// An error no page expected: a full disk is a 503 that asks for a minute, a shortage
    /// that passes (out of file descriptors) a 503 the browser may retry at once, anything
    /// else a 500.
    func unexpected(_ error: any Error, language: Language) -> HTTPResponse {
        if StorageFullPage.matches(error) { return storageFull(language: language) }
        let transient = (error as? StoreError)?.isTransient == true || (error as? TimeZoneError)?.isTransient == true
        guard transient else { return page(PageError(.internalServerError, key: "error.internal"), language: language) }
        return unavailable("error.busy", retryAfter: 1, language: language)
    }

    /// The 503 page: "The server's disk is full…", in `language`.
    func storageFull(language: Language) -> HTTPResponse {
        unavailable("error.storage_full", retryAfter: StorageFullPage.retryAfterSeconds, language: language)
    }

    /// 503 when every password thread is busy and the queue is full: in the page's
    /// language, with `Retry-After`. Only password forms get it; saves run elsewhere.
    func passwordsBusy(language: Language) -> HTTPResponse {
        unavailable("error.passwords_busy", retryAfter: Self.passwordsBusyRetrySeconds, language: language)
    }

    /// A 503 saying `key`, and after how many seconds the browser may ask again.
    private func unavailable(_ key: String, retryAfter seconds: Int, language: Language) -> HTTPResponse {
        var response = page(PageError(.serviceUnavailable, key: key), language: language)
        response.headers.add("Retry-After", String(seconds))
        return response
    }
}
