import Accounts
import Files
import FamilyData
import MemberData
import Store
import TimeZones

#if canImport(Glibc)
import Glibc
#endif

/// `dawn user …`: the operator's way in when nobody can sign in. Works on the
/// data folder directly (the server may be running: SQLite's locking keeps
/// both consistent). Passwords come from the terminal with echo off, or as the
/// first line of standard input when it is not a terminal.
public enum UserCommand: Equatable, Sendable {
    case add(username: String, displayName: String?, admin: Bool, timeZone: String, data: String)
    case passwd(username: String, data: String)
    case list(data: String)
    case remove(username: String, confirmed: Bool, data: String)
    /// Sets a member's verified email address (nil: removes it), for an install that
    /// cannot send mail or a member locked out of their mailbox.
    case email(username: String, address: String?, data: String)

    static let usage = """
        dawn user add USERNAME [--name "Display Name"] [--admin] [--time-zone Europe/Rome] [--data DIR]
        dawn user passwd USERNAME [--data DIR]
        dawn user list [--data DIR]
        dawn user remove USERNAME --yes [--data DIR]
        dawn user email USERNAME ADDRESS|--remove [--data DIR]
        """

    static func parse(_ arguments: ArraySlice<String>, environment: [String: String]) throws(CommandLineError) -> UserCommand {
        var rest = arguments
        guard let verb = rest.popFirst() else { throw CommandLineError("dawn user needs add, passwd, list, remove or email") }
        var positional: [String] = []
        var data = environment["DAWN_DATA"] ?? "./data"
        var name: String?
        var admin = false
        var yes = false
        var removeEmail = false
        var timeZone = "UTC"
        while let argument = rest.popFirst() {
            func value() throws(CommandLineError) -> String {
                guard let v = rest.popFirst() else { throw CommandLineError("\(argument) needs a value") }
                return v
            }
            switch argument {
            case "--data": data = try value()
            case "--name": name = try value()
            case "--time-zone": timeZone = try value()
            case "--admin": admin = true
            case "--yes": yes = true
            case "--remove" where verb == "email": removeEmail = true
            default:
                if argument.hasPrefix("--") { throw CommandLineError("unknown option \"\(argument)\" for dawn user \(verb)") }
                positional.append(argument)
            }
        }
        func username() throws(CommandLineError) -> String {
            guard positional.count == 1 else { throw CommandLineError("dawn user \(verb) needs one USERNAME") }
            return positional[0]
        }
        switch verb {
        case "add": return .add(username: try username(), displayName: name, admin: admin, timeZone: timeZone, data: data)
        case "passwd": return .passwd(username: try username(), data: data)
        case "list":
            guard positional.isEmpty else { throw CommandLineError("dawn user list takes no USERNAME") }
            return .list(data: data)
        case "remove": return .remove(username: try username(), confirmed: yes, data: data)
        case "email":
            if removeEmail {
                guard positional.count == 1 else { throw CommandLineError("dawn user email USERNAME --remove takes no ADDRESS") }
                return .email(username: positional[0], address: nil, data: data)
            }
            guard positional.count == 2 else { throw CommandLineError("dawn user email needs USERNAME and ADDRESS (or --remove)") }
            return .email(username: positional[0], address: positional[1], data: data)
        default: throw CommandLineError("unknown command \"dawn user \(verb)\" (try: dawn --help)")
        }
    }

