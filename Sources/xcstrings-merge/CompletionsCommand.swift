/// `completions zsh|bash|fish`: a completion script made from the command table itself (each
/// command's options, their choices, value kinds and summaries), so that help, parsing and
/// completion cannot drift apart.
enum CompletionsCommand {
    static let shells = ["zsh", "bash", "fish"]

    static let command = Command(
        name: "completions",
        summary: "Print a shell completion script (zsh, bash or fish).",
        usage: ["<shell>"],
        help: """
            OVERVIEW: Print a completion script for zsh, bash or fish, made from the same option
            tables the commands parse with: commands, options, their values (formats, colours,
            sides, branches for --since) and catalog files.

            {usage}

            ARGUMENTS:
              <shell>                 zsh, bash or fish.

            EXIT STATUS:
              0  printed
              2  usage error

            EXAMPLES:
              zsh:   xcstrings-merge completions zsh > "${fpath[1]}/_xcstrings-merge"
                     (Homebrew: $(brew --prefix)/share/zsh/site-functions/_xcstrings-merge)
              bash:  xcstrings-merge completions bash > ~/.local/share/bash-completion/completions/xcstrings-merge
              fish:  xcstrings-merge completions fish > ~/.config/fish/completions/xcstrings-merge.fish

            """,
        operands: .words,
        run: run)

    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(arguments, command: "completions", options: command.options)
        guard parsed.positionals.count == 1, let shell = parsed.positionals.first, shells.contains(shell) else {
            throw UsageError(message: "name one shell: zsh, bash or fish", command: "completions")
        }
        let commands = Tool.commands
        switch shell {
        case "zsh": Output.out(zsh(commands))
        case "bash": Output.out(bash(commands))
        default: Output.out(fish(commands))
        }
        return .success
    }

    /// What completion menus say of `option`: the first sentence of its summary, the one its
    /// table entry gives `--help` too.
    static func description(of option: Arguments.Option) -> String {
        firstSentence(option.summary)
    }

    static func firstSentence(_ text: String) -> String {
        var sentence = ""
        var previous: Character = " "
        for character in text {
            if previous == "." && character == " " { break }
            sentence.append(character)
            previous = character
        }
        guard sentence.count > 80 else { return sentence }
        let cut = sentence.prefix(79)
        return String(cut[..<(cut.lastIndex(of: " ") ?? cut.endIndex)]) + "…"
    }

    /// The catalogs a merge left conflicted, one per line, relative to the current folder.
    static let conflictedCommand = "git diff --relative --name-only --diff-filter=U -- '*.xcstrings' 2>/dev/null"

    // MARK: zsh

    static func zsh(_ commands: [Command]) -> String {
        func quoted(_ text: String) -> String {
            "'" + text.replacingAll("'", "'\\''") + "'"
        }
        func bracketed(_ text: String) -> String {
            text.replacingAll("\\", "\\\\").replacingAll("[", "\\[").replacingAll("]", "\\]").replacingAll(":", "\\:")
        }
        var script = "#compdef xcstrings-merge\n# Made by: xcstrings-merge completions zsh\n\n"
        // Branches and tags whole (`feature/login`), from git itself: zsh's own git helpers load
        // only with its git completion.
        script += "_xcstrings_merge_refs() {\n  local -a refs\n  refs=(${(f)\"$(git for-each-ref --format='%(refname:short)' 2>/dev/null)\"})\n  compadd -a refs\n}\n\n"
        // The catalogs a merge left conflicted, from git itself, relative to the current folder.
        script += "_xcstrings_merge_conflicted() {\n  local -a files\n  files=(${(f)\"$(\(conflictedCommand))\"})\n  compadd -a files\n}\n\n"
        script += "_xcstrings_merge_refs_or_catalogs() {\n  _xcstrings_merge_refs\n  _files -g '*.xcstrings(-.)'\n}\n\n"
        script += "_xcstrings_merge() {\n"
        script += "  local -a commands\n  commands=(\n"
        for command in commands { script += "    " + quoted(command.name + ":" + command.summary.replacingAll(":", " -")) + "\n" }
        script += "    'help:Show a command'\\''s help.'\n  )\n"
        script += "  if (( CURRENT == 2 )); then\n    _describe 'command' commands\n    return\n  fi\n"
        script += "  local subcommand=$words[2]\n  shift words\n  (( CURRENT-- ))\n  case $subcommand in\n"
        for command in commands {
            var specs: [String] = []
            for option in command.options {
                let text = bracketed(description(of: option))
                for name in option.names {
                    let repeats = option.repeatable ? "*" : ""
                    guard option.takesValue else {
                        specs.append(quoted("\(repeats)\(name)[\(text)]"))
                        continue
                    }
                    let action: String
                    if !option.choices.isEmpty {
                        action = "(" + option.choices.joined(separator: " ") + ")"
                    } else {
                        switch option.value {
                        case .file: action = "_files"
                        case .directory: action = "_files -/"
                        case .revision: action = "_xcstrings_merge_refs"
                        case .text: action = " "
                        }
                    }
                    let spec = name.hasPrefix("--") ? "\(repeats)\(name)=[\(text)]:value:\(action)" : "\(repeats)\(name)+[\(text)]:value:\(action)"
                    specs.append(quoted(spec))
                }
            }
            specs.append(quoted("(- *)--help[Show this help.]"))
            switch command.operands {
            case .catalogs: specs.append(quoted("*:catalog:_files -g '*.xcstrings(-.)'"))
            case .revisionsOrCatalogs: specs.append(quoted("*:revision or catalog:_xcstrings_merge_refs_or_catalogs"))
            case .revision: specs.append(quoted(":revision:_xcstrings_merge_refs"))
            case .conflictedCatalogs: specs.append(quoted("*:conflicted catalog:_xcstrings_merge_conflicted"))
            case .words where command.name == "completions": specs.append(quoted(":shell:(\(shells.joined(separator: " ")))"))
            case .none, .words: break
            }
            script += "    \(command.name))\n      _arguments -s \\\n        " + specs.joined(separator: " \\\n        ") + "\n      ;;\n"
        }
        script += "    help)\n      _describe 'command' commands\n      ;;\n  esac\n}\n\n_xcstrings_merge \"$@\"\n"
        return script
    }

    // MARK: bash

    static func bash(_ commands: [Command]) -> String {
        var script = "# bash completion for xcstrings-merge\n# Made by: xcstrings-merge completions bash\n\n"
        // Paths are completed one per line (a folder such as `Ressources für/` is one word), with
        // a typed `\ ` taken as the space it stands for; `-o filenames` (which quotes them, and
        // lists only what follows the last `/`) only for paths, so that `feature/login` is shown
        // whole. Bash 3.2 (macOS's /bin/bash) has no compopt: there the characters the shell
        // reads are escaped here (its printf %q writes any non-ASCII name as $'...').
        script += """
            _xcstrings_merge_escape() {
              if type compopt >/dev/null 2>&1; then cat; else sed 's/[][[:space:]"'\\''\\\\$`!&;|<>()*?{}#~^]/\\\\&/g'; fi
            }
            _xcstrings_merge_paths() {
              local IFS=$'\\n' item
              COMPREPLY=()
              for item in $(compgen "$@" -- "${cur//\\\\ / }" | _xcstrings_merge_escape); do
                COMPREPLY+=("$item")
              done
              type compopt >/dev/null 2>&1 && compopt -o filenames 2>/dev/null
            }


            """
        script += "_xcstrings_merge() {\n  local cur prev\n  cur=\"${COMP_WORDS[COMP_CWORD]}\"\n  prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n"
        let names = (commands.map(\.name) + ["help"]).joined(separator: " ")
        script += "  if [ \"$COMP_CWORD\" -eq 1 ]; then\n    COMPREPLY=($(compgen -W \"\(names)\" -- \"$cur\"))\n    return\n  fi\n"
        script += "  case \"${COMP_WORDS[1]}\" in\n"
        for command in commands {
            script += "    \(command.name))\n"
            let valued = command.options.filter(\.takesValue)
            if !valued.isEmpty {
                script += "      case \"$prev\" in\n"
                for option in valued {
                    let pattern = option.names.joined(separator: "|")
                    if !option.choices.isEmpty {
                        script += "        \(pattern)) COMPREPLY=($(compgen -W \"\(option.choices.joined(separator: " "))\" -- \"$cur\")); return ;;\n"
                    } else {
                        switch option.value {
                        case .file: script += "        \(pattern)) _xcstrings_merge_paths -f; return ;;\n"
                        case .directory: script += "        \(pattern)) _xcstrings_merge_paths -d; return ;;\n"
                        case .revision:
                            script += "        \(pattern)) COMPREPLY=($(compgen -W \"$(git for-each-ref --format='%(refname:short)' 2>/dev/null)\" -- \"$cur\")); return ;;\n"
                        case .text: script += "        \(pattern)) return ;;\n"
                        }
                    }
                }
                script += "      esac\n"
            }
            let options = (command.options.flatMap(\.names) + ["--help"]).joined(separator: " ")
            script += "      if [[ \"$cur\" == -* ]]; then\n        COMPREPLY=($(compgen -W \"\(options)\" -- \"$cur\"))\n        return\n      fi\n"
            switch command.operands {
            case .catalogs, .revisionsOrCatalogs:
                script += "      _xcstrings_merge_paths -f -X '!*.xcstrings'; local catalogs=(\"${COMPREPLY[@]}\")\n"
                script += "      _xcstrings_merge_paths -d; COMPREPLY=(\"${catalogs[@]}\" \"${COMPREPLY[@]}\")\n"
                if command.operands == .revisionsOrCatalogs {
                    script += "      local IFS=$'\\n'; COMPREPLY+=($(compgen -W \"$(git for-each-ref --format='%(refname:short)' 2>/dev/null)\" -- \"$cur\"))\n"
                }
            case .revision:
                script += "      local IFS=$'\\n'; COMPREPLY=($(compgen -W \"$(git for-each-ref --format='%(refname:short)' 2>/dev/null)\" -- \"$cur\"))\n"
            case .conflictedCatalogs:
                script += "      local IFS=$'\\n'; COMPREPLY=($(compgen -W \"$(\(conflictedCommand) | _xcstrings_merge_escape)\" -- \"$cur\"))\n"
            case .words where command.name == "completions":
                script += "      COMPREPLY=($(compgen -W \"\(shells.joined(separator: " "))\" -- \"$cur\"))\n"
            case .none, .words: break
            }
            script += "      ;;\n"
        }
        script += "    help)\n      COMPREPLY=($(compgen -W \"\(commands.map(\.name).joined(separator: " "))\" -- \"$cur\"))\n      ;;\n"
        script += "  esac\n}\ncomplete -F _xcstrings_merge xcstrings-merge\n"
        return script
    }

    // MARK: fish

    static func fish(_ commands: [Command]) -> String {
        func quoted(_ text: String) -> String { "'" + text.replacingAll("\\", "\\\\").replacingAll("'", "\\'") + "'" }
        var script = "# fish completion for xcstrings-merge\n# Made by: xcstrings-merge completions fish\n\n"
        script += "complete -c xcstrings-merge -f\n"
        let all = (commands.map(\.name) + ["help"]).joined(separator: " ")
        for command in commands {
            script += "complete -c xcstrings-merge -n \"not __fish_seen_subcommand_from \(all)\" -a \(command.name) -d \(quoted(command.summary))\n"
        }
        script += "complete -c xcstrings-merge -n \"not __fish_seen_subcommand_from \(all)\" -a help -d 'Show a command\\'s help.'\n"
        for command in commands {
            let when = "-n \"__fish_seen_subcommand_from \(command.name)\""
            for option in command.options {
                var line = "complete -c xcstrings-merge \(when)"
                for name in option.names {
                    line += name.hasPrefix("--") ? " -l \(name.dropFirst(2))" : " -s \(name.dropFirst())"
                }
                if option.takesValue {
                    if !option.choices.isEmpty {
                        line += " -x -a \(quoted(option.choices.joined(separator: " ")))"
                    } else {
                        switch option.value {
                        case .file, .directory: line += " -r -F"
                        case .revision: line += " -x -a \"(git for-each-ref --format='%(refname:short)' 2>/dev/null)\""
                        case .text: line += " -x"
                        }
                    }
                }
                let text = description(of: option)
                if !text.isEmpty { line += " -d \(quoted(text))" }
                script += line + "\n"
            }
            switch command.operands {
            case .catalogs: script += "complete -c xcstrings-merge \(when) -a '(__fish_complete_suffix .xcstrings)'\n"
            case .revisionsOrCatalogs:
                script += "complete -c xcstrings-merge \(when) -a '(__fish_complete_suffix .xcstrings)'\n"
                script += "complete -c xcstrings-merge \(when) -a \"(git for-each-ref --format='%(refname:short)' 2>/dev/null)\"\n"
            case .revision: script += "complete -c xcstrings-merge \(when) -x -a \"(git for-each-ref --format='%(refname:short)' 2>/dev/null)\"\n"
            case .conflictedCatalogs: script += "complete -c xcstrings-merge \(when) -x -a \"(\(conflictedCommand))\"\n"
            case .words where command.name == "completions": script += "complete -c xcstrings-merge \(when) -a \(quoted(shells.joined(separator: " ")))\n"
            case .none, .words: break
            }
        }
        script += "complete -c xcstrings-merge -n \"__fish_seen_subcommand_from help\" -a \(quoted(commands.map(\.name).joined(separator: " ")))\n"
        return script
    }
}
