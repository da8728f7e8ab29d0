import Foundation
import XcstringsMergePlatform

/// What a finished process said and how it ended.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Set once before the first child is given input: a child that exits before reading it (a
/// `resolve --interactive` with nothing to ask) makes the write fail with EPIPE, where SIGPIPE
/// would end the whole test process, as the tool itself ignores it at start.
private let writeSignalsIgnored: Void = Signals.ignoreWriteSignals()

/// Runs a program to completion, with optional standard input and extra environment.
@discardableResult
public func run(
    _ executable: URL, _ arguments: [String], in directory: URL? = nil, input: String? = nil,
    environment: [String: String] = [:]
) throws -> ProcessResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    let inPipe = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = inPipe
    _ = writeSignalsIgnored
    try process.run()
    // What the child did not read is its own business: its status and output are checked.
    if let input { writeAll(Array(input.utf8), to: inPipe.fileHandleForWriting.fileDescriptor) }
    try inPipe.fileHandleForWriting.close()
    // Read both pipes concurrently so a full pipe cannot block the child.
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errData = readAll(err.fileHandleForReading)
        group.leave()
    }
    let outData = readAll(out.fileHandleForReading)
    group.wait()
    process.waitUntilExit()
    return ProcessResult(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self))
}

/// All a pipe gives until its end. Foundation's `readDataToEndOfFile` traps when a signal for
/// another test's child interrupts the read (EINTR); this retries it, and ends on any other error.
public func readAll(_ handle: FileHandle) -> Data {
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
        if count > 0 { data.append(contentsOf: chunk[..<count]) } else if count < 0 && errno == EINTR { continue } else { return data }
    }
}

/// Writes all of `bytes` (retrying an interrupted write) or stops at the first other error:
/// a reader that went away is its own business, its status and output are checked.
public func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    var written = 0
    while written < bytes.count {
        let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if count > 0 { written += count } else if count < 0 && errno == EINTR { continue } else { return }
    }
}

/// Runs the built `xcstrings-merge`.
@discardableResult
public func runTool(_ arguments: [String], in directory: URL? = nil, input: String? = nil, environment: [String: String] = [:]) throws -> ProcessResult {
    try run(Paths.tool, arguments, in: directory, input: input, environment: environment)
}

/// A fresh temporary directory, removed by `remove()`.
public struct TemporaryDirectory {
    public let url: URL
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("xcsm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }
    public func write(_ name: String, _ contents: [UInt8]) throws -> URL {
        let file = file(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents).write(to: file)
        return file
    }
    public func write(_ name: String, _ contents: String) throws -> URL { try write(name, Array(contents.utf8)) }
    public func remove() { try? FileManager.default.removeItem(at: url) }
}
