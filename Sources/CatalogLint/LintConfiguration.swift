import XcstringsMergePlatform
import StringCatalog

/// A team's lint settings, from `.xcstrings-lint.json` (JSON, as swift-format's configuration
/// is), found from a catalog's folder up to the repository root:
///
/// ```json
/// {
///   "rules" : { "whitespace-mismatch" : "off", "plural-incomplete" : "error" },
///   "ignore" : { "*" : [ "debug.*" ], "format-only-key" : [ "%lld" ] },
///   "requiredLocales" : [ "de", "fr" ],
///   "minimumCoverage" : { "*" : 90, "de" : 100 },
///   "exclude" : [ "Vendor/*", "*.generated.xcstrings" ]
/// }
/// ```
public struct LintConfiguration: Sendable, Equatable {
    public static let fileName = ".xcstrings-lint.json"

    /// Per rule id, the severity its findings get; nil turns the rule off.
    public var severities: [String: Severity?] = [:]
    /// Per rule id (or `*` for every rule), key patterns whose findings are dropped.
    public var ignoredKeys: [String: [String]] = [:]
    /// Locales every string to translate must have (reported even without `--strict`).
    public var requiredLocales: [String] = []
    /// Per locale (or `*`), the share of strings translated, in percent, under which lint fails.
    public var minimumCoverage: [String: Double] = [:]
    /// Catalog paths (relative to the configuration's folder) that lint skips when it finds them.
    public var exclude: [String] = []
    /// The file read, when one was.
    public var file: String?

    public init() {}

    /// A problem in a configuration file, placed at its line and column.
    public struct Problem: Error, Sendable {
        public var file: String
        public var line: Int
        public var column: Int
        public var message: String
        /// The file's other problems, after this one: each is reported once, all at once.
        public var further: [Problem] = []

        /// One line per problem: `file:line:column: error: message`.
        public var description: String {
            ([self] + further).map { "\($0.file):\($0.line):\($0.column): error: \($0.message)" }.joined(separator: "\n")
        }

        public init(file: String, line: Int, column: Int, message: String) {
            self.file = file
            self.line = line
            self.column = column
            self.message = message
        }
    }

    /// Reads the configuration in `bytes` (the file `file`).
    public init(bytes: [UInt8], file: String) throws(Problem) {
        self.file = file
        func problem(_ message: String, at offset: Int) -> Problem {
            let location = LineLocator.locations(of: [max(offset, 0)], in: bytes)[0]
            return Problem(file: file, line: location.line, column: location.column, message: message)
        }
        let document: JSONValue
        do {
            document = try JSONReader.parse(bytes)
        } catch {
            throw Problem(file: file, line: error.line, column: error.column, message: error.message)
        }
        guard case .object(let top) = document else { throw problem("the configuration must be a JSON object", at: 0) }
        func strings(_ member: JSONMember) throws(Problem) -> [String] {
            guard case .array(let items) = member.value else { throw problem("\"\(member.key)\" must be an array of strings", at: member.offset) }
            var result: [String] = []
            for item in items {
                guard let text = item.stringValue else { throw problem("\"\(member.key)\" must be an array of strings", at: member.offset) }
                result.append(text.string)
            }
            return result
        }
        func object(_ member: JSONMember) throws(Problem) -> JSONObject {
            guard case .object(let object) = member.value else { throw problem("\"\(member.key)\" must be an object", at: member.offset) }
            return object
        }
        let ruleIDs = Set(LintRules.all.map(\.id))
        // Every problem of the file is collected, so that one run names them all.
        var problems: [Problem] = []
        for member in top.members {
            do throws(Problem) {
                problems += try read(member)
            } catch {
                problems.append(error)
            }
        }
        if var first = problems.first {
            first.further = Array(problems.dropFirst())
            throw first
        }
        /// Reads one setting; the problems of its entries, each entry apart.
        func read(_ member: JSONMember) throws(Problem) -> [Problem] {
            var found: [Problem] = []
            switch member.key.string {
            case "rules":
                for rule in try object(member).members {
                    guard ruleIDs.contains(rule.key.string) else {
                        found.append(problem("unknown rule \"\(rule.key)\"; the rules are \(LintRules.all.map(\.id).joined(separator: ", "))", at: rule.offset))
                        continue
                    }
                    switch rule.value.stringValue?.string {
                    case "off"?: severities[rule.key.string] = .some(nil)
                    case let name? where Severity(rawValue: name) != nil: severities[rule.key.string] = Severity(rawValue: name)
                    default: found.append(problem("rule \"\(rule.key)\" must be \"off\", \"note\", \"warning\" or \"error\"", at: rule.offset))
                    }
                }
            case "ignore":
                for rule in try object(member).members {
                    guard rule.key.equals("*") || ruleIDs.contains(rule.key.string) else {
                        found.append(problem("unknown rule \"\(rule.key)\" in \"ignore\" (use \"*\" for every rule)", at: rule.offset))
                        continue
                    }
                    do throws(Problem) { ignoredKeys[rule.key.string] = try strings(rule) } catch { found.append(error) }
                }
            case "requiredLocales":
                requiredLocales = try strings(member)
            case "minimumCoverage":
                for locale in try object(member).members {
                    guard case .number(let text) = locale.value, let percent = Double(text.string), (0...100).contains(percent) else {
                        found.append(problem("minimum coverage of \"\(locale.key)\" must be a number from 0 to 100", at: locale.offset))
                        continue
                    }
                    minimumCoverage[locale.key.string] = percent
                }
            case "exclude":
                exclude = try strings(member)
            default:
                found.append(problem(
                    "unknown setting \"\(member.key)\"; the settings are rules, ignore, requiredLocales, minimumCoverage, exclude",
                    at: member.offset))
            }
            return found
        }
    }

