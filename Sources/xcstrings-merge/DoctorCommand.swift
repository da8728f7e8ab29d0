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
        let diagnosis = DriverDiagnosis.run()
        show(diagnosis)
        return diagnosis.isHealthy ? .success : .failure
    }

    /// The diagnosis, a line per finding, each problem with its fix.
    static func show(_ diagnosis: DriverDiagnosis) {
        let version = diagnosis.gitVersion
        Output.out("xcstrings-merge \(Tool.version) at \(Subprocess.executablePath)\n")
        if version.isEmpty {
            Output.out("git: not found on PATH\n")
        } else {
            Output.out("git: \(version.map(String.init).joined(separator: "."))\(version.lexicographicallyPrecedes([2, 44]) ? " (side labels come from the repository state; git 2.44+ passes them)" : "")\n")
        }
        switch diagnosis.libgit2 {
        case .success(let loaded)?: Output.out("libgit2: \(loaded)\n")
        case .failure(let error)?:
            Output.out("libgit2: problem: \(error.message)\n")
            return
        case nil: return
        }
        if let problem = diagnosis.configProblem {
            Output.out("git config: cannot read: \(problem)\n")
            return
        }
        if let driver = diagnosis.driver {
            Output.out("driver: \(driver.command)\n")
            if let source = driver.source { Output.out("  from: \(source)\n") }
            if let missing = driver.missingProgram { Output.out("  problem: \(missing) does not exist; run 'xcstrings-merge install' again\n") }
        } else {
            Output.out("driver: not configured; run 'xcstrings-merge install' (or --global)\n")
        }
        // The diff driver is a convenience, not a safety: its absence is reported, not a failure.
        if let textconv = diagnosis.textconv {
            Output.out("diff driver: \(textconv.command)\(textconv.missingProgram.map { " (problem: \($0) does not exist; run 'xcstrings-merge install' again)" } ?? "")\n")
        } else {
            Output.out("diff driver: not configured (git diff shows catalogs as JSON); 'xcstrings-merge install' adds it\n")
        }
        guard diagnosis.inRepository else {
            Output.out("repository: none here; per-catalog checks skipped\n")
            return
        }
        if let problem = diagnosis.indexProblem {
            Output.out("index: cannot read: \(problem)\n")
            return
        }
        Output.out("tracked catalogs: \(diagnosis.catalogs.count)\n")
        for catalog in diagnosis.catalogs {
            let path = catalog.path
            if catalog.conflicted {
                Output.out("  \(path): conflicted in the index; settle it with: xcstrings-merge resolve \(ShellQuoting.quoted(path))\n")
            } else if catalog.unresolved > 0 {
                let unresolved = catalog.unresolved
                Output.out("  \(path): \(unresolved) unresolved merge conflict\(unresolved == 1 ? "" : "s") ('check' fails until each is settled: xcstrings-merge resolve \(ShellQuoting.quoted(path)))\n")
            }
        }
        // A driver whose program is gone: git would fail to run it, so it is not active.
        let runnable = diagnosis.driver.map { $0.missingProgram == nil } ?? false
        for catalog in diagnosis.catalogs {
            let state: String
            switch catalog.mergeAttribute {
            case "xcstrings"?: state = runnable ? "active" : "not active: merge=xcstrings, but no driver git can run"
            case nil: state = "not active: no merge attribute; add '\(DriverSetup.attributesLine)' to .gitattributes"
            case let other?: state = "not active: merge=\(other)"
            }
            let diff = catalog.diffAttribute
            let shown = diff == "xcstrings" && diagnosis.textconv != nil
                ? "git diff shows strings" : "git diff shows JSON" + (diff == nil ? " (no diff attribute: '\(DriverSetup.diffAttributesLine)')" : "")
            Output.out("  \(catalog.path): \(state); \(shown)\n")
        }
        for leftover in diagnosis.leftovers {
            Output.out("leftover: \(leftover): a temporary file of a run that was killed; the next write in that folder removes it (or delete it)\n")
        }
    }
}
