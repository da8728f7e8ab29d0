/// What an earlier line merge leaves in a catalog that still has one meaning: a comma before
/// `}` or `]` (a line removed after it), and a key written twice (both sides' lines kept). Such
/// a file is read by removing those commas and all but the last of each repeated key (the one a
/// JSON reader keeps), and every repair is named, never made silently.
public enum CatalogRepair {
    public struct Repair: Sendable, Equatable {
        public enum Kind: String, Sendable {
            case trailingComma = "trailing-comma"
            /// The key twice with the same value: one is kept.
            case duplicateKey = "duplicate-key"
            /// The key twice with different values: the later is kept, both are named.
            case conflictingDuplicateKey = "conflicting-duplicate-key"
        }

        public var kind: Kind
        /// Byte offset of what was repaired: the comma, or the later key's opening quote.
        public var offset: Int
        /// The keys of the objects around it, outermost first, and for a repeated key that key.
        public var path: [UTF8Bytes]
        /// For a repeated key: the text of each value, in the file's order (the last is kept).
        public var values: [[UInt8]]
        /// The bytes removed.
        var removed: Range<Int>

        /// Whether the repair chose between two meanings, so a person must look.
        public var dropsAValue: Bool { kind == .conflictingDuplicateKey }
    }

    /// The bytes with the repairs made, and the repairs; nil when they need none, or have any
    /// other syntax problem (those are not repaired).
    public static func repaired(_ bytes: [UInt8]) -> (bytes: [UInt8], repairs: [Repair])? {
        var scanner = Scanner(bytes: bytes)
        guard scanner.scan(), !scanner.repairs.isEmpty else { return nil }
        let removals = scanner.repairs.map(\.removed).sorted { $0.lowerBound < $1.lowerBound }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var position = 0
        for range in removals where range.lowerBound >= position {
            output.append(contentsOf: bytes[position..<range.lowerBound])
            position = range.upperBound
        }
        output.append(contentsOf: bytes[position...])
        // A repair inside a member that another repair removed went with it (a removed member
        // that starts at this repair's offset is the member it kept, dropped by a later one).
        // Found for every repair at once, not by comparing each with every other (20,000 copies of
        // one key made that 400 million comparisons): the removals are sorted by start, and the
        // furthest end among those starting before an offset says whether one covers it.
        var furthestEnd: [Int] = []
        furthestEnd.reserveCapacity(removals.count)
        for range in removals { furthestEnd.append(max(furthestEnd.last ?? 0, range.upperBound)) }
        func isInsideAnotherRemoval(_ repair: Repair) -> Bool {
            // Removals starting strictly before the offset: a repair's own removal never covers
            // its offset (a comma's starts there, a repeated key's earlier member ends before it).
            var low = 0, high = removals.count
            while low < high {
                let middle = (low + high) / 2
                if removals[middle].lowerBound < repair.offset { low = middle + 1 } else { high = middle }
            }
            return low > 0 && furthestEnd[low - 1] > repair.offset
        }
        let repairs = scanner.repairs.filter { !isInsideAnotherRemoval($0) }
        return (output, repairs)
    }

    /// A structural pass over JSON text with an explicit stack (no recursion: any depth fits a
    /// 512 KiB thread stack). It checks only what it needs: strings, nesting, commas and colons;
    /// the reader checks the rest afterwards.
    struct Scanner {
        let bytes: [UInt8]
        var position = 0
        var repairs: [Repair] = []

        init(bytes: [UInt8]) { self.bytes = bytes }

        /// One member of an object: from its key's quote to the end of the comma and space after
        /// it (what removing it removes), and its value's text.
        struct Member {
            var start: Int
            var end: Int
            var value: Range<Int>
        }

        /// One open object or array.
        struct Container {
            var isArray: Bool
            /// The key this container is the value of, for the path.
            var keyInParent: UTF8Bytes?
            /// Each key's latest member.
            var members: [UTF8Bytes: Member] = [:]
            /// The member whose value is being read.
            var key: UTF8Bytes?
            var memberStart = 0
            var valueStart = 0
            /// The member that ended last, which the next comma belongs to.
            var lastKey: UTF8Bytes?
        }

        var stack: [Container] = []

        mutating func skipSpace() {
            while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x0A || bytes[position] == 0x0D || bytes[position] == 0x09 {
                position += 1
            }
        }

