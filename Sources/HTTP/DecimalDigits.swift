/// A number's decimal digits, most significant first, each as its ASCII byte: a number
/// written into bytes (an ETag's fingerprint, the access log) with no string made for it.
public enum DecimalDigits {
    @inlinable
    public static func forEach(of value: UInt64, _ body: (UInt8) -> Void) {
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: UInt64.max has 20 digits
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &scratch) { digits in
            repeat {
                digits[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            while count > 0 {
                count -= 1
                body(digits[count])
            }
        }
    }
}
