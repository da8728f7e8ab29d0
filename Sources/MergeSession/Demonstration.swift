import GitSupport
import StringCatalog
import XcstringsMergePlatform

/// The demonstration `demo` runs in a throwaway repository: two branches that git's line merge
/// conflicts on and the driver merges cleanly. It prints nothing: each step is reported as it
/// happens, for the command to say.
public struct Demonstration {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// What the demonstration did, one step at a time.
    public enum Step: Sendable {
        /// A branch made, with the catalog changed as `change` says.
        case branch(name: String, change: String)
        /// git's merge without the driver: its conflict hunks, or nil when it merged cleanly.
        case lineMerge(hunks: Int?, path: String)
        /// git's merge with the driver: the first line the driver said, or what git said on failure.
        case driverMerge(clean: Bool, output: String)
        /// The merged catalog: canonical, the two translations of "Cancel", the added keys found.
        case result(canonical: Bool, cancel: [String: String], addedKeys: [String])
        /// The end: whether it went as described and whether the driver is registered globally.
        case finished(asDescribed: Bool, registeredGlobally: Bool)
    }

    public let directory: String
    public let path = "Localizable.xcstrings"
    /// The driver command registered in the throwaway repository.
    public let driver: String

    public init(directory: String, driver: String) {
        self.directory = directory
        self.driver = driver
    }

    /// Git isolated from the user's configuration, so that a globally installed driver does not
    /// take part in the "without the driver" step.
    func git(_ arguments: String...) -> Subprocess.Result {
        Subprocess.run(["git", "-C", directory] + arguments, environment: [
            "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1", "XDG_CONFIG_HOME": directory,
            "GIT_AUTHOR_NAME": "Demo", "GIT_AUTHOR_EMAIL": "demo@example.com",
            "GIT_COMMITTER_NAME": "Demo", "GIT_COMMITTER_EMAIL": "demo@example.com",
        ])
    }

    func must(_ result: Subprocess.Result, _ what: String) throws(Failure) {
        guard result.status == 0 else { throw Failure(description: "\(what) failed: \(result.errorOutput)") }
    }

    func write(_ catalog: Catalog) throws(Failure) {
        do throws(FileError) {
            try FileBytes.writeAtomically(catalog.canonicalBytes(), to: directory + "/" + path)
        } catch {
            throw Failure(description: error.description)
        }
    }

    /// `catalog` with `key` translated into `locale`, the key added when it is new.
    static func translate(_ catalog: Catalog, _ changes: [(key: String, locale: String, value: String)]) -> Catalog {
        var copy = catalog
        var strings = copy.strings
        for (key, locale, value) in changes {
            var entry = strings[key: UTF8Bytes(key)]?.object ?? JSONObject()
            var localizations = entry[Name.localizations]?.object ?? JSONObject()
            localizations[key: UTF8Bytes(locale)] = .object(.localization(UTF8Bytes(value), state: .translated))
            entry[Name.localizations] = .object(localizations)
            strings[key: UTF8Bytes(key)] = .object(entry)
        }
        copy.strings = strings
        return copy
    }

    /// Runs it; true when it went as described.
    public func run(step: (Step) -> Void) throws(Failure) -> Bool {
        let base = Self.catalog
        try must(git("init", "-q", "-b", "main"), "git init")
        try write(base)
        try must(git("add", path), "git add")
        try must(git("commit", "-q", "-m", "Add the catalog"), "git commit")

        try must(git("checkout", "-q", "-b", "german"), "git checkout")
        try write(Self.translate(base, [("Cancel", "de", "Abbruch"), ("Copy", "en", "Copy"), ("Copy", "de", "Kopieren")]))
        try must(git("commit", "-q", "-am", "German: Cancel, new key Copy"), "git commit")
        step(.branch(name: "german", change: "\"Cancel\" [de] → \"Abbruch\"; adds key \"Copy\" (en, de)"))

        try must(git("checkout", "-q", "-b", "spanish", "main"), "git checkout")
        try write(Self.translate(base, [("Cancel", "es", "Anular"), ("Cut", "en", "Cut"), ("Cut", "es", "Cortar")]))
        try must(git("commit", "-q", "-am", "Spanish: Cancel, new key Cut"), "git commit")
        step(.branch(name: "spanish", change: "\"Cancel\" [es] → \"Anular\"; adds key \"Cut\" (en, es)"))

        try must(git("checkout", "-q", "german"), "git checkout")
        let plain = git("merge", "--no-edit", "spanish")
        if plain.status == 0 {
            step(.lineMerge(hunks: nil, path: path))
            return false
        }
        let text = (try? FileBytes.read(directory + "/" + path)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        step(.lineMerge(hunks: text.split(separator: "\n").filter { $0.hasPrefix("<<<<<<<") }.count, path: path))
        try must(git("merge", "--abort"), "git merge --abort")

        try must(git("config", "merge.xcstrings.driver", driver), "git config")
        do throws(FileError) {
            try FileBytes.writeAtomically(Array("\(DriverSetup.attributesLine)\n".utf8), to: directory + "/.git/info/attributes")
        } catch {
            throw Failure(description: error.description)
        }
        let merged = git("merge", "--no-edit", "spanish")
        guard merged.status == 0 else {
            step(.driverMerge(clean: false, output: merged.errorOutput))
            return false
        }
        step(.driverMerge(clean: true, output: merged.errorOutput.split(separator: "\n").first.map(String.init) ?? ""))

        let bytes: [UInt8]
        let catalog: Catalog
        do {
            bytes = try FileBytes.read(directory + "/" + path)
            catalog = try Catalog(bytes: bytes)
        } catch {
            throw Failure(description: "the merged catalog: \(error)")
        }
        let canonical = CatalogCheck.run(path: path, bytes: bytes).passed
        let cancel = catalog.strings[key: "Cancel"]?.object?[Name.localizations]?.object
        var translations: [String: String] = [:]
        for locale in ["de", "es"] {
            translations[locale] = cancel?[key: UTF8Bytes(locale)]?.object?[Name.stringUnit]?.object?[Name.value]?.stringValue?.string ?? "?"
        }
        let keys = ["Copy", "Cut"].filter { catalog.strings[key: UTF8Bytes($0)] != nil }
        step(.result(canonical: canonical, cancel: translations, addedKeys: keys))
        let asDescribed = canonical && translations["de"] == "Abbruch" && translations["es"] == "Anular" && keys.count == 2
        // After install.sh the driver is registered already: the command says what is left.
        let registered = Subprocess.run(["git", "config", "--global", "--get", "merge.xcstrings.driver"]).status == 0
        step(.finished(asDescribed: asDescribed, registeredGlobally: registered))
        return asDescribed
    }
}

extension Demonstration {
    static let locales = ["de", "en", "es", "fr", "ja", "zh-Hans"]

