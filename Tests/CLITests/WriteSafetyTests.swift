#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Foundation
import XcstringsMergePlatform
import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// Writes respect what is at the destination, keep what the file had, and leave nothing behind
/// when a signal or a limit stops them.
@Suite struct WriteSafetyTests {
    static var isRoot: Bool { getuid() == 0 }

    /// A catalog in a layout Xcode does not write, so that `format` must rewrite it.
    static func nonCanonical() throws -> [UInt8] {
        let sample = String(decoding: try bytes(Paths.fixtures.appendingPathComponent("catalogs/Sample.xcstrings")), as: UTF8.self)
        return Array(sample.replacingOccurrences(of: "\" : ", with: "\":").utf8)
    }

    static func leftovers(in directory: URL) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: directory.path).filter { $0.contains("xcstrings-merge-") }
    }

    @Test func aSymbolicLinkIsFollowedAndItsTargetReplaced() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = try directory.write("real/Localizable.xcstrings", try Self.nonCanonical())
        let link = directory.file("Localizable.xcstrings")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real/Localizable.xcstrings")
        let format = try runTool(["format", link.path])
        #expect(format.status == 0, "\(format.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real/Localizable.xcstrings", "the link is kept")
        #expect(try runTool(["format", "--check", target.path]).status == 0, "the target was formatted")
        #expect(try Self.leftovers(in: directory.url).isEmpty)
    }

    /// Through a linked folder the file keeps its own mode, not the folder's.
    @Test func theModeIsKeptThroughALinkedFolder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("real/L.xcstrings", try Self.nonCanonical())
        chmod(file.path, 0o600)
        try FileManager.default.createSymbolicLink(atPath: directory.file("linked").path, withDestinationPath: "real")
        #expect(try runTool(["format", directory.file("linked/L.xcstrings").path]).status == 0)
        var info = stat()
        #expect(stat(file.path, &info) == 0 && info.st_mode & 0o7777 == 0o600)
    }

    @Test func aFIFOIsWrittenInPlaceNeverReplaced() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fifo = directory.file("out.xcstrings")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let sample = Paths.fixtures.appendingPathComponent("catalogs/Sample.xcstrings").path
        // A reader on the other end, as `-o` to a pipe would have.
        let reader = try run(URL(fileURLWithPath: "/bin/sh"), ["-c", "cat '\(fifo.path)' > '\(directory.file("read").path)' & '\(Paths.tool.path)' merge '\(sample)' '\(sample)' '\(sample)' -o '\(fifo.path)'; wait"])
        #expect(reader.status == 0, "\(reader.stderr)")
        var info = stat()
        #expect(lstat(fifo.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "still a FIFO")
        #expect(try bytes(directory.file("read")) == (try bytes(URL(fileURLWithPath: sample))))
    }

    /// A device node (made in a temporary folder, as root) is written to, never replaced.
    @Test func aDeviceNodeIsWrittenInPlace() throws {
        guard Self.isRoot else { print("not root: the device-node case is skipped"); return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let device = directory.file("null")
        // /dev/null's numbers, 1 and 3, as each system packs them (`makedev` is a macro).
        #if canImport(Darwin)
        let null = dev_t(1 << 24 | 3)
        #else
        let null = dev_t(1 << 8 | 3)
        #endif
        guard mknod(device.path, S_IFCHR | 0o666, null) == 0 else { print("mknod refused here: skipped"); return }
        let sample = Paths.fixtures.appendingPathComponent("catalogs/Sample.xcstrings").path
        let merge = try runTool(["merge", sample, sample, sample, "-o", device.path])
        #expect(merge.status == 0, "\(merge.stderr)")
        var info = stat()
        #expect(lstat(device.path, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "still a device")
        #expect(try Self.leftovers(in: directory.url).isEmpty)
    }

    @Test func aHardLinkedFileIsRefusedNotSplit() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let original = try Self.nonCanonical()
        let file = try directory.write("a.xcstrings", original)
        #expect(link(file.path, directory.file("b.xcstrings").path) == 0)
        let format = try runTool(["format", file.path])
        #expect(format.status == 2)
        #expect(format.stderr.contains("has 2 hard links"), "\(format.stderr)")
        #expect(try bytes(file) == original)
    }

    /// Root keeps the owner, group and mode of a file it rewrites (a `sudo` format).
    @Test func theOwnerGroupAndModeAreKept() throws {
        guard Self.isRoot else { print("not root: the owner case is skipped"); return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("o.xcstrings", try Self.nonCanonical())
        #expect(chown(file.path, 65534, 65534) == 0)
        #expect(chmod(file.path, 0o640) == 0)
        #expect(try runTool(["format", file.path]).status == 0)
        var info = stat()
        #expect(stat(file.path, &info) == 0)
        #expect(info.st_uid == 65534 && info.st_gid == 65534 && info.st_mode & 0o7777 == 0o640)
    }

    @Test func aNameAsLongAsTheSystemAllowsCanBeWritten() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let name = String(repeating: "x", count: 255 - ".xcstrings".count) + ".xcstrings"
        let file = try directory.write(name, try Self.nonCanonical())
        let format = try runTool(["format", file.path])
        #expect(format.status == 0, "\(format.stderr)")
        #expect(try runTool(["format", "--check", file.path]).status == 0)
    }

    /// A file-size limit: reported, exit 2, the file untouched and no temporary file left
    /// (it used to kill the process with status 153).
    @Test func aFileSizeLimitIsAnErrorNotADeath() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var big = try Catalog(bytes: try bytes(Paths.fixtures.appendingPathComponent("catalogs/Sample.xcstrings")))
        var strings = big.strings
        for i in 0..<3000 { strings[key: UTF8Bytes("key \(i)")] = ["comment": .string(UTF8Bytes(String(repeating: "c", count: 40)))] }
        big.strings = strings
        let original = Array(String(decoding: big.canonicalBytes(), as: UTF8.self).replacingOccurrences(of: "\" : ", with: "\":").utf8)
        let file = try directory.write("big.xcstrings", original)
        let limited = try run(URL(fileURLWithPath: "/bin/sh"), ["-c", "ulimit -f 64; exec '\(Paths.tool.path)' format '\(file.path)'"])
        #expect(limited.status == 2, "\(limited.status) \(limited.stderr)")
        #expect(limited.stderr.contains("file-size limit"), "\(limited.stderr)")
        #expect(try bytes(file) == original)
        #expect(try Self.leftovers(in: directory.url).isEmpty)
    }

    /// SIGTERM and SIGINT in the middle of writing: the process ends as the signal says, and no
    /// temporary file is left beside the destination. Each kill is sent once the temporary file
    /// exists, so that it lands in the write.
    @Test(arguments: ["TERM", "INT"])
    func aSignalMidWriteLeavesNoTemporaryFile(signal: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var generator = CatalogGenerator(seed: 77)
        let catalog = generator.catalog(keys: 8000)
        let original = Array(String(decoding: catalog.canonicalBytes(), as: UTF8.self).replacingOccurrences(of: "\" : ", with: "\":").utf8)
        var killedMidWrite = 0
        let number = signal == "TERM" ? SIGTERM : SIGINT
        for attempt in 0..<5 {
            let folder = directory.file("run\(attempt)")
            let file = try directory.write("run\(attempt)/c.xcstrings", original)
            // Spawned with its signals open (the test's Dispatch threads block them) and waited
            // for with waitpid: Foundation's Process was seen to read the status too early.
            let pid = try #require(ChildProcesses.spawn([Paths.tool.path, "format", file.path]))
            // Once the temporary file exists, the write is under way.
            let deadline = Date().addingTimeInterval(20)
            var status: Int32 = 0
            var finishedFirst = false
            while Date() < deadline {
                if waitpid(pid, &status, WNOHANG) == pid { finishedFirst = true; break }
                if (FilePaths.names(in: folder.path) ?? []).contains(where: { $0.contains("xcstrings-merge-") }) { break }
                usleep(200)
            }
            var ended = (status >> 8) & 0xff
            if !finishedFirst {
                kill(pid, number)
                ended = ChildProcesses.wait(pid)
            }
            let killed = ended == 128 + number
            if killed { killedMidWrite += 1 }
            #expect(killed || ended == 0, "status \(ended)")
            let now = try bytes(file)
            #expect(now == original || (try? Catalog(bytes: now)) != nil, "never a part")
            #expect(try Self.leftovers(in: folder).isEmpty, "run \(attempt)")
        }
        #expect(killedMidWrite > 0, "no kill landed in a write")
        print("\(signal): \(killedMidWrite) of 5 runs ended by the signal mid-write")
    }

    /// A closed standard error does not kill the driver before it writes its result, and
    /// `lint | head` ends quietly.
    @Test func aClosedPipeIsNoDeath() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let sample = try bytes(Paths.fixtures.appendingPathComponent("catalogs/Sample.xcstrings"))
        let base = try directory.write("base", sample)
        let ours = try directory.write("ours", sample)
        let theirs = try directory.write("theirs", Array("{".utf8))
        let merge = try run(URL(fileURLWithPath: "/bin/sh"), ["-c", "exec 2>&-; '\(Paths.tool.path)' merge '\(base.path)' '\(ours.path)' '\(theirs.path)'; echo $?"])
        #expect(Int(merge.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1 <= 2, "\(merge.stdout)")
        #expect(!(try bytes(ours)).isEmpty, "the result was written")
        var generator = CatalogGenerator(seed: 5)
        let many = try directory.write("many.xcstrings", generator.catalog(keys: 3000).canonicalBytes())
        let lint = try run(URL(fileURLWithPath: "/bin/bash"), ["-c", "'\(Paths.tool.path)' lint --strict '\(many.path)' | head -n 1 >/dev/null; echo ${PIPESTATUS[0]}"])
        #expect((Int(lint.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1) <= 2, "\(lint.stdout)")
        #expect(lint.stderr.isEmpty, "\(lint.stderr)")
    }

    /// `install` and `uninstall` keep a 0600 config 0600 (tokens in remote URLs), write through
    /// a symbolic link to `~/.gitconfig`, and leave no empty `[merge "xcstrings"]` behind.
    @Test func configFilesKeepTheirModeAndTheirLinks() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        let local = repo.root.appendingPathComponent(".git/config").path
        #expect(chmod(local, 0o600) == 0)
        #expect(try repo.tool(["install"]).status == 0)
        var info = stat()
        #expect(stat(local, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(try repo.tool(["uninstall"]).status == 0)
        #expect(stat(local, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(!String(decoding: try bytes(URL(fileURLWithPath: local)), as: UTF8.self).contains("xcstrings"))

        let dotfiles = repo.home.appendingPathComponent("dotfiles")
        try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
        let target = dotfiles.appendingPathComponent("gitconfig")
        try Data("[user]\n\tname = Test\n".utf8).write(to: target)
        #expect(chmod(target.path, 0o600) == 0)
        let link = repo.home.appendingPathComponent(".gitconfig").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "dotfiles/gitconfig")
        #expect(try repo.tool(["install", "--global"]).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "dotfiles/gitconfig", "the link is kept")
        #expect(String(decoding: try bytes(target), as: UTF8.self).contains("[merge \"xcstrings\"]"))
        #expect(stat(target.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(try repo.tool(["uninstall", "--global"]).status == 0)
        #expect(String(decoding: try bytes(target), as: UTF8.self) == "[user]\n\tname = Test\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "dotfiles/gitconfig")
    }

    /// A repository whose `.gitattributes` is a link leading out of it (to `~/.gitconfig`): install
    /// and uninstall refuse before changing anything, and the target is untouched.
    @Test func aGitattributesLinkLeadingOutsideIsNotWrittenThrough() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        let gitconfig = repo.home.appendingPathComponent(".gitconfig")
        try Data("[user]\n\tname = me\n".utf8).write(to: gitconfig)
        try FileManager.default.createSymbolicLink(atPath: repo.root.appendingPathComponent(".gitattributes").path, withDestinationPath: gitconfig.path)
        let install = try repo.tool(["install"])
        #expect(install.status == 2, "\(install.stdout)\(install.stderr)")
        #expect(install.stderr.contains("is a symbolic link leading out of the repository"), "\(install.stderr)")
        #expect(String(decoding: try bytes(gitconfig), as: UTF8.self) == "[user]\n\tname = me\n")
        #expect(!String(decoding: try bytes(repo.root.appendingPathComponent(".git/config")), as: UTF8.self).contains("xcstrings"), "nothing half installed")
        #expect(try repo.git("status").status == 0)
        #expect(try repo.tool(["uninstall"]).status == 2)
    }

    /// Uninstall puts back what install found: the user's own driver and diff settings, their own
    /// attributes line and file, a file without a final newline; and takes away only what
    /// install added.
    @Test(arguments: [
        ("*.xcstrings merge=xcstrings\n", "my-own-tool %O %A %B"),
        ("*.png binary", nil),
        ("", nil),
        (nil, "my-own-tool %O %A %B"),
    ] as [(String?, String?)])
    func uninstallRestoresExactlyWhatWasThere(attributes: String?, driver: String?) throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        let file = repo.root.appendingPathComponent(".gitattributes")
        if let attributes { try Data(attributes.utf8).write(to: file) }
        if let driver { try repo.git("config", "merge.xcstrings.driver", driver) }
        try repo.git("config", "diff.xcstrings.textconv", "cat")
        let configBefore = try bytes(repo.root.appendingPathComponent(".git/config"))
        let install = try repo.tool(["install"])
        #expect(install.status == 0, "\(install.stderr)")
        #expect(try repo.git("config", "merge.xcstrings.driver").stdout.contains("xcstrings-merge"))
        let again = try repo.tool(["install"])
        #expect(again.stdout.contains("already installed"), "\(again.stdout)")
        let uninstall = try repo.tool(["uninstall"])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(try repo.git("config", "merge.xcstrings.driver").stdout.trimmingCharacters(in: .newlines) == (driver ?? ""))
        #expect(try repo.git("config", "diff.xcstrings.textconv").stdout == "cat\n")
        if let attributes {
            #expect(FileManager.default.fileExists(atPath: file.path), "the user's file stays")
            #expect(String(decoding: try bytes(file), as: UTF8.self) == attributes)
        } else {
            #expect(!FileManager.default.fileExists(atPath: file.path), "the file install made goes")
        }
        let configAfter = String(decoding: try bytes(repo.root.appendingPathComponent(".git/config")), as: UTF8.self)
        #expect(!configAfter.contains("before-install") && !configAfter.contains("added-"), "\(configAfter)")
        if driver == nil {
            #expect(configAfter == String(decoding: configBefore, as: UTF8.self), "\(configAfter)")
        }
    }

    /// A repository git refuses (another user's, not in safe.directory) is not "no repository":
    /// install says why and installs nothing, rather than installing for every repository.
    @Test(.enabled(if: getuid() == 0, "only root can give the test repository another owner"))
    func aRepositoryGitRefusesInstallsNothingGlobally() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        #expect(chown(repo.root.path, 12345, 12345) == 0 && chown(repo.root.appendingPathComponent(".git").path, 12345, 12345) == 0)
        let install = try repo.tool(["install"])
        #expect(install.status == 2, "\(install.stdout)\(install.stderr)")
        #expect(install.stderr.contains("git refuses this repository"), "\(install.stderr)")
        let global = (try? bytes(repo.home.appendingPathComponent(".gitconfig"))) ?? []
        #expect(!String(decoding: global, as: UTF8.self).contains("xcstrings"), "installed globally")
    }
}
