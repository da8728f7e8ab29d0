/// The order Xcode writes object keys in.
///
/// Xcode sorts every object with
/// `compare(_:options: [.numeric, .caseInsensitive, .forcedOrdering], range:, locale: Locale(identifier: ""))`
/// (ICU root collation; see docs/engineering/format.md). That call costs about 1.5 µs, so keys made only of printable
/// ASCII and Hangul syllables, which are nearly all of them, go through `compareASCII`, a
/// transcription of the same order that the tests hold against the reference on the corpus and on
/// randomized strings. Anything else goes to the reference itself.
public enum KeyOrder {
    /// True when `a` sorts before `b`.
    @inlinable
    public static func precedes(_ a: UTF8Bytes, _ b: UTF8Bytes) -> Bool {
        compare(a, b) < 0
    }

    /// -1, 0 or 1 as `a` sorts before, the same as, or after `b`. `han` ranks the ideographs of
    /// the keys being sorted (see `HanRanks`): keys of Han, ASCII and Hangul then need no
    /// reference call.
    public static func compare(_ a: UTF8Bytes, _ b: UTF8Bytes, han: HanRanks? = nil) -> Int {
        a.bytes.withUnsafeBufferPointer { x in b.bytes.withUnsafeBufferPointer { y in compare(bytes: x, y, han: han) } }
    }

    /// `compare` of two keys' UTF-8 bytes where they lie (valid UTF-8, JSON escapes decoded).
    public static func compare(bytes a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, han: HanRanks? = nil) -> Int {
        if let result = compareASCII(a, b, han: han) ?? compareAfterSharedPrefix(a, b, han: han) { return result }
        let result = referenceCompare(String(decoding: a, as: UTF8.self), String(decoding: b, as: UTF8.self))
        if result != 0 || a.elementsEqual(b) { return result }
        // Canonically equivalent keys (NFC and NFD) can compare equal; bytes keep the order total.
        return a.lexicographicallyPrecedes(b) ? -1 : 1
    }

    /// Keys that start alike and differ only in printable ASCII after that (`鍵0・Item 9` and
    /// `鍵0・Item 10`, or a project's keys that all begin with the same non-ASCII word): the
    /// shared beginning gives both the same collation elements, so the order is that of the
    /// rest, which `compareASCII` knows. Nil when the rest is not printable ASCII, and when the
    /// shared part could reach across the split: it must end at a character boundary, not in
    /// a digit run (numeric ordering reads whole runs, of any script's digits), and the rest of
    /// each key must start with an ASCII character, which nothing before it combines with.
    static func compareAfterSharedPrefix(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, han: HanRanks? = nil) -> Int? {
        let shorter = min(a.count, b.count)
        // Eight bytes at a time to where they first differ (keys of one screen share long
        // beginnings, three bytes to a CJK character).
        var split = ByteWords.sharedPrefixLength(a, b)
        // Back to the start of the character the keys differ in, then before any digit run.
        while split > 0 && split < shorter && a[split] & 0xC0 == 0x80 { split -= 1 }
        while split > 0 && a[split - 1] >= 0x30 && a[split - 1] <= 0x39 { split -= 1 }
        // What ends the shared part must not be a digit of another script either.
        var lastShared: Unicode.Scalar?
        if split > 0 {
            var start = split - 1
            while start > 0 && a[start] & 0xC0 == 0x80 { start -= 1 }
            // ASCII here is no digit (the digit runs were stepped back over) and plain CJK holds
            // none: only other characters need Unicode's properties looked up.
            guard let scalar = UTF8Bytes.scalar(in: a, at: start),
                scalar.value < 0x80 || isPlainCJK(scalar.value) || scalar.properties.numericType != .decimal
            else { return nil }
            lastShared = scalar
        }
        if let order = compareAtIdeograph(a, b, at: split, after: lastShared) { return order }
        guard split > 0 else { return nil }
        let restOfA = UnsafeBufferPointer(rebasing: a[split...])
        let restOfB = UnsafeBufferPointer(rebasing: b[split...])
        @inline(__always) func startsPrintable(_ rest: UnsafeBufferPointer<UInt8>) -> Bool {
            rest.first.map { $0 >= 0x20 && $0 < 0x7F } ?? true
        }
        guard startsPrintable(restOfA) && startsPrintable(restOfB) else { return nil }
        return compareASCII(restOfA, restOfB, han: han)
    }

