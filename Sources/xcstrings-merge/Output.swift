#if canImport(Glibc)
import Glibc
#endif

/// Writes to standard output and standard error without buffering surprises.
enum Output {
    static func out(_ text: String) { write(1, text) }
    static func err(_ text: String) { write(2, text) }

    static func write(_ fd: Int32, _ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += n
            }
        }
    }

    static var standardErrorIsTerminal: Bool { isatty(2) == 1 }
    static var standardInputIsTerminal: Bool { isatty(0) == 1 }
}
