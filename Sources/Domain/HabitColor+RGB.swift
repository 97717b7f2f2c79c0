#if canImport(Glibc)
import Glibc
#endif

extension HabitColor {
    /// A validated 24-bit colour.
    public struct RGB: Hashable, Sendable, CustomStringConvertible {
        public let red: UInt8
        public let green: UInt8
        public let blue: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// Exactly `#RRGGBB` or `RRGGBB`, hex digits in either case; anything else
        /// throws `.colorFormat`. Works on UTF-8 bytes, so a combining mark or a
        /// full-width digit can never pass as a hex digit.
        public init(hex string: String) throws(HabitError) {
            var digits = Substring(string).utf8[...]
            if digits.first == UInt8(ascii: "#") { digits = digits.dropFirst() }
            guard digits.count == 6 else { throw .colorFormat }
            var value: UInt32 = 0
            for byte in digits {
                guard let digit = Self.hexValue(byte) else { throw .colorFormat }
                value = value << 4 | UInt32(digit)
            }
            red = UInt8(truncatingIfNeeded: value >> 16)
            green = UInt8(truncatingIfNeeded: value >> 8)
            blue = UInt8(truncatingIfNeeded: value)
        }

        /// "#RRGGBB", uppercase, always 7 characters: the only form a colour takes into a page.
        public var hex: String {
            var bytes: [UInt8] = [UInt8(ascii: "#")]
            for component in [red, green, blue] {
                bytes.append(Self.hexDigits[Int(component >> 4)])
                bytes.append(Self.hexDigits[Int(component & 0xF)])
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        public var description: String { hex }

        /// 0.2126R + 0.7152G + 0.0722B with components in 0…1, no gamma (the pill text rule; see `textColor`).
        public var luminance: Double {
            Double(weightedSum) / Double(255 * 10_000)
        }

        /// Whether dark text reads better on this colour: luminance > 0.55,
        /// decided in integers so that the boundary is exact.
        public var prefersDarkText: Bool {
            weightedSum > HabitConstants.luminanceThreshold * 255
        }

        /// The text colour for a pill or block on this colour: near-black
        /// (`HabitConstants.darkText`) on light colours, else white — the luminance rule —
        /// except where the rule's choice would fall under WCAG AA's 4.5:1 and the other
        /// colour reads better (white on Coral is 2.8:1; near-black there is 6.1:1).
        public var textColor: RGB {
            let chosen = prefersDarkText ? HabitConstants.darkText : HabitConstants.lightText
            let other = prefersDarkText ? HabitConstants.lightText : HabitConstants.darkText
            let chosenContrast = contrast(with: chosen)
            if chosenContrast < HabitConstants.minimumTextContrast, contrast(with: other) > chosenContrast {
                return other
            }
            return chosen
        }

        /// The WCAG 2 contrast ratio between this colour and `other` (1…21).
        public func contrast(with other: RGB) -> Double {
            let (a, b) = (relativeLuminance, other.relativeLuminance)
            return (max(a, b) + 0.05) / (min(a, b) + 0.05)
        }

        /// WCAG 2 relative luminance, with the sRGB transfer curve.
        public var relativeLuminance: Double {
            func linear(_ component: UInt8) -> Double {
                let c = Double(component) / 255
                return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        }

        /// The luminance × 255 × 10 000, exactly.
        private var weightedSum: Int {
            let weights = HabitConstants.luminanceWeights
            return weights.red * Int(red) + weights.green * Int(green) + weights.blue * Int(blue)
        }

        private static let hexDigits = Array("0123456789ABCDEF".utf8)

        private static func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            default: nil
            }
        }
    }
}