    /// Printable ASCII in the root collation's order, case folded: white space, then punctuation
    /// and symbols in ICU's order, then digits, then letters.
    static let collationOrder = " _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz"

    /// `collationOrder` as a weight per byte (0x20...0x7E), held in a static string so that the
    /// hot loop reads it through a plain pointer.
    private static let weightTable: StaticString = """
        \u{01}\u{07}\u{0B}\u{17}\u{21}\u{18}\u{16}\u{0A}\u{0C}\u{0D}\u{13}\u{1B}\u{04}\u{03}\u{09}\u{14}\u{22}\u{23}\u{24}\u{25}\u{26}\u{27}\u{28}\u{29}\u{2A}\u{2B}\u{06}\u{05}\u{1C}\u{1D}\u{1E}\u{08}\u{12}\u{2C}\u{2D}\u{2E}\u{2F}\u{30}\u{31}\u{32}\u{33}\u{34}\u{35}\u{36}\u{37}\u{38}\u{39}\u{3A}\u{3B}\u{3C}\u{3D}\u{3E}\u{3F}\u{40}\u{41}\u{42}\u{43}\u{44}\u{45}\u{0E}\u{15}\u{0F}\u{1A}\u{02}\u{19}\u{2C}\u{2D}\u{2E}\u{2F}\u{30}\u{31}\u{32}\u{33}\u{34}\u{35}\u{36}\u{37}\u{38}\u{39}\u{3A}\u{3B}\u{3C}\u{3D}\u{3E}\u{3F}\u{40}\u{41}\u{42}\u{43}\u{44}\u{45}\u{10}\u{1F}\u{11}\u{20}
        """

    /// True when the three bytes at `i` of `bytes` are a precomposed Hangul syllable
    /// (U+AC00...U+D7A3, UTF-8 `EA B0 80` to `ED 9E A3`).
    @inline(__always)
    static func isHangulSyllable(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        guard i + 2 < bytes.count else { return false }
        let lead = bytes[i]
        let second = bytes[i + 1]
        let third = bytes[i + 2]
        guard third & 0xC0 == 0x80 else { return false }
        switch lead {
        case 0xEA: return second >= 0xB0 && second <= 0xBF
        case 0xEB, 0xEC: return second & 0xC0 == 0x80
        case 0xED: return second >= 0x80 && (second < 0x9E || (second == 0x9E && third <= 0xA3))
        default: return false
        }
    }

    /// The number of the Hangul syllable whose three bytes are at `i` (checked by
    /// `isHangulSyllable`): its code point less U+AC00.
    @inline(__always)
    static func hangulSyllableIndex(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        (Int(bytes[i] & 0x0F) << 12 | Int(bytes[i + 1] & 0x3F) << 6 | Int(bytes[i + 2] & 0x3F)) - 0xAC00
    }

