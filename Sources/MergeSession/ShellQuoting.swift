import StringCatalog

/// Paths and keys in the commands the tool suggests, written so that pasting the command into a
/// shell passes each as one word: Xcode projects have folders such as `Ressources für/`.
public enum ShellQuoting {
    /// `text` unchanged when it holds only characters no POSIX shell treats specially, else in
    /// single quotes (a single quote inside written as `'\''`).
    public static func quoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            default:
                return "@%_+=:,./-".utf8.contains(byte)
            }
        }
        if plain { return text }
        // Over scalars (`replacingAll`): an apostrophe followed by a combining accent is one
        // Character, which a split on Characters would leave inside the quotes unescaped.
        return "'" + text.replacingAll("'", "'\\''") + "'"
    }

    /// `words` as one command line.
    public static func command(_ words: [String]) -> String {
        words.map(quoted).joined(separator: " ")
    }
}
