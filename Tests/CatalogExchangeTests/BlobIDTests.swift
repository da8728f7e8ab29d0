import Testing
@testable import CatalogExchange
import XcstringsMergePlatform
import XcstringsMergeTestSupport

/// The export's blob id is git's, whichever SHA-1 makes it: the system's (libcrypto,
/// CommonCrypto) gives the digests the project's own SHA-1 gives.
@Suite struct BlobIDTests {
    @Test(.enabled(if: SystemSHA1.isAvailable), arguments: [0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 1000, 3 << 20])
    func theSystemsSHA1GivesTheProjectsDigests(count: Int) {
        var generator = SeededGenerator(seed: UInt64(count))
        let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
        var own = SHA1()
        own.update(bytes)
        let system = bytes.withUnsafeBytes { SystemSHA1.digest([$0]) }
        #expect(system == own.finish())
        // In parts, as the blob id hashes its header and then the bytes.
        let split = count / 3
        var ownInParts = SHA1()
        ownInParts.update(Array(bytes[..<split]))
        ownInParts.update(Array(bytes[split...]))
        let systemInParts = bytes[..<split].withUnsafeBytes { first in bytes[split...].withUnsafeBytes { SystemSHA1.digest([first, $0]) } }
        #expect(systemInParts == ownInParts.finish())
    }
}
