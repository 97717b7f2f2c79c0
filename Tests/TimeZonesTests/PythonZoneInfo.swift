import Foundation

/// Asks Python's `zoneinfo`, an independent TZif reader, about the same files.
enum PythonZoneInfo {
    struct Answer: Decodable, Equatable {
        let offset: Int
        let abbreviation: String
    }

    private static let script = """
        import json, sys
        from datetime import datetime
        from zoneinfo import ZoneInfo
        request = json.load(sys.stdin)
        out = {}
        for zone, instants in request.items():
            tz = ZoneInfo.no_cache(zone)
            answers = []
            for t in instants:
                local = datetime.fromtimestamp(t, tz)
                answers.append({"offset": int(local.utcoffset().total_seconds()), "abbreviation": local.tzname()})
            out[zone] = answers
        json.dump(out, sys.stdout)
        """

    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
    }

    /// Offsets and abbreviations for each zone at each instant, read from `directory`.
    static func answers(directory: String, queries: [String: [Int64]]) throws -> [String: [Answer]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script]
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONTZPATH"] = directory
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let request = try JSONSerialization.data(withJSONObject: queries)
        // Python reads all of stdin before it writes anything, so writing first cannot deadlock.
        input.fileHandleForWriting.write(request)
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PythonFailure(status: process.terminationStatus)
        }
        return try JSONDecoder().decode([String: [Answer]].self, from: data)
    }

    struct PythonFailure: Error {
        let status: Int32
    }
}
