/// The kinds of argument a format specifier reads. Two specifiers of one class read the same
/// kind of value (`%d` and `%lld` both read an integer); specifiers of different classes read
/// the caller's argument as something it is not.
public enum ArgumentClass: String, Sendable, CaseIterable {
    case object, integer, floatingPoint = "floating point", character, cString = "C string", pointer

    /// The class a conversion character reads, or nil for a character that is no conversion.
    init?(conversion: UInt8) {
        switch conversion {
        case UInt8(ascii: "@"): self = .object
        case UInt8(ascii: "d"), UInt8(ascii: "D"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "U"),
            UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "o"), UInt8(ascii: "O"):
            self = .integer
        case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"),
            UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"):
            self = .floatingPoint
        case UInt8(ascii: "c"), UInt8(ascii: "C"): self = .character
        case UInt8(ascii: "s"), UInt8(ascii: "S"): self = .cString
        case UInt8(ascii: "p"): self = .pointer
        default: return nil
        }
    }

    /// The class of a substitution's `formatSpecifier` (`lld`, `@`, `.2f`), or nil if unknown.
    public init?(formatSpecifier: String) {
        guard let last = formatSpecifier.utf8.last else { return nil }
        let text = "%" + formatSpecifier
        let parsed = FormatString.specifiers(in: text)
        guard parsed.count == 1, parsed[0].range == text.utf8.startIndex..<text.utf8.endIndex else {
            self.init(conversion: last)
            return
        }
        self = parsed[0].argumentClass
    }
}

/// One conversion in a format string.
public struct FormatSpecifier: Sendable, Equatable {
    /// The argument it reads, counting from 1: written (`%2$@`) or implied by its order.
    public var position: Int
    public var argumentClass: ArgumentClass
    /// Whether the space flag was written (`% d`): developers and Xcode never write it, so a
    /// percent sign followed by a space is prose unless the string is known to be a format.
    public var hasSpaceFlag: Bool
    /// For a substitution token (`%#@name@`), its name.
    public var substitution: String?
    /// Where it is in the string's UTF-8 bytes.
    public var range: Range<String.UTF8View.Index>
    /// The argument's name, when the placeholder carries one (`%1$(count)lld`): Xcode 26 makes
    /// it the label of the generated symbol's argument. A name is a label only: arguments match
    /// by position and class as ever.
    public var name: String? = nil
}

