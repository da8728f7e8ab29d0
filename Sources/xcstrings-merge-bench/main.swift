#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Foundation
import XcstringsMergePlatform
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
    case "--floor":
        // The physical floor of a merge, as a process of its own: map the three inputs as the
        // merge maps them, then write the base's bytes to the output a megabyte at a time and
        // put it in place as the merge does (a temporary file, exchanged, the old one removed).
        let paths = Array(arguments.prefix(4))
        guard paths.count == 4 else { exit(2) }
        let maps = paths.prefix(3).compactMap { MappedFile(path: $0, minimumSize: 1) }
        guard maps.count == 3, let file = try? AtomicFile(replacing: paths[3]) else { exit(2) }
        var chunk: [UInt8] = []
        chunk.reserveCapacity(1 << 20)
        let written = maps[0].withBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + (1 << 20), bytes.count)
                chunk.removeAll(keepingCapacity: true)
                chunk.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[offset..<end]))
                guard (try? file.write(chunk)) != nil else { return false }
                offset = end
            }
            return true
        }
        guard written, (try? file.commit(durable: false)) != nil else { exit(2) }
        exit(0)
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
    /// The base with its keys out of Xcode's order, for the format comparison.
    var unordered: [UInt8]?
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
    var plain = makeCase("L: 20,000 keys x 10 locales", base: largeBase, seed: 13, locales: 10)
    // The same catalog with only its keys out of order (each entry as Xcode writes it): what a
    // hand edit or another tool leaves, and what `format` then has to sort.
    plain.unordered = unordered(plain.base)
    cases.append(plain)
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
    // For the paired comparisons: L with CJK keys (same entries), and L's base out of key order.
    var cjk = makeCase("L with CJK keys", base: largeBase, seed: 13, locales: 10)
    func cjkKeyed(_ bytes: [UInt8]) -> [UInt8] {
        guard var catalog = try? Catalog(bytes: bytes) else { return bytes }
        var strings = catalog.strings
        for index in strings.members.indices {
            let key = strings.members[index].key.string
            strings.members[index].key = UTF8Bytes("鍵" + String(stableNumber(key) % 997) + "・" + key)
        }
        catalog.strings = strings
        return catalog.canonicalBytes()
    }
    cjk.base = cjkKeyed(cjk.base)
    cjk.ours = cjkKeyed(cjk.ours)
    cjk.theirs = cjkKeyed(cjk.theirs)
    cases.append(cjk)
    // Korean keys, as real catalogs have them (14% of one app's keys; another team moved all its
    // keys to Korean): every 20th key of 3 in the first case, every key in the second.
    let korean = ["설정", "저장", "열기", "파일", "폴더", "창", "닫기", "다시", "항목", "문서", "계정", "알림"]
    func koreanKeyed(_ bytes: [UInt8], share: (Int) -> Bool) -> [UInt8] {
        guard var catalog = try? Catalog(bytes: bytes) else { return bytes }
        var strings = catalog.strings
        for index in strings.members.indices {
            let key = strings.members[index].key.string
            let number = stableNumber(key)
            guard share(number) else { continue }
            let words = (0..<(1 + number % 3)).map { korean[(number / (1 + $0)) % korean.count] }.joined(separator: " ")
            strings.members[index].key = UTF8Bytes(words + " " + String(number) + (key.contains("%lld") ? " %lld" : key.contains("%@") ? " %@" : ""))
        }
        catalog.strings = strings
        return catalog.canonicalBytes()
    }
    // Chinese keys, as teams that key their catalogs by the Chinese source text have them: Han
    // words (of the main block) with a number, ordered by the root collation's radical-stroke
    // order, which only the reference knows.
    let chinese = Array("设置保存打开文件夹窗口关闭重试项目文档账户通知删除编辑搜索帮助显示隐藏选择全部取消确定添加移除下载上传同步失败成功正在加载请稍后网络连接错误密码用户名称登录退出注册发送消息图片视频音乐播放暂停继续开始结束时间日期今天昨天明天分钟小时").map(String.init)
    func chineseKeyed(_ bytes: [UInt8]) -> [UInt8] {
        guard var catalog = try? Catalog(bytes: bytes) else { return bytes }
        var strings = catalog.strings
        for index in strings.members.indices {
            let key = strings.members[index].key.string
            let number = stableNumber(key)
            // Two to nine characters, as a short Chinese source text.
            let words = (0..<(2 + number % 8)).map { chinese[(number >> (5 * $0)) % chinese.count] }.joined()
            strings.members[index].key = UTF8Bytes(words + String(number) + (key.contains("%lld") ? " %lld" : key.contains("%@") ? " %@" : ""))
        }
        catalog.strings = strings
        return catalog.canonicalBytes()
    }
    var han = makeCase("L, all keys Chinese", base: largeBase, seed: 13, locales: 10)
    han.base = chineseKeyed(han.base)
    han.ours = chineseKeyed(han.ours)
    han.theirs = chineseKeyed(han.theirs)
    han.unordered = unordered(han.base, shuffledWithSeed: 5)
    cases.append(han)
    for (name, share) in [("L, 15% Korean keys", { (index: Int) in index % 20 < 3 }), ("L, all keys Korean", { (_: Int) in true })] {
        var keyed = makeCase(name, base: largeBase, seed: 13, locales: 10)
        keyed.base = koreanKeyed(keyed.base, share: share)
        keyed.ours = koreanKeyed(keyed.ours, share: share)
        keyed.theirs = koreanKeyed(keyed.theirs, share: share)
        keyed.unordered = unordered(keyed.base)
        cases.append(keyed)
    }
}
return cases
}

