// Offers: `InputWalker`, which turns `scan`'s arguments (files, folders, '-') into
// the list of photos to read, in a stable order, with a note for each file left out.

import ImageCodecs

#if canImport(Glibc)
    import Glibc
#endif

/// The photos named by a command line, and what was left out and why.
package struct InputList {
    /// Paths in the order they are read (`-` for standard input).
    package var photos: [String] = []
    /// One line per file or folder left out, for stderr (`skipping PATH: why`).
    package var skipped: [String] = []
}

package enum InputWalker {
    /// Expands `arguments`: a file or `-` is taken as it is (a bad one becomes an
    /// error record later); a folder contributes the PNG, JPEG, HEIF, AVIF and WebP
    /// files in it, recognised by their first bytes, sorted by path, and with
    /// `recursive` those of its subfolders too. A file whose name says it is an image
    /// (`.jpg`, `.jpeg`, `.png`, `.heic`, `.heif`, `.hif`, `.avif`, `.webp`, any case)
    /// is taken whatever its bytes, so a damaged photo
    /// becomes an error record instead of vanishing from a batch. Names starting
    /// with '.' are passed over silently (hidden files, and the temporary files
    /// `--out` writes); subfolders without `recursive`, and other files that are
    /// not images, are noted (past `notesPerFolder` such files in one folder,
    /// counted in one note). A symbolic link is followed, except into a folder
    /// already walked; a broken one named like a photo is kept (its scan fails,
    /// so it becomes an error record). A folder holding `DebugImages.markerName`
    /// (written by `scan --debug`) is passed over with a note.
    package static func expand(_ arguments: [String], recursive: Bool) -> InputList {
        var list = InputList()
        for argument in arguments {
            if argument != "-", case .directory = kind(argument) {
                var found: [String] = []
                var visited = Set<FolderID>()
                walk(argument, recursive: recursive, into: &found, skipped: &list.skipped, visited: &visited)
                list.photos += found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            } else {
                list.photos.append(argument)
            }
        }
        return list
    }

    /// How many first bytes decide the format: a HEIF's `ftyp` box lists its
    /// compatible brands after the first 16.
    package static let sniffLength = 64

    /// Whether `path` starts like a file `scan` reads (`ImageFormat(sniffing:)`: PNG,
    /// JPEG, HEIF, AVIF, WebP); nil when it cannot be read.
    package static func looksLikeImage(_ path: String) -> Bool? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: sniffLength)
        let n = read(fd, &head, sniffLength)
        guard n >= 0 else { return nil }
        return ImageFormat(sniffing: Array(head.prefix(n))) != nil
    }

    /// Names that say "image": such a file is scanned (and reported) whatever it holds.
    package static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "heic", "heif", "hif", "avif", "webp"]

    /// Whether `name` ends in one of `imageExtensions`, in any case.
    package static func hasImageName(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return imageExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    private struct FolderID: Hashable {
        var device: UInt64
        var inode: UInt64
    }
    private enum Kind { case file, directory(FolderID), other, missing }

    /// What `path` is, following symbolic links.
    private static func kind(_ path: String) -> Kind {
        var st = stat()
        guard stat(path, &st) == 0 else { return .missing }
        switch st.st_mode & S_IFMT {
        case S_IFDIR: return .directory(FolderID(device: UInt64(st.st_dev), inode: UInt64(st.st_ino)))
        case S_IFREG: return .file
        default: return .other
        }
    }

    private static func walk(
        _ dir: String, recursive: Bool, into found: inout [String],
        skipped: inout [String], visited: inout Set<FolderID>
    ) {
        guard case .directory(let id) = kind(dir), visited.insert(id).inserted else { return }
        guard let names = entries(dir) else {
            skipped.append("skipping \(dir): cannot read the folder")
            return
        }
        if names.contains(DebugImages.markerName) {
            skipped.append("skipping \(dir): overlay pictures written by 'scan --debug'")
            return
        }
        var notImages: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = dir.hasSuffix("/") ? dir + name : dir + "/" + name
            switch kind(path) {
            case .directory:
                if recursive {
                    walk(path, recursive: true, into: &found, skipped: &skipped, visited: &visited)
                } else {
                    skipped.append("skipping \(path): a folder (use --recursive to read it)")
                }
            case .file:
                switch looksLikeImage(path) {
                case _ where hasImageName(name): found.append(path)
                case true?: found.append(path)
                case false?: notImages.append(path)
                case nil: skipped.append("skipping \(path): cannot be read")
                }
            case .missing where hasImageName(name):
                // A broken symbolic link named like a photo: scanned, so it becomes an error record.
                found.append(path)
            case .other, .missing:
                skipped.append("skipping \(path): not a regular file")
            }
        }
        for path in notImages.prefix(notesPerFolder) {
            skipped.append("skipping \(path): not a PNG, JPEG, HEIF, AVIF or WebP")
        }
        if notImages.count > notesPerFolder {
            skipped.append(
                "skipping \(notImages.count - notesPerFolder) more files in \(dir): not PNG, JPEG, HEIF, AVIF or WebP")
        }
    }

    /// Files not images named one by one in a folder's notes; the rest are counted
    /// (a corpus folder holds a truth file beside every photo).
    package static let notesPerFolder = 5

    /// The names in `dir` (without '.' and '..'), or nil when it cannot be listed.
    private static func entries(_ dir: String) -> [String]? {
        guard let handle = opendir(dir) else { return nil }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
