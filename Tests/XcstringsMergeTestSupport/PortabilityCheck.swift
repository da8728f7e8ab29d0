import Foundation

/// Finds code that would not build or would misbehave on macOS: Linux-only names used outside a
/// Linux branch of `#if`. Lines are read with the `#if` / `#elseif` / `#else` / `#endif` nesting
/// they sit in; a line is in a Linux branch when one of the conditions around it is
/// `canImport(Glibc)` or `os(Linux)`.
public enum PortabilityCheck {
    public struct Finding: Equatable, CustomStringConvertible, Sendable {
        public var file: String
        public var line: Int
        public var message: String
        public var description: String { "\(file):\(line): \(message)" }
    }

    /// One `#if` group: the conditions of its branches so far.
    struct Group {
        var conditions: [String]

        /// Whether the branch being read is for Linux: its condition names Linux, or it is the
        /// `#else` of a Darwin branch (the tool supports those two systems).
        var inLinuxBranch: Bool {
            guard let current = conditions.last else { return false }
            if current == "else" { return conditions.dropLast().contains(where: PortabilityCheck.isDarwin) }
            return PortabilityCheck.isLinux(current)
        }
    }

    static func isLinux(_ condition: String) -> Bool {
        condition.contains("canImport(Glibc)") || condition.contains("os(Linux)")
    }

    static func isDarwin(_ condition: String) -> Bool {
        condition.contains("canImport(Darwin)") || condition.contains("os(macOS)")
    }

    /// The findings in one file's text.
    public static func findings(in text: String, file: String) -> [Finding] {
        var findings: [Finding] = []
        var groups: [Group] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            let number = index + 1
            if line.hasPrefix("#if ") {
                groups.append(Group(conditions: [String(line.dropFirst(4))]))
                continue
            }
            if line.hasPrefix("#elseif ") {
                groups[groups.count - 1].conditions.append(String(line.dropFirst(8)))
                continue
            }
            if line == "#else" {
                groups[groups.count - 1].conditions.append("else")
                continue
            }
            if line == "#endif" {
                if let group = groups.popLast(), group.conditions.contains(where: isLinux),
                    !group.conditions.contains(where: isDarwin), !group.conditions.contains("else")
                {
                    findings.append(Finding(file: file, line: number, message: "a Linux branch without a Darwin (or #else) branch"))
                }
                continue
            }
            if line.hasPrefix("//") { continue }
            // A private calling convention, bound to a symbol's mangled or C name: nothing checks
            // its signature against the system's headers, on either system.
            if line.contains("@_silgen_name") {
                findings.append(Finding(file: file, line: number, message: "'@_silgen_name': import the declaration from the system's module instead"))
            }
            let inLinuxBranch = groups.contains { $0.inLinuxBranch }
            if inLinuxBranch { continue }
            if line.hasPrefix("import Glibc") || line.hasPrefix("@_exported import Glibc") {
                findings.append(Finding(file: file, line: number, message: "'import Glibc' outside `#if canImport(Glibc)`"))
            } else if line.range(of: #"\bGlibc\."#, options: .regularExpression) != nil {
                findings.append(Finding(file: file, line: number, message: "'Glibc.' outside a Linux branch"))
            }
            if line.contains("/proc/") {
                findings.append(Finding(file: file, line: number, message: "'/proc/' outside a Linux branch (macOS has no /proc)"))
            }
        }
        return findings
    }

    /// The findings in every Swift file below `folders` of the package.
    public static func findings(inPackage root: URL, folders: [String] = ["Sources", "Tests", "Fuzz"]) -> [Finding] {
        var all: [Finding] = []
        for folder in folders {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let relative as String in walker where relative.hasSuffix(".swift") {
                let url = base.appendingPathComponent(relative)
                // The check and its tests name what it looks for.
                if url.lastPathComponent == "PortabilityCheck.swift" || relative.hasPrefix("PortabilityTests/") { continue }
                guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                all += findings(in: text, file: folder + "/" + relative)
            }
        }
        return all
    }
}
