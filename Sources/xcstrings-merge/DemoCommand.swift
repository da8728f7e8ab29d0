import XcstringsMergePlatform
import GitSupport
import MergeSession
import StringCatalog

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
        do {
            return try Demo(directory: directory).run() ? .success : .failure
        } catch {
            Output.err("demo: \(error)\n")
            return .failure
        }
    }
}

/// The demonstration's steps.
struct Demo {
    struct Failure: Error, CustomStringConvertible { var description: String }

    let directory: String
    let path = "Localizable.xcstrings"

    /// Git isolated from the user's configuration, so that a globally installed driver does not
    /// take part in the "without the driver" step.
    func git(_ arguments: String...) -> Subprocess.Result {
        Subprocess.run(["git", "-C", directory] + arguments, environment: [
            "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1", "XDG_CONFIG_HOME": directory,
            "GIT_AUTHOR_NAME": "Demo", "GIT_AUTHOR_EMAIL": "demo@example.com",
            "GIT_COMMITTER_NAME": "Demo", "GIT_COMMITTER_EMAIL": "demo@example.com",
        ])
    }

    func must(_ result: Subprocess.Result, _ what: String) throws {
        guard result.status == 0 else { throw Failure(description: "\(what) failed: \(result.errorOutput)") }
    }

    func write(_ catalog: Catalog) throws {
        try FileBytes.writeAtomically(catalog.canonicalBytes(), to: directory + "/" + path)
    }

    static func translate(_ catalog: Catalog, _ key: String, _ locale: String, _ value: String) -> Catalog {
        var copy = catalog
        var strings = copy.strings
        var entry = strings[key: UTF8Bytes(key)]?.object ?? JSONObject()
        var localizations = entry[Name.localizations]?.object ?? JSONObject()
        localizations[key: UTF8Bytes(locale)] = .object(.localization(UTF8Bytes(value), state: .translated))
        entry[Name.localizations] = .object(localizations)
        strings[key: UTF8Bytes(key)] = .object(entry)
        copy.strings = strings
        return copy
    }

    func run() throws -> Bool {
        let base = DemoCatalog.catalog
        Output.out("xcstrings-merge demo, in a temporary repository\n\n")
        try must(git("init", "-q", "-b", "main"), "git init")
        try write(base)
        try must(git("add", path), "git add")
        try must(git("commit", "-q", "-m", "Add the catalog"), "git commit")

        try must(git("checkout", "-q", "-b", "german"), "git checkout")
        try write(Self.translate(Self.translate(Self.translate(base, "Cancel", "de", "Abbruch"), "Copy", "en", "Copy"), "Copy", "de", "Kopieren"))
        try must(git("commit", "-q", "-am", "German: Cancel, new key Copy"), "git commit")
        Output.out("branch german:  \"Cancel\" [de] → \"Abbruch\"; adds key \"Copy\" (en, de)\n")

        try must(git("checkout", "-q", "-b", "spanish", "main"), "git checkout")
        try write(Self.translate(Self.translate(Self.translate(base, "Cancel", "es", "Anular"), "Cut", "en", "Cut"), "Cut", "es", "Cortar"))
        try must(git("commit", "-q", "-am", "Spanish: Cancel, new key Cut"), "git commit")
        Output.out("branch spanish: \"Cancel\" [es] → \"Anular\"; adds key \"Cut\" (en, es)\n\n")

        try must(git("checkout", "-q", "german"), "git checkout")
        let plain = git("merge", "--no-edit", "spanish")
        let text = (try? FileBytes.read(directory + "/" + path)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let hunks = text.split(separator: "\n").filter { $0.hasPrefix("<<<<<<<") }.count
        if plain.status == 0 {
            Output.out("1. git merge without the driver: merged cleanly (unexpected)\n")
            return false
        }
        Output.out("1. git merge without the driver: CONFLICT, \(hunks) conflict hunk\(hunks == 1 ? "" : "s") in \(path); Xcode cannot open it\n")
        try must(git("merge", "--abort"), "git merge --abort")

        let driver = DriverSetup.driverCommand(binary: Subprocess.executablePath, gitVersion: Subprocess.gitVersion)
        try must(git("config", "merge.xcstrings.driver", driver), "git config")
        try FileBytes.writeAtomically(Array("\(DriverSetup.attributesLine)\n".utf8), to: directory + "/.git/info/attributes")
        let merged = git("merge", "--no-edit", "spanish")
        Output.out("2. git merge with the driver: ")
        guard merged.status == 0 else {
            Output.out("failed\n\(merged.errorOutput)")
            return false
        }
        Output.out("clean\n   \(merged.errorOutput.split(separator: "\n").first.map(String.init) ?? "")\n")

        let bytes = try FileBytes.read(directory + "/" + path)
        let result = CatalogCheck.run(path: path, bytes: bytes)
        let catalog = try Catalog(bytes: bytes)
        let cancel = catalog.strings[key: "Cancel"]?.object?[Name.localizations]?.object
        func unit(_ locale: String) -> String {
            cancel?[key: UTF8Bytes(locale)]?.object?[Name.stringUnit]?.object?[Name.value]?.stringValue?.string ?? "?"
        }
        let keys = ["Copy", "Cut"].filter { catalog.strings[key: UTF8Bytes($0)] != nil }
        Output.out("3. the result: \(result.passed ? "a valid catalog, byte for byte as Xcode writes it" : "NOT canonical")\n")
        Output.out("   \"Cancel\" [de] = \"\(unit("de"))\", [es] = \"\(unit("es"))\"; keys \(keys.map { "\"\($0)\"" }.joined(separator: " and ")) both present\n\n")
        let ok = result.passed && unit("de") == "Abbruch" && unit("es") == "Anular" && keys.count == 2
        // After install.sh the driver is registered already: say what is left, not that again.
        let registered = Subprocess.run(["git", "config", "--global", "--get", "merge.xcstrings.driver"]).status == 0
        Output.out(!ok ? "The demonstration did not go as expected.\n"
            : registered ? "The driver is registered globally. In each repository: xcstrings-merge install --hook (adds .gitattributes, to commit, and the pre-commit check)\n"
            : "Set it up in your repositories with: xcstrings-merge install (or install --global)\n")
        return ok
    }
}
