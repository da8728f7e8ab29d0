import XcstringsMergePlatform
import GitSupport
import MergeSession

enum DemoCommand {
    static let command = Command(
        name: "demo",
        summary: "Show, in a throwaway repository, a merge git conflicts on and the driver settles.",
        usage: [""],
        help: """
            OVERVIEW: A first run that shows the point. In a temporary repository, commits a
            realistic catalog (six locales, plurals), makes two branches that add neighbouring keys
            and translate the same key into different languages, shows that plain `git merge`
            conflicts, then merges with the driver: clean and canonical. Leaves nothing behind.

            {usage}

            EXIT STATUS:
              0  the demonstration went as described
              1  it did not (the output says where)

            """,
        operands: .none,
        run: run)

    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(arguments, command: "demo", options: command.options)
        if let extra = parsed.positionals.first {
            throw UsageError(message: "unexpected argument '\(extra)'", command: "demo")
        }
        guard let directory = FilePaths.makeTemporaryDirectory(prefix: "xcstrings-merge-demo-") else {
            Output.err("demo: cannot make a folder in \(ProcessEnvironment.temporaryDirectory)\n")
            return .failure
        }
        defer { FilePaths.removeTree(directory) }
        Output.out("xcstrings-merge demo, in a temporary repository\n\n")
        let driver = DriverSetup.driverCommand(binary: Subprocess.executablePath, gitVersion: Subprocess.gitVersion)
        do {
            return try Demonstration(directory: directory, driver: driver).run(step: say) ? .success : .failure
        } catch {
            Output.err("demo: \(error)\n")
            return .failure
        }
    }

    static func say(_ step: Demonstration.Step) {
        switch step {
        case .branch(let name, let change):
            // Names padded so that the two branches' changes line up.
            let label = "branch \(name):"
            Output.out(label + String(repeating: " ", count: max(1, 16 - label.count)) + change + "\n")
        case .lineMerge(nil, _):
            Output.out("\n1. git merge without the driver: merged cleanly (unexpected)\n")
        case .lineMerge(let hunks?, let path):
            Output.out("\n1. git merge without the driver: CONFLICT, \(hunks) conflict hunk\(hunks == 1 ? "" : "s") in \(path); Xcode cannot open it\n")
        case .driverMerge(false, let output):
            Output.out("2. git merge with the driver: failed\n\(output)")
        case .driverMerge(true, let output):
            Output.out("2. git merge with the driver: clean\n   \(output)\n")
        case .result(let canonical, let cancel, let keys):
            Output.out("3. the result: \(canonical ? "a valid catalog, byte for byte as Xcode writes it" : "NOT canonical")\n")
            Output.out("   \"Cancel\" [de] = \"\(cancel["de"] ?? "?")\", [es] = \"\(cancel["es"] ?? "?")\"; keys \(keys.map { "\"\($0)\"" }.joined(separator: " and ")) both present\n\n")
        case .finished(let asDescribed, let registered):
            Output.out(!asDescribed ? "The demonstration did not go as expected.\n"
                : registered ? "The driver is registered globally. In each repository: xcstrings-merge install --hook (adds .gitattributes, to commit, and the pre-commit check)\n"
                : "Set it up in your repositories with: xcstrings-merge install (or install --global)\n")
        }
    }
}
