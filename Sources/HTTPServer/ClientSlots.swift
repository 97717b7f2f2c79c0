/// How many connections each client address holds, across every event loop (the loops
/// share it behind one lock, as they share the listening socket). A pure value: an
/// address takes a slot when one of its connections opens (or, behind a trusted proxy,
/// when a request forwarded for it arrives) and gives it back when that ends. An address
/// leaves the table with its last slot, so the table never has more entries than there
/// are connections open.
struct ClientSlots: Equatable {
    let limit: Int
    private(set) var held: [String: Int] = [:]

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes a slot for `client` (a `ClientAddress.key`); false when it holds `limit` already.
    mutating func take(_ client: String) -> Bool {
        let count = held[client, default: 0]
        guard count < limit else { return false }
        held[client] = count + 1
        return true
    }

    /// Gives back a slot `take` granted.
    mutating func release(_ client: String) {
        guard let count = held[client] else { return }
        held[client] = count > 1 ? count - 1 : nil
    }

    func count(of client: String) -> Int { held[client, default: 0] }
}
