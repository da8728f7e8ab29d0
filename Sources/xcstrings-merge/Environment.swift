#if canImport(Glibc)
import Glibc
#endif

enum Environment {
    /// The process environment as a dictionary.
    static var variables: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }

    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