    /// The reference order for two strings of printable ASCII and precomposed Hangul syllables,
    /// or nil when either has other bytes (or a digit run too long to trust the transcription
    /// with).
    ///
    /// Primary: characters by `primaryWeight`, digit runs by numeric value. The first secondary
    /// difference met on the way (lowercase before uppercase; fewer leading zeros first) decides
    /// only when the primary comparison finds the strings equal, as `.forcedOrdering` does.
    ///
    /// Hangul syllables (Korean keys: 14% of one corpus app's, all of another team's) sort after
    /// every printable ASCII character and have no case. The root collation reads a syllable as
    /// its jamo: leading consonant, vowel, and a trailing consonant or none, which is the order
    /// of their code points, with one exception the tests found: a syllable without a trailing
    /// consonant followed by another syllable against the same syllable with one (가나 and 각),
    /// where the second syllable's leading consonant weighs against the trailing consonant.
    /// That case, other scripts and conjoining jamo go to the reference.
    ///
    /// With `han`, Han ideographs it ranks are known too: after ASCII and Hangul (the root
    /// collation's groups: Latin and punctuation, then Hangul, then Han), and among themselves
    /// by rank.
    static func compareASCII(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, han: HanRanks? = nil) -> Int? {
        // Neighbouring keys often share a long beginning (`Settings.General.Title` and
        // `Settings.General.Toggle`). Printable ASCII that both have, byte for byte, weighs the
        // same in each and breaks no tie: start where they differ, or at the start of the digit
        // run they differ in, since numbers are read whole.
        var i = sharedPrintablePrefix(a, b)
        while i > 0 && a[i - 1] >= 0x30 && a[i - 1] <= 0x39 { i -= 1 }
        var j = i
        var tieBreak = 0
        let table = weightTable.utf8Start
        @inline(__always) func weightOf(_ byte: UInt8) -> UInt8 { table[Int(byte) - 0x20] }
        /// Whether what starts at `k` of `s` is nothing or printable ASCII.
        @inline(__always) func isPlain(_ s: UnsafeBufferPointer<UInt8>, at k: Int) -> Bool {
            k >= s.count || (s[k] >= 0x20 && s[k] < 0x7F)
        }
        do {
            while i < a.count && j < b.count {
                let x = a[i]
                let y = b[j]
                let xASCII = x >= 0x20 && x < 0x7F
                let yASCII = y >= 0x20 && y < 0x7F
                if !(xASCII && yASCII) {
                    let xHangul = !xASCII && isHangulSyllable(a, at: i)
                    let yHangul = !yASCII && isHangulSyllable(b, at: j)
                    if let han, !(xASCII || xHangul) || !(yASCII || yHangul) {
                        // An ideograph on either side: ASCII, then Hangul, then Han by rank.
                        let xHan = xASCII || xHangul ? nil : han.rankedIdeograph(in: a, at: i)
                        let yHan = yASCII || yHangul ? nil : han.rankedIdeograph(in: b, at: j)
                        guard xASCII || xHangul || xHan != nil, yASCII || yHangul || yHan != nil else { return nil }
                        guard let (xRank, xLength) = xHan, let (yRank, yLength) = yHan else { return xHan == nil ? -1 : 1 }
                        if xRank != yRank { return xRank < yRank ? -1 : 1 }
                        i += xLength
                        j += yLength
                        continue
                    }
                    guard xASCII || xHangul, yASCII || yHangul else { return nil }
                    // A syllable sorts after any ASCII character.
                    guard xHangul && yHangul else { return xHangul ? 1 : -1 }
                    let xSyllable = hangulSyllableIndex(a, at: i)
                    let ySyllable = hangulSyllableIndex(b, at: j)
                    i += 3
                    j += 3
                    if xSyllable == ySyllable { continue }
                    // Syllables are numbered by leading consonant, vowel and trailing consonant
                    // (28 to a vowel, the first without one): another leading consonant or
                    // vowel decides in that order, and so do two trailing consonants.
                    let order = xSyllable < ySyllable ? -1 : 1
                    guard xSyllable / 28 == ySyllable / 28, xSyllable % 28 == 0 || ySyllable % 28 == 0 else { return order }
                    // 가 against 각: what follows the one without weighs against the other's
                    // trailing consonant. Nothing or ASCII weighs less; another syllable's
                    // leading consonant may weigh more (가나 sorts after 각): the reference decides.
                    return xSyllable % 28 == 0 ? (isPlain(a, at: i) ? order : nil) : (isPlain(b, at: j) ? order : nil)
                }
                let xDigit = x >= 0x30 && x <= 0x39
                let yDigit = y >= 0x30 && y <= 0x39
                if xDigit && yDigit {
                    // Compare the digit runs as numbers: skip leading zeros, then length, then digits.
                    var iEnd = i
                    while iEnd < a.count && a[iEnd] >= 0x30 && a[iEnd] <= 0x39 { iEnd += 1 }
                    var jEnd = j
                    while jEnd < b.count && b[jEnd] >= 0x30 && b[jEnd] <= 0x39 { jEnd += 1 }
                    if iEnd - i > 30 || jEnd - j > 30 { return nil }
                    // A run that goes on in another script's digits is read whole by the reference;
                    // one followed by another character (`鍵0・` and `鍵1・`) ends there.
                    if continuesInOtherDigits(a, at: iEnd) || continuesInOtherDigits(b, at: jEnd) { return nil }
                    var iSignificant = i
                    while iSignificant < iEnd - 1 && a[iSignificant] == 0x30 { iSignificant += 1 }
                    var jSignificant = j
                    while jSignificant < jEnd - 1 && b[jSignificant] == 0x30 { jSignificant += 1 }
                    let iLength = iEnd - iSignificant
                    let jLength = jEnd - jSignificant
                    if iLength != jLength { return iLength < jLength ? -1 : 1 }
                    var k = 0
                    while k < iLength {
                        let p = a[iSignificant + k]
                        let q = b[jSignificant + k]
                        if p != q { return p < q ? -1 : 1 }
                        k += 1
                    }
                    if tieBreak == 0 && iEnd - i != jEnd - j {
                        tieBreak = iEnd - i < jEnd - j ? -1 : 1
                    }
                    i = iEnd
                    j = jEnd
                    continue
                }
                let wx = weightOf(x)
                let wy = weightOf(y)
                if wx != wy { return wx < wy ? -1 : 1 }
                if tieBreak == 0 && x != y {
                    // Same letter in another case: lowercase (the larger byte) first.
                    tieBreak = x > y ? -1 : 1
                }
                i += 1
                j += 1
            }
            // Check the rest of the longer string is of the known characters before trusting
            // the result.
            if i < a.count || j < b.count {
                // One is a prefix of the other: the shorter sorts first.
                let aIsLonger = i < a.count
                /// The length of the known character at `k` of `s`, or nil.
                @inline(__always) func known(_ s: UnsafeBufferPointer<UInt8>, at k: Int) -> Int? {
                    if s[k] >= 0x20 && s[k] < 0x7F { return 1 }
                    if isHangulSyllable(s, at: k) { return 3 }
                    if let han, let found = han.rankedIdeograph(in: s, at: k) { return found.length }
                    return nil
                }
                while i < a.count {
                    guard let length = known(a, at: i) else { return nil }
                    i += length
                }
                while j < b.count {
                    guard let length = known(b, at: j) else { return nil }
                    j += length
                }
                return aIsLonger ? 1 : -1
            }
            return tieBreak
        }
    }

