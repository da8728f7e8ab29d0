import Foundation

/// The bashes the project's scripts must run under: this system's, and macOS's 3.2 (GitHub's macOS
/// runners and `#!/usr/bin/env bash` on a Mac run Apple's /bin/bash, GNU bash 3.2.57), whose
/// stand-in built for Linux is `../shared/macos-bash/bash`. Linux's bash 5 accepts what 3.2
/// refuses (an empty array under `set -u`, `mapfile`, `${x,,}`), so each script's tests run
/// under both where the stand-in is present.
public enum ScriptShell: String, Sendable, CustomStringConvertible {
    case systemBash = "bash"
    case macOSBash = "macOS bash 3.2"

    public var description: String { rawValue }

    /// The stand-in for macOS's bash, when `../shared` is beside the package.
    public static let macOSBashURL: URL? = {
        let url = Paths.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/macos-bash/bash")
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }()

    public static let macOSBashAbsentMessage = "../shared/macos-bash/bash is absent: the scripts are not run under macOS's bash 3.2"

    /// The shells present here: this system's bash always, macOS's when its stand-in is there.
    public static var available: [ScriptShell] {
        macOSBashURL == nil ? [.systemBash] : [.systemBash, .macOSBash]
    }

    public var url: URL {
        switch self {
        case .systemBash: return URL(fileURLWithPath: "/bin/bash")
        case .macOSBash: return Self.macOSBashURL ?? URL(fileURLWithPath: "/bin/bash")
        }
    }
}
