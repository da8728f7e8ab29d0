import CatalogLint
import StringCatalog
import XcstringsMergePlatform

/// One catalog exported into one language: the `<body>` of its XLIFF `<file>` and the base the
/// export records (the catalog cut to the source language and that one).
///
/// Both are made in one pass over the entries, in blocks on all cores: each entry's first level
/// and its localizations are read once, for its units and for its cut. A block's units are
/// written as XML there and then, and its cut entries into one buffer they share.
public struct CatalogExport: Sendable {
    /// The `<body>` element and its units, in pieces to be written one after another.
    public var body: [[UInt8]]
    public var unitCount: Int
    /// Units with a `<target>`.
    public var translatedCount: Int
    public var skipped: [XLIFFExport.Skipped]
    /// The catalog's canonical bytes with only the source language and the exported one.
    public var cutBytes: [UInt8]

    /// Entries per block: enough that a block's setting up costs nothing next to its work,
    /// few enough that the cores finish together.
    static let blockSize = 512

    public init(_ catalog: Catalog, locale: String) {
        let source = catalog.sourceLanguage ?? "en"
        let target = UTF8Bytes(locale)
        let required = PluralCategories.required(for: locale)
        let members = catalog.strings.members
        let blocks = ParallelBlocks.map(members.count, blockSize: Self.blockSize) { range in
            var block = Block()
            for index in range { block.add(members[index], source: source, target: target, required: required) }
            block.finish()
            return [block]
        }
        PhaseTimes.mark("units written and entries cut")
        body = [Array("    <body>\n".utf8)] + blocks.map(\.xml.bytes) + [Array("    </body>\n".utf8)]
        unitCount = blocks.reduce(0) { $0 + $1.unitCount }
        translatedCount = blocks.reduce(0) { $0 + $1.translatedCount }
        skipped = blocks.flatMap(\.skipped)
        var cut = catalog
        var strings = cut.strings
        strings.members = blocks.flatMap(\.cut)
        cut.strings = strings
        cutBytes = cut.canonicalBytes(capacityHint: blocks.reduce(4096) { $0 + $1.cutSize })
        PhaseTimes.mark("cut catalog written")
    }

    /// What one block of entries gives.
    struct Block {
        var xml = XMLBytes()
        var unitCount = 0
        var translatedCount = 0
        var skipped: [XLIFFExport.Skipped] = []
        /// The entries, cut: as read where they hold no other language, else as `XcodeWriter`
        /// writes them (into `written`, which they share).
        var cut: [JSONMember] = []
        var cutSize = 0
        private var written = XcodeWriter(capacity: 64 << 10)
        /// Where each entry rewritten in `written` is, by its index in `cut`.
        private var rewritten: [(index: Int, range: Range<Int>)] = []

        mutating func add(_ member: JSONMember, source: UTF8Bytes, target: UTF8Bytes, required: [String]) {
            // One level read: only the two localizations exported are read whole.
            guard var entry = member.value.oneLevel.object else {
                keep(member)
                return
            }
            let localizations = entry[CatalogSchema.Name.localizations]?.oneLevel.object
            for unit in XLIFFExport.units(key: member.key, entry: entry, localizations: localizations, source: source, locale: target, required: required) {
                guard XLIFFExport.isRepresentable(unit) else {
                    skipped.append(XLIFFExport.Skipped(id: unit.id, reason: "holds a control character that XML 1.0 cannot carry"))
                    continue
                }
                XLIFFDocument.append(unit, to: &xml)
                unitCount += 1
                if unit.target != nil { translatedCount += 1 }
            }
            guard var localizations else {
                keep(member)
                return
            }
            let before = localizations.members.count
            localizations.members = localizations.members.filter { $0.key == source || $0.key == target }
            guard localizations.members.count != before else {
                keep(member)
                return
            }
            entry[CatalogSchema.Name.localizations] = localizations.members.isEmpty ? nil : .object(localizations)
            let start = written.output.count
            written.write(entry, indent: 2)
            rewritten.append((cut.count, start..<written.output.count))
            cutSize += written.output.count - start + member.key.bytes.count + 16
            cut.append(member)
        }

        private mutating func keep(_ member: JSONMember) {
            if case .raw(let raw) = member.value { cutSize += raw.range.count + member.key.bytes.count + 16 }
            cut.append(member)
        }

        /// Points the rewritten entries into the bytes they share.
        mutating func finish() {
            let shared = written.output
            written = XcodeWriter()
            for (index, range) in rewritten {
                cut[index].value = .raw(RawJSON(source: shared, range: range, canonicalIndent: 2))
            }
            rewritten = []
        }
    }
}
