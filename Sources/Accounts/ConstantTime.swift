/// Comparison whose running time does not depend on where two secrets differ.
public enum ConstantTime {
    /// Visits every byte of the longer input whatever the contents, OR-ing the XORs; a
    /// length mismatch is false but is still compared through.
    public static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference: UInt8 = a.count == b.count ? 0 : 1
        for index in 0..<max(a.count, b.count) {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            difference |= x ^ y
        }
        return difference == 0
    }
}