    /// Keys that differ first at characters of two of these kinds: printable ASCII, a Hangul
    /// syllable, a kana letter, a Han ideograph of the main CJK block (`Open 設定` and
    /// `Open ファイル`, `Welcome` and `ファイル`). The root collation weighs every character of
    /// one kind before every character of the next, in that order, whatever follows it (checked
    /// against the reference for every pair of kinds' characters), so that difference decides.
    /// Two characters of one kind it leaves to the reference (ideographs, for one, are not in
    /// code point order). `lastShared` is the character before (nil at the start); it must be
    /// one that nothing after it joins with (ASCII, `isPlainCJK`), else the reference decides.
    static func compareAtIdeograph(
        _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, at split: Int, after lastShared: Unicode.Scalar?
    ) -> Int? {
        guard split < a.count, split < b.count, a[split] >= 0xE0 || b[split] >= 0xE0 else { return nil }
        if let lastShared, !(lastShared.value >= 0x20 && lastShared.value < 0x7F), !isPlainCJK(lastShared.value) { return nil }
        guard let x = UTF8Bytes.scalar(in: a, at: split)?.value, let y = UTF8Bytes.scalar(in: b, at: split)?.value else {
            return nil
        }
        let xKind = weightGroup(x)
        let yKind = weightGroup(y)
        guard xKind > 0, yKind > 0, xKind != yKind else { return nil }
        return xKind < yKind ? -1 : 1
    }

    /// 1 for printable ASCII, 2 for a Hangul syllable, 3 for a kana letter, 4 for a main-block
    /// ideograph (the order of their weights); 0 for anything else.
    @inline(__always)
    static func weightGroup(_ scalar: UInt32) -> Int {
        if scalar >= 0x20 && scalar < 0x7F { return 1 }
        if scalar >= 0xAC00 && scalar <= 0xD7A3 { return 2 }
        if isKanaLetter(scalar) { return 3 }
        if isMainBlockIdeograph(scalar) { return 4 }
        return 0
    }

