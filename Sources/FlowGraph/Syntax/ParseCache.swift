/// The parses of one program's files, kept from one compilation to the next: a file whose bytes
/// and place among the program's files are unchanged is not lexed and parsed again, and one that
/// changed is lexed again only where it changed (`LexedFile.edited`). The language server
/// compiles the whole program after each edit, and an edit changes one file.
///
/// Not thread-safe: one compilation at a time uses it (the server compiles on one thread).
package final class ParseCache: @unchecked Sendable {
    package typealias Parsed = Parser.Parsed

    /// Each file's parse, and its tokens (none for a file over the size limit, which has no parse
    /// but its error): an edited file is lexed again only where it changed.
    private var entries: [String: (index: Int, bytes: [UInt8], lexed: LexedFile?, parsed: Parsed)] = [:]
    /// How many files the last compilation parsed, and how many it took from the cache.
    package private(set) var parsedCount = 0
    package private(set) var reusedCount = 0
    /// The numbers of the names of every parse kept, and of the parses to come: kept across
    /// compilations, so that a kept parse's names and a new one's agree. It only grows (by the
    /// names an edit writes that no file had).
    private(set) var names = NameNumbers()

    package init() {}

    /// How many names the cache numbers before it starts again (a test makes it small).
    package var namesBeforeRenumbering = 1 << 20

    /// Starts a compilation of `files`: forgets the files that are not among them (closed,
    /// deleted), so that the cache holds no more than the program.
    func keep(_ files: [SourceFile]) {
        parsedCount = 0
        reusedCount = 0
        // Every name ever typed keeps its number (a name typed letter by letter is a name a
        // letter): past a million, start again, every file parsed anew.
        if names.count > namesBeforeRenumbering {
            entries = [:]
            names = NameNumbers()
        }
        guard !entries.isEmpty else { return }
        let paths = Set(files.map(\.path))
        entries = entries.filter { paths.contains($0.key) }
    }

    /// The parse of `file` as the `index`th file of the program: the kept one when its bytes are
    /// the same (the ranges in it name the file by its index), else a new one, kept. (An unchanged
    /// file's bytes are usually the same array, which `==` finds at once.)
    func parsed(_ file: SourceFile, index: Int) -> Parsed {
        let entry = entries[file.path].flatMap { $0.index == index ? $0 : nil }
        if let entry, entry.bytes == file.bytes {
            reusedCount += 1
            return entry.parsed
        }
        parsedCount += 1
        guard file.bytes.count <= SourceLimits.fileSize else {
            let parsed = Parser.parse(file, file: index, names: &names)
            entries[file.path] = (index, file.bytes, nil, parsed)
            return parsed
        }
        let parsed: Parsed
        let lexed: LexedFile
        if let entry, let before = entry.lexed {
            lexed = before.edited(to: file.bytes, file: index)
            parsed = Parser.parse(file, file: index, lexed: lexed, editing: entry.parsed, names: &names)
        } else {
            lexed = LexedFile(file: index, bytes: file.bytes)
            parsed = Parser.parse(file, file: index, lexed: lexed, names: &names)
        }
        entries[file.path] = (index, file.bytes, lexed, parsed)
        return parsed
    }
}
