import Files
import Locks

/// The templates the app holds: a fixed `TemplateSet` in production, or one that is
/// recompiled when the files change in development.
///
/// With `reloadOnChange`, a render checks the files at most every `checkInterval`. When
/// the new files don't compile, the previous set keeps serving, the error is printed to
/// stderr once and kept in `lastReloadError` until a later change compiles.
public final class TemplateLibrary: Sendable {
    public static let checkInterval: Duration = .milliseconds(200)

    public let directory: String
    public let reloadOnChange: Bool
    /// A hole whose key the page did not give fails the render (see `TemplateSet.render`).
    public let strict: Bool
    private let initial: TemplateSet
    private let reloading: Lock<ReloadState>

    private struct ReloadState {
        var templates: TemplateSet
        var fingerprint: [String: TemplateDirectory.Stamp]
        var lastCheck: Duration
        var lastError: TemplateError?
    }

    public init(directory: String, reloadOnChange: Bool, strict: Bool = false) throws {
        self.directory = directory
        self.reloadOnChange = reloadOnChange
        self.strict = strict
        // Fingerprint first: a file changed while loading is then seen as changed later.
        let fingerprint = reloadOnChange ? TemplateDirectory.fingerprint(directory) : [:]
        let templates = try TemplateSet(directory: directory)
        initial = templates
        reloading = Lock(ReloadState(templates: templates, fingerprint: fingerprint, lastCheck: MonotonicClock.now, lastError: nil))
    }

    /// The current set, after reloading it if the files changed.
    public var templates: TemplateSet {
        reloadOnChange ? currentTemplates() : initial
    }

    /// Why the last reload failed, while the previous templates keep serving.
    public var lastReloadError: TemplateError? {
        reloading.withLock { $0.lastError }
    }

    public func render(_ name: String, _ context: TemplateValue, into buffer: inout [UInt8]) throws {
        try templates.render(name, context, into: &buffer, strict: strict)
    }

    public func render(_ name: String, _ context: TemplateValue) throws -> [UInt8] {
        try templates.render(name, context, strict: strict)
    }

    private func currentTemplates() -> TemplateSet {
        let now = MonotonicClock.now
        let directory = self.directory
        return reloading.withLock { state in
            guard now - state.lastCheck >= Self.checkInterval else { return state.templates }
            state.lastCheck = now
            let fingerprint = TemplateDirectory.fingerprint(directory)
            guard fingerprint != state.fingerprint else { return state.templates }
            state.fingerprint = fingerprint
            do {
                state.templates = try TemplateSet(directory: directory)
                state.lastError = nil
            } catch {
                let failure = error as? TemplateError
                    ?? TemplateError(file: directory, line: 0, column: 0, message: "\(error)")
                if failure != state.lastError {
                    FileSystem.writeAll(2, Array("templates not reloaded: \(failure)\n".utf8))
                }
                state.lastError = failure
            }
            return state.templates
        }
    }
}
