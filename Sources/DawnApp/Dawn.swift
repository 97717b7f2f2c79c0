import Accounts
import HTTP
import HTTPServer
import Localization
import FamilyData
import MemberData
import Store
import Synchronization
import Templates
import Domain
import TimeZones
import WebPush

/// The application: routes requests to pages. Built once at start-up; every
/// template is compiled and every static file loaded before the first request.
public final class Dawn: HTTPResponder {
    public let configuration: DawnConfiguration
    let templates: TemplateLibrary
    let staticFiles: StaticFiles
    package let data: DataDirectory
    let family: Family
    /// The kitchen screen's PINs, codes, screens and visits (`FamilyScreenPage`).
    let familyScreens: FamilyScreens
    let throttle: SignInThrottle
    /// Signs and checks the device cookies (`DeviceCookie`).
    let deviceKey: DeviceKey
    /// Lines for stderr from opening the data (grants a migration dropped), for the CLI
    /// to print once the app is built.
    package let startupNotes: [String]
    /// Hashes and checks passwords, apart from the server's worker pool (`Route.Runs`).
    let passwordPool: WorkerPool
    let timeZones: TimeZoneDatabase
    let strings: Strings
    /// Every cache the app keeps (`Caches`): members' settings and revisions, finished
    /// pages, the family's grants.
    let caches: Caches
    /// Every committed write to a member database is announced here (`memberWritten`).
    private let memberWrites = MemberWrites()
    /// Hands habits' reminders to the outbox when they come due (`startReminders`).
    let reminders: ReminderScheduler
    /// The server's live figures, for `/metrics`.
    let serverMetrics: ServerMetrics
    /// Each language's strings as the nested `t` object templates read (`{{t.nav.today}}`).
    private let stringValues: [Language: TemplateValue]
    private let router: Router<Route>
    /// The routes a guardian may use under `/members/{username}/…` (`Route.guardians`).
    private let guardianRouter: Router<Route>
    /// The fingerprinted URLs of Public/ for templates, fixed unless files may change.
    private let fixedAssets: TemplateValue?
    /// The instance's VAPID key pair, for Web Push (`VAPIDKeyStore`).
    let vapidKey: P256KeyPair
    /// The reminders' delivery queue and its threads (`NotificationDelivery`).
    let notifications: NotificationDelivery
    /// How often each member may press "Send a test".
    let notificationTests = NotificationTestThrottle()
    /// Once an admin exists, setup is over for the life of the process.
    private let setupDone = Atomic<Bool>(false)

    /// Unix seconds now: the system clock, or a fixed one in tests. Pages read the time
    /// only through this (`MemberContext.now`), so a page can be tested on any date.
    let now: @Sendable () -> Int64

    /// The app as `dawn serve` runs it: due reminders go to the member's targets
    /// (`NotificationDelivery`), and under the tests' hooks are also kept for
    /// `/_test/reminders-sent`.
    public convenience init(configuration: DawnConfiguration, metrics: ServerMetrics = ServerMetrics(),
                            now: @escaping @Sendable () -> Int64 = Family.wallClock) throws(DawnStartError) {
        try self.init(configuration: configuration, metrics: metrics, now: now, outbox: nil)
    }

