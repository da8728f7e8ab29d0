import CatalogLint
import StringCatalog

/// `check`'s findings in the three output formats.
struct CheckReport {
    var results: [CheckResult]
    /// Paths given that name nothing (each said above): the summary must not read as a pass.
    var notRead = 0

    init(results: [CheckResult]) { self.results = results }

    var summary: String {
        // Files that are no catalog (or could not be read) are not counted as catalogs checked.
        let checked = results.filter { !$0.unreadable }
        let unread = results.count - checked.count
        let failed = checked.filter { !$0.passed }.count
        let warnings = checked.reduce(0) { $0 + $1.findings.filter { $0.severity == .warning }.count }
        let catalogs = checked.count == 1 ? "1 catalog" : "\(checked.count) catalogs"
        var text = results.isEmpty && notRead == 0
            ? "no catalogs found" : checked.isEmpty ? "no catalog checked" : "\(catalogs) checked, \(failed) failed"
        if unread > 0 { text += "; \(unread) file\(unread == 1 ? "" : "s") not read as a catalog (above)" }
        if warnings > 0 { text += ", \(warnings) warning\(warnings == 1 ? "" : "s")" }
        if notRead > 0 { text += "; \(notRead) path\(notRead == 1 ? "" : "s") not read (above)" }
        return text
    }

    /// `path:line:column: severity: message`, the form Xcode's issue navigator and editors read;
    /// with `colour`, severities in the colours `lint` uses. The paths and messages (which quote
    /// catalog text) are made visible here, before the colours go in: write it as bytes.
    func human(colour: Bool = false) -> [UInt8] {
        var text = ""
        for result in results {
            for finding in result.findings {
                let location = finding.line > 0 ? "\(result.path):\(finding.line):\(finding.column)" : result.path
                let severity = finding.severity.rawValue
                let painted = TerminalColours.diagnostics(enabled: colour).paint(severity, finding.severity == .error ? .boldRed : .boldYellow)
                text += VisibleText.escaping(location) + ": " + painted + ": " + VisibleText.escaping(finding.message) + "\n"
            }
        }
        return Array((text + VisibleText.escaping(summary) + "\n").utf8)
    }

    /// SARIF 2.1.0, as `lint --format sarif` writes it, under one rule: `check`.
    func sarif() -> [UInt8] {
        let rule = SARIF.Rule(
            id: "check", summary: "The catalog is valid, canonical and holds no unresolved merge conflict.", level: "error")
        var found: [SARIF.Result] = []
        for result in results {
            for finding in result.findings {
                found.append(SARIF.Result(
                    ruleID: "check", level: finding.severity.rawValue, message: finding.message, file: result.path,
                    line: finding.line, column: finding.column))
            }
        }
        return SARIF.document(rules: [rule], results: found, toolVersion: Tool.version)
    }

    func github() -> String {
        var text = ""
        for result in results {
            for finding in result.findings {
                text += GitHubAnnotation.line(
                    finding.severity.rawValue, file: result.path, line: finding.line > 0 ? finding.line : nil, column: finding.column,
                    message: finding.message)
            }
        }
        return text + summary + "\n"
    }

    func json() -> String {
        let files: [JSONValue] = results.map { result in
            .object([
                "path": .string(UTF8Bytes(result.path)),
                "passed": .bool(result.passed),
                "findings": .array(result.findings.map { finding in
                    .object([
                        "severity": .string(UTF8Bytes(finding.severity.rawValue)),
                        "line": .number(UTF8Bytes(String(finding.line))),
                        "column": .number(UTF8Bytes(String(finding.column))),
                        "message": .string(UTF8Bytes(finding.message)),
                    ])
                }),
            ])
        }
        let document: JSONValue = .object([
            "files": .array(files),
            "summary": .object([
                "checked": .number(UTF8Bytes(String(results.count))),
                "failed": .number(UTF8Bytes(String(results.filter { !$0.passed }.count))),
            ]),
        ])
        return String(decoding: XcodeWriter.reportBytes(of: document), as: UTF8.self)
    }
}