/// A number made from `key` alone (FNV-1a, 60 bits: no two of 20,000 keys share one), so that a key is rewritten alike in base, ours and
/// theirs, whose entries sit at different places once a side added or deleted some.
func stableNumber(_ key: String) -> Int {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return Int(hash >> 4)
}

/// `bytes` (a canonical catalog) with its keys in reverse order, each entry as Xcode writes it:
/// what a hand edit or another tool leaves, and what `format` then has to sort.
func unordered(_ bytes: [UInt8], shuffledWithSeed seed: UInt64? = nil) -> [UInt8] {
    guard let catalog = try? Catalog(bytes: bytes) else { return bytes }
    var reversed = catalog.strings
    // Reversed, a sort finds one descending run; shuffled, it compares about n log n pairs.
    if let seed {
        var random = Seeded(state: seed)
        reversed.members.shuffle(using: &random)
    } else {
        reversed.members.reverse()
    }
    var writer = XcodeWriter(capacity: bytes.count, sortsKeys: false)
    writer.write(.object(JSONObject([
        JSONMember(key: "sourceLanguage", value: "en"), JSONMember(key: "strings", value: .object(reversed)),
        JSONMember(key: "version", value: "1.0"),
    ])), indent: 0)
    return writer.output
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
        if let unordered = benchCase.unordered { write(unordered, folder + "/unordered.xcstrings") }
    }
    // L with its keys in other scripts, for the format rows only (not in the table above).
    if !quick {
        var large = BenchGenerator(seed: 2, locales: 10)
        let largeBytes = large.catalog(keys: 20000).canonicalBytes()
        for (index, script) in ScriptCases.scripts.enumerated() {
            guard let inOrder = ScriptCases.make(largeBytes, script: script) else { continue }
            let shuffled = unordered(inOrder, shuffledWithSeed: 7)
            let folder = directory + "/scripts/\(index)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            write(inOrder, folder + "/base.xcstrings")
            write(shuffled, folder + "/unordered.xcstrings")
            write(Array(script.name.utf8), folder + "/name")
        }
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
let caseFolders = ((try? FileManager.default.contentsOfDirectory(atPath: work.path)) ?? []).sorted().filter { $0 != "scripts" }.map { work.path + "/" + $0 }
let scriptFolders = ((try? FileManager.default.contentsOfDirectory(atPath: work.path + "/scripts")) ?? [])
    .sorted { Int($0) ?? 0 < Int($1) ?? 0 }.map { work.path + "/scripts/" + $0 }
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

// Paired comparisons: the two commands of a row alternate, so that the machine's drift touches
// both alike; each row gives the median of the pairs' ratios and their range.
func paired(_ pairs: Int, _ first: () -> Measurement?, _ second: () -> Measurement?) -> (ratio: Double, low: Double, high: Double, first: Double, second: Double) {
    var ratios: [Double] = []
    var firsts: [Double] = []
    var seconds: [Double] = []
    for _ in 0..<pairs {
        guard let a = first(), let b = second() else { continue }
        ratios.append(a.seconds / b.seconds)
        firsts.append(a.seconds)
        seconds.append(b.seconds)
    }
    func median(_ values: [Double]) -> Double { values.isEmpty ? .nan : values.sorted()[values.count / 2] }
    return (median(ratios), ratios.min() ?? .nan, ratios.max() ?? .nan, median(firsts), median(seconds))
}

/// A repository at `folder` holding 100 commits of `catalog`: the first as it is, each later one
/// with one more translation changed (the n-th `"value" : "` gets `·n ` in front of its text),
/// the driver installed and its cache on. Nil when the catalog is absent.
func logHistory(_ catalog: String, in folder: String) -> String? {
    guard let data = FileManager.default.contents(atPath: catalog) else { return nil }
    var bytes = [UInt8](data)
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    func git(_ arguments: String...) { _ = measure(["git", "-C", folder] + arguments) }
    git("init", "-q", "-b", "main")
    git("config", "user.name", "bench")
    git("config", "user.email", "bench@example.com")
    git("config", "commit.gpgsign", "false")
    git("config", "diff.xcstrings.textconv", "'\(tool)' textconv")
    git("config", "diff.xcstrings.cachetextconv", "true")
    write(Array("*.xcstrings diff=xcstrings\n".utf8), folder + "/.gitattributes")
    let marker = Array("\"value\" : \"".utf8)
    var starts: [Int] = []
    var index = 0
    while index + marker.count <= bytes.count {
        if bytes[index] == marker[0] && Array(bytes[index..<index + marker.count]) == marker { starts.append(index + marker.count) }
        index += 1
    }
    guard starts.count >= 100 else { return nil }
    for commit in 0..<100 {
        if commit > 0 {
            // The n-th value of a spread of them, counted in the file as it is now.
            let at = starts[(commit * 7_919) % starts.count]
            let insertion = Array("·\(commit) ".utf8)
            bytes.insert(contentsOf: insertion, at: at)
            for position in starts.indices where starts[position] >= at { starts[position] += insertion.count }
        }
        write(bytes, folder + "/L.xcstrings")
        git("add", "-A")
        git("commit", "-q", "-m", "\(commit)")
    }
    return folder
}

func copy(_ from: String, _ to: String) {
    _ = try? FileManager.default.removeItem(atPath: to)
    _ = try? FileManager.default.copyItem(atPath: from, toPath: to)
}

if !quick {
    let pairs = max(reps, 21)
    print("\nPaired comparisons (\(pairs) alternated pairs; the median ratio and its range):\n")
    func row(_ name: String, _ result: (ratio: Double, low: Double, high: Double, first: Double, second: Double), _ target: String) {
        print(name.padding(toLength: 62, withPad: " ", startingAt: 0)
            + String(format: "%7.1f ms / %7.1f ms   ratio %6.3f (%5.3f-%5.3f)", result.first * 1000, result.second * 1000,
                     result.ratio, result.low, result.high) + "   target " + target)
    }
    let scratch = work.path + "/scratch.xcstrings"
    let merges = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus/merges")
    if let main = ((try? FileManager.default.contentsOfDirectory(atPath: merges.path)) ?? []).sorted().first(where: { $0.hasPrefix("coteditor__CotEditor__") && $0.hasSuffix("__Main") }) {
        let folder = merges.path + "/" + main
        row("real CotEditor Main (690 KB) merge / git merge-file -p", paired(pairs, {
            copy(folder + "/ours.xcstrings", scratch)
            return measure([tool, "merge", folder + "/base.xcstrings", scratch, folder + "/theirs.xcstrings", "--report", work.path + "/r.json"])
        }, { measure(["git", "merge-file", "-p", folder + "/ours.xcstrings", folder + "/base.xcstrings", folder + "/theirs.xcstrings"]) }), "<= 0.5")
    }
    row("xcstrings-merge --version / git --version", paired(pairs, { measure([tool, "--version"]) }, { measure(["git", "--version"]) }), "<= 1.5")
    // git log -p through the diff driver: 100 commits of a corpus catalog, each changing one
    // translation (as Scripts/bench-log-p.sh makes them), against git's log of the JSON.
    let catalogs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus/catalogs")
    if let history = logHistory(catalogs.path + "/Dimillian__IceCubesApp__Localizable.xcstrings", in: work.path + "/log-p") {
        let logPairs = 5
        let notes = "refs/notes/textconv/xcstrings"
        row("first git log -p after install (cache filled) / no driver", paired(logPairs, {
            _ = measure(["git", "-C", history, "update-ref", "-d", notes])
            _ = measure(["/bin/sh", "-c", "cd \"$0\" && \"$1\" textconv --fill-cache", history, tool])
            return measure(["git", "-C", history, "log", "-p"])
        }, { measure(["git", "-C", history, "log", "-p", "--no-textconv"]) }), "<= 1.5")
        row("filling the cache (install) / git log -p, no driver", paired(logPairs, {
            _ = measure(["git", "-C", history, "update-ref", "-d", notes])
            return measure(["/bin/sh", "-c", "cd \"$0\" && \"$1\" textconv --fill-cache", history, tool])
        }, { measure(["git", "-C", history, "log", "-p", "--no-textconv"]) }), "(once)")
        row("first git log -p, cache not filled / no driver", paired(logPairs, {
            _ = measure(["git", "-C", history, "update-ref", "-d", notes])
            return measure(["git", "-C", history, "log", "-p"])
        }, { measure(["git", "-C", history, "log", "-p", "--no-textconv"]) }), "(git's way)")
    } else {
        print("(../shared/corpus absent: the git log -p rows are skipped)")
    }
    func named(_ prefix: String) -> String? {
        caseFolders.first { (String(data: FileManager.default.contents(atPath: $0 + "/name") ?? Data(), encoding: .utf8) ?? "").hasPrefix(prefix) }
    }
    let large = named("L: ")
    if let large {
        func mergeL(_ folder: String) -> Measurement? {
            copy(folder + "/ours.xcstrings", scratch)
            return measure([tool, "merge", folder + "/base.xcstrings", scratch, folder + "/theirs.xcstrings", "--report", work.path + "/r.json"])
        }
        // Every L case against git's own line merge of the same files.
        for (label, prefix) in [("L", "L: "), ("L, 15% Korean keys", "L, 15%"), ("L, all keys Korean", "L, all keys Korean"),
                                ("L with CJK keys", "L with CJK"), ("L + 1,000 keys renamed", "L + 1,000")] {
            guard let folder = named(prefix) else { continue }
            row("\(label) merge / git merge-file", paired(pairs, { mergeL(folder) }, {
                measure(["git", "merge-file", "-p", folder + "/ours.xcstrings", folder + "/base.xcstrings", folder + "/theirs.xcstrings"])
            }), "<= 0.12")
        }
        for (label, prefix) in [("L", "L: "), ("L, 15% Korean keys", "L, 15%"), ("L, all keys Korean", "L, all keys Korean"), ("L, all keys Chinese (shuffled)", "L, all keys Chinese")] {
            guard let folder = named(prefix) else { continue }
            row("format of \(label) out of key order / in order", paired(pairs, {
                copy(folder + "/unordered.xcstrings", scratch)
                return measure([tool, "format", scratch])
            }, {
                copy(folder + "/base.xcstrings", scratch)
                return measure([tool, "format", scratch])
            }), "<= 2.0")
        }
        // Keys mapped letter by letter into other scripts, shuffled against in order.
        for folder in scriptFolders {
            let name = String(decoding: FileManager.default.contents(atPath: folder + "/name") ?? Data(), as: UTF8.self)
            row("format, keys in \(name): shuffled / in order", paired(pairs, {
                copy(folder + "/unordered.xcstrings", scratch)
                return measure([tool, "format", scratch])
            }, {
                copy(folder + "/base.xcstrings", scratch)
                return measure([tool, "format", scratch])
            }), "<= 2.0")
        }
        row("lint of L / check of L", paired(pairs, { measure([tool, "lint", large + "/base.xcstrings"]) }, {
            measure([tool, "check", large + "/base.xcstrings"])
        }), "<= 2.0")
        // The semantic diff of L's two sides, and git's diff driver printing one of them: each
        // within the time of a merge of the same files.
        row("diff of L (ours against theirs) / L merge", paired(pairs, {
            measure([tool, "diff", large + "/ours.xcstrings", large + "/theirs.xcstrings", "--format", "json"])
        }, { mergeL(large) }), "<= 1.0")
        row("textconv of L (git's diff driver) / L merge", paired(pairs, {
            measure([tool, "textconv", large + "/ours.xcstrings"])
        }, { mergeL(large) }), "<= 1.0")
        // Translation out and back for one language: the export of L, and the import of that
        // export with every translation changed (three-way, against L's other side).
        let exported = work.path + "/export"
        _ = measure([tool, "export", large + "/base.xcstrings", "--locale", "de", "--output", exported])
        let translated = work.path + "/translated.xliff"
        // Every translation changed by sed, in a child: read into this process, the 19 MB file
        // would raise its peak memory, which the children spawned after it report as theirs
        // (posix_spawn's child starts in this process's memory).
        _ = measure(["/bin/sh", "-c", "sed 's/<target state=\"translated\">/<target state=\"translated\">X /' \"$0\" > \"$1\"",
                     exported + "/de.xliff", translated])
        row("export of L, one language / L merge", paired(pairs, {
            measure([tool, "export", large + "/base.xcstrings", "--locale", "de", "--output", exported])
        }, { mergeL(large) }), "<= 2.0")
        row("import of L's export, every unit translated / L merge", paired(pairs, {
            copy(large + "/ours.xcstrings", scratch)
            return measure([tool, "import", translated, "--catalog", scratch, "--report", work.path + "/r.json"])
        }, { mergeL(large) }), "<= 2.0")
        row("physical floor of L (map 3 inputs, write, replace) / L merge", paired(pairs, {
            copy(large + "/ours.xcstrings", scratch)
            return measure([CommandLine.arguments[0], "--floor", large + "/base.xcstrings", scratch, large + "/theirs.xcstrings", scratch])
        }, { mergeL(large) }), "(the floor)")
        // Where one L merge's time goes, as the tool itself measures its phases.
        copy(large + "/ours.xcstrings", scratch)
        let timings = work.path + "/timings.txt"
        _ = measure(["/bin/sh", "-c", "XCSTRINGS_MERGE_TIMINGS=1 \"$0\" merge \"$1\" \"$2\" \"$3\" --report \"$4\" 2>&1 >/dev/null | grep timings",
                     tool, large + "/base.xcstrings", scratch, large + "/theirs.xcstrings", work.path + "/r.json"], stdoutPath: timings)
        print("\nOne L merge, phase by phase (XCSTRINGS_MERGE_TIMINGS=1):")
        print(String(decoding: FileManager.default.contents(atPath: timings) ?? Data(), as: UTF8.self), terminator: "")
        let peak = median((0..<reps).compactMap { _ in mergeL(large) })
        let inputs = ["base", "ours", "theirs"].reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: large + "/\($1).xcstrings")[.size] as? Int) ?? 0) }
        print("L merge peak memory / inputs".padding(toLength: 62, withPad: " ", startingAt: 0)
            + megabytes(peak.peakBytes) + " / " + megabytes(inputs)
            + String(format: "   ratio %5.2f", Double(peak.peakBytes) / Double(inputs)) + "   target <= 0.85")
        let diffPeak = median((0..<reps).compactMap { _ in measure([tool, "diff", large + "/ours.xcstrings", large + "/theirs.xcstrings", "--format", "json"]) })
        let twoInputs = ["ours", "theirs"].reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: large + "/\($1).xcstrings")[.size] as? Int) ?? 0) }
        print("L diff peak memory / its two inputs".padding(toLength: 62, withPad: " ", startingAt: 0)
            + megabytes(diffPeak.peakBytes) + " / " + megabytes(twoInputs)
            + String(format: "   ratio %5.2f", Double(diffPeak.peakBytes) / Double(twoInputs)) + "   target < 1.0")
    }
}
