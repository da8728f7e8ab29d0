import StringCatalog

/// What `xcstrings-merge textconv` prints for a file: the catalog's lines (`FactLines`), or a
/// file that is not a catalog (conflict markers in the middle of a merge) as it is, but for what
/// a terminal would act on. One function, so that git's textconv cache filled ahead of time
/// (`TextconvCache`) holds exactly what the converter would print.
public enum TextconvText {
    public static func write(_ buffer: UnsafeBufferPointer<UInt8>, to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        if FactLines.write(catalogBytes: buffer, to: sink) { return }
        let text = String(decoding: buffer, as: UTF8.self)
        guard !text.isEmpty else { return }
        Array(VisibleText.escaping(text).utf8).withUnsafeBufferPointer(sink)
    }

    /// `write`'s output, collected.
    public static func bytes(of buffer: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(buffer.count / 2)
        write(buffer) { output.append(contentsOf: $0) }
        return output
    }
}
