import Foundation
import Testing
import XcstringsMergeTestSupport

/// `export` and `import` through the real binary, in a git repository: the round trip, a
/// translator's work against the catalog's changes meanwhile, the bundle, hostile input.
@Suite struct ExchangeCommandTests {
    static let path = "App/Localizable.xcstrings"

    static func sandbox() throws -> GitSandbox {
        let sandbox = try GitSandbox()
        try sandbox.write(path, bytes(Paths.fixtures.appendingPathComponent("catalogs/Sample.xcstrings")))
        try sandbox.commitAll("catalog")
        return sandbox
    }

    static func text(_ sandbox: GitSandbox, _ path: String) throws -> String {
        String(decoding: try sandbox.read(path), as: UTF8.self)
    }

    @Test func anUntouchedRoundTripIsByteIdenticalAndQuiet() throws {
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }
        let before = try sandbox.read(Self.path)
        let export = try sandbox.tool(["export", Self.path, "--locale", "de", "--output", "out"])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout.contains("out/de.xliff: 9 units of 1 catalog, 9 with a translation"))
        let xliff = try Self.text(sandbox, "out/de.xliff")
        #expect(xliff.contains("<file original=\"App/Localizable.xcstrings\" source-language=\"en\" target-language=\"de\" datatype=\"plaintext\">"))
        let imported = try sandbox.tool(["import", "out/de.xliff"])
        #expect(imported.status == 0 && imported.stderr.isEmpty, "\(imported.stderr)")
        #expect(imported.stdout.contains("0 translations imported [de] (three-way with the export's base)"))
        #expect(try sandbox.read(Self.path) == before)
    }

    /// A catalog of several megabytes, which the binary maps rather than reads: its export
    /// records git's blob id of the file (not of the spaces the mapping puts before it), and the
    /// untouched round trip leaves it byte for byte.
    @Test func aBigCatalogRecordsItsBlobAndRoundTrips() throws {
        let sandbox = try GitSandbox()
        defer { sandbox.remove() }
        var generator = CatalogGenerator(seed: 4)
        let bytes = generator.catalog(keys: 6_000).canonicalBytes()
        #expect(bytes.count > 4 << 20)
        try sandbox.write(Self.path, bytes)
        try sandbox.commitAll("catalog")
        let blob = try sandbox.git("rev-parse", "HEAD:" + Self.path).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let export = try sandbox.tool(["export", Self.path, "--locale", "de", "--output", "out"])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(try Self.text(sandbox, "out/de.xliff").contains("base blob \(blob):"))
        // Big enough to be mapped rather than read.
        #expect(try sandbox.read("out/de.xliff").count > 1 << 20)
        let imported = try sandbox.tool(["import", "out/de.xliff"])
        #expect(imported.status == 0 && imported.stderr.isEmpty, "\(imported.stderr)")
        #expect(try sandbox.read(Self.path) == bytes)
    }

    @Test func translatorsWorkMeetsTheCatalogsChangesThreeWay() throws {
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }
        #expect(try sandbox.tool(["export", Self.path, "--locale", "de", "-o", "out"]).status == 0)
        // The translator's changes.
        var xliff = try Self.text(sandbox, "out/de.xliff")
        for (old, new) in [("Sichern", "Speichern"), ("Abbrechen", "Abbruch"), ("Löschen", "Entfernen"), ("Fertig", "Erledigt")] {
            xliff = xliff.replacingOccurrences(of: "<target state=\"translated\">\(old)</target>", with: "<target state=\"translated\">\(new)</target>")
        }
        try sandbox.write("out/de.xliff", Array(xliff.utf8))
        // Meanwhile in the repository: Cancel's German changed, Delete was deleted, Done's
        // English changed.
        #expect(try sandbox.tool(["set", Self.path, "Cancel", "de", "Abbrechen!"]).status == 0)
        #expect(try sandbox.tool(["set", Self.path, "Done", "en", "Finished"]).status == 0)
        var catalog = try JSONSerialization.jsonObject(with: Data(try sandbox.read(Self.path))) as! [String: Any]
        var strings = catalog["strings"] as! [String: Any]
        strings["Delete"] = nil
        catalog["strings"] = strings
        try sandbox.write(Self.path, [UInt8](try JSONSerialization.data(withJSONObject: catalog)))
        let result = try sandbox.tool(["import", "out/de.xliff", "--report", "report.json"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("out/de.xliff:") && result.stderr.contains("\"Delete\" not imported: the key was deleted since the export"))
        #expect(result.stderr.contains("\"Done\" [de]: its source text changed since the export; imported as needs_review"))
        #expect(result.stderr.contains("\"Cancel\" [de] stringUnit: both-modified"))
        let merged = try JSONSerialization.jsonObject(with: Data(try sandbox.read(Self.path))) as! [String: Any]
        func unit(_ key: String) -> [String: String]? {
            (((((merged["strings"] as? [String: Any])?[key] as? [String: Any])?["localizations"] as? [String: Any])?["de"] as? [String: Any])?["stringUnit"]) as? [String: String]
        }
        #expect(unit("Save") == ["state": "translated", "value": "Speichern"])
        #expect(unit("Done") == ["state": "needs_review", "value": "Erledigt"])
        #expect(unit("Cancel")?["value"] == "Abbrechen!")
        #expect((merged["strings"] as? [String: Any])?["Delete"] == nil)
        // The output is canonical: format has nothing to do.
        #expect(try sandbox.tool(["format", "--check", Self.path]).status == 0)
        let report = try Self.text(sandbox, "report.json")
        #expect(report.contains("Abbruch") && report.contains("Abbrechen!"))
        // The catalog had changes not staged: resolve cannot reach the conflict (its stage 2
        // would not be what the import started from), and the import says so.
        #expect(result.stderr.contains("resolve cannot reach them (App/Localizable.xcstrings has changes that are not staged"), "\(result.stderr)")
        // Settled toward the translator: the conflict's value is theirs.
        #expect(try sandbox.tool(["import", "out/de.xliff", "--prefer", "theirs"]).status == 1)
    }

    /// The sandbox's catalog exported to `out/de.xliff`, where the translator changed Cancel's
    /// German to "Abbruch".
    static func sandboxWithCancelTranslated() throws -> GitSandbox {
        let sandbox = try Self.sandbox()
        #expect(try sandbox.tool(["export", Self.path, "--locale", "de", "-o", "out"]).status == 0)
        let xliff = try Self.text(sandbox, "out/de.xliff").replacingOccurrences(
            of: "<target state=\"translated\">Abbrechen</target>", with: "<target state=\"translated\">Abbruch</target>")
        try sandbox.write("out/de.xliff", Array(xliff.utf8))
        return sandbox
    }

    /// A catalog outside the repository the import is run in is in no repository: its
    /// conflicts are reported as such, and that repository's index is left alone.
    @Test func aCatalogOutsideTheCurrentRepositoryIsInNone() throws {
        let sandbox = try Self.sandboxWithCancelTranslated()
        defer { sandbox.remove() }
        let outside = sandbox.directory.url.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let catalog = outside.appendingPathComponent("Localizable.xcstrings").path
        try Data(try sandbox.read(Self.path)).write(to: URL(fileURLWithPath: catalog))
        #expect(try sandbox.tool(["set", catalog, "Cancel", "de", "Abbrechen!"]).status == 0)
        let imported = try sandbox.tool(["import", "out/de.xliff", "--catalog", catalog])
        #expect(imported.status == 1, "\(imported.stderr)")
        #expect(imported.stderr.contains("resolve cannot reach them (the catalog is not in a git repository)"), "\(imported.stderr)")
        #expect(try sandbox.git("status", "--porcelain").stdout.contains("UU") == false)
    }

    /// Conflicts an import leaves in a committed catalog are put where a merge's are: the
    /// catalog in conflict in the index, which git refuses to commit, `resolve` lists and
    /// settles like any merge's, and a new import waits for.
    @Test func anImportsConflictsAreSettledWithResolve() throws {
        let sandbox = try Self.sandboxWithCancelTranslated()
        defer { sandbox.remove() }
        #expect(try sandbox.tool(["set", Self.path, "Cancel", "de", "Abbrechen!"]).status == 0)
        try sandbox.commitAll("Cancel changed meanwhile")
        let imported = try sandbox.tool(["import", "out/de.xliff"])
        #expect(imported.status == 1, "\(imported.stderr)")
        #expect(imported.stderr.contains("in conflict in the index as a merge leaves it: settle them with xcstrings-merge resolve"), "\(imported.stderr)")
        #expect(try sandbox.git("status", "--porcelain").stdout.contains("UU App/Localizable.xcstrings"))
        #expect(try sandbox.git("commit", "-m", "not yet").status != 0)
        let listed = try sandbox.tool(["resolve", "--list"])
        #expect(listed.stdout.contains("\"Cancel\" [de] stringUnit: both-modified"), "\(listed.stdout)")
        #expect(listed.stdout.contains("theirs (de.xliff): \"Abbruch\""), "\(listed.stdout)")
        // review shows them, with the sides read from the index's stages.
        let review = try sandbox.tool(["review", "--no-pager"])
        #expect(review.status == 0, "\(review.stderr)")
        #expect(review.stdout.contains("1 conflict not settled yet: xcstrings-merge resolve App/Localizable.xcstrings"), "\(review.stdout)")
        #expect(review.stdout.contains("theirs (de.xliff): \"Abbruch\" (translated)"), "\(review.stdout)")
        // Another import waits until they are settled.
        let again = try sandbox.tool(["import", "out/de.xliff"])
        #expect(again.status == 2 && again.stderr.contains("is in conflict in the index"), "\(again.stderr)")
        let resolved = try sandbox.tool(["resolve", "--theirs"])
        #expect(resolved.status == 0, "\(resolved.stderr)")
        #expect(try sandbox.git("status", "--porcelain").stdout.contains("M  App/Localizable.xcstrings"))
        #expect(try sandbox.tool(["get", Self.path, "Cancel", "de"]).stdout == "Abbruch\n")
        #expect(try sandbox.git("commit", "-m", "translation").status == 0)
    }

    static let translateToolkit: Bool = (try? run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import translate.storage.xliff"]).status) == 0

    /// Weblate reads and writes XLIFF 1.2 with translate-toolkit (its formats are the toolkit's),
    /// editing the file in place: the export's header, with the recorded base, comes back, and
    /// the import is three-way.
    @Test(.enabled(if: translateToolkit, "python3 with translate-toolkit (Weblate's XLIFF reader and writer) is not installed here (pip install translate-toolkit)"))
    func weblatesXLIFFRoundTripKeepsTheRecordedBase() throws {
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }
        #expect(try sandbox.tool(["export", Self.path, "--locale", "de", "-o", "out"]).status == 0)
        // What Weblate does on a translation: the file parsed, a unit's target set, the store
        // serialized back.
        let script = """
            import sys
            from translate.storage import xliff
            store = xliff.xlifffile.parsestring(open(sys.argv[1], "rb").read())
            for unit in store.units:
                if not unit.isheader() and unit.getid().split("\\x04")[-1] == "Save":
                    unit.settarget("Speichern")
            with open(sys.argv[1], "wb") as out:
                store.serialize(out)
            """
        let edited = try run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, "out/de.xliff"], in: sandbox.root)
        #expect(edited.status == 0, "\(edited.stderr)")
        let xliff = try Self.text(sandbox, "out/de.xliff")
        #expect(xliff.contains("<tool tool-id=\"xcstrings-merge\""))
        #expect(xliff.contains("from=\"xcstrings-merge-base\""))
        let result = try sandbox.tool(["import", "out/de.xliff"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("1 translation imported [de] (three-way with the export's base)"), "\(result.stdout)")
        #expect(try Self.text(sandbox, Self.path).contains("\"value\" : \"Speichern\""))
    }

    /// A file from a platform (another tool's header, no recorded base) imports two-way: taken
    /// where the source is the catalog's, every other unit listed.
    @Test func aPlatformsFileImportsTwoWayAndListsWhatItSkips() throws {
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }
        let xliff = try bytes(Paths.fixtures.appendingPathComponent("xliff/platform-tolgee.xliff"))
        try sandbox.write("de.xliff", xliff)
        let result = try sandbox.tool(["import", "de.xliff", "--catalog", Self.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("1 translation imported [de] (two-way: no recorded base), 2 unchanged, 3 skipped"), "\(result.stdout)")
        #expect(result.stderr.contains("de.xliff:20:7: warning: \"Delete\" not imported: its source text is not the catalog's (now \"Delete\")"), "\(result.stderr)")
        #expect(result.stderr.contains("\"Gone\" not imported: the catalog has no such key"))
        #expect(result.stderr.contains("\"Save|==|colour.red\" not imported: not a form Xcode writes"))
        #expect(try Self.text(sandbox, Self.path).contains("\"value\" : \"Speichern\""))
    }

    @Test func anXclocBundleRoundTrips() throws {
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }
        #expect(try sandbox.tool(["export", "--xcloc", Self.path, "-o", "L10n"]).status == 0)
        for locale in ["de", "es", "fr", "ja", "zh-Hans"] {
            let bundle = "L10n/\(locale).xcloc"
            #expect(try sandbox.read(bundle + "/Source Contents/" + Self.path) == sandbox.read(Self.path))
            #expect(try Self.text(sandbox, bundle + "/contents.json").contains("\"targetLocale\" : \"\(locale)\""))
            #expect(try Self.text(sandbox, bundle + "/Localized Contents/\(locale).xliff").contains("target-language=\"\(locale)\""))
        }
        var xliff = try Self.text(sandbox, "L10n/fr.xcloc/Localized Contents/fr.xliff")
        xliff = xliff.replacingOccurrences(of: ">Enregistrer</target>", with: ">Sauvegarder</target>")
        try sandbox.write("L10n/fr.xcloc/Localized Contents/fr.xliff", Array(xliff.utf8))
        let result = try sandbox.tool(["import", "L10n/fr.xcloc"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.text(sandbox, Self.path).contains("\"value\" : \"Sauvegarder\""))
    }

    @Test func hostileOrMalformedFilesAreRefusedWithTheirPlace() throws {
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }
        let before = try sandbox.read(Self.path)
        try sandbox.write("bad.xliff", Array("<?xml version=\"1.0\"?>\n<!DOCTYPE x [<!ENTITY a SYSTEM \"file:///etc/passwd\">]>\n<xliff/>".utf8))
        let doctype = try sandbox.tool(["import", "bad.xliff"])
        #expect(doctype.status == 2 && doctype.stderr.hasPrefix("bad.xliff:2:1: error: a document type declaration"), "\(doctype.stderr)")
        try sandbox.write("broken.xliff", Array("<xliff version=\"1.2\">\n  <file original=\"App/Localizable.xcstrings\" source-language=\"en\">\n</xliff>\n".utf8))
        let broken = try sandbox.tool(["import", "broken.xliff"])
        #expect(broken.status == 2 && broken.stderr.hasPrefix("broken.xliff:3:"), "\(broken.stderr)")
        // An original that leads outside the repository is never written.
        try sandbox.write("escape.xliff", Array("<xliff version=\"1.2\"><file original=\"../outside.xcstrings\" source-language=\"en\" target-language=\"de\"><body/></file></xliff>".utf8))
        let escape = try sandbox.tool(["import", "escape.xliff"])
        #expect(escape.status == 2 && escape.stderr.contains("is not a catalog path inside the repository"), "\(escape.stderr)")
        #expect(try sandbox.read(Self.path) == before)
        #expect(try sandbox.tool(["export", Self.path, "--locale", "en"]).status == 2)
        // A catalog outside the repository is exported under its name alone: its copy in the
        // bundle stays inside the bundle.
        let outside = sandbox.directory.url.appendingPathComponent("Outside.xcstrings")
        try Data(before).write(to: outside)
        let exported = try sandbox.tool(["export", "--xcloc", "../Outside.xcstrings", "--locale", "de", "-o", "b"])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(try sandbox.read("b/de.xcloc/Source Contents/Outside.xcstrings") == before)
        #expect(try Self.text(sandbox, "b/de.xcloc/Localized Contents/de.xliff").contains("original=\"Outside.xcstrings\""))
        #expect(try sandbox.tool(["export", Self.path, "--locale", "../x"]).status == 2)
    }
    /// A file of a megabyte or more is mapped rather than read: the places it names are still
    /// the file's own (line and column from its first byte), and one over 64 MiB is refused
    /// before it is parsed.
    @Test func aBigFileSaysThePlacesOfItsOwnBytes() throws {
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }
        let before = try sandbox.read(Self.path)
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff version=\"1.2\">\n  <file original=\"App/Localizable.xcstrings\" source-language=\"en\" target-language=\"de\">\n    <body>\n"
        let padding = "      <trans-unit id=\"Absent\"><source>Absent</source></trans-unit>\n"
        let units = (1 << 20) / padding.utf8.count + 1
        text += String(repeating: padding, count: units)
        let line = 4 + units + 1
        text += "      <trans-unit id=\"Gone\"><source>Gone</source><target>Weg</target></trans-unit>\n    </body>\n  </file>\n</xliff>\n"
        #expect(text.utf8.count > 1 << 20)
        try sandbox.write("big.xliff", Array(text.utf8))
        let skipped = try sandbox.tool(["import", "big.xliff", "--catalog", Self.path])
        #expect(skipped.status == 1 && skipped.stderr.contains("big.xliff:\(line):7: warning: \"Gone\" not imported: the catalog has no such key"), "\(skipped.stderr)")
        try sandbox.write("broken.xliff", Array(text.replacingOccurrences(of: "<target>Weg</target>", with: "<target>Weg & Steg</target>").utf8))
        let broken = try sandbox.tool(["import", "broken.xliff", "--catalog", Self.path])
        #expect(broken.status == 2 && broken.stderr.hasPrefix("broken.xliff:\(line):"), "\(broken.stderr)")
        try sandbox.write("huge.xliff", [UInt8](repeating: UInt8(ascii: " "), count: 65 << 20))
        let huge = try sandbox.tool(["import", "huge.xliff", "--catalog", Self.path])
        #expect(huge.status == 2 && huge.stderr.contains("huge.xliff: error: \(65 << 20) bytes: larger than the 64 MiB accepted"), "\(huge.stderr)")
        #expect(try sandbox.read(Self.path) == before)
    }

    /// The catalog is read, and the base parsed, while the units are read: what goes wrong is
    /// still told once, in the import's order (the base first), and nothing is written.
    @Test func whatIsReadMeanwhileIsToldInOrder() throws {
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }
        let before = try sandbox.read(Self.path)
        #expect(try sandbox.tool(["export", Self.path, "--locale", "de", "--output", "out"]).status == 0)
        let xliff = try Self.text(sandbox, "out/de.xliff")
        // The catalog gone: its error, once.
        try FileManager.default.removeItem(at: sandbox.root.appendingPathComponent(Self.path))
        let gone = try sandbox.tool(["import", "out/de.xliff"])
        #expect(gone.status == 2 && gone.stderr.components(separatedBy: "error:").count == 2 && gone.stderr.contains("Localizable.xcstrings: error: cannot open"), "\(gone.stderr)")
        // A base that is not a catalog: its error alone, whatever the catalog.
        let start = try #require(xliff.range(of: "<note from=\"xcstrings-merge-base\">"))
        let end = try #require(xliff[start.upperBound...].range(of: "</note>"))
        let damaged = xliff.replacingCharacters(in: start.upperBound..<end.lowerBound, with: Data("{ \"strings\" : x".utf8).base64EncodedString())
        try sandbox.write("damaged.xliff", Array(damaged.utf8))
        let badBase = try sandbox.tool(["import", "damaged.xliff"])
        #expect(badBase.status == 2 && badBase.stderr.hasPrefix("damaged.xliff: error: the base recorded in the file is not a catalog") && !badBase.stderr.contains("cannot open"), "\(badBase.stderr)")
        // The catalog not JSON: its own line and column.
        try sandbox.write(Self.path, Array("{\n  \"strings\" : x\n}\n".utf8))
        let badCatalog = try sandbox.tool(["import", "out/de.xliff"])
        #expect(badCatalog.status == 2 && badCatalog.stderr.contains("Localizable.xcstrings:2:15: error: expected a value"), "\(badCatalog.stderr)")
        try sandbox.write(Self.path, before)
        #expect(try sandbox.tool(["import", "out/de.xliff"]).status == 0)
        #expect(try sandbox.read(Self.path) == before)
    }
}
