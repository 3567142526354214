// Offers: `CompletionNode`, what a shell needs to know of a command tree (the
// words, options, option values and arguments of each command), and the
// completion scripts for bash, zsh and fish generated from it, in the manner of
// swift-argument-parser's `--generate-completion-script`.
//
// Every script finds the (sub)command the words typed so far name (`scan`,
// `bench decode`: the leading words that are subcommands), then offers that
// command's options (after `-`), the values of an enum option after it (`--format
// <TAB>`: `text line json jsonl`), a group's subcommands, the choices of an
// argument, or file names.

/// What is completed after an option or as an argument.
public enum ValueCompletion: Equatable, Sendable {
    /// File names (the shell's own completion).
    case files
    /// One of these words.
    case choices([String])
    /// Nothing to offer (a number, a puzzle).
    case none
}

/// The shells `CompletionNode.script(for:tool:)` writes for.
public enum Shell: String, CaseIterable, Sendable, ArgumentValue {
    case bash, zsh, fish
}

/// One command of a tree, as its completion script sees it.
public struct CompletionNode: Sendable {
    /// One option: its names, whether it takes a value and what completes that value.
    public struct OptionEntry: Sendable {
        public var name: String
        public var short: Character?
        /// nil for a flag.
        public var value: (name: String, completion: ValueCompletion)?
        public var repeats: Bool
        /// One line.
        public var help: String

        public init(
            name: String, short: Character? = nil, value: (name: String, completion: ValueCompletion)? = nil,
            repeats: Bool = false, help: String
        ) {
            self.name = name
            self.short = short
            self.value = value
            self.repeats = repeats
            self.help = help
        }

        /// `-h, --help`, which every command takes.
        public static let help = OptionEntry(name: "help", short: "h", help: "Show help information.")
    }

    /// The word that chooses this command (empty for the tool itself).
    public var word: String
    public var abstract: String
    public var options: [OptionEntry]
    /// The positional words: nil when the command takes none.
    public var arguments: (name: String, many: Bool, completion: ValueCompletion)?
    public var subcommands: [CompletionNode]

