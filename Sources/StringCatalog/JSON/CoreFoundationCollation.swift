#if !canImport(Darwin)
internal import _FoundationICU
import XcstringsMergePlatform

/// Xcode's key comparison without Foundation: CoreFoundation's
/// `CFStringCompareWithOptionsAndLocale` with the options Xcode sorts by
/// (`[.numeric, .caseInsensitive, .forcedOrdering]`, root locale; NSString's `compare` adds
/// `kCFCompareNonliteral`, as the option `.literal` is absent), transcribed onto ICU, the same
/// ICU (`_FoundationICU`) that Foundation itself calls on Linux.
///
/// Why not Foundation: linking it costs every start of the tool about 0.7 ms (CoreFoundation's
/// and libdispatch's initialisers, ~90 page faults), a third of a `--version` and of a merge of a
/// small catalog, while only keys that differ in characters `KeyOrder`'s own comparisons do not
/// know ever reach this function. On macOS Foundation is part of the system and loads for free,
/// so `ReferenceCollation` calls it there.
///
/// The transcription follows swift-corelibs-foundation's `CFString.c`
/// (`CFStringCompareWithOptionsAndLocale`, `__CFStringFoldCharacterClusterAtIndex`) and
/// `CFStringUtilities.c` (`_CFCompareStringsWithLocale`, `__CompareTextDefault`,
/// `__CompareSpecials`), kept to the branches these options reach; names follow CF's so that
/// the two can be read side by side. Strings are UTF-16, as CF sees them. What it needs of the
/// Unicode character database (general categories, full case folding) comes from ICU, where CF
/// has its own tables of the same data. `KeyOrderTests` hold it to Foundation on the corpus's
/// keys and on randomized strings.
enum CoreFoundationCollation {
    /// -1, 0 or 1 as `string1` sorts before, the same as, or after `string2`.
    static func compare(_ string1: [UInt16], _ string2: [UInt16]) -> Int {
        string1.withUnsafeBufferPointer { a in
            string2.withUnsafeBufferPointer { b in
                CollatorPool.shared.withCollator { collator in
                    var comparison = Comparison(string1: a, string2: b, collator: collator)
                    return comparison.run()
                }
            }
        }
    }

    /// One comparison: CF's local variables.
    struct Comparison {
        let string1: UnsafeBufferPointer<UInt16>
        let string2: UnsafeBufferPointer<UInt16>
        let collator: OpaquePointer

        /// `CFStringGetCharacterFromInlineBuffer`: 0 outside the string.
        @inline(__always)
        static func character(_ string: UnsafeBufferPointer<UInt16>, _ index: Int) -> UInt32 {
            index >= 0 && index < string.count ? UInt32(string[index]) : 0
        }

        @inline(__always) static func isDigit(_ c: UInt32) -> Bool { c >= 0x30 && c <= 0x39 }
        @inline(__always) static func isHighSurrogate(_ c: UInt32) -> Bool { c >= 0xD800 && c <= 0xDBFF }
        @inline(__always) static func isLowSurrogate(_ c: UInt32) -> Bool { c >= 0xDC00 && c <= 0xDFFF }
        @inline(__always) static func combine(_ high: UInt32, _ low: UInt32) -> UInt32 {
            ((high - 0xD800) << 10) + (low - 0xDC00) + 0x10000
        }

