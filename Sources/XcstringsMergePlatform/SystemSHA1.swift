/// SHA-1 from the system's own library, which uses the processor's SHA instructions where it has
/// them: OpenSSL's libcrypto on Linux, CommonCrypto on macOS (part of libSystem). 41 MB in about
/// 20 ms on this project's Linux machine, where the project's own Swift SHA-1 takes 80 to 110.
/// Opened on first use, as libxml2 is: nothing loads it but a command that hashes. Nil when the
/// library or one of its three functions cannot be found; the caller then hashes itself.
public enum SystemSHA1 {
    /// `init(context)`, `update(context, bytes, count)`, `final(digest, context)`: the same three
    /// calls in both libraries, each answering 1 for success.
    struct Functions: @unchecked Sendable {
        let begin: @convention(c) (UnsafeMutableRawPointer) -> Int32
        let update: (UnsafeMutableRawPointer, UnsafeRawPointer, Int) -> Int32
        let finish: @convention(c) (UnsafeMutablePointer<UInt8>, UnsafeMutableRawPointer) -> Int32
    }

    #if canImport(Darwin)
    /// CommonCrypto's functions, in libSystem's shared cache.
    static let libraryPaths = ["/usr/lib/system/libcommonCrypto.dylib"]
    static let names = (begin: "CC_SHA1_Init", update: "CC_SHA1_Update", finish: "CC_SHA1_Final")
    /// The most one update takes: `CC_SHA1_Update`'s count is a 32-bit `CC_LONG`.
    static let largestUpdate = 1 << 30
    static func update(at address: UnsafeMutableRawPointer) -> (UnsafeMutableRawPointer, UnsafeRawPointer, Int) -> Int32 {
        let native = unsafeBitCast(address, to: (@convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer, UInt32) -> Int32).self)
        return { context, bytes, count in native(context, bytes, UInt32(count)) }
    }
    #elseif canImport(Glibc)
    /// OpenSSL's functions, which libcrypto 3 still exports; the loader finds the system's copy
    /// by its soname.
    static let libraryPaths = ["libcrypto.so.3", "libcrypto.so.1.1"]
    static let names = (begin: "SHA1_Init", update: "SHA1_Update", finish: "SHA1_Final")
    /// `SHA1_Update` takes a `size_t` count.
    static let largestUpdate = Int.max
    static func update(at address: UnsafeMutableRawPointer) -> (UnsafeMutableRawPointer, UnsafeRawPointer, Int) -> Int32 {
        let native = unsafeBitCast(address, to: (@convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer, Int) -> Int32).self)
        return { context, bytes, count in native(context, bytes, count) }
    }
    #endif

    static let functions: Functions? = {
        guard case .success(let (handle, _)) = SharedLibraries.open(firstOf: libraryPaths) else { return nil }
        guard let begin = SharedLibraries.symbol(names.begin, in: handle),
            let update = SharedLibraries.symbol(names.update, in: handle),
            let finish = SharedLibraries.symbol(names.finish, in: handle)
        else {
            SharedLibraries.close(handle)
            return nil
        }
        return Functions(
            begin: unsafeBitCast(begin, to: (@convention(c) (UnsafeMutableRawPointer) -> Int32).self),
            update: Self.update(at: update),
            finish: unsafeBitCast(finish, to: (@convention(c) (UnsafeMutablePointer<UInt8>, UnsafeMutableRawPointer) -> Int32).self))
    }()

    /// Whether the system's SHA-1 could be opened.
    public static var isAvailable: Bool { functions != nil }

    /// The 20-byte digest of `parts` one after another; nil without the system's SHA-1.
    public static func digest(_ parts: [UnsafeRawBufferPointer]) -> [UInt8]? {
        guard let functions else { return nil }
        // Both libraries' contexts are 96 bytes of 32-bit words; room to spare, aligned for any.
        let context = UnsafeMutableRawPointer.allocate(byteCount: 256, alignment: 16)
        defer { context.deallocate() }
        guard functions.begin(context) == 1 else { return nil }
        for part in parts {
            guard let base = part.baseAddress else { continue }
            var offset = 0
            while offset < part.count {
                let count = min(part.count - offset, largestUpdate)
                guard functions.update(context, base + offset, count) == 1 else { return nil }
                offset += count
            }
        }
        var digest = [UInt8](repeating: 0, count: 20)
        let finished = digest.withUnsafeMutableBufferPointer { functions.finish($0.baseAddress!, context) }
        return finished == 1 ? digest : nil
    }
}
