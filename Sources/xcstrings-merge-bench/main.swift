#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Foundation
import Platform
import StringCatalog

/// `swift run -c release xcstrings-merge-bench [--quick] [--reps N]`: generates seeded catalogs,
/// runs the release `xcstrings-merge` on them as whole processes, and prints medians, throughput,
/// peak memory and the ratio to `git merge-file`.

struct Measurement {
    var seconds: Double
    var peakBytes: Int
}

/// Runs a program to completion; wall time and the child's peak resident memory.
func measure(_ arguments: [String], stdoutPath: String = "/dev/null") -> Measurement? {
    ChildProcesses.measure(arguments, standardOutput: stdoutPath).map { Measurement(seconds: $0.seconds, peakBytes: $0.peakBytes) }
}

func median(_ runs: [Measurement]) -> Measurement {
    let times = runs.map(\.seconds).sorted()
    return Measurement(seconds: times[times.count / 2], peakBytes: runs.map(\.peakBytes).max() ?? 0)
}

func write(_ bytes: [UInt8], _ path: String) {
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
}

func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }

var reps = 9
var quick = false
var generateInto: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--quick": quick = true
    case "--generate": generateInto = arguments.popFirst()
    case "--reps": reps = Int(arguments.popFirst() ?? "") ?? reps
    case "--help", "-h":
        print("USAGE: xcstrings-merge-bench [--quick] [--reps N]\n  --quick  S size only\n  --reps   repetitions per measurement (default 9; the median is shown)")
        exit(0)
    default:
        FileHandle.standardError.write(Data("unknown argument \(argument)\n".utf8))
        exit(2)
    }
}

struct Case {
    var name: String
    var base: [UInt8]
    var ours: [UInt8]
    var theirs: [UInt8]
}

func makeCase(_ name: String, base: Catalog, seed: UInt64, locales: Int) -> Case {
    var generator = BenchGenerator(seed: seed, locales: locales)
    let ours = generator.edit(base, fraction: 0.01, residue: 0)
    let theirs = generator.edit(base, fraction: 0.01, residue: 1)
    return Case(name: name, base: base.canonicalBytes(), ours: ours.canonicalBytes(), theirs: theirs.canonicalBytes())
}

@MainActor func generateCases() -> [Case] {
var cases: [Case] = []
var small = BenchGenerator(seed: 1, locales: 6)
cases.append(makeCase("S: 3,500 keys x 6 locales", base: small.catalog(keys: 3500), seed: 11, locales: 6))
if !quick {
    let shared = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus/catalogs")
    let largest = ((try? FileManager.default.contentsOfDirectory(atPath: shared.path)) ?? [])
        .filter { $0.hasSuffix(".xcstrings") && !$0.contains("NOT-Xcode") }
        .map { shared.appendingPathComponent($0).path }
        .max { (try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int ?? 0) ?? 0 < (try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int ?? 0) ?? 0 }
    if let largest, let data = FileManager.default.contents(atPath: largest), let catalog = try? Catalog(bytes: [UInt8](data)) {
        let name = URL(fileURLWithPath: largest).lastPathComponent.replacingOccurrences(of: ".xcstrings", with: "")
        cases.append(makeCase("corpus: \(name.prefix(20))", base: catalog, seed: 12, locales: 10))
    } else {
        print("(../shared/corpus absent: the corpus size is skipped)")
    }
    var large = BenchGenerator(seed: 2, locales: 10)
    let largeBase = large.catalog(keys: 20000)
    cases.append(makeCase("L: 20,000 keys x 10 locales", base: largeBase, seed: 13, locales: 10))
    // The same, with ours also renaming 1,000 keys (every 20th), which R10 must find.
    var renamed = makeCase("L + 1,000 keys renamed", base: largeBase, seed: 13, locales: 10)
    if var ours = try? Catalog(bytes: renamed.ours) {
        var strings = ours.strings
        for index in stride(from: 0, to: strings.members.count, by: 20) {
            strings.members[index].key = UTF8Bytes("renamed." + strings.members[index].key.string)
        }
        ours.strings = strings
        renamed.ours = ours.canonicalBytes()
    }
    cases.append(renamed)
}
return cases
}

/// The catalogs are generated in a child process: a process's peak memory is inherited by what it
/// spawns, so the measuring process must stay small.
if let directory = generateInto {
    for (index, benchCase) in generateCases().enumerated() {
        let folder = directory + "/\(index)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        write(benchCase.base, folder + "/base.xcstrings")
        write(benchCase.ours, folder + "/ours.xcstrings")
        write(benchCase.theirs, folder + "/theirs.xcstrings")
        write(Array(benchCase.name.utf8), folder + "/name")
    }
    exit(0)
}
let binDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
let tool = binDirectory.appendingPathComponent("xcstrings-merge").path
guard FileManager.default.isExecutableFile(atPath: tool) else {
    print("build the tool first: swift build -c release (looked for \(tool))")
    exit(2)
}
let work = FileManager.default.temporaryDirectory.appendingPathComponent("xcstrings-merge-bench-\(getpid())")
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: work) }


var generator = [CommandLine.arguments[0], "--generate", work.path]
if quick { generator.append("--quick") }
guard measure(generator) != nil else {
    print("could not generate the catalogs")
    exit(2)
}
let caseFolders = ((try? FileManager.default.contentsOfDirectory(atPath: work.path)) ?? []).sorted().map { work.path + "/" + $0 }
print("xcstrings-merge-bench: \(reps) runs each, median wall time, peak RSS of the process\n")
print("case                            base      format                check                 merge                 git merge-file        merge/git  merge peak  peak/input")
for folder in caseFolders {
    let base = folder + "/base.xcstrings", ours = folder + "/ours.xcstrings", theirs = folder + "/theirs.xcstrings"
    let name = String(decoding: FileManager.default.contents(atPath: folder + "/name") ?? Data(), as: UTF8.self)
    func size(_ path: String) -> Int { (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }
    let baseSize = size(base)
    let output = folder + "/out.xcstrings"
    let inputBytes = baseSize + size(ours) + size(theirs)
    func run(_ command: [String], stdout: String = "/dev/null") -> Measurement {
        _ = measure(command, stdoutPath: stdout)
        return median((0..<reps).compactMap { _ in measure(command, stdoutPath: stdout) })
    }
    let format = run([tool, "format", "--check", base])
    let check = run([tool, "check", base])
    let merge = run([tool, "merge", base, ours, theirs, "-o", output, "--report", folder + "/report.json"])
    let git = run(["git", "merge-file", "-p", ours, base, theirs])
    let mb = Double(baseSize) / 1_000_000
    func cell(_ m: Measurement, _ size: Double) -> String {
        String(format: "%6.0f ms %5.0f MB/s  ", m.seconds * 1000, size / m.seconds)
    }
    let line = name.padding(toLength: 30, withPad: " ", startingAt: 0) + "  "
        + megabytes(baseSize).padding(toLength: 8, withPad: " ", startingAt: 0) + "  "
        + cell(format, mb) + cell(check, mb) + cell(merge, 3 * mb) + cell(git, 3 * mb)
        + String(format: "  %5.2f     ", merge.seconds / git.seconds)
        + megabytes(merge.peakBytes).padding(toLength: 10, withPad: " ", startingAt: 0)
        + String(format: "  %4.2f", Double(merge.peakBytes) / Double(inputBytes))
    print(line)
}
print("\nformat and check: MB/s of the base file; merge and git merge-file: MB/s of the three inputs.")
