/// Calendar arithmetic needs division that rounds toward negative infinity:
/// one second before 1970 is day -1, not day 0.
extension BinaryInteger {
    func floorDivision(_ divisor: Self) -> Self {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// The remainder with the divisor's sign (0..<divisor for positive divisors).
    func floorModulo(_ divisor: Self) -> Self {
        let remainder = self % divisor
        return remainder != 0 && (remainder < 0) != (divisor < 0) ? remainder + divisor : remainder
    }
}
