import StringCatalog

/// The result of linting some catalogs, in the formats editors, Xcode, CI and code-scanning
/// services read.
public struct LintReport: Sendable {
    /// One linted catalog.
    public struct File: Sendable {
        public var path: String
        public var findings: [Finding]
        public var coverage: [LocaleCoverage]

        public init(path: String, findings: [Finding], coverage: [LocaleCoverage]) {
            self.path = path
            self.findings = findings
            self.coverage = coverage
        }
    }

    public var files: [File]
    public var toolVersion: String
    /// Findings a baseline held (`--baseline`): not reported, but counted, so that "no findings"
    /// never hides them.
    public var heldByBaseline: Int?

    public init(files: [File], toolVersion: String) {
        self.files = files
        self.toolVersion = toolVersion
    }

    public var findings: [Finding] { files.count == 1 ? files[0].findings : files.flatMap(\.findings) }

    var summary: String {
        var counts: [Severity: Int] = [:]
        for file in files {
            for finding in file.findings { counts[finding.severity, default: 0] += 1 }
        }
        let parts = [Severity.error, .warning, .note].compactMap { severity in
            counts[severity].map { "\($0) \(severity.rawValue)\($0 == 1 ? "" : "s")" }
        }
        let catalogs = files.count == 1 ? "1 catalog" : "\(files.count) catalogs"
        let held = heldByBaseline.map { "; \($0) held by the baseline" } ?? ""
        return "\(catalogs) linted: " + (parts.isEmpty ? (heldByBaseline == nil ? "no findings" : "no new findings") : parts.joined(separator: ", ")) + held
    }

    /// `path:line:column: severity: message [rule]`, the form Xcode's issue navigator and editors
    /// read, then a coverage table per catalog; with `colour`, severities and percentages in
    /// terminal colours.
    public func human(colour: Bool) -> String { String(decoding: humanBytes(colour: colour), as: UTF8.self) }

    /// `human(colour:)` as UTF-8 bytes, for writing out: a big catalog's report is megabytes,
    /// which a `String` would check for valid UTF-8 once more.
    public func humanBytes(colour: Bool) -> [UInt8] {
        let colours = TerminalColours.diagnostics(enabled: colour)
        // Bytes appended piece by piece, in parallel blocks of findings: an interpolated line
        // per finding would be built and copied again, 30,000 times for a big catalog.
        // By `Severity.index`.
        let severities = Severity.allCases.map { Array(colours.severity($0).utf8) }
        var chunks: [[UInt8]] = []
        for file in files {
            let findings = file.findings
            let path = Array(VisibleText.name(file.path).utf8)
            chunks += ParallelBlocks.map(findings.count, blockSize: 4096) { range in
                var lines = UTF8Text(capacity: range.count * 160)
                for finding in findings[range] {
                    // A finding's file is its catalog's path.
                    if finding.file == file.path { lines.append(path) } else { lines.append(VisibleText.name(finding.file)) }
                    lines.append(":")
                    lines.append(finding.line)
                    lines.append(":")
                    lines.append(finding.column)
                    lines.append(": ")
                    lines.append(severities[finding.severity.index])
                    lines.append(": ")
                    lines.appendPlace(of: finding)
                    lines.append(": ")
                    lines.appendVisible(finding.message)
                    lines.append(" [")
                    lines.append(finding.rule)
                    lines.append("]\n")
                }
                return [lines.bytes]
            }
        }
        var text = ""
        for file in files where !file.coverage.isEmpty {
            text += "\n\(VisibleText.name(file.path))\n"
            let header = ["locale", "translated", "needs review", "new", "missing", "stale", "%"]
            let rows = file.coverage.map { coverage in
                [VisibleText.name(coverage.locale), "\(coverage.translated)", "\(coverage.needsReview)", "\(coverage.new)", "\(coverage.missing)",
                 "\(coverage.stale)", Self.percentText(coverage.percent)]
            }
            let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
            func line(_ cells: [String], percent: Double? = nil) -> String {
                var out = "  " + cells[0].padding(widths[0])
                for column in 1..<cells.count {
                    var cell = String(repeating: " ", count: widths[column] - cells[column].count) + cells[column]
                    if column == cells.count - 1, let percent {
                        cell = colours.paint(cell, percent >= 100 ? .green : percent >= 80 ? .yellow : .red)
                    }
                    out += "  " + cell
                }
                return out + "\n"
            }
            text += line(header)
            for (row, coverage) in zip(rows, file.coverage) { text += line(row, percent: coverage.percent) }
        }
        let listed = chunks.reduce(0) { $0 + $1.count }
        text += (listed + text.utf8.count == 0 ? "" : "\n") + summary + "\n"
        // The findings, then the rest, copied once into the result.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(listed + text.utf8.count)
        for chunk in chunks { bytes += chunk }
        bytes += text.utf8
        return bytes
    }

