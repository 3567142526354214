// Offers: `TerminalPlayer` (in progress).
import GameCore

struct TerminalPlayer {
    let session: GameSession
    func run() throws(CLIError) -> ExitCode { .success }
    static func settle(_ photo: inout PhotoToSettle) throws(CLIError) -> Bool { false }
}
