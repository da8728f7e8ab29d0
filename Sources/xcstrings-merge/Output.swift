#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Platform

/// Writes to standard output and standard error without buffering surprises.
enum Output {
    static func out(_ text: String) { write(1, text) }
    static func out(bytes: [UInt8]) { bytes.withUnsafeBytes { _ = FileDescriptors.writeAll(1, $0) } }
    static func err(_ text: String) { write(2, text) }

    static func write(_ fd: Int32, _ text: String) {
        var text = text
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
