extension TrustedHTML {
    /// Markup built in code where a template would cost too much (hundreds of repeated
    /// elements, such as a year heatmap's squares): the markup itself only as `StaticString`
    /// literals the programmer wrote, every value escaped as a template's holes are (text and
    /// quoted attribute values alike; URLs checked like a URL hole; numbers in decimal).
    /// A value can never open a tag or leave its quotes; keep each literal's quotes closed
    /// around the values it wraps.
    public struct Builder {
        // Inlinable (as are `markup` and `number`): a heatmap makes thousands of these calls.
        @usableFromInline var bytes: [UInt8] = []

        public init(capacity: Int = 0) {
            bytes.reserveCapacity(capacity)
        }

        /// Markup written as is.
        @inlinable
        public mutating func markup(_ literal: StaticString) {
            HTMLEscaper.appendASCII(literal, to: &bytes)
        }

        /// Text content or a quoted attribute's value: `& < > " '` escaped.
        public mutating func text(_ value: String) {
            HTMLEscaper.appendEscaped(value, to: &bytes)
        }

        /// A URL attribute's value (`href`): relative, http(s) or mailto, escaped; anything
        /// else becomes `#invalid-url`.
        public mutating func url(_ value: String) {
            HTMLEscaper.appendURL(value, to: &bytes)
        }

        @inlinable
        public mutating func number(_ value: Int) {
            HTMLEscaper.appendDecimal(value, to: &bytes)
        }

        public var html: TrustedHTML {
            TrustedHTML(trusted: String(decoding: bytes, as: UTF8.self))
        }
    }
}
