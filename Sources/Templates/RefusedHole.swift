/// Why a hole can't go where it is.
struct RefusedHole: Error, Equatable {
    let message: String
    init(_ message: String) { self.message = message }
}
