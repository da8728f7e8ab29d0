import XcstringsMergePlatform

/// One finding of `check`, located by line and column.
public struct CheckFinding: Sendable, Equatable {
    public var severity: Severity
    public var line: Int
    public var column: Int
    public var message: String
    /// The finding is only that the bytes are not Xcode's layout (`check --layout` decides
    /// what it counts for).
    public var isLayout = false

    public init(severity: Severity, line: Int, column: Int, message: String, isLayout: Bool = false) {
        self.severity = severity
        self.line = line
        self.column = column
        self.message = message
        self.isLayout = isLayout
    }
}

/// What `check` found in one catalog.
public struct CheckResult: Sendable {
    public var path: String
    public var findings: [CheckFinding]
    /// The file could not be read at all (as opposed to read and found wanting).
    public var unreadable: Bool

    public init(path: String, findings: [CheckFinding], unreadable: Bool = false) {
        self.path = path
        self.findings = findings
        self.unreadable = unreadable
    }

    public var passed: Bool { !unreadable && !findings.contains { $0.severity == .error } }
}

/// The checks a catalog must pass: readable JSON, catalog shape, canonical bytes.
public enum CatalogCheck {
    public static func run(path: String) -> CheckResult {
        do {
            return run(path: path, bytes: try FileBytes.read(path))
        } catch {
            return CheckResult(
                path: path, findings: [CheckFinding(severity: .error, line: 0, column: 0, message: error.reason)],
                unreadable: true)
        }
    }

    public static func run(path: String, bytes: [UInt8]) -> CheckResult {
        let catalog: Catalog
        do {
            // The validator names each problem of the top level itself, with its place.
            catalog = try Catalog(bytes: bytes, for: .anyObjectToValidate)
        } catch {
            // A file that is no catalog at all is not checked: every command says so alike, and
            // exits 2 (it is not a catalog that failed).
            let error = error.classified(for: bytes)
            return CheckResult(
                path: path,
                findings: [CheckFinding(severity: .error, line: error.line, column: error.column, message: error.message)],
                unreadable: JSONError.startsAsSomethingElse(bytes))
        }
        if let problem = Catalog.topLevelShapeProblem(catalog.root), catalog.root.member(Name.sourceLanguage) == nil || catalog.root.member(Name.strings) == nil {
            let (line, column) = LineColumn.lineAndColumn(of: problem.offset, in: bytes)
            return CheckResult(path: path, findings: [CheckFinding(severity: .error, line: line, column: column, message: problem.message)], unreadable: true)
        }
        // Every diagnostic located in one pass over the file (22,000 of them in a 4.7 MB file
        // took 42 s one scan each).
        let diagnostics = CatalogValidator.validate(catalog)
        let order = diagnostics.indices.sorted { diagnostics[$0].offset < diagnostics[$1].offset }
        let located = LineLocator.locations(of: order.map { diagnostics[$0].offset }, in: bytes)
        var locations = [(line: Int, column: Int)](repeating: (1, 1), count: diagnostics.count)
        for (position, index) in order.enumerated() { locations[index] = located[position] }
        var findings = diagnostics.indices.map { index in
            CheckFinding(
                severity: diagnostics[index].severity, line: locations[index].line, column: locations[index].column,
                message: diagnostics[index].message)
        }
        if !catalog.hasCanonicalBytes(bytes) {
            findings.append(canonicalFinding(bytes, catalog.canonicalBytes(capacityHint: bytes.count + bytes.count / 8)))
        }
        return CheckResult(path: path, findings: findings)
    }

    /// Says where and, when it is one of the usual causes, why the bytes differ from Xcode's.
    static func canonicalFinding(_ bytes: [UInt8], _ canonical: [UInt8]) -> CheckFinding {
        var reasons: [String] = []
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reasons.append("starts with a byte order mark") }
        if bytes.contains(0x0D) { reasons.append("has CR line ends") }
        var offset = 0
        while offset < bytes.count && offset < canonical.count && bytes[offset] == canonical[offset] { offset += 1 }
        // A final newline is the difference only where everything before it is Xcode's.
        if offset == canonical.count && bytes.last == 0x0A { reasons.append("ends with a newline") }
        let (line, column) = LineColumn.lineAndColumn(of: offset, in: bytes)
        let why = reasons.isEmpty ? "" : " (" + reasons.joined(separator: ", ") + ")"
        let difference = offset < canonical.count
            ? ": Xcode writes \(snippet(canonical, at: offset)) here, the file has \(snippet(bytes, at: offset))" : ""
        return CheckFinding(
            severity: .error, line: line, column: column,
            message: "not in the form Xcode writes\(why); first difference here\(difference); run `xcstrings-merge format` on it",
            isLayout: true)
    }

    /// Up to 12 characters of `bytes` from `offset`, quoted as JSON quotes them (line breaks and
    /// tabs as `\n`, `\r`, `\t`), or `the end of the file`.
    static func snippet(_ bytes: [UInt8], at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the file" }
        var text = ""
        for scalar in String(decoding: bytes[offset..<min(bytes.count, offset + 48)], as: UTF8.self).unicodeScalars.prefix(12) {
            switch scalar {
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return "\"" + text + (bytes.count - offset > text.utf8.count ? "…" : "") + "\""
    }
}

/// Finds catalogs in a directory tree.
public enum CatalogFinder {
    /// Paths of `*.xcstrings` files under `directory`, sorted, skipping hidden folders and `.build`.
    /// Regular files only: a FIFO named `*.xcstrings` in a folder would block its reader for ever.
    public static func catalogs(under directory: String) -> [String] {
        files(under: directory) { $0.hasSuffix(".xcstrings") }
    }

    /// Paths of the regular files under `directory` whose names `wanted` accepts, sorted;
    /// hidden folders (`.build`, `.git`) and `node_modules` are skipped, and so are links to
    /// folders (a link to `..` would never end).
    public static func files(under directory: String, named wanted: (String) -> Bool) -> [String] {
        var found: [String] = []
        var pending = [directory]
        while let folder = pending.popLast() {
            for name in FilePaths.names(in: folder) ?? [] {
                let path = folder == "." ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
                if FileBytes.isDirectory(path) {
                    if !name.hasPrefix(".") && name != "node_modules" && !FileBytes.isSymbolicLink(path) { pending.append(path) }
                } else if wanted(name) && FileBytes.isRegularFile(path) {
                    found.append(path)
                }
            }
        }
        return found.sorted()
    }
}