    static func percentText(_ percent: Double) -> String {
        let tenths = Int((percent * 10).rounded(.down))
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=rule::message`.
    public func github() -> String {
        var text = ""
        for finding in findings {
            text += GitHubAnnotation.line(
                GitHubAnnotation.command(for: finding.severity), file: finding.file, line: finding.line, column: finding.column,
                title: finding.rule, message: finding.text)
        }
        return text + summary + "\n"
    }

    /// `{"findings": [...], "coverage": {file: {locale: {...}}}, "summary": {...}}`.
    public func json() -> [UInt8] {
        func string(_ text: String) -> JSONValue { .string(UTF8Bytes(text)) }
        func number(_ value: Int) -> JSONValue { .number(UTF8Bytes(String(value))) }
        let findings: [JSONValue] = self.findings.map { finding in
            .object(JSONObject([
                JSONMember(key: "rule", value: string(finding.rule)),
                JSONMember(key: "severity", value: string(finding.severity.rawValue)),
                JSONMember(key: "file", value: string(finding.file)),
                JSONMember(key: "line", value: number(finding.line)),
                JSONMember(key: "column", value: number(finding.column)),
                JSONMember(key: "key", value: finding.isAboutWholeLocale ? .null : .string(finding.key)),
                JSONMember(key: "locale", value: finding.locale.map(JSONValue.string) ?? .null),
                JSONMember(key: "message", value: string(finding.message)),
            ]))
        }
        let coverage = JSONObject(files.map { file in
            JSONMember(key: UTF8Bytes(file.path), value: .object(JSONObject(file.coverage.map { locale in
                JSONMember(key: UTF8Bytes(locale.locale), value: .object(JSONObject([
                    JSONMember(key: "translated", value: number(locale.translated)),
                    JSONMember(key: "needsReview", value: number(locale.needsReview)),
                    JSONMember(key: "new", value: number(locale.new)),
                    JSONMember(key: "missing", value: number(locale.missing)),
                    JSONMember(key: "stale", value: number(locale.stale)),
                    JSONMember(key: "percent", value: .number(UTF8Bytes(Self.percentText(locale.percent)))),
                ])))
            })))
        })
        var counts: [JSONMember] = []
        for severity in [Severity.error, .warning, .note] {
            counts.append(JSONMember(key: UTF8Bytes(severity.rawValue + "s"), value: number(self.findings.filter { $0.severity == severity }.count)))
        }
        if let heldByBaseline { counts.append(JSONMember(key: "heldByBaseline", value: number(heldByBaseline))) }
        return XcodeWriter.reportBytes(of: .object(JSONObject([
            JSONMember(key: "findings", value: .array(findings)),
            JSONMember(key: "coverage", value: .object(coverage)),
            JSONMember(key: "summary", value: .object(JSONObject(counts))),
        ])))
    }

    /// SARIF 2.1.0 (see `SARIF`): every rule described, one result per finding.
    public func sarif(rules: [LintRule]) -> [UInt8] {
        SARIF.document(
            rules: rules.map { SARIF.Rule(id: $0.id, summary: $0.summary, level: $0.severity.rawValue) },
            results: findings.map {
                SARIF.Result(ruleID: $0.rule, level: $0.severity.rawValue, message: $0.text, file: $0.file, line: $0.line, column: $0.column)
            },
            toolVersion: toolVersion)
    }
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
