import HTTP
import HTTPServer
import Localization

/// How a request is answered: matched to its route (`router`, or under `/members/…` the
/// guardians' routes), let through by `Admission`, handed to its handler where its `Route`
/// says it runs, and finished with the headers every page gets.
extension Dawn {
    /// A photo upload's body (up to `maxUploadBodyBytes`) is read only for a signed-in
    /// member: anyone else may hold no more than an ordinary form's megabyte, and gets the
    /// same refusal for it as for any form (a 413 when it is larger).
    public func admitsUpload(_ head: HTTPRequest, context: RequestContext) -> Bool {
        guard head.method == .POST,
              let token = RequestCookies(header: head.headers["Cookie"])[SessionCookie.name]
        else { return false }
        // Nil for no such session, and for a database that cannot answer: then no upload.
        return (try? family.session(forToken: token)) != nil
    }

    public func reply(to request: HTTPRequest, context: RequestContext) -> Reply {
        // A spooled upload's form is in its file: reading it (the CSRF token in it) is not
        // for an event loop, so all of the request is answered on the worker pool.
        guard request.spooledBody == nil else {
            return .onWorkerPool { [self] in
                switch routed(request, context: context) {
                case let .now(response): response
                case let .onWorkerPool(work): work()
                case let .onPool(_, _, work): work()
                }
            }
        }
        return routed(request, context: context)
    }

    private func routed(_ request: HTTPRequest, context: RequestContext) -> Reply {
        // Errors before a page knows its member speak the browser's language (read only then).
        var browserLanguage: Language { Admission.browserLanguage(request) }
        let segments: [String]
        do {
            segments = try RequestPath.segments(request.path)
        } catch {
            return .now(errorPages.page(PageError(.badRequest, key: "error.bad_address"), language: browserLanguage))
        }
        // `/members/{username}/rest…`: `rest` among the guardians' routes (`GuardianView`).
        let ward = GuardianView.split(segments)
        // One 404 for an unknown address and for everything a guardian's view refuses.
        let notFound = { [self] in errorPages.page(PageError(.notFound, key: "error.not_found"), language: browserLanguage) }
        // Under `/api/` a program is asking: it is answered in JSON, refusals too.
        let forPrograms = ward == nil && segments.first == "api"
        switch ward.map({ guardianRouter.match(request.method, $0.rest) }) ?? router.match(request.method, segments) {
        case .notFound where forPrograms:
            return .now(APIProblem.notFound.response)
        case .notFound:
            return .now(notFound())
        case .methodNotAllowed where ward != nil:
            return .now(notFound())
        case let .methodNotAllowed(allow) where forPrograms:
            var response = APIProblem(status: .methodNotAllowed, code: "method_not_allowed",
                                      message: "\(request.method.rawValue) is not allowed here").response
            response.headers.add("Allow", allow.map(\.rawValue).joined(separator: ", "))
            return .now(response)
        case let .methodNotAllowed(allow):
            var response = errorPages.page(PageError(.methodNotAllowed, key: "error.method", ["method": request.method.rawValue]),
                                           language: browserLanguage)
            response.headers.add("Allow", allow.map(\.rawValue).joined(separator: ", "))
            return .now(response)
        case let .found(route, parameters):
            let page: PageRequest
            do {
                page = try admission.admit(request, context: context, route: route, parameters: parameters,
                                           segments: segments, ward: ward?.username, app: self)
            } catch is GuardianView.Hidden {
                return .now(notFound())
            } catch let refusal as Admission.Refusal {
                return .now(refusal.response)
            } catch let error as PageError where route.api != nil {
                return .now(APIProblem.from(error, strings: strings).response)
            } catch let error as PageError {
                return .now(errorPages.page(error, language: browserLanguage))
            } catch where route.api != nil {
                return .now(APIv1.unexpected(error))
            } catch {
                return .now(errorPages.unexpected(error, language: browserLanguage))
            }
            let run: @Sendable () -> HTTPResponse = { [self] in
                // On a pool thread (below), where the row of a token's last use may be written.
                if let grant = page.signedIn?.token, family.apiTokens.noteUse(grant, at: now(), address: page.clientAddress) {
                    family.apiTokens.writeLastUse(of: grant.id)
                }
                var response: HTTPResponse
                do {
                    response = try route.handle(self, page)
                } catch let problem as APIProblem {
                    response = problem.response
                } catch let error as PageError where route.api != nil {
                    response = APIProblem.from(error, strings: strings).response
                } catch let error as PageError {
                    response = errorPages.page(error, language: page.language)
                } catch where route.api != nil {
                    response = APIv1.unexpected(error)
                } catch {
                    response = errorPages.unexpected(error, language: page.language)
                }
                if !response.isSealed { finish(&response, for: page) }
                return response
            }
            // A token's request may write its last use: never on an event loop.
            if page.signedIn?.token != nil, route.runs == .onEventLoop { return .onWorkerPool(run) }
            switch route.runs {
            case .onPasswordPool:
                let language = page.language
                return .onPool(passwordPool, whenFull: { [self] in errorPages.passwordsBusy(language: language) }, work: run)
            case .onWorkerPool:
                return .onWorkerPool(run)
            case .onEventLoop:
                // Every POST writes, and a write waits for its fsync (synchronous=FULL): never on an event loop.
                return request.method == .POST ? .onWorkerPool(run) : .now(run())
            }
        }
    }

    /// What every page's response gets after its handler: the security headers, the member
    /// mark of the offline copy, the cache policy. A page that keeps a finished response
    /// (`HTTPResponse.seal()`, the cached day page) calls it before sealing.
    func finish(_ response: inout HTTPResponse, for page: PageRequest) {
        SecurityHeaders.apply(to: &response)
        OfflinePage.markMember(&response, page)
        CachePolicy.apply(to: &response, page)
    }
}
