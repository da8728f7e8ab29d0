// How the tool's reports present text, in one place: terminal colours, GitHub's workflow
// commands and Markdown. Each starts from `VisibleText`, so that text from a catalog never
// reaches a terminal, a log viewer or a rendered page able to act.

/// Colours on a terminal (SGR sequences), when `enabled`; the only place escape sequences are
/// made. `reset` is the sequence that ends a colour: `git diff`'s short `ESC[m`, or the `ESC[0m`
/// compilers write.
public struct TerminalColours: Sendable {
    public enum Style: String, Sendable {
        case bold = "1", red = "31", green = "32", yellow = "33", cyan = "36"
        case boldRed = "1;31", boldYellow = "1;33", boldCyan = "1;36"
    }

    public var enabled: Bool
    let reset: String

    /// Colours as `git diff` writes them.
    public static func git(enabled: Bool) -> TerminalColours { TerminalColours(enabled: enabled, reset: "\u{1B}[m") }
    /// Colours as a compiler's diagnostics are written (`error:` in bold red).
    public static func diagnostics(enabled: Bool) -> TerminalColours { TerminalColours(enabled: enabled, reset: "\u{1B}[0m") }

    /// `text` in `style`. Make catalog text in it visible first (`VisibleText`): what this adds is
    /// the only escape sequence the result may hold.
    public func paint(_ text: String, _ style: Style) -> String {
        enabled ? "\u{1B}[\(style.rawValue)m\(text)\(reset)" : text
    }

    /// A diagnostic's severity word, coloured as compilers colour it.
    public func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return paint("error", .boldRed)
        case .warning: return paint("warning", .boldYellow)
        case .note: return paint("note", .boldCyan)
        }
    }
}

/// GitHub Actions' workflow commands (`::error file=…,line=…,col=…,title=…::message`), which the
/// Actions log turns into annotations on the pull request's files.
public enum GitHubAnnotation {
    /// One command line: `command` is `error`, `warning` or `notice`; `line` and `column` are
    /// left out without a line (a finding about a whole file).
    public static func line(_ command: String, file: String, line: Int?, column: Int, title: String? = nil, message: String) -> String {
        var properties = "file=\(escapeProperty(file))"
        if let line { properties += ",line=\(line),col=\(column)" }
        if let title { properties += ",title=\(escapeProperty(title))" }
        return "::\(command) \(properties)::\(escapeData(message))\n"
    }

    /// The command for a diagnostic of `severity`: a note is a `notice`.
    public static func command(for severity: Severity) -> String { severity == .note ? "notice" : severity.rawValue }

    /// GitHub's escaping of a command's message, after the text's hidden characters are made
    /// visible: the log viewer renders ANSI sequences, and a line break would end the command.
    public static func escapeData(_ text: String) -> String {
        VisibleText.escaping(text).replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
    }

    /// A property's value, where `:` and `,` end the value.
    public static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingAll(":", "%3A").replacingAll(",", "%2C")
    }
}

/// Text made inert in GitHub's Markdown: every character Markdown or HTML gives a meaning is
/// written as an HTML entity, line breaks as `↵`, and what a terminal would act on as
/// `\u{1B}` (`VisibleText`).
///
/// Catalog text goes in code spans (`code`): entities alone leave GitHub's renderer making links
/// of `www.host/x` and `user@host` and its filters linking `@user`, `@org/team` and `#1` in the
/// rendered text, which a code span keeps literal.
public enum MarkdownText {
    /// `text` as one code span: fenced with more backticks than any run inside, padded with a
    /// space on each side (which the renderer takes off again), line breaks shown as `↵` and
    /// tabs as spaces (a span is one line), hidden characters visible (`VisibleText`). In a
    /// table cell a `|` is written `\|`, which GitHub's table reading turns back into `|`.
    public static func code(_ text: String, inTableCell: Bool = false) -> String {
        var content = String.UnicodeScalarView()
        var longestRun = 0, run = 0
        for scalar in VisibleText.escaping(text).unicodeScalars {
            run = scalar == "`" ? run + 1 : 0
            longestRun = max(longestRun, run)
            switch scalar {
            case "\n", "\u{2028}", "\u{2029}": content.append("↵")
            case "\r", "\t": content.append(" ")
            case "|" where inTableCell: content.append(contentsOf: "\\|".unicodeScalars)
            default: content.append(scalar)
            }
        }
        let fence = String(repeating: "`", count: longestRun + 1)
        return fence + " " + String(content) + " " + fence
    }

    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in VisibleText.escaping(text).unicodeScalars {
            switch scalar {
            case "\n": out += "↵"
            case "\r", "\t": out += " "
            case "&", "<", ">", "|", "`", "*", "_", "[", "]", "(", ")", "#", "!", "\\", "~", "{", "}", "+", "-", "=", ":", "\"", "'", "$", "^", "@":
                out += "&#\(scalar.value);"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