        /// `CFStringCompareWithOptionsAndLocale` with a locale, `kCFCompareCaseInsensitive`,
        /// `kCFCompareNonliteral`, `kCFCompareNumerically` and `kCFCompareForcedOrdering`.
        mutating func run() -> Int {
            let length1 = string1.count, length2 = string2.count
            var buffer1 = FoldBuffer(), buffer2 = FoldBuffer()
            var index1 = 0, index2 = 0
            var used1 = 1, used2 = 1
            var localizedIndex1 = 0, localizedIndex2 = 0
            var forcedIndex1 = 0, forcedIndex2 = 0
            var preventFoldingUntil1 = 0, preventFoldingUntil2 = 0
            var result = 0
            var numericEquivalence = false

            while index1 < length1 && index2 < length2 {
                var c1: UInt32, c2: UInt32
                if buffer1.count == 0 {
                    c1 = Self.character(string1, index1)
                    // Forced ordering keeps case until the first difference has been recorded.
                    if c1 >= 0x41 && c1 <= 0x5A && result != 0 { c1 += 0x20 }
                    used1 = 1
                } else {
                    c1 = buffer1.next()
                }
                if buffer2.count == 0 {
                    c2 = Self.character(string2, index2)
                    if c2 >= 0x41 && c2 <= 0x5A && result != 0 { c2 += 0x20 }
                    used2 = 1
                } else {
                    c2 = buffer2.next()
                }

                if buffer1.count == 0 && Self.isDigit(c1) && buffer2.count == 0 && Self.isDigit(c2) {
                    // ASCII digit runs compare by value (wrapping past 2^64, as CF's does).
                    var value1: UInt64 = 0, value2: UInt64 = 0
                    let start1 = index1, start2 = index2
                    repeat {
                        value1 = value1 &* 10 &+ UInt64(c1 - 0x30)
                        index1 += 1
                        c1 = Self.character(string1, index1)
                    } while Self.isDigit(c1)
                    repeat {
                        value2 = value2 &* 10 &+ UInt64(c2 - 0x30)
                        index2 += 1
                        c2 = Self.character(string2, index2)
                    } while Self.isDigit(c2)
                    if value1 == value2 {
                        if result == 0 && index1 - start1 != index2 - start2 {
                            result = index1 - start1 < index2 - start2 ? -1 : 1
                            numericEquivalence = true
                            forcedIndex1 = start1
                            forcedIndex2 = start2
                        }
                        continue
                    }
                    return value1 < value2 ? -1 : 1
                }

                if c1 != c2 {
                    if result == 0 {
                        result = c1 < c2 ? -1 : 1
                        forcedIndex1 = localizedIndex1
                        forcedIndex2 = localizedIndex2
                    }
                    if c1 < 0x80 && c2 < 0x80 {
                        return compareWithLocale(from: index1, from: index2)
                    }
                    if Self.isHighSurrogate(c1) {
                        let other = Self.character(string1, index1 + 1)
                        if Self.isLowSurrogate(other) { c1 = Self.combine(c1, other); used1 = 2 }
                    }
                    if Self.isHighSurrogate(c2) {
                        let other = Self.character(string2, index2 + 1)
                        if Self.isLowSurrogate(other) { c2 = Self.combine(c2, other); used2 = 2 }
                    }
                    if c1 != c2 {
                        if buffer1.count == 0 && (preventFoldingUntil1 == 0 || preventFoldingUntil1 == index1) {
                            preventFoldingUntil1 = 0
                            var insufficientBuffer = false
                            Self.foldCluster(c1, of: string1, at: index1, into: &buffer1, consumed: &used1, insufficientBuffer: &insufficientBuffer)
                            if buffer1.count > 0 { c1 = buffer1.startReading() }
                            if insufficientBuffer { preventFoldingUntil1 = Self.clusterEnd(string1, from: index1) }
                        }
                        if buffer1.count == 0 && buffer2.count > 0 {
                            return compareWithLocale(from: localizedIndex1, from: localizedIndex2)
                        }
                        if buffer2.count == 0 && (buffer1.count == 0 || c1 != c2) && (preventFoldingUntil2 == 0 || preventFoldingUntil2 == index2) {
                            preventFoldingUntil2 = 0
                            var insufficientBuffer = false
                            Self.foldCluster(c2, of: string2, at: index2, into: &buffer2, consumed: &used2, insufficientBuffer: &insufficientBuffer)
                            if buffer2.count > 0 { c2 = buffer2.startReading() }
                            if buffer2.count == 0 || c1 != c2 {
                                return compareWithLocale(from: localizedIndex1, from: localizedIndex2)
                            }
                            if insufficientBuffer { preventFoldingUntil2 = Self.clusterEnd(string2, from: index2) }
                        }
                    }
                    if buffer1.count > 0 && buffer2.count > 0 {
                        while buffer1.index < buffer1.count && buffer2.index < buffer2.count {
                            if buffer1.current != buffer2.current { break }
                            buffer1.index += 1
                            buffer2.index += 1
                        }
                        if buffer1.index < buffer1.count && buffer2.index < buffer2.count {
                            return compareWithLocale(from: localizedIndex1, from: localizedIndex2)
                        }
                    }
                }

                if buffer1.count > 0 && buffer1.index == buffer1.count { buffer1.count = 0 }
                if buffer2.count > 0 && buffer2.index == buffer2.count { buffer2.count = 0 }
                if buffer1.count == 0 { index1 += used1 }
                if buffer2.count == 0 { index2 += used2 }
                if buffer1.count == 0 && buffer2.count == 0 {
                    localizedIndex1 = index1
                    localizedIndex2 = index2
                }
            }

            // ICU cannot see a numeric equivalence (`01` and `1`); any other forced order is
            // decided again by the locale from where it was found.
            if !numericEquivalence && result != 0 && index1 == length1 && index2 == length2 {
                result = compareWithLocale(from: forcedIndex1, from: forcedIndex2)
            }
            return index1 < length1 ? 1 : index2 < length2 ? -1 : result
        }