    /// The app with the outbox its reminders go to: nil for its own delivery (tests pass a
    /// `RecordingReminderOutbox`).
    init(configuration: DawnConfiguration, metrics: ServerMetrics = ServerMetrics(),
         now: @escaping @Sendable () -> Int64 = Family.wallClock, outbox: (any ReminderOutbox)?) throws(DawnStartError) {
        self.configuration = configuration
        self.now = now
        serverMetrics = metrics
        do {
            // In development and under the tests' hooks, a page that prints a key it did not
            // give is a 500 (stderr names the template and the key), not a silently empty value.
            templates = try TemplateLibrary(directory: configuration.viewsDirectory,
                                            reloadOnChange: configuration.development,
                                            strict: configuration.development || configuration.testHooks)
        } catch {
            throw .templates("\(error)")
        }
        do {
            staticFiles = try StaticFiles(directory: configuration.publicDirectory,
                                          reloadOnChange: configuration.development)
        } catch {
            throw .resources("cannot read \(configuration.publicDirectory): \(error)")
        }
        let caches = Caches(sessionCacheSeconds: Int64(configuration.sessionCacheSeconds))
        self.caches = caches
        do {
            data = try DataDirectory(root: configuration.dataDirectory,
                                     instanceMigrations: InstanceSchema.migrations,
                                     memberMigrations: MemberSchema.migrations,
                                     memberWritten: { [memberWrites] id in memberWrites.notify(id) },
                                     instanceWritten: { caches.family.changed() })
        } catch let error as StoreError {
            throw .storage(error)
        } catch {
            throw .resources("\(error)")
        }
        let strings: Strings
        do {
            strings = try Strings(directory: configuration.viewsDirectory + "/strings")
        } catch {
            throw .resources("the strings in Views/strings are broken: \(error)")
        }
        self.strings = strings
        stringValues = Dictionary(uniqueKeysWithValues: Language.allCases.map { ($0, Self.nested(strings.table($0))) })
        // Every typed page against its template: a misspelt key would otherwise hide a
        // section or print nothing, silently, until someone looks.
        let viewProblems = PageViews.problems(in: templates.templates, strings: Array(strings.table(Strings.reference).keys))
        guard viewProblems.isEmpty else {
            data.closeAll()
            throw .templates("the typed views and their templates disagree (PageViews):\n" + viewProblems.joined(separator: "\n"))
        }
        family = Family(data: data, now: now, sessionCacheSeconds: Int64(configuration.sessionCacheSeconds))
        familyScreens = FamilyScreens(data: data, now: now)
        do {
            deviceKey = try family.deviceKey()
        } catch {
            data.closeAll()
            throw .resources("cannot read or store the device cookie key in instance.sqlite: \(error)")
        }
        // Reported once: a failure to read them must not stop the server.
        startupNotes = (try? family.takeDroppedGuardianships()) ?? []
        do {
            vapidKey = try VAPIDKeyStore.load(instance: data.instance)
        } catch {
            data.closeAll()
            throw .resources("cannot read or store the VAPID key in instance.sqlite: \(error)")
        }
        throttle = SignInThrottle(failureBudget: configuration.signInFailureBudget)
        timeZones = TimeZoneDatabase(directory: configuration.timeZoneDirectory)
        router = Self.routes(testHooks: configuration.testHooks, metrics: configuration.metrics)
        guardianRouter = router.filter { $0.guardians != .none }
        // (Not a ternary: `nil` there would become TemplateValue.null, which is a value.)
        if configuration.development {
            fixedAssets = Optional.none
        } else {
            fixedAssets = Self.assetValues(staticFiles)
        }
        // Last: nothing above may throw once its threads run.
        passwordPool = WorkerPool(threads: configuration.passwordWorkers,
                                  capacity: configuration.passwordQueueCapacity, name: "dawn-password")
        let notifications = Self.makeNotifications(configuration: configuration, data: data, vapidKey: vapidKey, now: now)
        self.notifications = notifications
        let delivery: any ReminderOutbox = outbox ?? notifications
        reminders = ReminderScheduler(data: data, family: family, timeZones: timeZones, strings: strings,
                                      settings: { [caches] id, database in
                                          try caches.members.settings(id) { try MemberSettings.load(from: database) }
                                      }, outbox: configuration.testHooks ? RecordingReminderOutbox(passingTo: delivery) : delivery,
                                      now: now)
        memberWrites.setHandler { [unowned self] id in memberWritten(id) }
    }

    /// Starts the reminder scheduler's thread (`dawn serve` does, right after start-up;
    /// page tests leave it off). Its first pass sends what came due while the server was down.
    public func startReminders() {
        reminders.start()
    }