/// printf-style format strings as Foundation reads them (`String(format:)`, `NSString`).
///
/// Xcode 26 placeholders may carry a name, which becomes the argument label of the Swift symbol
/// Xcode generates for a manually managed string (`STRING_CATALOG_GENERATE_SYMBOLS`): the key
/// `landmarks_count` with `%1$(count)lld` is called as `.landmarksCount(count: 42)`. As Xcode 26
/// writes them in public catalogs (`%1$(count)lld개`, `%(kind)@ of %(parent)@`,
/// `%1$(temp).1f°C`, `%1$(progress).2f%% complete`): the name, in parentheses, comes right after
/// the `%` or the position (`N$`) and before flags, width, precision, length and conversion. A
/// name is an identifier (letters, digits and `_`, not starting with a digit; letters beyond
/// ASCII too, as Swift's labels allow), at most 64 bytes. Named and unnamed placeholders mix as
/// positions always do: an unnamed one without a position reads the next argument. `%%` is a
/// literal percent sign before anything, so `%%(count)` is prose.
public enum FormatString {
    /// Where the name of a placeholder ends, when `bytes` hold `(name)` at `start`: the index
    /// after the closing parenthesis, or nil when there is no name there.
    @inline(__always)
    static func nameEnd<Bytes: RandomAccessCollection>(in bytes: Bytes, at start: Int) -> Int? where Bytes.Element == UInt8, Bytes.Index == Int {
        guard start < bytes.endIndex, bytes[start] == UInt8(ascii: "(") else { return nil }
        var i = start + 1
        while i < bytes.endIndex, i - start <= 65 {
            let byte = bytes[i]
            if byte == UInt8(ascii: ")") { return i > start + 1 ? i + 1 : nil }
            let isLetter = (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_") || byte >= 0x80
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            guard isLetter || (isDigit && i > start + 1) else { return nil }
            i += 1
        }
        return nil
    }

    /// Every conversion in `text`, in order: `%` with an optional position (`2$`), flags
    /// (`-+ #0'`), a width and a precision (digits or `*`), a length (`h hh l ll q z t j L`) and a
    /// conversion; or a substitution token `%#@name@`. `%%` is a literal percent sign and reads
    /// nothing; a `%` followed by no valid conversion reads nothing either.
    ///
    /// `firstArgument` is the argument the first conversion without a written position reads:
    /// 1 for a string, a substitution's `argNum` for the text of one of its variations. Foundation
    /// formats a substitution's chosen variation starting at the substitution's own argument
    /// (CoreFoundation's `__CFStringAppendFormatCore`, `initialArgPosition`), so a bare `%d` in
    /// a plural on argument 2 reads argument 2.
    public static func specifiers(in text: String, firstArgument: Int = 1) -> [FormatSpecifier] {
        let bytes = Array(text.utf8)
        // The string's index at a byte offset (constant time in a native string).
        func index(_ offset: Int) -> String.UTF8View.Index { text.utf8.index(text.utf8.startIndex, offsetBy: offset) }
        var result: [FormatSpecifier] = []
        var next = max(firstArgument, 1)
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "%") else {
                i += 1
                continue
            }
            let start = i
            i += 1
            guard i < bytes.count else { break }
            if bytes[i] == UInt8(ascii: "%") {
                i += 1
                continue
            }
            // Position: digits followed by '$'.
            var position: Int?
            var j = i
            var number = 0
            while j < bytes.count, bytes[j] >= UInt8(ascii: "0"), bytes[j] <= UInt8(ascii: "9") {
                number = min(number * 10 + Int(bytes[j] - UInt8(ascii: "0")), 1_000_000)
                j += 1
            }
            if j > i, j < bytes.count, bytes[j] == UInt8(ascii: "$"), number > 0 {
                position = number
                i = j + 1
            }
            // A name (`%(count)lld`, `%1$(count)lld`).
            var name: String?
            if let end = nameEnd(in: bytes, at: i) {
                name = String(decoding: bytes[(i + 1)..<(end - 1)], as: UTF8.self)
                i = end
            }
            // A substitution token: %#@name@.
            if i + 1 < bytes.count, bytes[i] == UInt8(ascii: "#"), bytes[i + 1] == UInt8(ascii: "@"),
                let close = bytes[(i + 2)...].firstIndex(of: UInt8(ascii: "@")), close > i + 2
            {
                let name = String(decoding: bytes[(i + 2)..<close], as: UTF8.self)
                let argument = position ?? next
                if position == nil { next += 1 }
                result.append(FormatSpecifier(
                    position: argument, argumentClass: .object, hasSpaceFlag: false, substitution: name,
                    range: index(start)..<index(close + 1)))
                i = close + 1
                continue
            }
            var hasSpaceFlag = false
            func isFlag(_ byte: UInt8) -> Bool {
                switch byte {
                case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: " "), UInt8(ascii: "#"), UInt8(ascii: "0"), UInt8(ascii: "'"): return true
                default: return false
                }
            }
            func isLength(_ byte: UInt8) -> Bool {
                switch byte {
                case UInt8(ascii: "h"), UInt8(ascii: "l"), UInt8(ascii: "q"), UInt8(ascii: "z"), UInt8(ascii: "t"), UInt8(ascii: "j"), UInt8(ascii: "L"): return true
                default: return false
                }
            }
            while i < bytes.count, isFlag(bytes[i]) {
                if bytes[i] == UInt8(ascii: " ") { hasSpaceFlag = true }
                i += 1
            }
            // Width and precision: digits, or '*' (which reads an integer argument too).
            var starArguments = 0
            func skipCount() {
                if i < bytes.count, bytes[i] == UInt8(ascii: "*") {
                    starArguments += 1
                    i += 1
                    return
                }
                while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            }
            skipCount()
            if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
                i += 1
                skipCount()
            }
            // Length modifiers.
            while i < bytes.count, isLength(bytes[i]) {
                i += 1
            }
            guard i < bytes.count, let argumentClass = ArgumentClass(conversion: bytes[i]) else {
                // Not a conversion: Foundation prints it as it is.
                i = start + 1
                continue
            }
            for _ in 0..<starArguments {
                result.append(FormatSpecifier(
                    position: next, argumentClass: .integer, hasSpaceFlag: false, substitution: nil,
                    range: index(start)..<index(i + 1)))
                next += 1
            }
            let argument = position ?? next
            if position == nil { next += 1 }
            result.append(FormatSpecifier(
                position: argument, argumentClass: argumentClass, hasSpaceFlag: hasSpaceFlag, substitution: nil,
                range: index(start)..<index(i + 1), name: name))
            i += 1
        }
        return result
    }

    /// The arguments `text` reads, by position; a position read as two classes keeps the first.
    /// Substitution tokens read the argument their substitution names: `substitutions` gives
    /// each name's `argNum` and class (a token with neither reads its own position as an object).
    public static func arguments(
        in text: String, substitutions: [String: (argNum: Int?, argumentClass: ArgumentClass?)] = [:], firstArgument: Int = 1
    ) -> [Int: ArgumentClass] {
        arguments(of: specifiers(in: text, firstArgument: firstArgument), substitutions: substitutions)
    }

    /// The arguments that `all` (a text's specifiers) read.
    public static func arguments(
        of all: [FormatSpecifier], substitutions: [String: (argNum: Int?, argumentClass: ArgumentClass?)] = [:]
    ) -> [Int: ArgumentClass] {
        var arguments: [Int: ArgumentClass] = [:]
        for specifier in all where specifier.substitution == nil && arguments[specifier.position] == nil {
            arguments[specifier.position] = specifier.argumentClass
        }
        for specifier in all {
            guard let name = specifier.substitution else { continue }
            let substitution = substitutions[name]
            let position = substitution?.argNum ?? specifier.position
            if arguments[position] == nil { arguments[position] = substitution?.argumentClass ?? .object }
        }
        return arguments
    }

    /// Whether `text` holds a conversion written the way developers and Xcode write them (no
    /// space flag): then the app passes arguments and every `%` in a translation is a format.
    public static func passesArguments(_ text: String) -> Bool {
        specifiers(in: text).contains { !$0.hasSpaceFlag }
    }

    /// `text` without its conversions (and with `%%` as `%`).
    public static func removingSpecifiers(_ text: String) -> String {
        var result = ""
        var last = text.utf8.startIndex
        // A `*` width or precision reads its own argument within its conversion's range: the
        // ranges can repeat, and each is removed once.
        for specifier in specifiers(in: text) where specifier.range.lowerBound >= last {
            result += String(text[last..<specifier.range.lowerBound])
            last = specifier.range.upperBound
        }
        result += String(text[last...])
        return result.replacingOccurrencesOfPercentPair()
    }
}

extension String {
    /// `%%` as `%`.
    func replacingOccurrencesOfPercentPair() -> String {
        // Without two percent signs in a row there is nothing to replace.
        guard zip(utf8, utf8.dropFirst()).contains(where: { $0 == UInt8(ascii: "%") && $1 == UInt8(ascii: "%") }) else { return self }
        var result = ""
        var previousWasPercent = false
        for character in self {
            if character == "%" && previousWasPercent {
                previousWasPercent = false
                continue
            }
            previousWasPercent = character == "%"
            result.append(character)
        }
        return result
    }
}