    /// Strings translated into every locale, their values in `locales`' order.
    static let translated: [(key: String, values: [String])] = [
        ("Cancel", ["Abbrechen", "Cancel", "Cancelar", "Annuler", "キャンセル", "取消"]),
        ("Close", ["Schließen", "Close", "Cerrar", "Fermer", "閉じる", "关闭"]),
        ("Delete", ["Löschen", "Delete", "Eliminar", "Supprimer", "削除", "删除"]),
        ("Done", ["Fertig", "Done", "Listo", "Terminé", "完了", "完成"]),
        ("Open Recent", ["Benutzte Dokumente", "Open Recent", "Abrir recientes", "Ouvrir récent", "最近使った項目を開く", "打开最近使用"]),
        ("Save", ["Sichern", "Save", "Guardar", "Enregistrer", "保存", "存储"]),
    ]

    /// `%lld files`: its plural cases per locale (`one` where the language has it, `other`).
    static let files: [(locale: String, one: String?, other: String)] = [
        ("de", "%lld Datei", "%lld Dateien"), ("en", "%lld file", "%lld files"), ("es", "%lld archivo", "%lld archivos"),
        ("fr", "%lld fichier", "%lld fichiers"), ("ja", nil, "%lldファイル"), ("zh-Hans", nil, "%lld 个文件"),
    ]

    /// The catalog the demonstration merges: eight strings in six languages, built from the
    /// tables above (a test holds its bytes to Fixtures/catalogs/Sample.xcstrings).
    public static var catalog: Catalog {
        func unit(_ value: String, _ state: UnitState = .translated) -> JSONValue {
            .object(JSONObject([JSONMember(Name.stringUnit, .object(JSONObject([JSONMember(Name.state, state.json), JSONMember(Name.value, .string(UTF8Bytes(value)))])))]))
        }
        func localizations(_ pairs: [(String, JSONValue)]) -> JSONMember {
            JSONMember(Name.localizations, .object(JSONObject(pairs.map { JSONMember(key: UTF8Bytes($0.0), value: $0.1) })))
        }
        var strings: [JSONMember] = []
        let plural = files.map { file in
            let cases = [("one", file.one), ("other", file.other)].compactMap { name, value in value.map { JSONMember(key: UTF8Bytes(name), value: unit($0)) } }
            return (file.locale, JSONValue.object(JSONObject([JSONMember(Name.variations, .object(JSONObject([JSONMember(Name.plural, .object(JSONObject(cases)))])))])))
        }
        strings.append(JSONMember(key: "%lld files", value: .object(JSONObject([localizations(plural)]))))
        for (key, values) in translated {
            var members = [localizations(Array(zip(locales, values.map { unit($0) })))]
            if key == "Close" { members.insert(JSONMember(Name.comment, "Closes the current window"), at: 0) }
            strings.append(JSONMember(key: UTF8Bytes(key), value: .object(JSONObject(members))))
        }
        strings.append(JSONMember(key: "Welcome", value: .object(JSONObject([
            JSONMember(Name.extractionState, .string(UTF8Bytes(ExtractionState.manual.name))),
            localizations([("de", unit("Willkommen")), ("en", unit("Welcome")), ("fr", unit("Bienvenue", .needsReview))]),
        ]))))
        return Catalog(root: JSONObject([
            JSONMember(Name.sourceLanguage, "en"), JSONMember(Name.strings, .object(JSONObject(strings))), JSONMember(Name.version, "1.0"),
        ]))
    }
}