    /// Runs the command; returns the exit status. `say` prints a line to stdout, `fail` to stderr.
    func run(say: (String) -> Void, fail: (String) -> Void) -> Int32 {
        do {
            switch self {
            case let .add(rawUsername, rawName, admin, timeZone, data):
                let username = try Username(rawUsername)
                let displayName = try DisplayName(rawName ?? username.value)
                guard TimeZoneDatabase().isValid(timeZone) else {
                    fail("unknown time zone \"\(timeZone)\" (use a name like Europe/Rome, or UTC)")
                    return 2
                }
                let family = try open(data, fail: fail)
                guard try family.member(username: username) == nil else { throw AccountError.usernameTaken }
                let password = try readNewPassword()
                let hash = try PasswordHasher.hash(password)
                let member: Member
                if try family.needsSetup {
                    member = try family.createFirstAdmin(username: username, displayName: displayName,
                                                        passwordHash: hash, timeZone: timeZone)
                } else {
                    member = try family.addMember(username: username, displayName: displayName, passwordHash: hash,
                                                  isAdmin: admin, timeZone: timeZone)
                }
                say("added \(member.username)\(member.isAdmin ? " (admin)" : "")")
            case let .passwd(rawUsername, data):
                let family = try open(data, fail: fail)
                guard let member = try family.member(username: try Username(rawUsername)) else {
                    throw AccountError.memberNotFound
                }
                let password = try readNewPassword()
                try family.setPasswordHash(try PasswordHasher.hash(password), for: member.id, keepingSession: nil)
                say("password changed for \(member.username); their sessions were signed out")
            case let .list(data):
                let family = try open(data, fail: fail)
                let members = try family.members()
                if members.isEmpty { say("no members yet: run dawn user add USERNAME --admin, or open /setup") }
                for member in members {
                    say("\(member.username)\t\(member.displayName)\(member.isAdmin ? "\tadmin" : "")")
                }
            case let .remove(rawUsername, confirmed, data):
                guard confirmed else {
                    fail("removing \(rawUsername) deletes their account and all their data; add --yes to do it")
                    return 2
                }
                let family = try open(data, fail: fail)
                guard let member = try family.member(username: try Username(rawUsername)) else {
                    throw AccountError.memberNotFound
                }
                try family.removeMemberAsOperator(member.id)
                say("removed \(member.username) and their data")
            case let .email(rawUsername, rawAddress, data):
                let family = try open(data, fail: fail)
                guard let member = try family.member(username: try Username(rawUsername)) else {
                    throw AccountError.memberNotFound
                }
                guard let rawAddress else {
                    let removed = try family.removeEmail(of: member.id)
                    say(removed ? "removed the email address of \(member.username)" : "\(member.username) had no email address")
                    return 0
                }
                let address: EmailAddress
                do {
                    address = try EmailAddress(rawAddress)
                } catch {
                    fail("\"\(rawAddress)\" is not an email address Dawn can use (name@example.org, at most \(EmailAddress.maximumLength) characters, ASCII only)")
                    return 2
                }
                do {
                    try family.setVerifiedEmail(address, for: member.id)
                } catch .takenByAnotherMember {
                    fail("another member has verified \(address.value) already")
                    return 1
                } catch .linkInvalid {
                    fail("the address was not set")
                    return 1
                } catch .account(let error) {
                    throw error
                }
                say("\(address.value) is now the verified email address of \(member.username)")
            }
            return 0
        } catch let error as AccountError {
            fail(error.message)
            return 1
        } catch let error as UserCommandError {
            fail(error.message)
            return 1
        } catch {
            fail("\(error)")
            return 1
        }
    }

    /// The family of the data folder; what was made private there is told on stderr.
    private func open(_ data: String, fail: (String) -> Void) throws -> Family {
        let directory = try DataDirectory(root: data, instanceMigrations: InstanceSchema.migrations,
                                          memberMigrations: MemberSchema.migrations)
        for change in directory.tightened { fail(change) }
        return Family(data: directory)
    }

    private func readNewPassword() throws -> Password {
        if isatty(0) == 1 {
            let first = try Self.readSecret(prompt: "New password: ")
            let second = try Self.readSecret(prompt: "New password again: ")
            try Password.confirm(first, second)
            return try Password(first)
        }
        guard let line = readLine(strippingNewline: true) else {
            throw UserCommandError(message: "no password on standard input")
        }
        return try Password(line)
    }

    /// Reads a line from the terminal with echo turned off.
    private static func readSecret(prompt: String) throws -> String {
        writeToTerminal(prompt)
        var saved = termios()
        tcgetattr(0, &saved)
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(0, TCSAFLUSH, &silent)
        defer {
            tcsetattr(0, TCSAFLUSH, &saved)
            writeToTerminal("\n")
        }
        guard let line = readLine(strippingNewline: true) else {
            throw UserCommandError(message: "no password given")
        }
        return line
    }
}

/// Prompts go to stderr, so stdout stays clean for scripts.
private func writeToTerminal(_ text: String) {
    FileSystem.writeAll(2, Array(text.utf8))
}

struct UserCommandError: Error {
    let message: String
}