        /// `__CFStringFoldCharacterClusterAtIndex` with `kCFCompareCaseInsensitive` and
        /// `kCFCompareNonliteral`: the character at `index` (already `character`), canonically
        /// decomposed and case folded, with the combining marks that follow it, decomposed too and
        /// put in canonical order. Nothing (count 0) when that is the character itself alone.
        /// `consumed` becomes the UTF-16 length read when something was filled in.
        static func foldCluster(
            _ first: UInt32, of string: UnsafeBufferPointer<UInt16>, at index: Int,
            into buffer: inout FoldBuffer, consumed: inout Int, insufficientBuffer: inout Bool
        ) {
            buffer.reset()
            guard first != 0 else { return }
            var character = first
            var currentIndex = index + (character > 0xFFFF ? 2 : 1)
            if character < 0x80 {
                if character >= 0x41 && character <= 0x5A {
                    character += 0x20
                    buffer.append(character)
                }
            } else {
                if character <= 0xFFFF && isHighSurrogate(character) {
                    let low = Self.character(string, currentIndex)
                    if isLowSurrogate(low) {
                        character = combine(character, low)
                        currentIndex += 1
                    }
                }
                if let decomposition = UnicodeData.canonicalDecomposition(of: character) {
                    buffer.append(contentsOf: decomposition)
                    character = decomposition[0]
                }
                if let folded = UnicodeData.caseFolding(of: character) {
                    // The folding replaces the base, before any marks of the decomposition.
                    buffer.replaceFirst(with: folded)
                }
            }

            // The combining marks that follow.
            var doFill = true
            if buffer.count == 0 {
                let (next, width) = scalar(string, at: currentIndex)
                if UnicodeData.isGraphemeExtend(next) {
                    buffer.append(character)
                    if let decomposition = UnicodeData.canonicalDecomposition(of: next) {
                        if buffer.count + decomposition.count <= FoldBuffer.capacity {
                            buffer.append(contentsOf: decomposition)
                        } else {
                            insufficientBuffer = true
                        }
                    } else {
                        buffer.append(next)
                    }
                    currentIndex += width
                } else {
                    doFill = false
                }
            }
            var endedCharacterCluster = false
            while buffer.count < FoldBuffer.capacity {
                let (next, width) = scalar(string, at: currentIndex)
                guard UnicodeData.isGraphemeExtend(next) else {
                    endedCharacterCluster = true
                    break
                }
                if doFill {
                    if let decomposition = UnicodeData.canonicalDecomposition(of: next) {
                        if buffer.count + decomposition.count > FoldBuffer.capacity { break }
                        buffer.append(contentsOf: decomposition)
                    } else {
                        buffer.append(next)
                    }
                }
                currentIndex += width
            }
            if !endedCharacterCluster { insufficientBuffer = true }
            if buffer.count > 1 { buffer.sortTrailingMarks() }
            if buffer.count > 0 { consumed = currentIndex - index }
        }

        /// The character at `index` with its UTF-16 length, a surrogate pair joined.
        @inline(__always)
        static func scalar(_ string: UnsafeBufferPointer<UInt16>, at index: Int) -> (UInt32, Int) {
            let c = character(string, index)
            if isHighSurrogate(c) {
                let low = character(string, index + 1)
                if isLowSurrogate(low) { return (combine(c, low), 2) }
            }
            return (c, 1)
        }

        /// Where the grapheme cluster at `index` ends (`CFStringGetRangeOfCharacterClusterAtIndex`,
        /// needed only after a character with more than 64 combining marks): its first
        /// character, then everything that extends it.
        static func clusterEnd(_ string: UnsafeBufferPointer<UInt16>, from index: Int) -> Int {
            var location = index + scalar(string, at: index).1
            while location < string.count {
                let (next, width) = scalar(string, at: location)
                guard UnicodeData.isGraphemeExtend(next) || UnicodeData.isSpacingMark(next) || next == 0x200D else { break }
                location += width
            }
            return location
        }

