// Offers: `OutputGuard`, the check every command runs before it writes anything:
// an output path (`--out`, `--debug`, `--write-baseline`, ...) may not be, after
// symbolic links are resolved, a file the run reads, nor lie inside a folder the
// run reads. A photo overwritten by its own scan is lost; a picture written into
// a folder being scanned is read back as a photo by the next run.

#if canImport(Glibc)
    import Glibc
#endif

package enum OutputGuard {
    /// An output of the run: the option that names it and its path.
    package struct Output {
        var option: String
        var path: String

        package init(option: String, path: String) {
            self.option = option
            self.path = path
        }
    }

    /// Refuses the run (usage error, exit 64) when an output resolves to a file in
    /// `reads`, to a folder in `reads`, or to anything inside such a folder.
    /// `reads` are the run's inputs as given (files or folders; `-` is ignored).
    /// Nothing is created or written by the check.
    /// - Throws: `CLIError.usage` naming the output and the input it would clobber.
    package static func check(_ outputs: [Output], reads: [String]) throws(CLIError) {
        let inputs = reads.filter { $0 != "-" }.compactMap { path -> (given: String, real: String, folder: Bool)? in
            guard let real = resolved(path) else { return nil }
            return (path, real, isFolder(real))
        }
        for output in outputs {
            guard let real = resolved(output.path) else { continue }
            for input in inputs {
                if real == input.real {
                    let what = input.folder ? "a folder" : "a file"
                    throw CLIError.usage(
                        "\(output.option) '\(output.path)' is '\(input.given)', \(what) this run reads: choose "
                            + "another path"
                    )
                }
                if input.folder && real.hasPrefix(input.real == "/" ? "/" : input.real + "/") {
                    throw CLIError.usage(
                        "\(output.option) '\(output.path)' is inside '\(input.given)', a folder this run reads: "
                            + "write it elsewhere"
                    )
                }
            }
        }
    }

    /// The absolute path `path` names once every symbolic link is resolved, also
    /// when its last components do not exist yet (they are appended to the real
    /// path of the longest part that exists). Nil only when no part resolves.
    package static func resolved(_ path: String) -> String? {
        if let real = realPath(path) { return real }
        var head = path.isEmpty ? "." : path
        var tail: [String] = []
        while true {
            let name = lastComponent(head)
            let parent = parentPath(head)
            tail.insert(name, at: 0)
            if let real = realPath(parent) {
                let joined = tail.filter { !$0.isEmpty && $0 != "." }.joined(separator: "/")
                return real == "/" ? "/" + joined : real + "/" + joined
            }
            if parent == head { return nil }
            head = parent
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    private static func isFolder(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    private static func lastComponent(_ path: String) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    private static func parentPath(_ path: String) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }
}
