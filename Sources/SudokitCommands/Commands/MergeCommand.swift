// Offers: `MergeCommand`, `sudokit merge FILE...`: joins the JSONL records of the
// shards of one batch (`scan --shard I/N --format jsonl`) into the records one
// process would have written, refusing duplicates, and with `--expect` gaps too.

import ArgumentParsing
import GridScanner

struct MergeCommand: Command {
    struct Arguments: ParsableArguments {
        var files: [String] = []
        var expect: [String] = []
        var recursive = false
        var out: String?
        var quiet = false

        static var options: [Option<Self>] {
            [
                .repeating(
                    "expect", \.expect, valueName: "image-or-dir",
                    help:
                        "The inputs the batch was given (as to scan; may repeat): every photo\nmust have exactly one "
                        + "record, and the records come out in their order."
                ),
                .flag("recursive", \.recursive, help: "With --expect: the folders were scanned with --recursive."),
                .value(
                    "out", \.out, valueName: "file",
                    help: "Write the merged records to FILE, atomically, instead of standard output."),
                .flag("quiet", \.quiet, help: "No summary on stderr."),
            ]
        }

        static var positionals: Positionals<Self>? {
            Positionals("file", \.files, minimum: 1, help: "A JSONL file of scan records ('-' for standard input).")
        }
    }

    static let help = CommandHelp(
        name: "merge",
        abstract: "Join the JSONL records of a batch's shards into one file, checking for duplicates and gaps.",
        discussion: """
            Reads each FILE (the output of 'scan --format jsonl', typically one per
            --shard) and writes every record unchanged, in the order of the files and
            their lines. A photo with records in two places is an error. With --expect
            (the scan's inputs, expanded as scan expands them), the records come out in
            the inputs' order, and a photo without a record, or a record of a photo not
            among the inputs, is an error too: the merged file is then the one a single
            'scan' over the same inputs writes, record for record. On any error nothing
            is written.
            """,
        exitStatus: [
            ("0", "merged"),
            ("65", "a line is not a scan record, a photo has two records, or (--expect) a photo has none"),
            ("66", "a FILE cannot be opened"),
            ("73, 74", "the output cannot be created, or written"),
        ],
        examples: [
            "for i in 0 1 2; do sudokit scan --quiet --shard $i/3 --format jsonl --out shard-$i.jsonl "
                + "TestImages/synthetic/played; done; sudokit merge shard-*.jsonl > all.jsonl",
            "for i in 0 1 2; do sudokit scan --quiet --shard $i/3 --format jsonl --out shard-$i.jsonl "
                + "TestImages/synthetic/played; done; sudokit merge --expect TestImages/synthetic/played --out "
                + "all.jsonl shard-0.jsonl shard-1.jsonl shard-2.jsonl",
        ])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        try OutputGuard.check(a.out.map { [.init(option: "--out", path: $0)] } ?? [], reads: a.files + a.expect)
        struct Record {
            var file: String
            var status: ScanStatus
            var line: ArraySlice<UInt8>
            var place: String
        }
        var records: [Record] = []
        var byPhoto: [String: Int] = [:]
        for path in a.files {
            let name = TextInput.displayName(path)
            let bytes = try TextInput.bytes(path)
            var start = 0
            var lineNumber = 0
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                lineNumber += 1
                let line = bytes[start..<end]
                start = end + 1
                if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) { continue }
                guard let record = RecordIndex.record(line) else {
                    throw CLIError.data("\(name):\(lineNumber): not a scan record (a JSON object with file and status)")
                }
                let place = "\(name):\(lineNumber)"
                if let earlier = byPhoto[record.file] {
                    throw CLIError.data("\(record.file) has two records: \(records[earlier].place) and \(place)")
                }
                byPhoto[record.file] = records.count
                records.append(Record(file: record.file, status: record.status, line: line, place: place))
            }
        }

        var order = Array(records.indices)
        if !a.expect.isEmpty {
            let inputs = InputWalker.expand(a.expect, recursive: a.recursive).photos.map { $0 == "-" ? "<stdin>" : $0 }
            let missing = inputs.filter { byPhoto[$0] == nil }
            if !missing.isEmpty {
                throw CLIError.data(
                    "\(missing.count) of \(inputs.count) photos have no record: "
                        + missing.prefix(10).joined(separator: ", ") + (missing.count > 10 ? ", ..." : ""))
            }
            let expected = Set(inputs)
            if let stray = records.first(where: { !expected.contains($0.file) }) {
                throw CLIError.data("\(stray.place): \(stray.file) is not among the expected photos")
            }
            order = inputs.compactMap { byPhoto[$0] }
        }

        var text: [UInt8] = []
        for i in order {
            text += records[i].line
            text.append(UInt8(ascii: "\n"))
        }
        if let out = a.out {
            try OutputFiles.writeAtomically(String(decoding: text, as: UTF8.self), to: out)
        } else {
            Console.out(String(decoding: text, as: UTF8.self), terminator: "")
        }
        if !a.quiet {
            var tally = BatchTally()
            for r in records { tally.count(r.status, code: .success) }
            Console.err("merge: \(a.files.count) file" + (a.files.count == 1 ? "" : "s") + ", " + tally.summary)
        }
        return .success
    }
}