        /// Steps over the string whose quote is at `position`; false at an unterminated one.
        mutating func skipString() -> Bool {
            position += 1
            while position < bytes.count {
                switch bytes[position] {
                case 0x22:
                    position += 1
                    return true
                case 0x5C: position += 2
                case 0x0A, 0x0D: return false
                default: position += 1
                }
            }
            return false
        }

        var path: [UTF8Bytes] { stack.dropFirst().compactMap(\.keyInParent) }

        /// True when the whole text is one JSON value apart from the repairable problems.
        mutating func scan() -> Bool {
            while true {
                skipSpace()
                guard position < bytes.count else { return false }
                if !stack.isEmpty { stack[stack.count - 1].valueStart = position }
                switch bytes[position] {
                case 0x7B, 0x5B:
                    let isArray = bytes[position] == 0x5B
                    position += 1
                    stack.append(Container(isArray: isArray, keyInParent: stack.last?.key))
                    skipSpace()
                    if position < bytes.count, bytes[position] == (isArray ? 0x5D : 0x7D) {
                        position += 1
                        stack.removeLast()
                    } else if isArray {
                        continue
                    } else {
                        guard readKey() else { return false }
                        continue
                    }
                case 0x22:
                    guard skipString() else { return false }
                default:
                    // A number or a literal, up to the next delimiter.
                    let start = position
                    while position < bytes.count, !isDelimiter(bytes[position]) { position += 1 }
                    guard position > start else { return false }
                }
                // A value ended: then a comma, or the ends of containers.
                while true {
                    memberEnded()
                    skipSpace()
                    // The top container's fields are read where needed, never the container itself:
                    // a copy of it would hold its table of members, and the next change to that
                    // table would copy it whole (quadratic in an object's members).
                    guard !stack.isEmpty else { return position == bytes.count }
                    guard position < bytes.count else { return false }
                    let topIsArray = stack[stack.count - 1].isArray
                    let close: UInt8 = topIsArray ? 0x5D : 0x7D
                    if bytes[position] == close {
                        position += 1
                        stack.removeLast()
                        continue
                    }
                    guard bytes[position] == 0x2C else { return false }
                    let comma = position
                    position += 1
                    skipSpace()
                    if position < bytes.count, bytes[position] == close {
                        repairs.append(Repair(kind: .trailingComma, offset: comma, path: path, values: [], removed: comma..<comma + 1))
                        continue
                    }
                    if !topIsArray {
                        // Removing the member just ended removes this comma and space too.
                        if let last = stack[stack.count - 1].lastKey { stack[stack.count - 1].members[last]?.end = position }
                        guard readKey() else { return false }
                    }
                    break
                }
            }
        }

        /// Notes the member whose value just ended; a key seen before in the object is a repair,
        /// which removes the earlier member.
        mutating func memberEnded() {
            guard !stack.isEmpty, let key = stack[stack.count - 1].key else { return }
            let member = Member(start: stack[stack.count - 1].memberStart, end: position, value: stack[stack.count - 1].valueStart..<position)
            if let earlier = stack[stack.count - 1].members[key] {
                let values = [Array(bytes[earlier.value]), Array(bytes[member.value])]
                repairs.append(Repair(
                    kind: values[0] == values[1] ? .duplicateKey : .conflictingDuplicateKey, offset: member.start,
                    path: path + [key], values: values, removed: earlier.start..<earlier.end))
            }
            stack[stack.count - 1].members[key] = member
            stack[stack.count - 1].key = nil
            stack[stack.count - 1].lastKey = key
        }

        /// Reads `"key" :` at `position`.
        mutating func readKey() -> Bool {
            guard position < bytes.count, bytes[position] == 0x22 else { return false }
            let start = position
            guard skipString() else { return false }
            let key = UTF8Bytes(bytes[(start + 1)..<(position - 1)])
            skipSpace()
            guard position < bytes.count, bytes[position] == 0x3A else { return false }
            position += 1
            stack[stack.count - 1].key = key
            stack[stack.count - 1].memberStart = start
            return true
        }

        func isDelimiter(_ byte: UInt8) -> Bool {
            byte == 0x2C || byte == 0x7D || byte == 0x5D || byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
                || byte == 0x3A || byte == 0x22 || byte == 0x7B || byte == 0x5B
        }
    }
}
