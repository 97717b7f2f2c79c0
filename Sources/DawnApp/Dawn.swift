import Locks
import Accounts
import HTTP
import Files
import HTTPServer
import Localization
import FamilyData
import MemberData
import Store
import Templates
import Domain
import TimeZones
import WebPush
import OpenIDConnect
import Outbound
import Locks

/// The application, put together: its configuration, stores, caches and routes, checked
/// at start-up; every template is compiled and every static file loaded before the first
/// request. How a request is answered is `Dawn+Reply.swift`; who may reach a page is
/// `Admission`, how pages render is `PageRenderer`, the error pages are `ErrorPages`, what
/// follows a member's write is `MemberChanges`.
public final class Dawn: HTTPResponder {
    public let configuration: DawnConfiguration
    let staticFiles: StaticFiles
    package let data: DataDirectory
    /// Where the server writes spooled uploads' bodies (`ServerConfiguration.spoolDirectory`):
    /// `<data>/uploads`, owner-only, emptied at start (a file left there was never answered).
    public let uploadsFolder: String
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
    /// Imports of big uploads, on their own thread (`ImportJobs`).
    let importJobs = ImportJobs()
    let timeZones: TimeZoneDatabase
    let strings: Strings
    /// Every cache the app keeps (`Caches`): members' settings and revisions, finished
    /// pages, the family's grants.
    let caches: Caches
    /// Every committed write to a member database is announced here, and handed to
    /// `memberChanges`.
    let memberWrites = MemberWrites()
    /// Keeps the caches, reminders and board right after every write of a member's.
    let memberChanges: MemberChanges
    /// Hands habits' reminders to the outbox when they come due (`startReminders`).
    let reminders: ReminderScheduler
    /// The server's live figures, for `/metrics`.
    let serverMetrics: ServerMetrics
    /// The compiled templates, and what every page is rendered with (`app.render`).
    let renderer: PageRenderer
    let errorPages: ErrorPages
    /// Who may reach which route (`Dawn.reply`), and whether setup is over.
    let admission: Admission
    let router: Router<Route>
    /// The routes a guardian may use under `/members/{username}/…` (`Route.guardians`).
    let guardianRouter: Router<Route>
    /// The instance's VAPID key pair, for Web Push (`VAPIDKeyStore`).
    let vapidKey: P256KeyPair
    /// The reminders' delivery queue and its threads (`NotificationDelivery`).
    let notifications: NotificationDelivery
    /// Where checklist writes hand their members' webhook calls: the same queue (tests may
    /// record them instead).
    let webhooks: any WebhookOutbox
    /// How often each member may press "Send a test".
    let notificationTests = MemberPressThrottle.notificationTests()
    /// How many confirmation mails each member may have sent for their address on `/account`.
    let emailConfirmations = MemberPressThrottle.emailConfirmations()
    /// How many API requests each token may make a minute (`DAWN_API_RATE_LIMIT`).
    let apiRateLimit: APIRateLimit
    /// How many times a minute each calendar feed link may be fetched.
    let feedRateLimit = APIRateLimit(requestsPerWindow: FeedTokens.requestsPerMinute)
    /// The family's OpenID provider (`DAWN_OIDC_*`), nil when sign-in with one is not set up.
    let openID: OpenIDProvider?
    /// Sign-ins and connections sent to the provider and not yet back.
    let openIDAttempts = OpenIDAttempts()
    /// Held while a child's habit check-off and its points are written, so the ledger
    /// follows the day's done state in the order the writes happened (`DayPage.writeCheck`).
    let pointsWrites = Lock(0)
    /// Whether the provider may sign members in by a verified email: the admin's switch on
    /// `/family` (`Family.openIDEmailSignIn`), read at start and changed with it, so the
    /// callback reads memory.
    let openIDEmailSignIn: Lock<Bool>
    /// Sends one email now (the confirmation link of a member's address): through the SMTP
    /// relay by libcurl, or a stand-in in tests. Called on the worker pool only.
    let sendMail: @Sendable (SMTPMail) throws -> Void

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

