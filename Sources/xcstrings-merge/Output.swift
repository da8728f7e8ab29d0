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
enum Output {
    static func out(_ text: String) { write(1, text) }
    static func out(bytes: [UInt8]) { bytes.withUnsafeBytes { _ = FileDescriptors.writeAll(1, $0) } }
    static func out(buffer: UnsafeBufferPointer<UInt8>) { _ = FileDescriptors.writeAll(1, UnsafeRawBufferPointer(buffer)) }
    static func err(_ text: String) { write(2, text) }

    static func write(_ fd: Int32, _ text: String) {
        var text = VisibleText.escaping(text)
        text.withUTF8 { _ = FileDescriptors.writeAll(fd, UnsafeRawBufferPointer($0)) }
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
