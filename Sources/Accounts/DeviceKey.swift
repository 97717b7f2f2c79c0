/// The server's secret for signing device cookies (`KnownDevice`): 32 random bytes from
/// the system CSPRNG, made once and kept in `instance.sqlite` (see `Family.deviceKey`), so
/// cookies stay valid across restarts, upgrades and a restore from backup.
public struct DeviceKey: Sendable {
    public static let byteCount = RandomToken.byteCount

    let bytes: [UInt8]

    /// Nil unless exactly `byteCount` bytes.
    public init?(bytes: [UInt8]) {
        guard bytes.count == Self.byteCount else { return nil }
        self.bytes = bytes
    }

    public static func generate() -> DeviceKey {
        DeviceKey(bytes: RandomToken.bytes())!
    }
}
