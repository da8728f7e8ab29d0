import XcstringsMergePlatform

extension Repository {
    /// The blobs, old and new, of the files matching `pathspec` that the commits reachable from
    /// HEAD changed: the versions `git log -p` shows, newest commit first, each blob once. Empty
    /// when HEAD has no commit yet. Read by `git log --raw` (git walks the history's trees far
    /// faster than a walk through libgit2 would, passing over unchanged folders whole).
    public func changedBlobs(matching pathspec: String) throws(GitError) -> [ObjectID] {
        let run = Subprocess.run([
            "git", "--git-dir=" + gitDirectory, "log", "--format=", "--raw", "--no-abbrev", "--no-renames", "--no-show-signature", "-z",
            "HEAD", "--", pathspec,
        ])
        guard run.status == 0 else {
            if (try? referenceTarget("HEAD")) == nil { return [] }  // no commit yet
            throw GitError(code: -1, message: "git log failed: \(run.errorOutput.trimmingWhitespace())")
        }
        var blobs: [ObjectID] = []
        var seen = Set<String>()
        var expectingPath = false
        for token in run.outputBytes.split(separator: 0, omittingEmptySubsequences: false) {
            if expectingPath {
                expectingPath = false
                continue
            }
            // `:100644 100644 <old> <new> M`, then the path (one: renames are not followed); a
            // commit's first record may follow a newline.
            let record = token.drop { $0 == 0x0A }
            guard record.first == 0x3A else { continue }
            expectingPath = true
            let fields = record.dropFirst().split(separator: 0x20)
            guard fields.count == 5 else { continue }
            for (mode, id) in [(fields[0], fields[2]), (fields[1], fields[3])] {
                guard mode.elementsEqual("100644".utf8) || mode.elementsEqual("100755".utf8) else { continue }
                let hex = String(decoding: id, as: UTF8.self)
                guard let object = ObjectID(hex: hex), seen.insert(hex).inserted else { continue }
                blobs.append(object)
            }
        }
        return blobs
    }
}
