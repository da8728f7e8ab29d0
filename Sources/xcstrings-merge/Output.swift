#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import XcstringsMergePlatform
import StringCatalog

/// Writes to standard output and standard error without buffering surprises.
///
/// Text goes out with every control character but tab and line feed, and every bidirectional
/// override, shown visibly (`VisibleText`): messages quote keys and values from catalogs that
/// other people wrote, and none of their characters may drive the terminal. The tool's own text
/// holds no such character; what it colours on purpose goes out as bytes (`out(bytes:)`), built
/// by a caller that made the catalog text in it visible first.
///
/// A failed write to standard output is remembered (`standardOutputFailure`): a report sent to a
/// full disk (`lint --format sarif > x.sarif`) must not pass with an empty file. `main` then
/// says so and exits 2.
enum Output {
    static func out(_ text: String) { write(1, text) }
    static func out(bytes: [UInt8]) { bytes.withUnsafeBytes { writeAll(1, $0) } }
    static func out(buffer: UnsafeBufferPointer<UInt8>) { writeAll(1, UnsafeRawBufferPointer(buffer)) }
    static func err(_ text: String) { write(2, text) }

    /// `path:line:column: error: message` on standard error, as compilers write it; without a
    /// line (0) the problem is the file's: `path: error: message`.
    static func fileError(_ path: String, line: Int, column: Int, _ message: String) {
        err(line > 0 ? "\(path):\(line):\(column): error: \(message)\n" : "\(path): error: \(message)\n")
    }

    static func write(_ fd: Int32, _ text: String) {
        var text = VisibleText.escaping(text)
        text.withUTF8 { writeAll(fd, UnsafeRawBufferPointer($0)) }
    }

    private static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) {
        if !FileDescriptors.writeAll(fd, bytes), fd == 1 {
            let error = FileDescriptors.lastError
            failureLock.locked { if failure == nil { failure = error } }
        }
    }

    private static let failureLock = Lock()
    nonisolated(unsafe) private static var failure: Int32?

    /// The error of the first write to standard output that failed, if one did.
    static var standardOutputFailure: Int32? { failureLock.locked { failure } }

    /// The exit status once a command returned `status`: a failed write to standard output makes
    /// it 2, with a message, unless the reader went away on purpose (EPIPE: `| head`), which git
    /// does not report either.
    static func finalStatus(_ status: Int32) -> Int32 {
        guard let error = standardOutputFailure, error != EPIPE else { return status }
        err("xcstrings-merge: cannot write to standard output: \(String(cString: strerror(error)))\n")
        return 2
    }

    /// Whether to colour standard output for `--color always|never|auto`: auto colours a
    /// terminal, unless NO_COLOR is set or TERM is dumb (Emacs' shell, some CI logs).
    static func usesColour(_ choice: String) -> Bool {
        switch choice {
        case "always": return true
        case "never": return false
        default:
            return standardOutputIsTerminal && ProcessEnvironment.value("NO_COLOR") == nil && ProcessEnvironment.value("TERM") != "dumb"
        }
    }

    static var standardErrorIsTerminal: Bool { isatty(2) == 1 }
    static var standardOutputIsTerminal: Bool { isatty(1) == 1 }
    static var standardInputIsTerminal: Bool { isatty(0) == 1 }
}
