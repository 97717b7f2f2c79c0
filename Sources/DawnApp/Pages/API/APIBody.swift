import HTTP
import JSON

/// The JSON body of an API POST, read strictly: `Content-Type: application/json` (a charset
/// may follow), at most the server's body limit (`HTTPLimits.maxBodyBytes`, already held to
/// it by the server, which answers a larger body 413) and 32 levels deep, one object. Every
/// refusal is an `APIProblem` before anything is written: a wrong type or unreadable JSON
/// 400, a body that is not an object 422.
enum APIBody {
    static let maxDepth = 32

    static func object(_ page: PageRequest) throws(APIProblem) -> JSONNode {
        let type = page.http.headers["Content-Type"]?.split(separator: ";").first.map { String($0.trimmingSpaces).lowercased() }
        guard type == "application/json" else {
            throw APIProblem(status: .badRequest, code: "content_type",
                             message: "Send the body as JSON, with Content-Type: application/json")
        }
        let value: JSONValue
        do throws(JSONSyntaxError) {
            value = try JSONParser.parse(page.http.body, limits: JSONParser.Limits(maxDepth: maxDepth, maxBytes: page.limits.maxBodyBytes))
        } catch {
            throw APIProblem(status: .badRequest, code: "malformed_json", message: "The body is not valid JSON: \(error)")
        }
        guard case .object = value else {
            throw APIProblem(status: .unprocessableContent, code: "invalid", message: "The body must be a JSON object, not \(value.kindName)")
        }
        return JSONNode(value)
    }

    /// The string member `key`, or a 422 naming it.
    static func string(_ body: JSONNode, _ key: String) throws(APIProblem) -> String {
        do throws(JSONDecodingError) {
            return try body.member(key).string()
        } catch {
            throw APIProblem.invalid(error.path, error.message)
        }
    }
}
