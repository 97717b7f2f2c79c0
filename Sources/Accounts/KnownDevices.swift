import Store

/// What one browser's device cookie holds: a `KnownDevice` for each member who signed in
/// on it (a shared family computer knows several), newest first, at most `capacity`.
public struct KnownDevices: Sendable, Equatable {
    /// More members than a family computer plausibly serves; the oldest is dropped.
    public static let capacity = 8
    /// A longer cookie is not ours: ignored without parsing.
    public static let maximumValueBytes = 1024
    static let separator: Character = "~"

    /// The valid entries, newest first, one per member.
    public private(set) var devices: [KnownDevice]

    public init(_ devices: [KnownDevice] = []) {
        self.devices = devices
    }

    /// The entries of a cookie value that verify under `key`; forged, altered or
    /// malformed ones are dropped (an empty list when nothing verifies).
    public static func parse(_ value: String?, key: DeviceKey) -> KnownDevices {
        guard let value, value.utf8.count <= maximumValueBytes else { return KnownDevices() }
        var seen = Set<Int64>()
        let devices = value.split(separator: separator).compactMap { KnownDevice.verified($0, key: key) }
            .filter { seen.insert($0.member.rawValue).inserted }
        return KnownDevices(Array(devices.prefix(capacity)))
    }

    /// The entry for `member`, if this browser has one of their current `generation`
    /// (an older one was made before they signed out everywhere or changed password).
    public func device(for member: MemberID, generation: Int64) -> KnownDevice? {
        devices.first { $0.member == member && $0.generation == generation }
    }

    /// After `member` signed in here: their entry (kept when of their current
    /// `generation`, else new) moves to the front.
    public func remembering(_ member: MemberID, generation: Int64) -> KnownDevices {
        let entry = device(for: member, generation: generation) ?? KnownDevice(member: member, generation: generation)
        return KnownDevices(Array(([entry] + devices.filter { $0.member != member }).prefix(Self.capacity)))
    }

    /// The cookie value.
    public func value(key: DeviceKey) -> String {
        devices.map { $0.signed(with: key) }.joined(separator: String(Self.separator))
    }
}