        /// `_CFCompareStringsWithLocale` from `location1` and `location2` to the ends of the two
        /// strings, as CF runs it for strings that give it no direct pointer to their UTF-16 (a
        /// Swift string's NSString on Linux): the ranges start earlier over the punctuation and
        /// combining marks before them; ICU compares them whole when both rests fit CF's
        /// 64-character inline buffer, and otherwise word by word, growing the ranges until the
        /// order is decided at the primary strength.
        ///
        /// One departure: when a string is longer than 64 characters and its rest fits the buffer,
        /// CF on Linux can read characters past the buffer's end (the range it asks for is checked
        /// before it is lengthened back to the extended start), so that ICU sees a few bytes of
        /// memory instead of the string's last characters. Here the string's own characters are
        /// compared, as CF does on macOS, where strings give it their UTF-16 directly.
        func compareWithLocale(from location1: Int, from location2: Int) -> Int {
            let length1 = string1.count, length2 = string2.count
            var rangeStart1 = location1 > 0 ? Self.extendBackward(string1, from: location1 - 1) : location1
            var rangeStart2 = location2 > 0 ? Self.extendBackward(string2, from: location2 - 1) : location2
            let inlineBufferLength = 64

            if length1 - location1 <= inlineBufferLength && length2 - location2 <= inlineBufferLength {
                let (isEqual, order) = compareText(
                    UnsafeBufferPointer(rebasing: string1[rangeStart1...]),
                    UnsafeBufferPointer(rebasing: string2[rangeStart2...]))
                _ = isEqual  // forced ordering: an equal text still gets an order
                return order < 0 ? -1 : 1
            }

            var result = 0
            var order = 0
            var position1 = location1, position2 = location2
            // A string already used up keeps its last range: CF reuses the characters it fetched.
            var chunk1 = UnsafeBufferPointer(rebasing: string1[rangeStart1..<min(length1, rangeStart1 + length1 - location1)])
            var chunk2 = UnsafeBufferPointer(rebasing: string2[rangeStart2..<min(length2, rangeStart2 + length2 - location2)])
            repeat {
                if position1 < length1 {
                    position1 = Self.extendForward(string1, from: position1)
                    chunk1 = UnsafeBufferPointer(rebasing: string1[rangeStart1..<position1])
                }
                if position2 < length2 {
                    position2 = Self.extendForward(string2, from: position2)
                    chunk2 = UnsafeBufferPointer(rebasing: string2[rangeStart2..<position2])
                }
                let compared = compareText(chunk1, chunk2)
                order = compared.order
                if compared.isEqual {
                    if result == 0 && order != 0 { result = order < 0 ? -1 : 1 }
                    order = 0
                }
                if order < -1 || order > 1 { break }  // a primary difference decides
                if order == 0 {
                    rangeStart1 = position1
                    rangeStart2 = position2
                }
            } while position1 < length1 || position2 < length2
            if order != 0 { result = order < 0 ? -1 : 1 }
            return result
        }

        /// `__extendLocationBackward`: back over combining marks and punctuation, not past CJK.
        static func extendBackward(_ string: UnsafeBufferPointer<UInt16>, from start: Int) -> Int {
            var location = start
            while location > 0 {
                var c = character(string, location)
                let other = character(string, location - 1)
                if isLowSurrogate(c) && isHighSurrogate(other) {
                    c = combine(other, c)
                    let plane = c >> 16
                    if plane > 1 || (!UnicodeData.isNonBase(c) && !UnicodeData.isPunctuation(c)) { break }
                    location -= 2
                } else {
                    if (!UnicodeData.isNonBase(c) && !UnicodeData.isPunctuation(c)) || (c >= 0x2E80 && c < 0xAC00) { break }
                    location -= 1
                }
            }
            return location
        }

        /// `__extendLocationForward`: past the run of letters, digits, marks, punctuation and
        /// control characters at `start` and the one character that ends it; CJK characters end
        /// a run.
        static func extendForward(_ string: UnsafeBufferPointer<UInt16>, from start: Int) -> Int {
            var location = start
            repeat {
                var c = character(string, location)
                let other = character(string, location + 1)
                if isHighSurrogate(c) && isLowSurrogate(other) {
                    c = combine(c, other)
                    location += 2
                    if !UnicodeData.isAlphanumeric(c) && !UnicodeData.isPunctuation(c) && !UnicodeData.isControlOrFormat(c) { break }
                } else {
                    location += 1
                    if (!UnicodeData.isAlphanumeric(c) && !UnicodeData.isPunctuation(c) && !UnicodeData.isControlOrFormat(c))
                        || (c >= 0x2E80 && c < 0xAC00) { break }
                }
            } while location < string.count
            return location
        }

