#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import XcstringsMergePlatform
import CatalogMerge
import GitSupport
import MergeSession
import StringCatalog

/// Asks about each conflict on the terminal (or a scripted standard input).
struct InteractivePrompt {
    enum Outcome {
        case answers([String: [String: Resolution]])
        case abandoned
    }

    var labels: MergeLabels

    func ask(_ files: [ResolveSession.File]) -> Outcome {
        var answers: [String: [String: Resolution]] = [:]
        let total = files.reduce(0) { $0 + $1.report.conflicts.count }
        var number = 0
        var given = 0
        for file in files {
            for (inFile, conflict) in file.report.conflicts.enumerated() {
                number += 1
                Output.out(describe(conflict, file: file, number: (inFile + 1, number), total: (file.report.conflicts.count, total)))
                answering: while true {
                    // Without a base (both added it) taking the base takes nothing: say so.
                    Output.out(conflict.base == nil
                        ? "[o]urs [t]heirs [b]ase (none: remove it) [e]dit [s]kip [q]uit? " : "[o]urs [t]heirs [b]ase [e]dit [s]kip [q]uit? ")
                    guard let line = readLine() else {
                        Output.out("\n")
                        return .abandoned
                    }
                    switch line.trimmingWhitespace().lowercased() {
                    case "o", "ours": answers[file.path, default: [:]][conflict.id] = .take(.ours)
                    case "t", "theirs": answers[file.path, default: [:]][conflict.id] = .take(.theirs)
                    case "b", "base": answers[file.path, default: [:]][conflict.id] = .take(.base)
                    case "s", "skip": break answering
                    case "e", "edit":
                        guard let value = edit(conflict) else { continue answering }
                        answers[file.path, default: [:]][conflict.id] = .value(value)
                    case "q", "quit":
                        if given == 0 { return .abandoned }
                        Output.out("Keep the \(given) answer\(given == 1 ? "" : "s") given so far? [y/N] ")
                        let confirm = readLine()?.trimmingWhitespace().lowercased()
                        return confirm == "y" || confirm == "yes" ? .answers(answers) : .abandoned
                    default:
                        Output.out("Please answer o, t, b, e, s or q.\n")
                        continue answering
                    }
                    given += 1
                    break answering
                }
            }
        }
        return .answers(answers)
    }

    /// `number` and `total` count in the file and in all files.
    func describe(_ conflict: MergeConflict, file: ResolveSession.File, number: (inFile: Int, inAll: Int), total: (inFile: Int, inAll: Int)) -> String {
        var text = "\nConflict \(number.inFile) of \(total.inFile) in \(file.path)"
        text += total.inAll > total.inFile ? " (\(number.inAll) of \(total.inAll) in all)\n" : "\n"
        text += "  key:    \(conflict.location.key.map { "\"\($0)\"" } ?? "(catalog)")\n"
        if let locale = conflict.location.locale { text += "  locale: \(locale)\n" }
        if !conflict.location.path.isEmpty { text += "  path:   \(conflict.location.path.map(\.string).joined(separator: "."))\n" }
        text += "  kind:   \(conflict.kind.rawValue)\n"
        // A whole entry or localization shows what each side changed, not the blobs; any
        // conflict at a key the merge followed from its old name says so.
        let lines = ConflictDiff.lines(for: conflict, labels: labels, renamedFrom: file.renamedFrom(conflict), width: Self.width - 2)
        for line in lines { text += "  " + line + "\n" }
        if ConflictDiff.appliesTo(conflict) { return text }
        let names = [Side.base, .ours, .theirs].map { labels.name($0) }
        let width = names.map(\.count).max()! + 2
        for (side, name) in zip([Side.base, .ours, .theirs], names) {
            let prefix = "  " + (name + ":").padding(width)
            for line in ConflictDiff.wrap(Self.display(conflict.value(side)), firstPrefix: prefix, width: Self.width) { text += line + "\n" }
        }
        if let parting = ConflictView.parting(conflict, oursName: labels.name(.ours), theirsName: labels.name(.theirs)) {
            for line in ConflictDiff.wrap(parting, firstPrefix: "  ", width: Self.width) { text += line + "\n" }
        }
        return text
    }

    /// Columns to wrap at: the terminal's, else `$COLUMNS`, else 100.
    static var width: Int { Terminal.columns }

    /// A value as text: a string unit as its text and state, anything else as compact JSON.
    static func display(_ value: JSONValue?) -> String {
        guard let value else { return "(absent)" }
        if let unit = value.object, let text = unit[Name.value]?.stringValue {
            let state = unit[Name.state]?.stringValue.map { " (\($0))" } ?? ""
            return "\"\(VisibleText.inline(text.string))\"\(state)"
        }
        let flat = String(decoding: XcodeWriter.bytes(of: value), as: UTF8.self)
        return flat.split(separator: "\n").map { String($0).trimmingWhitespace() }.joined(separator: " ")
    }

    /// Opens `$VISUAL`/`$EDITOR` on ours' value (as JSON); an empty file removes the member.
    func edit(_ conflict: MergeConflict) -> JSONValue?? {
        let editor = ProcessEnvironment.value("VISUAL") ?? ProcessEnvironment.value("EDITOR") ?? "vi"
        var template = Array("\(ProcessEnvironment.temporaryDirectory)/xcstrings-merge-edit-XXXXXX.json".utf8CString)
        // Noted for removal if a signal ends the process, and removed on every other path.
        let (fd, made) = TemporaryFiles.creating {
            let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 5) }
            return (fd, fd >= 0 ? String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil)
        }
        guard fd >= 0, let path = made else {
            Output.out("cannot create a temporary file\n")
            return nil
        }
        close(fd)
        defer {
            unlink(path)
            TemporaryFiles.unregister(path)
        }
        let start = conflict.ours ?? conflict.theirs ?? conflict.base
        let initial = start.map { XcodeWriter.bytes(of: $0) + [0x0A] } ?? []
        do {
            try FileBytes.writeAtomically(initial, to: path)
        } catch {
            Output.out("cannot write \(path)\n")
            return nil
        }
        guard Subprocess.runEditor(editor, argument: path) == 0 else {
            Output.out("the editor failed; answer again\n")
            return nil
        }
        guard let bytes = try? FileBytes.read(path) else { return nil }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return .some(nil) }
        let edited: JSONValue
        do {
            edited = try JSONReader.parse(bytes)
        } catch {
            Output.out("not valid JSON (line \(error.line), column \(error.column): \(error.message)); answer again\n")
            return nil
        }
        switch ResolveSession.shaped(edited, like: start, at: conflict.location) {
        case .success(let value): return .some(value)
        case .failure(let refusal):
            Output.out("not written: \(refusal.reason); answer again\n")
            return nil
        }
    }
}