    /// The configuration file that applies to a catalog in `folder`: the nearest
    /// `.xcstrings-lint.json` from it up to the repository root (a folder holding `.git`).
    public static func file(for folder: String) -> String? {
        var current = folder.isEmpty ? "." : folder
        for _ in 0..<64 {
            let candidate = current + "/" + fileName
            if FileBytes.exists(candidate) { return candidate }
            if FileBytes.exists(current + "/.git") { return nil }
            guard let parent = Self.parent(of: current) else { return nil }
            current = parent
        }
        return nil
    }

    static func parent(of folder: String) -> String? {
        guard let resolved = FilePaths.resolved(folder), resolved != "/" else { return nil }
        let parent = FileBytes.parentDirectory(of: resolved)
        return parent.isEmpty ? "/" : parent
    }

    /// `findings` with the configuration applied: severities changed, rules turned off, and
    /// ignored keys dropped.
    public func apply(to findings: [Finding]) -> [Finding] {
        guard !severities.isEmpty || !ignoredKeys.isEmpty else { return findings }
        let everyRule = ignoredKeys["*"] ?? []
        return findings.compactMap { finding in
            var finding = finding
            if let severity = severities[finding.rule] {
                guard let severity else { return nil }
                finding.severity = severity
            }
            let patterns = everyRule + (ignoredKeys[finding.rule] ?? [])
            if !patterns.isEmpty {
                let key = finding.key.string
                if patterns.contains(where: { Glob.matches($0, key) }) { return nil }
            }
            return finding
        }
    }

    /// One error for each locale translated below its minimum (`*` for any other locale).
    public func coverageFindings(_ coverage: [LocaleCoverage], file: String) -> [Finding] {
        guard !minimumCoverage.isEmpty else { return [] }
        var findings: [Finding] = []
        for locale in coverage {
            guard let minimum = minimumCoverage[locale.locale] ?? minimumCoverage["*"], locale.percent < minimum else { continue }
            findings.append(Finding(
                rule: "minimum-coverage", severity: .error, file: file, line: 1, column: 1, key: UTF8Bytes(""), locale: UTF8Bytes(locale.locale),
                message: "\(locale.locale) is \(LintReport.percentText(locale.percent))% translated; the configuration asks for at least \(LintReport.percentText(minimum))%",
                isAboutWholeLocale: true))
        }
        return findings
    }

    /// Whether `path` (relative to the configuration's folder) is excluded.
    public func excludes(_ path: String) -> Bool {
        exclude.contains { Glob.matches($0, path) || Glob.matches($0 + "/*", path) }
    }

    /// The configuration in effect, as JSON: every rule's severity, then the other settings.
    public func printed() -> [UInt8] {
        func text(_ string: String) -> JSONValue { .string(UTF8Bytes(string)) }
        var rules: [JSONMember] = []
        for rule in LintRules.all {
            let severity = severities[rule.id].map { $0?.rawValue ?? "off" } ?? (rule.isOffByDefault ? "off" : rule.severity.rawValue)
            rules.append(JSONMember(key: UTF8Bytes(rule.id), value: text(severity + (rule.isOptIn && severities[rule.id] == nil ? " (with --strict or --since)" : ""))))
        }
        rules.append(JSONMember(
            key: UTF8Bytes(LintRules.minimumCoverage.id),
            value: text(minimumCoverage.isEmpty ? "off (no \"minimumCoverage\" set)" : LintRules.minimumCoverage.severity.rawValue)))
        let document = JSONObject([
            JSONMember(key: "file", value: file.map(text) ?? .null),
            JSONMember(key: "rules", value: .object(JSONObject(rules))),
            JSONMember(key: "ignore", value: .object(JSONObject(ignoredKeys.sorted { $0.key < $1.key }.map {
                JSONMember(key: UTF8Bytes($0.key), value: .array($0.value.map(text)))
            }))),
            JSONMember(key: "requiredLocales", value: .array(requiredLocales.map(text))),
            JSONMember(key: "minimumCoverage", value: .object(JSONObject(minimumCoverage.sorted { $0.key < $1.key }.map {
                JSONMember(key: UTF8Bytes($0.key), value: .number(UTF8Bytes(LintReport.percentText($0.value))))
            }))),
            JSONMember(key: "exclude", value: .array(exclude.map(text))),
        ])
        return XcodeWriter.reportBytes(of: .object(document))
    }
}

/// Shell-style patterns for keys and paths: `*` any run of characters (`/` included), `?` any
/// one character, everything else itself.
public enum Glob {
    public static func matches(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern.unicodeScalars), t = Array(text.unicodeScalars)
        // The classic two-pointer match with backtracking to the last `*`: linear in practice.
        var i = 0, j = 0
        var star: Int?, mark = 0
        while j < t.count {
            if i < p.count && (p[i] == "?" || p[i] == t[j]) {
                i += 1
                j += 1
            } else if i < p.count && p[i] == "*" {
                star = i
                mark = j
                i += 1
            } else if let starAt = star {
                i = starAt + 1
                mark += 1
                j = mark
            } else {
                return false
            }
        }
        while i < p.count && p[i] == "*" { i += 1 }
        return i == p.count
    }
}