    /// Stops the reminder scheduler, finishes the password jobs still queued, then closes
    /// every database; called once the server has drained.
    public func shutdown() {
        reminders.stop()
        passwordPool.shutdown()
        notifications.shutdown()
        data.closeAll()
    }

    private static func routes(testHooks: Bool, metrics: Bool) -> Router<Route> {
        var router = Router<Route>()
        router.add(.GET, "/healthz", HealthPage.route)
        router.add(.GET, "/manifest.webmanifest", AppManifestPage.route)
        OfflinePage.add(to: &router)
        router.add(.GET, "/static/{path*}", Route.open { app, page in
            try app.staticFiles.response(for: page.parameter("path"), request: page.http)
        })
        SetupPage.add(to: &router)
        SignInPage.add(to: &router)
        DayPage.add(to: &router)
        SettingsPage.add(to: &router)
        NotificationsPage.add(to: &router)
        VacationsPage.add(to: &router)
        HabitsPage.add(to: &router)
        HabitListPage.add(to: &router)
        HabitPage.add(to: &router)
        HabitInstancePage.add(to: &router)
        StatsPage.add(to: &router)
        SearchPage.add(to: &router)
        CalendarPage.add(to: &router)
        ExportPage.add(to: &router)
        ImportPage.add(to: &router)
        StatsAPI.add(to: &router)
        BoardPage.add(to: &router)
        FamilyPage.add(to: &router)
        AccountPage.add(to: &router)
        FamilyScreenPage.add(to: &router)
        if metrics { MetricsPage.add(to: &router) }
        if testHooks { TestHooks.add(to: &router) }
        return router
    }