        /// `__CompareTextDefault` with numeric collation: the order at the primary strength
        /// (±2), else at the secondary (±1); equal when neither differs, and then ordered by the
        /// tertiary strength with case, or by code points.
        func compareText(_ text1: UnsafeBufferPointer<UInt16>, _ text2: UnsafeBufferPointer<UInt16>) -> (isEqual: Bool, order: Int) {
            var status = U_ZERO_ERROR
            swift_ucol_setAttribute(collator, UCOL_NUMERIC_COLLATION, UCOL_ON, &status)
            defer {
                var status = U_ZERO_ERROR
                swift_ucol_setAttribute(collator, UCOL_NUMERIC_COLLATION, UCOL_OFF, &status)
            }
            var order = 0
            let primary = strcoll(text1, text2)
            if primary != UCOL_EQUAL.rawValue { order = primary == UCOL_LESS.rawValue ? -2 : 2 }
            if order == 0 {
                set(normalization: UCOL_ON, strength: UCOL_SECONDARY, caseLevel: UCOL_OFF)
                let secondary = strcoll(text1, text2)
                if secondary != UCOL_EQUAL.rawValue { order = secondary == UCOL_LESS.rawValue ? -1 : 1 }
                set(normalization: UCOL_OFF, strength: UCOL_PRIMARY, caseLevel: UCOL_OFF)
            }
            // `__CompareSpecials` is skipped: the comparison is not literal.
            let isEqual = order == 0
            if order == 0 {
                set(normalization: UCOL_ON, strength: UCOL_TERTIARY, caseLevel: UCOL_ON)
                let tertiary = strcoll(text1, text2)
                if tertiary != UCOL_EQUAL.rawValue {
                    order = tertiary == UCOL_LESS.rawValue ? -1 : 1
                } else {
                    order = Self.compareCodePoints(text1, text2)
                }
                set(normalization: UCOL_OFF, strength: UCOL_PRIMARY, caseLevel: UCOL_OFF)
            }
            return (isEqual, order)
        }

        @inline(__always)
        func strcoll(_ text1: UnsafeBufferPointer<UInt16>, _ text2: UnsafeBufferPointer<UInt16>) -> Int32 {
            swift_ucol_strcoll(collator, text1.baseAddress, Int32(text1.count), text2.baseAddress, Int32(text2.count)).rawValue
        }

        func set(normalization: UColAttributeValue, strength: UColAttributeValue, caseLevel: UColAttributeValue) {
            var status = U_ZERO_ERROR
            swift_ucol_setAttribute(collator, UCOL_NORMALIZATION_MODE, normalization, &status)
            swift_ucol_setAttribute(collator, UCOL_STRENGTH, strength, &status)
            swift_ucol_setAttribute(collator, UCOL_CASE_LEVEL, caseLevel, &status)
        }

        /// `__CompareCodePoints`: UTF-16 code units, then length.
        static func compareCodePoints(_ text1: UnsafeBufferPointer<UInt16>, _ text2: UnsafeBufferPointer<UInt16>) -> Int {
            for (a, b) in zip(text1, text2) where a != b { return a < b ? -1 : 1 }
            return text1.count == text2.count ? 0 : text1.count < text2.count ? -1 : 1
        }
    }

    /// The characters a folded cluster became (CF's `strBuf`, 64 characters), read one at a time.
    struct FoldBuffer {
        static let capacity = 64
        var characters: [UInt32] = []
        var index = 0
        var count: Int {
            get { characters.count }
            set { if newValue == 0 { characters.removeAll(keepingCapacity: true) } }
        }

        mutating func reset() {
            characters.removeAll(keepingCapacity: true)
            index = 0
        }

        mutating func append(_ c: UInt32) { characters.append(c) }
        mutating func append(contentsOf cs: [UInt32]) { characters.append(contentsOf: cs) }

