// Offers: `ServeCommand`, `sudokit serve`: the web page on a local HTTP server
// (libmicrohttpd, through `HTTPServer`), bound to 127.0.0.1 unless asked
// otherwise, reachable only with the random token of the address it prints;
// photos are scanned on `--jobs` workers, games kept with `sudokit play`'s.

import ArgumentParsing
import Basics
import Foundation
import GameCore
import GridScanner
import HTTPServer

struct ServeCommand: Command {
    struct Arguments: ParsableArguments {
        var port = 8765
        var host = "127.0.0.1"
        var data: String?
        var jobs = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var tessdata = TessdataOption()

        static var options: [Option<Self>] {
            [
                .value("port", \.port, in: 0...65535, help: "The port (default 8765; 0: any free port)."),
                .value(
                    "host", \.host, valueName: "address",
                    help: "The address to bind (default 127.0.0.1; another is reachable from elsewhere: a warning)."),
                .value(
                    "data", \.data, valueName: "dir",
                    help:
                        "Keep photos, truth files and games in DIR (default: $XDG_DATA_HOME/sudokit, or "
                        + ".local/share/sudokit in the home folder)."),
                .value("jobs", \.jobs, in: 1...64, help: "Photos scanned at once (default: the number of cores)."),
            ] + Option.group(\.tessdata)
        }
    }

    static let help = CommandHelp(
        name: "serve",
        abstract: "A local web page to scan photos, settle what the reader is unsure of, and play.",
        discussion: """
            Starts an HTTP server on 127.0.0.1 and prints the address to open, with a
            random token: a request without it is refused, so another user of the
            machine cannot use the server. The page is built into sudokit and loads
            nothing from outside. Drop photos on it (every format scan reads): they are
            scanned on --jobs workers; an unverified photo is reviewed cell by cell
            (the photo, its framing, the rectified grid, each unsure cell's crop; type
            the digit or '.'), and a proven board is saved as truth files beside the
            photo (NAME.dat and NAME.givens.dat, as eval reads them). Any board can be
            played with the keyboard, with hints at three levels; games are kept with
            those of 'sudokit play', so a game started in one continues in the other.
            Stop the server with Ctrl-C.
            """,
        exitStatus: [
            ("0", "stopped by Ctrl-C or SIGTERM"),
            ("64", "usage error"),
            ("69", "the reader (Tesseract) cannot start"),
            ("73", "the data folder cannot be created, or the port cannot be bound"),
        ],
        examples: [
            "sudokit serve --port 0 --data /tmp/sudokit-serve & sleep 3; kill $!"
        ])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        let folder: String
        if let data = a.data {
            folder = data
        } else if let standard = GameStore.standard() {
            folder = String(standard.folder.dropLast("/games".count))
        } else {
            throw CLIError.usage("neither XDG_DATA_HOME nor HOME is set: give --data DIR")
        }
        try OutputFiles.createDirectory(folder)
        var options = ScanOptions()
        options.tessdata = a.tessdata.path
        _ = try checkReaderStarts(options, photos: 2)
        let api = WebAPI(
            token: WebAPI.newToken(), photos: PhotoDesk(folder: folder, jobs: a.jobs, options: options),
            games: GameDesk(store: GameStore(folder: folder + "/games")))
        let server: HTTPServer
        do {
            // One person's page on this machine: every connection comes from one address, so
            // the per-address limit is the whole limit; a connection idle for 10 s is closed.
            let limits = HTTPServer.Limits(
                maximumBodyBytes: PhotoDesk.maximumBytes + 4096, connectionTimeoutSeconds: 10, maximumConnections: 128,
                threads: 4, perIPConnections: 128)
            server = try HTTPServer(host: a.host, port: a.port, limits: limits, handler: api.handle)
        } catch {
            throw CLIError.cannotCreate("cannot serve on \(a.host):\(a.port): \(error)")
        }
        if a.host != "127.0.0.1" && a.host != "localhost" && a.host != "::1" {
            Console.note(
                "serving on \(a.host): anyone who can reach this address and has the token can use the page")
        }
        let shown = a.host.contains(":") ? "[\(a.host)]" : a.host
        Console.out("sudokit serve: open http://\(shown):\(server.port)/?token=\(api.token)")
        Console.out("(photos, truth files and games in \(folder); Ctrl-C stops)")
        Console.flush()
        InterruptWatch.install { signal in
            server.stop()
            Console.err("sudokit serve: stopped (\(signal == SIGINT ? "Ctrl-C" : "SIGTERM"))")
            Console.terminate(.success)
        }
        while true { sleep(3600) }
    }
}
