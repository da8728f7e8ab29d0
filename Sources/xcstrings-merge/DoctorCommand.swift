import GitSupport
import XcstringsMergePlatform
import CatalogMerge
import MergeSession
import StringCatalog

enum DoctorCommand {
    static let command = Command(
        name: "doctor",
        summary: "Say whether the driver is set up and active for each catalog.",
        usage: [""],
        help: """
            OVERVIEW: Diagnose the set-up: the git version, the libgit2 loaded (and from where), the
            configured driver and whether its binary exists, and for each tracked catalog whether
            the merge attribute selects it.

            {usage}

            EXIT STATUS:
              0  the driver is configured and active for every tracked catalog
              1  something is missing (each problem is named, with the fix)

            """,
        operands: .none,
        run: run)

    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(arguments, command: "doctor", options: command.options)
        if let extra = parsed.positionals.first {
            throw UsageError(message: "unexpected argument '\(extra)'", command: "doctor")
        }
        var healthy = true
        let version = Subprocess.gitVersion
        Output.out("xcstrings-merge \(Tool.version) at \(Subprocess.executablePath)\n")
        if version.isEmpty {
            Output.out("git: not found on PATH\n")
            healthy = false
        } else {
            Output.out("git: \(version.map(String.init).joined(separator: "."))\(version.lexicographicallyPrecedes([2, 44]) ? " (side labels come from the repository state; git 2.44+ passes them)" : "")\n")
        }
        switch Libgit2.loadedLibrary {
        case .success(let loaded):
            Output.out("libgit2: \(loaded.description)\n")
        case .failure(let error):
            Output.out("libgit2: problem: \(error.message)\n")
            return .failure
        }
        let repository = try? Repository.open()
        let config: Config?
        do {
            config = try repository?.config() ?? Config.userDefault()
        } catch {
            Output.out("git config: cannot read: \(error)\n")
            return .failure
        }
        var driver = (try? config?.string("merge.xcstrings.driver")) ?? nil
        if let command = driver {
            Output.out("driver: \(command)\n")
            if let source = driverSource(config) { Output.out("  from: \(source)\n") }
            let binary = driverBinary(command)
            if !binaryExists(binary) {
                Output.out("  problem: \(binary) does not exist; run 'xcstrings-merge install' again\n")
                // git would fail to run it and fall back to nothing: the driver is not active.
                driver = nil
                healthy = false
            }
        } else {
            Output.out("driver: not configured; run 'xcstrings-merge install' (or --global)\n")
            healthy = false
        }
        // The diff driver is a convenience, not a safety: its absence is reported, not a failure.
        let textconv = (try? config?.string("diff.xcstrings.textconv")) ?? nil
        if let textconv {
            let binary = driverBinary(textconv)
            Output.out("diff driver: \(textconv)\(binaryExists(binary) ? "" : " (problem: \(binary) does not exist; run 'xcstrings-merge install' again)")\n")
        } else {
            Output.out("diff driver: not configured (git diff shows catalogs as JSON); 'xcstrings-merge install' adds it\n")
        }
        guard let repository else {
            Output.out("repository: none here; per-catalog checks skipped\n")
            return healthy ? .success : .failure
        }
        let catalogs: [String]
        let conflicted: [String]
        do {
            let index = try repository.index()
            conflicted = try index.conflicts().map(\.path).filter { $0.hasSuffix(".xcstrings") }
            catalogs = Array(Set(index.entries(withSuffix: ".xcstrings").map(\.path) + conflicted)).sorted()
        } catch {
            Output.out("index: cannot read: \(error)\n")
            return .failure
        }
        Output.out("tracked catalogs: \(catalogs.count)\n")
        let pending = UnresolvedConflicts.current()
        for path in catalogs {
            if conflicted.contains(path) {
                Output.out("  \(path): conflicted in the index; settle it with: xcstrings-merge resolve \(ShellQuoting.quoted(path))\n")
                healthy = false
            } else if let pending, let top = repository.workingDirectory, let bytes = try? FileBytes.read(top + path) {
                let unresolved = pending.findings(path: path, bytes: bytes).count
                if unresolved > 0 {
                    Output.out("  \(path): \(unresolved) unresolved merge conflict\(unresolved == 1 ? "" : "s") ('check' fails until each is settled: xcstrings-merge resolve \(ShellQuoting.quoted(path)))\n")
                    healthy = false
                }
            }
        }
        for path in catalogs {
            let attribute = (try? repository.attribute("merge", for: path)) ?? nil
            let active = attribute == "xcstrings" && driver != nil
            let state: String
            switch attribute {
            case "xcstrings"?: state = driver != nil ? "active" : "not active: merge=xcstrings, but no driver git can run"
            case nil: state = "not active: no merge attribute; add '\(DriverSetup.attributesLine)' to .gitattributes"
            case let other?: state = "not active: merge=\(other)"
            }
            let diff = (try? repository.attribute("diff", for: path)) ?? nil
            let shown = diff == "xcstrings" && textconv != nil
                ? "git diff shows strings" : "git diff shows JSON" + (diff == nil ? " (no diff attribute: '\(DriverSetup.diffAttributesLine)')" : "")
            Output.out("  \(path): \(state); \(shown)\n")
            if !active { healthy = false }
        }
        // What a run killed mid-write left (the next write in that folder removes it).
        if let top = repository.workingDirectory {
            let folders = Set([""] + catalogs.map { FileBytes.parentDirectory(of: $0) }.map { $0 == "." ? "" : $0 })
            let leftovers = folders.sorted().flatMap { StaleTemporaryFiles.find(in: top + $0) }
            for leftover in leftovers {
                Output.out("leftover: \(leftover): a temporary file of a run that was killed; the next write in that folder removes it (or delete it)\n")
            }
        }
        return healthy ? .success : .failure
    }

    /// Which configuration file sets the driver: the repository's wins over the user's.
    static func driverSource(_ config: Config?) -> String? {
        let levels: [(ConfigLevel, String)] = [
            (.local, "the repository's config (.git/config)"), (.global, "the global config (~/.gitconfig)"),
            (.xdg, "the global config (~/.config/git/config)"), (.system, "the system config"),
        ]
        for (level, name) in levels {
            guard let file = try? config?.level(level), ((try? file.string("merge.xcstrings.driver")) ?? nil) != nil else { continue }
            return name
        }
        return nil
    }

    /// Whether the driver's program can be run: a path that exists, or a name found on PATH.
    static func binaryExists(_ binary: String) -> Bool {
        if binary.contains("/") { return FileBytes.exists(binary) }
        let path = ProcessEnvironment.value("PATH") ?? ""
        return path.split(separator: ":").contains { FileBytes.exists("\($0)/\(binary)") }
    }

    /// The program a driver command runs: its first word, unquoted.
    static func driverBinary(_ driver: String) -> String {
        if driver.hasPrefix("'") {
            let rest = driver.dropFirst()
            return String(rest.prefix { $0 != "'" })
        }
        return String(driver.prefix { $0 != " " })
    }
}