        /// The first character replaced by `replacement`'s characters, or `replacement` alone
        /// in an empty buffer.
        mutating func replaceFirst(with replacement: [UInt32]) {
            if characters.isEmpty {
                characters = replacement
            } else {
                characters.replaceSubrange(0..<1, with: replacement)
            }
        }

        var current: UInt32 { characters[index] }

        /// The next character (`strBuf[strBufIndex++]`).
        mutating func next() -> UInt32 {
            index += 1
            return characters[index - 1]
        }

        /// The first character, the rest to follow (`*strBuf`, `strBufIndex = 1`).
        mutating func startReading() -> UInt32 {
            index = 1
            return characters[0]
        }

        /// `CFUniCharPrioritySort` of the grapheme-extending characters at the end: from the
        /// first with a combining class, bubbled into order by combining class.
        mutating func sortTrailingMarks() {
            var start = characters.count - 1
            while start > 0 && UnicodeData.isGraphemeExtend(characters[start]) { start -= 1 }
            guard characters.count - start > 1 else { return }
            while start < characters.count && UnicodeData.combiningClass(characters[start]) == 0 { start += 1 }
            guard characters.count - start > 1 else { return }
            // CF's loop as it is: the class compared with is the one last read, even after a swap.
            var changed = true
            while changed {
                changed = false
                var class2 = UnicodeData.combiningClass(characters[start])
                for i in (start + 1)..<characters.count {
                    let class1 = class2
                    class2 = UnicodeData.combiningClass(characters[i])
                    if class1 > class2 {
                        characters.swapAt(i - 1, i)
                        changed = true
                    }
                }
            }
        }
    }

    /// What CF reads from its own Unicode tables, here from ICU's: the character classes of its
    /// range extension (`CFCharacterSet`'s predefined sets: alphanumerics are L*, M* and N*,
    /// non-base characters M*, punctuation P*, control characters Cc and Cf, by general
    /// category), grapheme extension, combining classes, canonical decompositions and case
    /// folding.
    enum UnicodeData {
        /// The full canonical decomposition, or nil when the character has none.
        static func canonicalDecomposition(of c: UInt32) -> [UInt32]? {
            guard c >= 0xC0 else { return nil }
            var status = U_ZERO_ERROR
            guard let nfd = swift_unorm2_getNFDInstance(&status) else { return nil }
            var units = [UChar](repeating: 0, count: 32)
            let length = swift_unorm2_getDecomposition(nfd, UChar32(bitPattern: c), &units, 32, &status)
            guard length > 0, status.rawValue <= U_ZERO_ERROR.rawValue else { return nil }
            return scalars(units.prefix(Int(length)))
        }

        /// CF's case folding of a character that has one other than itself (its full case
        /// folding, else its lowercase mapping), or nil.
        static func caseFolding(of c: UInt32) -> [UInt32]? {
            guard c >= 0x41 else { return nil }
            let source = utf16(c)
            var status = U_ZERO_ERROR
            var folded = [UChar](repeating: 0, count: 16)
            let foldedLength = swift_u_strFoldCase(&folded, 16, source, Int32(source.count), UInt32(U_FOLD_CASE_DEFAULT), &status)
            if status.rawValue <= U_ZERO_ERROR.rawValue && foldedLength > 0 && !folded.prefix(Int(foldedLength)).elementsEqual(source) {
                return scalars(folded.prefix(Int(foldedLength)))
            }
            status = U_ZERO_ERROR
            var lower = [UChar](repeating: 0, count: 16)
            let lowerLength = swift_u_strToLower(&lower, 16, source, Int32(source.count), "", &status)
            if status.rawValue <= U_ZERO_ERROR.rawValue && lowerLength > 0 && !lower.prefix(Int(lowerLength)).elementsEqual(source) {
                return scalars(lower.prefix(Int(lowerLength)))
            }
            return nil
        }

        static func isGraphemeExtend(_ c: UInt32) -> Bool {
            c >= 0x300 && swift_u_hasBinaryProperty(UChar32(bitPattern: c), UCHAR_GRAPHEME_EXTEND) != 0
        }

        static func isSpacingMark(_ c: UInt32) -> Bool {
            c >= 0x300 && category(c) == U_COMBINING_SPACING_MARK
        }

        static func combiningClass(_ c: UInt32) -> UInt8 {
            c < 0x300 ? 0 : swift_u_getCombiningClass(UChar32(bitPattern: c))
        }

