import HTTP
import HTTPServer
import Store
import Templates

/// The application: routes requests to pages. Built once at start-up; every
/// template is compiled and every static file loaded before the first request.
public final class Dawn: HTTPResponder {
    public let configuration: DawnConfiguration
    let templates: TemplateLibrary
    let staticFiles: StaticFiles
    let data: DataDirectory
    private let router: Router<Route>
    /// The fingerprinted URLs of Public/ for templates, fixed unless files may change.
    private let fixedAssets: TemplateValue?

    public init(configuration: DawnConfiguration) throws(DawnStartError) {
        self.configuration = configuration
        do {
            templates = try TemplateLibrary(directory: configuration.viewsDirectory,
                                            reloadOnChange: configuration.development)
        } catch {
            throw .templates("\(error)")
        }
        do {
            staticFiles = try StaticFiles(directory: configuration.publicDirectory,
                                          reloadOnChange: configuration.development)
        } catch {
            throw .resources("cannot read \(configuration.publicDirectory): \(error)")
        }
        do {
            data = try DataDirectory(root: configuration.dataDirectory,
                                     instanceMigrations: InstanceSchema.migrations,
                                     memberMigrations: MemberSchema.migrations)
        } catch let error as StoreError {
            throw .storage(error)
        } catch {
            throw .resources("\(error)")
        }
        router = Self.routes(testHooks: configuration.testHooks)
        // (Not a ternary: `nil` there would become TemplateValue.null, which is a value.)
        if configuration.development {
            fixedAssets = Optional.none
        } else {
            fixedAssets = Self.assetValues(staticFiles)
        }
    }

    /// Closes every database; called once the server has drained.
    public func shutdown() {
        data.closeAll()
    }

    private static func routes(testHooks: Bool) -> Router<Route> {
        var router = Router<Route>()
        router.add(.GET, "/", HomePage.route)
        router.add(.GET, "/healthz", HealthPage.route)
        router.add(.GET, "/static/*", Route.page { app, page in
            app.staticFiles.response(for: page.parameters[0], request: page.http)
        })
        if testHooks { TestHooks.add(to: &router) }
        return router
    }

    public func reply(to request: HTTPRequest, context: RequestContext) -> Reply {
        let segments: [String]
        do {
            segments = try RequestPath.segments(request.path)
        } catch {
            return .now(errorPage(PageError(.badRequest, "That address is not valid.")))
        }
        switch router.match(request.method, segments) {
        case .notFound:
            return .now(errorPage(PageError(.notFound, "There is no page at this address.")))
        case let .methodNotAllowed(allow):
            var response = errorPage(PageError(.methodNotAllowed, "This page does not accept \(request.method.rawValue)."))
            response.headers.add("Allow", allow.map(\.rawValue).joined(separator: ", "))
            return .now(response)
        case let .found(route, parameters):
            let page = PageRequest(http: request, context: context, parameters: parameters,
                                   limits: configuration.server.limits)
            let run: @Sendable () -> HTTPResponse = { [self] in
                var response: HTTPResponse
                do {
                    response = try route.handle(self, page)
                } catch let error as PageError {
                    response = errorPage(error)
                } catch {
                    response = errorPage(PageError(.internalServerError, "Something went wrong on our side."))
                }
                SecurityHeaders.apply(to: &response)
                return response
            }
            return route.runsOnWorkerPool ? .onWorkerPool(run) : .now(run())
        }
    }

    /// Renders `name` into an HTML response; a render failure is a plain 500.
    func render(_ name: String, _ context: [String: TemplateValue], status: HTTPStatus = .ok) -> HTTPResponse {
        var values = context
        values["assets"] = fixedAssets ?? Self.assetValues(staticFiles)
        var body: [UInt8] = []
        body.reserveCapacity(16 * 1024)
        do {
            try templates.render(name, .object(values), into: &body)
        } catch {
            return .text(.internalServerError, "The page could not be shown.")
        }
        return HTTPResponse(status: status, contentType: "text/html; charset=utf-8", body: body)
    }

    /// "app.css" → `assets.app_css`: template paths split on dots, so names use `_`.
    private static func assetValues(_ files: StaticFiles) -> TemplateValue {
        .object(files.urls.reduce(into: [:]) { values, entry in
            let key = entry.key.map { $0.isLetter || $0.isNumber ? $0 : "_" }
            values[String(key)] = .string(entry.value)
        })
    }

    func errorPage(_ error: PageError) -> HTTPResponse {
        var response = render("error", [
            "title": .string(error.status.reason),
            "status": .int(error.status.code),
            "message": .string(error.message),
        ], status: error.status)
        SecurityHeaders.apply(to: &response)
        return response
    }
}

/// Why Dawn could not start, as one line for the operator.
public enum DawnStartError: Error, CustomStringConvertible {
    case templates(String)
    case resources(String)
    case storage(StoreError)

    public var description: String {
        switch self {
        case let .templates(message): "a template in Views/ is broken: \(message)"
        case let .resources(message): message
        case let .storage(error): "\(error)"
        }
    }
}
