// Offers: `CompletionCommand`, `sudokit completion bash|zsh|fish`: the shell
// completion script, generated from the command tree (commands, subcommands,
// their options and the values of enum options such as --format).

import ArgumentParsing

struct CompletionCommand: Command {
    struct Arguments: ParsableArguments {
        var shell: [String] = []
        static var options: [Option<Self>] { [] }
        static var positionals: Positionals<Self>? {
            Positionals(
                "shell", \.shell, minimum: 1, maximum: 1, choices: Shell.allCases.map(\.rawValue),
                help: "bash, zsh or fish.")
        }
    }

    static let help = CommandHelp(
        name: "completion",
        abstract: "Print the shell completion script for bash, zsh or fish.",
        discussion: """
            The script completes commands and subcommands, their options (long and
            short), the values of options with a fixed set (--format), and file names
            elsewhere. It is generated from the commands themselves, so it never lags
            behind them. To install it:
              bash: source <(sudokit completion bash)  (in .bashrc), or save it as
                    .local/share/bash-completion/completions/sudokit (in the home folder)
              zsh:  sudokit completion zsh > DIR/_sudokit, DIR a folder on $fpath
                    (before compinit runs)
              fish: save it as .config/fish/completions/sudokit.fish (in the home folder)
            """,
        exitStatus: [
            ("0", "the script was printed"),
            ("64", "no shell, or one not supported"),
        ],
        examples: [
            "sudokit completion bash > sudokit.bash",
            "sudokit completion zsh > _sudokit",
            "sudokit completion fish > sudokit.fish",
        ])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        guard let shell = a.shell.first.flatMap(Shell.init(rawValue:)) else {
            throw CLIError.usage("expects one of bash, zsh, fish")
        }
        Console.out(Sudokit.completionTree.script(for: shell, tool: "sudokit"), terminator: "")
        return .success
    }
}