        static func utf16(_ c: UInt32) -> [UChar] {
            if c > 0xFFFF {
                let value = c - 0x10000
                return [UChar(0xD800 + (value >> 10)), UChar(0xDC00 + (value & 0x3FF))]
            }
            return [UChar(c)]
        }

        static func scalars<S: Sequence<UChar>>(_ units: S) -> [UInt32] {
            var result: [UInt32] = []
            var pendingHigh: UInt32?
            for unit in units {
                let u = UInt32(unit)
                if let high = pendingHigh {
                    pendingHigh = nil
                    if Comparison.isLowSurrogate(u) {
                        result.append(Comparison.combine(high, u))
                        continue
                    }
                    result.append(high)
                }
                if Comparison.isHighSurrogate(u) { pendingHigh = u } else { result.append(u) }
            }
            if let high = pendingHigh { result.append(high) }
            return result
        }

        @inline(__always)
        static func category(_ c: UInt32) -> UCharCategory {
            UCharCategory(rawValue: UInt32(swift_u_charType(UChar32(bitPattern: c))))
        }

        static func isAlphanumeric(_ c: UInt32) -> Bool {
            if c < 0x80 { return (c >= 0x30 && c <= 0x39) || (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A) }
            switch category(c) {
            case U_UPPERCASE_LETTER, U_LOWERCASE_LETTER, U_TITLECASE_LETTER, U_MODIFIER_LETTER, U_OTHER_LETTER,
                 U_NON_SPACING_MARK, U_ENCLOSING_MARK, U_COMBINING_SPACING_MARK,
                 U_DECIMAL_DIGIT_NUMBER, U_LETTER_NUMBER, U_OTHER_NUMBER:
                return true
            default:
                return false
            }
        }

        static func isNonBase(_ c: UInt32) -> Bool {
            if c < 0x80 { return false }
            switch category(c) {
            case U_NON_SPACING_MARK, U_ENCLOSING_MARK, U_COMBINING_SPACING_MARK: return true
            default: return false
            }
        }

        static func isPunctuation(_ c: UInt32) -> Bool {
            switch category(c) {
            case U_DASH_PUNCTUATION, U_START_PUNCTUATION, U_END_PUNCTUATION, U_CONNECTOR_PUNCTUATION,
                 U_OTHER_PUNCTUATION, U_INITIAL_PUNCTUATION, U_FINAL_PUNCTUATION:
                return true
            default:
                return false
            }
        }

        static func isControlOrFormat(_ c: UInt32) -> Bool {
            switch category(c) {
            case U_CONTROL_CHAR, U_FORMAT_CHAR: return true
            default: return false
            }
        }
    }

    /// Root-locale collators set as CF sets them, one per comparison in flight: ICU collators
    /// are not to be changed by two threads at once, and a comparison changes its attributes.
    final class CollatorPool: @unchecked Sendable {
        static let shared = CollatorPool()

        private let lock = Lock()
        private var idle: [OpaquePointer] = []

        func withCollator<T>(_ body: (OpaquePointer) -> T) -> T {
            lock.lock()
            let collator = idle.popLast() ?? Self.open()
            lock.unlock()
            defer {
                lock.lock()
                idle.append(collator)
                lock.unlock()
            }
            return body(collator)
        }

        /// `__CFStringCreateCollator` for the root locale.
        private static func open() -> OpaquePointer { rootCollator(numeric: false) }
    }

    /// A root-locale collator set as CF sets it (normalization off, non-ignorable, primary
    /// strength, no case level), numeric ordering on or off.
    static func rootCollator(numeric: Bool) -> OpaquePointer {
        var status = U_ZERO_ERROR
        guard let collator = swift_ucol_open("", &status) else {
            fatalError("ICU has no root collation (\(status.rawValue))")
        }
        swift_ucol_setAttribute(collator, UCOL_NORMALIZATION_MODE, UCOL_OFF, &status)
        swift_ucol_setAttribute(collator, UCOL_ALTERNATE_HANDLING, UCOL_NON_IGNORABLE, &status)
        swift_ucol_setAttribute(collator, UCOL_STRENGTH, UCOL_PRIMARY, &status)
        swift_ucol_setAttribute(collator, UCOL_CASE_LEVEL, UCOL_OFF, &status)
        swift_ucol_setAttribute(collator, UCOL_NUMERIC_COLLATION, numeric ? UCOL_ON : UCOL_OFF, &status)
        return collator
    }
}
#endif