    public func reply(to request: HTTPRequest, context: RequestContext) -> Reply {
        // Errors before a page knows its member speak the browser's language (read only then).
        var browserLanguage: Language { Language.negotiate(request.headers["Accept-Language"]) }
        let segments: [String]
        do {
            segments = try RequestPath.segments(request.path)
        } catch {
            return .now(errorPage(PageError(.badRequest, key: "error.bad_address"), language: browserLanguage))
        }
        // `/members/{username}/rest…`: `rest` among the guardians' routes (`GuardianView`).
        let ward = GuardianView.split(segments)
        // One 404 for an unknown address and for everything a guardian's view refuses.
        let notFound = { [self] in errorPage(PageError(.notFound, key: "error.not_found"), language: browserLanguage) }
        switch ward.map({ guardianRouter.match(request.method, $0.rest) }) ?? router.match(request.method, segments) {
        case .notFound:
            return .now(notFound())
        case .methodNotAllowed where ward != nil:
            return .now(notFound())
        case let .methodNotAllowed(allow):
            var response = errorPage(PageError(.methodNotAllowed, key: "error.method", ["method": request.method.rawValue]),
                                     language: browserLanguage)
            response.headers.add("Allow", allow.map(\.rawValue).joined(separator: ", "))
            return .now(response)
        case let .found(route, parameters):
            let page: PageRequest
            do {
                page = try admit(request, context: context, route: route, parameters: parameters, segments: segments,
                                 ward: ward?.username)
            } catch is GuardianView.Hidden {
                return .now(notFound())
            } catch let refusal as Refusal {
                return .now(refusal.response)
            } catch let error as PageError {
                return .now(errorPage(error, language: browserLanguage))
            } catch {
                return .now(unexpectedErrorPage(error, language: browserLanguage))
            }
            let run: @Sendable () -> HTTPResponse = { [self] in
                var response: HTTPResponse
                do {
                    response = try route.handle(self, page)
                } catch let error as PageError {
                    response = errorPage(error, language: page.language)
                } catch {
                    response = unexpectedErrorPage(error, language: page.language)
                }
                if !response.isSealed { finish(&response, for: page) }
                return response
            }
            switch route.runs {
            case .onPasswordPool:
                let language = page.language
                return .onPool(passwordPool, whenFull: { [self] in passwordsBusyPage(language: language) }, work: run)
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

    /// Seconds a browser is asked to wait when the password pool's queue is full.
    static let passwordsBusyRetrySeconds = 5

    /// 503 when every password thread is busy and the queue is full: in the page's
    /// language, with `Retry-After`. Only password forms get it; saves run elsewhere.
    func passwordsBusyPage(language: Language) -> HTTPResponse {
        var response = errorPage(PageError(.serviceUnavailable, key: "error.passwords_busy"), language: language)
        response.headers.add("Retry-After", String(Self.passwordsBusyRetrySeconds))
        return response
    }

    /// A request stopped before its handler: a redirect, or an error page.
    private struct Refusal: Error {
        let response: HTTPResponse
    }

    /// Decides whether the request may reach its handler: setup first, then
    /// sign-in, then admin rights, then the CSRF token of every POST.
    /// Under `/members/{ward}/…`, only that member's guardian gets through (`GuardianView`).
    private func admit(_ request: HTTPRequest, context: RequestContext, route: Route,
                       parameters: RouteParameters, segments: [String], ward: String?) throws -> PageRequest {
        let cookies = RequestCookies(header: request.headers["Cookie"])
        let forwarded = ForwardedRequest(request: request, peer: context.peer,
                                         trustedProxies: configuration.trustedProxies)
        let isSetupPath = segments == ["setup"]
        // Machines (health checks, Prometheus), static files, the app's manifest and its
        // service worker with its offline page (the setup page links and registers them) are
        // answered before setup too.
        let isForMachines = segments == ["healthz"] || segments == ["metrics"]
            || segments == ["manifest.webmanifest"] || segments == ["sw.js"] || segments == ["offline"]
        if ward == nil, route.access != .testHook, segments.first != "static", !isForMachines, !isSetupPath, needsSetup {
            throw Refusal(response: .redirect(to: Paths.setup))
        }
        var signedIn: SignedIn?
        if let token = cookies[SessionCookie.name], let session = try family.session(forToken: token),
           let database = try memberDatabase(session.member.id) {
            signedIn = SignedIn(member: session.member, session: session, database: database,
                                settings: try memberSettings(session.member.id, database))
        }
        // Before anything else can answer differently (a sign-in redirect, a 403).
        let owner = try ward.map { try GuardianView.admit(self, signedIn: signedIn, username: $0) }
        switch route.access {
        case .open, .testHook, .screen:
            break
        case .member, .admin:
            guard let signedIn else {
                if request.method == .GET || request.method == .HEAD {
                    var response = HTTPResponse.redirect(to: SignInPage.url(returningTo: request.target))
                    // A session cookie naming no session (ended on another device, or idle too
                    // long): this browser forgets it and drops its copies of that member's pages.
                    if cookies[SessionCookie.name] != nil { CachePolicy.endSession(&response, secure: forwarded.isSecure) }
                    throw Refusal(response: response)
                }
                throw PageError(.forbidden, key: "error.session_ended")
            }
            if route.access == .admin, !signedIn.member.isAdmin {
                throw PageError(.forbidden, key: "error.admin_only")
            }
        }
        // Multipart bodies too: their `csrf` text part is checked below like any form's.
        let (form, files) = try PageRequest.decodeForm(request, limits: configuration.server.limits, acceptsJSON: route.takesJSON)
        // The kitchen screen's cookie names an enrolled screen; it is never a session.
        let screen = route.access == .screen ? try familyScreens.screen(forToken: cookies[ScreenCookie.name]) : nil
        if request.method == .POST, route.access != .testHook {
            // Signed-in forms carry the session's token; sign-in and setup forms the
            // token of the pre-session cookie (double submit); the kitchen screen's forms
            // its screen's token (or, before enrolment, the pre-session one).
            let expected = route.access == .screen ? screen?.csrfToken ?? cookies[CSRFCookie.name]
                : signedIn?.csrfToken ?? cookies[CSRFCookie.name]
            // Scripts sending JSON put it in the `X-CSRF-Token` header instead.
            let sent = route.takesJSON ? request.headers["X-CSRF-Token"] : form[CSRFCookie.fieldName]
            guard let expected, let sent, CSRFToken.constantTimeEqual(sent, expected) else {
                throw PageError(.forbidden, key: "error.csrf")
            }
        }
        let language = signedIn?.settings.language ?? Language.negotiate(request.headers["Accept-Language"])
        return PageRequest(http: request, context: context, segments: segments, parameters: parameters,
                           form: form, files: files,
                           signedIn: signedIn, cookies: cookies, clientAddress: forwarded.clientAddress,
                           isSecure: forwarded.isSecure, language: language, limits: configuration.server.limits,
                           ward: owner, screen: screen)
    }

    /// The member's database; nil when the member was removed after their session was
    /// checked (the request then goes on as signed out). A member who still exists but
    /// whose file is gone is an error: the file is never made again here.
    private func memberDatabase(_ id: MemberID) throws -> Database? {
        do {
            return try data.member(id)
        } catch StoreError.missing(let path) {
            if try family.member(id: id) == nil { return nil }
            throw StoreError.missing(path: path)
        }
    }

    /// The member's settings, from memory when nothing changed since they were read.
    func memberSettings(_ id: MemberID, _ database: Database) throws -> MemberSettings {
        try caches.members.settings(id) { try MemberSettings.load(from: database) }
    }

    /// A change to what the member's own pages show, written outside their database (their
    /// wrong PINs, in instance.sqlite): announced on the path of their own writes, so their
    /// cached pages go exactly as after a write of theirs.
    func memberChangedElsewhere(_ id: MemberID) {
        memberWrites.notify(id)
    }

    /// After every committed write to a member's database, whoever wrote it (a page, an
    /// import): bumps their revision (so cached pages and validators change) and, when
    /// they share on the family board, refreshes their summary there. The write is
    /// committed by now, so a summary that cannot be refreshed fails no page: it is said
    /// on stderr, and the next write of theirs tries again.
    private func memberWritten(_ id: MemberID) {
        caches.members.changed(id)
        reminders.memberChanged(id)
        do {
            guard try Board(instance: data.instance).isOptedIn(id) else { return }
            try publishBoard(id)
        } catch {
            StandardError.line("member \(id.rawValue)'s board summary not refreshed: \(error)")
        }
    }

    /// Publishes the member's summary on the board (and so opts them in), from fresh
    /// settings and time zone: this may run right after the member changed them.
    func publishBoard(_ id: MemberID) throws {
        let database = try data.member(id)
        let settings = try memberSettings(id, database)
        let zone = try family.member(id: id)?.timeZone ?? "UTC"
        let clock = try MemberClock(timeZone: zone, dayStartHour: settings.dayStartHour, zones: timeZones)
        let now = self.now()
        try Board(instance: data.instance).publish(id, member: database, today: clock.today(at: now),
                                                    skipping: clock.skippedDates, dayStartHour: settings.dayStartHour, now: now)
    }

    /// The family's grants and chores' revision, from memory unless `instance.sqlite` changed.
    func familySnapshot() throws -> FamilyCache.Snapshot {
        try caches.family.snapshot(now: now(), family: family, chores: FamilyChores(instance: data.instance))
    }

    /// True until the first admin exists.
    var needsSetup: Bool {
        if setupDone.load(ordering: .relaxed) { return false }
        // A database that cannot answer is not a fresh instance: never offer setup then.
        guard let needed = try? family.needsSetup else { return false }
        if needed { return true }
        setupDone.store(true, ordering: .relaxed)
        return false
    }

    /// Renders a typed view into its template (`PageView`).
    func render<View: PageView>(_ view: View, status: HTTPStatus = .ok, for page: PageRequest? = nil,
                                language: Language? = nil) -> HTTPResponse {
        render(View.template, view.templateFields, status: status, for: page, language: language)
    }

    /// Renders `name` into an HTML response; a render failure is a plain 500.
    func render(_ name: String, _ context: [String: TemplateValue], status: HTTPStatus = .ok,
                for page: PageRequest? = nil, language: Language? = nil) -> HTTPResponse {
        var values = context
        values["assets"] = fixedAssets ?? Self.assetValues(staticFiles)
        let language = language ?? page?.language ?? .en
        values["t"] = stringValues[language] ?? .null
        values["lang"] = .string(language.rawValue)
        if let signedIn = page?.signedIn {
            values["me"] = MemberFrame(displayName: signedIn.member.displayName, username: signedIn.member.username,
                                       isAdmin: signedIn.member.isAdmin, isChild: signedIn.member.isChild,
                                       children: navigationChildren(signedIn.member.id)).templateValue
            values["csrf"] = .string(signedIn.csrfToken)
            if signedIn.settings.theme != .system {
                values["theme"] = .string(signedIn.settings.theme.rawValue)
            }
        }
        if let page, let ward = page.ward { values["ward"] = guardianBanner(ward, page) }
        var body: [UInt8] = []
        body.reserveCapacity(16 * 1024)
        do {
            try templates.render(name, .object(values), into: &body)
        } catch {
            StandardError.line("template \(name) not rendered: \(error)")
            return .text(.internalServerError, "The page could not be shown.")
        }
        return HTTPResponse(status: status, contentType: "text/html; charset=utf-8", body: body)
    }

    /// The children `guardian` looks after, for the navigation: from the family's snapshot
    /// in memory; none when it cannot be read (the page itself says what failed).
    private func navigationChildren(_ guardian: MemberID) -> [MemberFrame.Child] {
        guard let children = try? familySnapshot().children(of: guardian) else { return [] }
        return children.map { child in MemberFrame.Child(name: child.displayName, url: Paths.member(child.username).home) }
    }

    /// The text of `key` in the page's language.
    func t(_ key: String, _ page: PageRequest?, _ arguments: [String: String] = [:]) -> String {
        strings.format(key, page?.language ?? .en, arguments)
    }

    /// Dotted keys ("nav.today") as nested objects, so templates write `{{t.nav.today}}`.
    static func nested(_ table: [String: String]) -> TemplateValue {
        final class Node {
            var leaf: String?
            var children: [String: Node] = [:]
            var value: TemplateValue {
                if let leaf, children.isEmpty { return .string(leaf) }
                return .object(children.mapValues(\.value))
            }
        }
        let root = Node()
        for (key, text) in table {
            var node = root
            for part in key.split(separator: ".") {
                let name = String(part)
                if node.children[name] == nil { node.children[name] = Node() }
                node = node.children[name]!
            }
            node.leaf = text
        }
        return root.value
    }

    /// "app.css" → `assets.app_css`: template paths split on dots, so names use `_`.
    private static func assetValues(_ files: StaticFiles) -> TemplateValue {
        .object(files.urls.reduce(into: [:]) { values, entry in
            let key = entry.key.map { $0.isLetter || $0.isNumber ? $0 : "_" }
            values[String(key)] = .string(entry.value)
        })
    }

    /// An error no page expected: a full disk is a 503 that asks for a minute, a shortage
    /// that passes (out of file descriptors) a 503 the browser may retry at once, anything
    /// else a 500.
    func unexpectedErrorPage(_ error: any Error, language: Language) -> HTTPResponse {
        if StorageFullPage.matches(error) { return storageFullPage(language: language) }
        let transient = (error as? StoreError)?.isTransient == true || (error as? TimeZoneError)?.isTransient == true
        guard transient else { return errorPage(PageError(.internalServerError, key: "error.internal"), language: language) }
        var response = errorPage(PageError(.serviceUnavailable, key: "error.busy"), language: language)
        response.headers.add("Retry-After", "1")
        return response
    }

    func errorPage(_ error: PageError, language: Language) -> HTTPResponse {
        let message = error.message ?? strings.format(error.key ?? "error.internal", language, error.arguments)
        let title = strings.table(language)["error.status.\(error.status.code)"] ?? error.status.reason
        var response = render(ErrorView(title: title, status: error.status.code, message: message),
                              status: error.status, language: language)
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