    /// U+4E00...U+9FFF, the main block of CJK unified ideographs.
    @inline(__always)
    static func isMainBlockIdeograph(_ scalar: UInt32) -> Bool { scalar >= 0x4E00 && scalar <= 0x9FFF }

    /// CJK punctuation and kana (U+3000...U+30FF: `・`, `ー`, the ideographic space), Hangul
    /// syllables and main-block ideographs: none of them joins what follows it into one weight.
    @inline(__always)
    static func isPlainCJK(_ scalar: UInt32) -> Bool {
        (scalar >= 0x3000 && scalar <= 0x30FF) || (scalar >= 0xAC00 && scalar <= 0xD7A3) || isMainBlockIdeograph(scalar)
    }

    /// Hiragana and katakana letters: not the (combining) sound marks, iteration marks, the
    /// middle dot or the prolonged sound mark, which weigh with their neighbours.
    @inline(__always)
    static func isKanaLetter(_ scalar: UInt32) -> Bool {
        (scalar >= 0x3041 && scalar <= 0x3096) || (scalar >= 0x30A1 && scalar <= 0x30FA)
    }

    /// Whether what starts at `k` of `s` is a decimal digit of a script other than ASCII (or
    /// bytes that are no character).
    static func continuesInOtherDigits(_ s: UnsafeBufferPointer<UInt8>, at k: Int) -> Bool {
        guard k < s.count, s[k] >= 0x80 else { return false }
        guard let scalar = UTF8Bytes.scalar(in: s, at: k) else { return true }
        return scalar.properties.numericType == .decimal
    }

    /// The length of the printable ASCII (0x20...0x7E) that `a` and `b` begin with alike.
    @inline(__always)
    static func sharedPrintablePrefix(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let shorter = min(a.count, b.count)
        var k = 0
        if shorter >= 8, let x = a.baseAddress, let y = b.baseAddress {
            let high: UInt64 = 0x8080_8080_8080_8080
            while k + 8 <= shorter {
                let word = ByteWords.load(x, at: k)
                // Equal words of bytes below 0x80, none below 0x20 and none 0x7F.
                guard word == ByteWords.load(y, at: k), word & high == 0,
                    (word &- 0x2020_2020_2020_2020) & ~word & high == 0, ByteWords.bytes(word, equalTo: 0x7F) == 0
                else { break }
                k += 8
            }
        }
        while k < shorter && a[k] == b[k] && a[k] >= 0x20 && a[k] < 0x7F { k += 1 }
        return k
    }

    /// Sorts members into Xcode's order. Input is almost always sorted already: `isSorted`
    /// checks that, and only unsorted input pays for the sort.
    public static func sort(_ members: inout [JSONMember]) {
        guard !isSorted(members) else { return }
        // A few keys (an entry's members, its languages) compared directly: ranking them first
        // cost more than the comparisons (an import put 10 languages in order 20,000 times).
        if members.count <= 16 {
            members.sort { compare($0.key, $1.key) < 0 }
            return
        }
        let keys = members.map(\.key)
        // Each key's sort key computed once (Linux): pairs of any script are then mostly bytes
        // compared.
        if let order = PrimaryKeys.sortedOrder(keys) {
            permute(&members, into: order)
            return
        }
        // The keys' ideographs ranked once, so that Chinese keys sort without a reference call
        // per comparison.
        let han = HanRanks(keys: keys)
        if han.isEmpty {
            members.sort { compare($0.key, $1.key) < 0 }
        } else {
            members.sort { compare($0.key, $1.key, han: han) < 0 }
        }
    }

