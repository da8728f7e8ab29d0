import Foundation
import Testing
import XcstringsMergeTestSupport

/// The sources build on macOS as well as Linux: nothing Linux-only outside a Linux branch.
@Suite struct SourcePortabilityTests {
    @Test func theSourcesHaveNoLinuxOnlyNamesOutsideALinuxBranch() {
        let findings = PortabilityCheck.findings(inPackage: Paths.packageRoot)
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
    }

    @Test(arguments: [
        ("#if canImport(Glibc)\nimport Glibc\n#endif\n", "a Linux branch without a Darwin (or #else) branch"),
        ("import Glibc\n", "'import Glibc' outside `#if canImport(Glibc)`"),
        ("let n = Glibc.read(fd, p, 1)\n", "'Glibc.' outside a Linux branch"),
        ("#if canImport(Darwin)\nlet n = Glibc.errno\n#endif\n", "'Glibc.' outside a Linux branch"),
        ("let path = \"/proc/self/exe\"\n", "'/proc/' outside a Linux branch (macOS has no /proc)"),
        ("#if canImport(Darwin)\n@_silgen_name(\"_NSGetEnviron\")\nfunc e() -> Int\n#endif\n", "'@_silgen_name': import the declaration from the system's module instead"),
    ])
    func flagsWhatWouldNotBuildOnAMac(_ source: String, _ message: String) {
        let findings = PortabilityCheck.findings(in: source, file: "Example.swift")
        #expect(findings.map(\.message) == [message])
    }

    @Test(arguments: [
        "#if canImport(Darwin)\nimport Darwin\n#elseif canImport(Glibc)\nimport Glibc\n#endif\n",
        "#if canImport(Darwin)\nlet e = Darwin.errno\n#else\nlet e = Glibc.errno\n#endif\n",
        "#if os(Linux)\nlet path = \"/proc/self/exe\"\n#else\nlet path = \"\"\n#endif\n",
        "// Glibc.read and /proc/ in a comment\n",
    ])
    func passesTheStandardBranches(_ source: String) {
        #expect(PortabilityCheck.findings(in: source, file: "Example.swift").isEmpty)
    }
}