    /// A command whose arguments are `A`: its options shown in the help, then `-h, --help`.
    public init<A: ParsableArguments>(word: String, abstract: String, _ type: A.Type) {
        self.word = word
        self.abstract = abstract
        options =
            A.options.compactMap { o in
                guard let help = o.help else { return nil }
                let firstLine = String(help.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
                switch o.kind {
                case .flag, .removed:
                    return OptionEntry(name: o.name, short: o.short, help: firstLine)
                case .value(let v):
                    return OptionEntry(name: o.name, short: o.short, value: (v, o.completion), help: firstLine)
                case .repeating(let v):
                    return OptionEntry(
                        name: o.name, short: o.short, value: (v, o.completion), repeats: true, help: firstLine)
                }
            } + [.help]
        arguments = A.positionals.map { p in
            (p.name, p.maximum != 1, p.choices.map { .choices($0) } ?? .files)
        }
        subcommands = []
    }

    /// A group of subcommands (or the tool itself, with `word` empty).
    public init(group word: String, abstract: String, options: [OptionEntry] = [.help], subcommands: [CompletionNode]) {
        self.word = word
        self.abstract = abstract
        self.options = options
        arguments = nil
        self.subcommands = subcommands
    }

    /// The completion script of the tree whose root is this node, for `shell`.
    public func script(for shell: Shell, tool: String) -> String {
        switch shell {
        case .bash: bashScript(tool: tool)
        case .zsh: zshScript(tool: tool)
        case .fish: fishScript(tool: tool)
        }
    }

    /// Every node of the tree under this one with its path (`bench/decode`), root first.
    var walk: [(path: String, node: CompletionNode)] {
        func visit(_ node: CompletionNode, _ path: String) -> [(String, CompletionNode)] {
            [(path, node)] + node.subcommands.flatMap { visit($0, path.isEmpty ? $0.word : path + "/" + $0.word) }
        }
        return visit(self, "")
    }

    /// The `case` patterns that extend a path by one subcommand: `"/scan"`, `"bench/decode"`.
    var stepPatterns: [String] {
        walk.flatMap { path, node in node.subcommands.map { "\"\(path)/\($0.word)\"" } }
    }

    /// `_sudokit`: the name of the shell function.
    static func functionName(_ tool: String) -> String {
        "_" + String(tool.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    // MARK: bash

    func bashScript(tool: String) -> String {
        let function = Self.functionName(tool)
        var cases: [String] = []
        for (path, node) in walk {
            var lines = ["        \"\(path)\")"]
            let words = node.options.flatMap { o in (o.short.map { ["-\($0)"] } ?? []) + ["--" + o.name] }
            lines.append("            words=\"\(words.joined(separator: " "))\"")
            var valueCases: [String] = []
            for o in node.options {
                guard let value = o.value else { continue }
                let names = ((o.short.map { ["-\($0)"] } ?? []) + ["--" + o.name]).joined(separator: "|")
                switch value.completion {
                case .choices(let c):
                    valueCases.append("                \(names)) choices=\"\(c.joined(separator: " "))\" ;;")
                case .files: valueCases.append("                \(names)) return 0 ;;")
                case .none: valueCases.append("                \(names)) compopt +o default 2>/dev/null; return 0 ;;")
                }
            }
            if !valueCases.isEmpty {
                lines.append("            case \"$prev\" in")
                lines += valueCases
                lines.append("            esac")
            }
            if !node.subcommands.isEmpty {
                let subs = node.subcommands.map(\.word).joined(separator: " ")
                lines.append("            [[ -z $choices && $cur != -* ]] && choices=\"\(subs)\"")
            } else if let arguments = node.arguments {
                switch arguments.completion {
                case .choices(let c):
                    lines.append(
                        "            [[ -z $choices && $cur != -* ]] && choices=\"\(c.joined(separator: " "))\"")
                case .files: lines.append("            files=1")
                case .none: break
                }
            }
            lines.append("            ;;")
            cases.append(lines.joined(separator: "\n"))
        }
        return """
            # bash completion for \(tool), generated by '\(tool) completion bash'.
            # Load it in the shell with: source <(\(tool) completion bash)
            # or install it as .local/share/bash-completion/completions/\(tool) in the home folder.

            \(function)() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="" node="" words="" choices="" files=0 i
                (( COMP_CWORD > 0 )) && prev="${COMP_WORDS[COMP_CWORD-1]}"
                # --name=value: bash splits the word at '='.
                if [[ $cur == "=" ]]; then
                    cur=""
                elif [[ $prev == "=" ]] && (( COMP_CWORD > 1 )); then
                    prev="${COMP_WORDS[COMP_CWORD-2]}"
                fi
                # The (sub)command the leading words name.
                for (( i = 1; i < COMP_CWORD; i++ )); do
                    case "$node/${COMP_WORDS[i]}" in
                        \(stepPatterns.joined(separator: "|"))) node="${node:+$node/}${COMP_WORDS[i]}" ;;
                        *) break ;;
                    esac
                done
                COMPREPLY=()
                case "$node" in
            \(cases.joined(separator: "\n"))
                esac
                if [[ -n $choices ]]; then
                    COMPREPLY=($(compgen -W "$choices" -- "$cur"))
                elif [[ $cur == -* || $files == 0 ]]; then
                    COMPREPLY=($(compgen -W "$words" -- "$cur"))
                fi
                # Nothing offered: the shell completes file names (complete -o default).
                return 0
            }

            complete -o default -F \(function) \(tool)

            """
    }

    // MARK: zsh

    /// `text` inside single quotes, as the description of an `_arguments` spec.
    static func zshDescription(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("[", with: "\\[").replacing("]", with: "\\]")
            .replacing("'", with: "'\\''")
    }

    func zshScript(tool: String) -> String {
        let function = Self.functionName(tool)
        var cases: [String] = []
        for (path, node) in walk {
            var specs: [String] = []
            for o in node.options {
                let description = "[" + Self.zshDescription(o.help) + "]"
                var action = ""
                if let value = o.value {
                    let name = value.name.replacing(":", with: "-")
                    switch value.completion {
                    case .files: action = ":\(name):_files"
                    case .choices(let c): action = ":\(name):(\(c.joined(separator: " ")))"
                    case .none: action = ":\(name): "
                    }
                }
                let long = "--" + o.name + (o.value == nil ? "" : "=")
                if o.name == "help" || o.name == "version" {
                    let names = o.short.map { "{-\($0),--\(o.name)}" } ?? "--\(o.name)"
                    specs.append("'(- *)'\(names)'\(description)'")
                } else if let short = o.short {
                    let shortSpelling = "-\(short)" + (o.value == nil ? "" : "+")
                    let exclusion = o.repeats ? "'*'" : "'(-\(short) --\(o.name))'"
                    specs.append("\(exclusion){\(shortSpelling),\(long)}'\(description)\(action)'")
                } else {
                    specs.append("'" + (o.repeats ? "*" : "") + long + description + action + "'")
                }
            }
            var lines = ["        (\"\(path)\")"]
            if !node.subcommands.isEmpty {
                let entries = node.subcommands.map {
                    "'" + ($0.word + ":" + $0.abstract).replacing("'", with: "'\\''") + "'"
                }
                lines.append("            subcommands=(\(entries.joined(separator: " ")))")
                specs.append("': :{_describe subcommand subcommands}'")
            } else if let arguments = node.arguments {
                let action: String
                switch arguments.completion {
                case .files: action = "_files"
                case .choices(let c): action = "(\(c.joined(separator: " ")))"
                case .none: action = " "
                }
                specs.append("'" + (arguments.many ? "*" : "") + ":\(arguments.name):\(action)'")
            }
            lines.append(
                "            _arguments -S \\\n" + specs.map { "                " + $0 }.joined(separator: " \\\n"))
            lines.append("            ;;")
            cases.append(lines.joined(separator: "\n"))
        }
        return """
            #compdef \(tool)
            # zsh completion for \(tool), generated by '\(tool) completion zsh'.
            # Install it: \(tool) completion zsh > DIR/\(function), DIR a folder on $fpath
            # (before compinit runs); or, after compinit: source <(\(tool) completion zsh)

            \(function)() {
                local node="" i=2
                local -a subcommands
                # The (sub)command the leading words name.
                while (( i < CURRENT )); do
                    case "$node/${words[i]}" in
                        (\(stepPatterns.joined(separator: "|"))) node="${node:+$node/}${words[i]}" ;;
                        (*) break ;;
                    esac
                    (( i++ ))
                done
                # _arguments sees the words from that command's own name on.
                if (( i > 2 )); then
                    shift $(( i - 2 )) words
                    (( CURRENT -= i - 2 ))
                fi
                case "$node" in
            \(cases.joined(separator: "\n"))
                esac
            }

            if [[ "${funcstack[1]}" == "\(function)" ]]; then
                \(function) "$@"
            else
                compdef \(function) \(tool)
            fi

            """
    }

    // MARK: fish

    /// `text` in fish's single quotes.
    static func fishQuoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }

    func fishScript(tool: String) -> String {
        let at = "__\(Self.functionName(tool).dropFirst())_at"
        var lines: [String] = ["complete -c \(tool) -f"]
        for (path, node) in walk {
            let condition = "-n " + Self.fishQuoted("\(at) '\(path)'")
            for o in node.options {
                var line = "complete -c \(tool) \(condition)"
                if let short = o.short { line += " -s \(short)" }
                line += " -l \(o.name)"
                if let value = o.value {
                    switch value.completion {
                    case .files: line += " -r -F"
                    case .choices(let c): line += " -x -a " + Self.fishQuoted(c.joined(separator: " "))
                    case .none: line += " -x"
                    }
                }
                lines.append(line + " -d " + Self.fishQuoted(o.help))
            }
            for sub in node.subcommands {
                lines.append("complete -c \(tool) \(condition) -a \(sub.word) -d " + Self.fishQuoted(sub.abstract))
            }
            if node.subcommands.isEmpty, let arguments = node.arguments {
                switch arguments.completion {
                case .files: lines.append("complete -c \(tool) \(condition) -F")
                case .choices(let c):
                    lines.append("complete -c \(tool) \(condition) -a " + Self.fishQuoted(c.joined(separator: " ")))
                case .none: break
                }
            }
        }
        let patterns = walk.flatMap { path, node in node.subcommands.map { "'\(path)/\($0.word)'" } }
        return """
            # fish completion for \(tool), generated by '\(tool) completion fish'.
            # Install it as .config/fish/completions/\(tool).fish in the home folder.

            # Succeeds when the leading words typed so far name the (sub)command
            # $argv[1] ('bench/decode'; '' for \(tool) itself).
            function \(at)
                set -l words (commandline -opc)
                set -e words[1]
                set -l node ''
                for w in $words
                    switch "$node/$w"
                        case \(patterns.joined(separator: " "))
                            set node (string trim -l -c / -- "$node/$w")
                        case '*'
                            break
                    end
                end
                test "$node" = "$argv[1]"
            end

            \(lines.joined(separator: "\n"))

            """
    }
}
