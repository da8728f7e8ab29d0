import Foundation
import StringCatalog

/// Catalogs whose deepest value sits `depth` levels down (the top-level object is level 1), for
/// the tests that prove deep input never exhausts a 512 KiB stack, as a macOS worker thread has.
public enum DeepNesting {
    /// The deepest nesting the reader accepts.
    public static let cap = JSONReader.defaultMaximumDepth

    public enum Kind: String, CaseIterable, Sendable { case objects, arrays }

    /// `levels` nested containers around the string `leaf`; for objects, the innermost one also
    /// holds `sibling` when given.
    public static func value(levels: Int, kind: Kind, leaf: String, sibling: String? = nil) -> String {
        guard levels > 0 else { return "\"\(leaf)\"" }
        switch kind {
        case .objects:
            let innermost = "{\"a\" : \"\(leaf)\"" + (sibling.map { ", \"b\" : \"\($0)\"" } ?? "") + "}"
            return String(repeating: "{\"a\" : ", count: levels - 1) + innermost + String(repeating: "}", count: levels - 1)
        case .arrays:
            return String(repeating: "[", count: levels) + "\"\(leaf)\"" + String(repeating: "]", count: levels)
        }
    }

    /// A catalog with one entry whose deepest value is at `depth`: inside the entry (an unknown
    /// field, as a future Xcode might write) when the entry is deep enough, else at the top level.
    public static func catalog(depth: Int, kind: Kind, leaf: String = "B", sibling: String? = nil) -> String {
        let unit = "\"localizations\" : {\"de\" : {\"stringUnit\" : {\"state\" : \"translated\", \"value\" : \"Wert\"}}}"
        if depth >= 4 {
            let field = value(levels: depth - 3, kind: kind, leaf: leaf, sibling: sibling)
            return "{\"sourceLanguage\" : \"en\", \"strings\" : {\"K\" : {\(unit), \"x\" : \(field)}}, \"version\" : \"1.0\"}"
        }
        let field = value(levels: depth - 1, kind: kind, leaf: leaf, sibling: sibling)
        let strings = depth >= 3 ? "{\"K\" : {}}" : depth == 2 ? "{}" : "{}"
        return "{\"sourceLanguage\" : \"en\", \"strings\" : \(strings), \"version\" : \"1.0\", \"x\" : \(field)}"
    }

    /// Runs `body` on a thread with a 512 KiB stack, the size macOS gives Dispatch's worker
    /// threads, and waits for it.
    public static func onSmallStack<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let box = ResultBox<T>()
        let thread = Thread {
            box.value = body()
            box.done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        box.done.wait()
        return box.value!
    }
}

/// Carries a result from the small-stack thread back to the waiting one.
final class ResultBox<T>: @unchecked Sendable {
    var value: T?
    let done = DispatchSemaphore(value: 0)
}
