#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The terminal the tool writes to.
public enum Terminal {
    /// Columns to fit text to: the width of the terminal on standard output, else on standard
    /// error (a merge driver's summary goes there while git holds standard output), else
    /// `$COLUMNS`, else 100. Never under 40, so that a wrapped value keeps some room.
    public static var columns: Int {
        for fd in [Int32(1), 2] {
            if let width = width(of: fd) { return max(width, 40) }
        }
        if let text = ProcessEnvironment.value("COLUMNS"), let width = Int(text), width > 0 { return max(width, 40) }
        return 100
    }

    /// `TIOCGWINSZ` on `fd`: its terminal's columns, nil when it is no terminal or says 0.
    static func width(of fd: Int32) -> Int? {
        guard isatty(fd) == 1 else { return nil }
        var size = winsize()
        // The request's type differs (UInt on Darwin, Int32 on Glibc); the overlays' ioctl
        // that takes a pointer wants a UInt on both.
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