    /// `members` put in `order` (member `k` becomes the one at `order[k]`), each moved once along
    /// the permutation's cycles: a copy of each into a new array retained and released every
    /// key and value (20,000 entries: 2-3 ms).
    static func permute(_ members: inout [JSONMember], into order: [Int]) {
        precondition(order.count == members.count)
        var placed = [Bool](repeating: false, count: members.count)
        members.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for start in 0..<buffer.count where !placed[start] {
                placed[start] = true
                guard order[start] != start else { continue }
                let held = (base + start).move()
                var position = start
                while true {
                    let from = order[position]
                    if from == start {
                        (base + position).initialize(to: held)
                        break
                    }
                    (base + position).moveInitialize(from: base + from, count: 1)
                    placed[from] = true
                    position = from
                }
            }
        }
    }

    /// `sorted` and `others` (each in this order) as one list in this order, with a binary search
    /// per member of `others` instead of a comparison per member of `sorted`: for a merge's
    /// thousands of kept keys and few added ones, where comparisons of non-ASCII keys are dear.
    public static func merge(_ sorted: [JSONMember], _ others: [JSONMember]) -> [JSONMember] {
        others.isEmpty ? sorted : merge(sorted[...], others)
    }

    /// `merge` of a part of a list (a merge's kept entries, ahead of the added ones in the same
    /// array), without first copying that part out.
    public static func merge(_ sorted: ArraySlice<JSONMember>, _ others: [JSONMember]) -> [JSONMember] {
        var result: [JSONMember] = []
        result.reserveCapacity(sorted.count + others.count)
        var start = sorted.startIndex
        for member in others {
            var low = start
            var high = sorted.endIndex
            while low < high {
                let middle = (low + high) / 2
                if compare(sorted[middle].key, member.key) < 0 { low = middle + 1 } else { high = middle }
            }
            result.append(contentsOf: sorted[start..<low])
            result.append(member)
            start = low
        }
        result.append(contentsOf: sorted[start...])
        return result
    }

    /// `merge` in `members` itself: its first `sortedCount` members and the rest, each part in
    /// this order, made one list in this order. The members are moved, never copied: for a
    /// merge's 20,000 kept entries and few added ones, copying them all into a new array (every
    /// key and value retained, fresh memory faulted in, the old array released) was most of the
    /// time its ordering took.
    public static func mergeInPlace(_ members: inout [JSONMember], sortedCount: Int) {
        let others = members.count - sortedCount
        guard others > 0, sortedCount > 0 else { return }
        // How many sorted members go before each of the others, by binary searches as `merge`.
        var before: [Int] = []
        before.reserveCapacity(others)
        members.withUnsafeBufferPointer { buffer in
            var start = 0
            for other in sortedCount..<buffer.count {
                var low = start
                var high = sortedCount
                while low < high {
                    let middle = (low + high) / 2
                    if compare(buffer[middle].key, buffer[other].key) < 0 { low = middle + 1 } else { high = middle }
                }
                before.append(low)
                start = low
            }
        }
        // From the end, each member moved once to its place; the others are held apart while
        // the sorted ones after them move up.
        members.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            let held = UnsafeMutablePointer<JSONMember>.allocate(capacity: others)
            defer { held.deallocate() }
            held.moveInitialize(from: base + sortedCount, count: others)
            var unmoved = sortedCount
            var placed = sortedCount + others
            for other in stride(from: others - 1, through: 0, by: -1) {
                let after = unmoved - before[other]
                placed -= after
                // The regions may overlap; `moveInitialize` allows it.
                (base + placed).moveInitialize(from: base + before[other], count: after)
                placed -= 1
                (base + placed).moveInitialize(from: held + other, count: 1)
                unmoved = before[other]
            }
        }
    }

    /// True when the members are already in Xcode's order. A long list is checked in blocks on
    /// all cores: a pair of keys that differ in more than printable ASCII costs a Foundation
    /// call, and a catalog with non-ASCII keys has thousands of such neighbours.
    public static func isSorted(_ members: [JSONMember]) -> Bool {
        isSorted(members[...])
    }

    /// `isSorted` of a part of a list.
    public static func isSorted(_ members: ArraySlice<JSONMember>) -> Bool {
        guard members.count > 1 else { return true }
        /// Whether each member of `range` sorts after the one before it.
        @Sendable func inOrder(_ range: Range<Int>) -> Bool {
            // Through the buffer: a key read from the array was a copy, counted on the storage
            // that all of a file's keys share, from every thread at once.
            members.withUnsafeBufferPointer { members in
                for i in max(range.lowerBound, 1)..<range.upperBound where compare(members[i - 1].key, members[i].key) > 0 {
                    return false
                }
                return true
            }
        }
        let blockSize = 4096
        guard members.count > blockSize else { return inOrder(0..<members.count) }
        return !ParallelBlocks.map(members.count, blockSize: blockSize) { [inOrder($0)] }.contains(false)
    }
}
