import Store

extension DataDirectory {
    /// A read of `instance.sqlite` for the account records, any failure as an `AccountError`.
    func readingAccounts<T>(_ body: (Connection) throws -> T) throws(AccountError) -> T {
        do {
            return try instance.read(body)
        } catch {
            throw AccountError(error)
        }
    }

    /// A write to `instance.sqlite` for the account records, any failure as an `AccountError`
    /// (an `AccountError` the body throws passes through as it is).
    @discardableResult
    func writingAccounts<T>(_ body: (Connection) throws -> T) throws(AccountError) -> T {
        do {
            return try instance.write(body)
        } catch {
            throw AccountError(error)
        }
    }
}