    /// The app with the outbox its reminders go to, and the one its webhook calls go to: nil
    /// for its own delivery (tests pass a `RecordingReminderOutbox`, or a recorder of their own),
    /// how it reaches the OpenID provider, and how it sends a confirmation mail: nil for
    /// libcurl (tests pass stand-ins).
    init(configuration: DawnConfiguration, metrics: ServerMetrics = ServerMetrics(),
         now: @escaping @Sendable () -> Int64 = Family.wallClock, outbox: (any ReminderOutbox)?,
         webhooks: (any WebhookOutbox)? = nil, openIDFetch: OpenIDProvider.Fetch? = nil,
         sendMail: (@Sendable (SMTPMail) throws -> Void)? = nil) throws(DawnStartError) {
        self.configuration = configuration
        self.now = now
        self.sendMail = sendMail ?? { mail in try mail.send() }
        apiRateLimit = APIRateLimit(requestsPerWindow: configuration.apiRequestsPerMinute)
        openID = openIDFetch.map { OpenIDProvider(settings: configuration.openID, fetch: $0) }
            ?? OpenIDProvider(settings: configuration.openID)
        serverMetrics = metrics
        let templates: TemplateLibrary
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
        // How long a checked session, and the family's grants, are believed without a read.
        let sessionCacheSeconds = Int64(configuration.sessionCacheSeconds)
        let caches = Caches(sessionCacheSeconds: sessionCacheSeconds)
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
        uploadsFolder = configuration.dataDirectory + "/uploads"
        do {
            if !FileSystem.isDirectory(uploadsFolder, followingLinks: false) {
                try FileSystem.makeDirectory(uploadsFolder, mode: 0o700)
            }
            for name in try FileSystem.list(uploadsFolder) where name.hasPrefix("upload-") {
                try? FileSystem.remove(uploadsFolder + "/" + name)
            }
        } catch {
            throw .resources("cannot prepare \(uploadsFolder): \(error)")
        }
        let strings: Strings
        do {
            strings = try Strings(directory: configuration.viewsDirectory + "/strings")
        } catch {
            throw .resources("the strings in Views/strings are broken: \(error)")
        }
        self.strings = strings
        renderer = PageRenderer(templates: templates, strings: strings, staticFiles: staticFiles,
                                development: configuration.development)
        errorPages = ErrorPages(renderer: renderer, strings: strings)
        // Every typed page against its template: a misspelt key would otherwise hide a
        // section or print nothing, silently, until someone looks.
        let viewProblems = PageViews.problems(in: templates.templates, strings: Array(strings.table(Strings.reference).keys),
                                              assets: Array(staticFiles.urls.keys))
        guard viewProblems.isEmpty else {
            data.closeAll()
            throw .templates("the typed views and their templates disagree (PageViews):\n" + viewProblems.joined(separator: "\n"))
        }
        family = Family(data: data, now: now, sessionCacheSeconds: sessionCacheSeconds)
        familyScreens = FamilyScreens(data: data, now: now)
        do {
            openIDEmailSignIn = Lock(try family.openIDEmailSignIn())
        } catch {
            data.closeAll()
            throw .resources("cannot read the sign-in settings in instance.sqlite: \(error)")
        }
        admission = Admission(configuration: configuration, family: family, familyScreens: familyScreens, data: data,
                              members: caches.members)
        do {
            // The active API tokens and feed links, read once: each request's check is then a lookup.
            try family.apiTokens.ensureLoaded()
            try family.feedTokens.ensureLoaded()
        } catch {
            data.closeAll()
            throw .resources("cannot read the API tokens or feed links in instance.sqlite: \(error)")
        }
        do {
            deviceKey = try family.deviceKey()
        } catch {
            data.closeAll()
            throw .resources("cannot read or store the device cookie key in instance.sqlite: \(error)")
        }
        if !configuration.passwordSignIn, let openID {
            // Hidden with an admin who cannot use the button would leave that admin outside.
            let admins: [Member]
            do {
                admins = try family.adminsWithoutOpenID(issuer: openID.issuer.text)
            } catch {
                data.closeAll()
                throw .resources("cannot read the admins' OpenID connections in instance.sqlite: \(error)")
            }
            guard admins.isEmpty else {
                data.closeAll()
                throw .resources("DAWN_PASSWORD_SIGNIN=0 would leave out the admins who have not connected their \(openID.name) "
                                 + "account on /account: " + admins.map(\.username).joined(separator: ", ")
                                 + ". Start with DAWN_PASSWORD_SIGNIN=1 until they have.")
            }
        }
        // Reported once: a failure to read them must not stop the server.
        startupNotes = ((try? family.takeDroppedGuardianships()) ?? []) + PhotoFiles.removeOrphans(data)
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
        // Last: nothing above may throw once its threads run.
        passwordPool = WorkerPool(threads: configuration.passwordWorkers,
                                  capacity: configuration.passwordQueueCapacity, name: "dawn-password")
        let notifications = Self.makeNotifications(configuration: configuration, data: data, vapidKey: vapidKey, now: now)
        self.notifications = notifications
        self.webhooks = webhooks ?? notifications
        let delivery: any ReminderOutbox = outbox ?? notifications
        reminders = ReminderScheduler(data: data, family: family, timeZones: timeZones, strings: strings,
                                      settings: { [caches] id, database in try caches.members.settings(id, from: database) },
                                      outbox: configuration.testHooks ? RecordingReminderOutbox(passingTo: delivery) : delivery,
                                      now: now)
        memberChanges = MemberChanges(members: caches.members, reminders: reminders, data: data, family: family,
                                      timeZones: timeZones, now: now)
        // Unowned: the data directory's write hook holds `memberWrites`, which would otherwise
        // hold the data directory back through `memberChanges`.
        memberWrites.setHandler { [unowned memberChanges] id in memberChanges.written(id) }
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
        // What the last minute of API requests noted in memory only.
        family.apiTokens.writeLastUses()
        passwordPool.shutdown()
        importJobs.shutdown()
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
        OpenIDSignInPage.add(to: &router)
        DayPage.add(to: &router)
        PhotosPage.add(to: &router)
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
        APIv1.add(to: &router)
        BoardPage.add(to: &router)
        FamilyPage.add(to: &router)
        AccountPage.add(to: &router)
        AccountTokensPage.add(to: &router)
        CalendarFeedPage.add(to: &router)
        FamilyScreenPage.add(to: &router)
        RewardsPage.add(to: &router)
        if metrics { MetricsPage.add(to: &router) }
        if testHooks { TestHooks.add(to: &router) }
        return router
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

extension Dawn {
    /// Whether `/login` offers the password form and takes a password: yes, unless
    /// `DAWN_PASSWORD_SIGNIN=0`, and then only while some admin has not connected their
    /// identity at the provider (one added since start-up, or one who could not yet), so
    /// that no admin is ever left without a way in.
    func offersPasswordSignIn() -> Bool {
        guard !configuration.passwordSignIn, let openID else { return true }
        return (try? family.adminsWithoutOpenID(issuer: openID.issuer.text).isEmpty) != true
    }
}
