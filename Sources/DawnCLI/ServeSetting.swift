import DawnApp
import HTTP
import HTTPServer

/// One setting of `dawn serve`, in the one table every setting lives in: its
/// `DAWN_*` variable, the flag of the same name, how to read it and how to show it.
/// `DAWN_HEADER_TIMEOUT` is also `--header-timeout`, and `--print-config` lists them all.
struct ServeSetting: Sendable {
    typealias Apply = @Sendable (String, String, inout DawnConfiguration) throws(CommandLineError) -> Void

    let variable: String
    let help: String
    /// A switch: `--dev` alone means on; `--dev=0` is allowed too.
    var isSwitch = false
    /// Shown masked by `--print-config`.
    var isSecret = false
    /// Listed by `--help`; test-only settings are not.
    var isDocumented = true
    /// A flag read more naturally in the singular (`--trusted-proxy A`, once per address).
    var flagName: String?
    /// Applies a value; the second argument is the name to put in an error (flag or variable).
    let apply: Apply
    let show: @Sendable (DawnConfiguration) -> String

    /// `DAWN_MAX_BODY_BYTES` → `--max-body-bytes`; a variable outside `DAWN_` (TZDIR) has no flag.
    var derivedFlag: String? {
        guard variable.hasPrefix("DAWN_") else { return nil }
        return "--" + variable.dropFirst(5).lowercased().replacing("_", with: "-")
    }

    var flag: String? { flagName ?? derivedFlag }

    // MARK: value kinds

    static func text(_ variable: String, _ help: String, _ path: WritableKeyPath<DawnConfiguration, String> & Sendable) -> ServeSetting {
        ServeSetting(variable: variable, help: help,
                     apply: { v, name, c throws(CommandLineError) in c[keyPath: path] = try nonEmpty(v, name: name) },
                     show: { $0[keyPath: path] })
    }

    static func port(_ variable: String, _ help: String, _ path: WritableKeyPath<DawnConfiguration, Int> & Sendable) -> ServeSetting {
        ServeSetting(variable: variable, help: help,
                     apply: { v, name, c throws(CommandLineError) in c[keyPath: path] = try port(v, name: name) },
                     show: { String($0[keyPath: path]) })
    }

    static func count(_ variable: String, _ range: ClosedRange<Int>, _ help: String,
                      _ path: WritableKeyPath<DawnConfiguration, Int> & Sendable) -> ServeSetting {
        ServeSetting(variable: variable, help: help,
                     apply: { v, name, c throws(CommandLineError) in c[keyPath: path] = try count(v, name: name, range) },
                     show: { String($0[keyPath: path]) })
    }

    static func seconds(_ variable: String, _ help: String, _ path: WritableKeyPath<DawnConfiguration, Duration> & Sendable) -> ServeSetting {
        ServeSetting(variable: variable, help: help,
                     apply: { v, name, c throws(CommandLineError) in c[keyPath: path] = try seconds(v, name: name) },
                     show: { format($0[keyPath: path]) })
    }

    static func onOff(_ variable: String, _ help: String, _ path: WritableKeyPath<DawnConfiguration, Bool> & Sendable) -> ServeSetting {
        ServeSetting(variable: variable, help: help, isSwitch: true,
                     apply: { v, name, c throws(CommandLineError) in c[keyPath: path] = try onOff(v, name: name) },
                     show: { $0[keyPath: path] ? "1" : "0" })
    }

    // MARK: parsing values

    static func nonEmpty(_ v: String, name: String) throws(CommandLineError) -> String {
        guard !v.isEmpty else { throw CommandLineError("\(name) must not be empty") }
        return v
    }

    static func port(_ v: String, name: String) throws(CommandLineError) -> Int {
        guard let n = Int(v), (0...65535).contains(n) else {
            throw CommandLineError("\(name) must be a port number from 0 to 65535, not \"\(v)\"")
        }
        return n
    }

    static func count(_ v: String, name: String, _ range: ClosedRange<Int>) throws(CommandLineError) -> Int {
        guard let n = Int(v), range.contains(n) else {
            throw CommandLineError("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(v)\"")
        }
        return n
    }

    static func seconds(_ v: String, name: String) throws(CommandLineError) -> Duration {
        guard let s = Double(v), s.isFinite, s > 0, s <= 86_400 else {
            throw CommandLineError("\(name) must be a number of seconds above 0 and at most 86400, not \"\(v)\"")
        }
        return .milliseconds(Int64((s * 1000).rounded()))
    }

    static func onOff(_ v: String, name: String) throws(CommandLineError) -> Bool {
        switch v.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off", "": return false
        default: throw CommandLineError("\(name) must be 1 or 0, not \"\(v)\"")
        }
    }

    /// A client secret: visible ASCII, at most 1024 bytes (what goes into a Basic header).
    static func clientSecret(_ v: String, name: String) throws(CommandLineError) -> String {
        guard v.utf8.count <= 1024, v.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw CommandLineError("\(name) must be at most 1024 visible ASCII characters (not repeated here: it is a secret)")
        }
        return v
    }

    /// Seconds as the variables take them: `10`, `0.5`.
    static func format(_ d: Duration) -> String {
        let ms = d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000
        return ms % 1000 == 0 ? String(ms / 1000) : String(Double(ms) / 1000)
    }
}
