/// Why a form body or query string was refused; the server answers 400 with `message`.
public enum FormError: Error, Equatable, Sendable {
    /// A name or value could not be percent-decoded; `field` is the raw piece, shortened.
    case invalidEncoding(PercentDecodingError, field: String)
    case tooManyFields(max: Int)

    public var message: String {
        switch self {
        case let .invalidEncoding(error, field): "Form field \"\(field)\": \(error.message)"
        case let .tooManyFields(max): "More than \(max) form fields"
        }
    }
}
