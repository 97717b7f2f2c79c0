import Foundation

/// The process's peak resident memory (VmHWM), which writing 5 to /proc/self/clear_refs resets.
enum PeakMemory {
    /// The current resident size after resetting the peak to it, or nil where that is not allowed.
    static func reset() -> Int? {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return nil }
        defer { try? handle.close() }
        guard (try? handle.write(contentsOf: Data("5".utf8))) != nil else { return nil }
        return field("VmRSS")
    }

    static func current() -> Int? { field("VmHWM") }

    private static func field(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            return digits.map { $0 * 1024 }
        }
        return nil
    }
}
