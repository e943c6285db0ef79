import FlowGraph
import FlowGraphFiles
import FlowGraphRendering

/// What the preview server serves, kept up to date with the `.flow` files: the last page made
/// without errors, and the errors of the program as it is now.
///
/// `version` counts the changes of the files (a save that changes nothing is no change); `page`
/// is the version of the last good page, which the page reloads for.
public actor PreviewState {
    /// A copy of the state, as the `/events` answer tells it.
    public struct Snapshot: Sendable, Equatable {
        public let version: Int
        public let page: Int
        package let problems: [ProgramMap.Problem]
    }

    private let paths: [String]
    private let makeSettings: @Sendable (_ files: [String]) -> MapPageSettings
    private let limits: RenderLimits
    private var fingerprint: UInt64?
    /// The files' fingerprint at the last read, when it differs from the one the state was made from.
    private var pending: UInt64?
    public private(set) var version = 0
    public private(set) var pageVersion = 0
    package private(set) var problems: [ProgramMap.Problem] = []
    private var pageBytes: [UInt8]?
    /// Each diagram's layout on the last page: a save lays out again only the diagrams it changed.
    private let layouts = MapLayoutCache()
    /// The program the last good page was made from, with that page's version: what the simulator runs.
    package private(set) var good: (version: Int, compilation: Compiler.Compilation)?

    /// - Parameters:
    ///   - paths: the files and folders read as one program, as `check` reads them.
    ///   - settings: the page's settings for the files read (title, editor).
    public init(paths: [String], limits: RenderLimits = .init(), settings: @escaping @Sendable (_ files: [String]) -> MapPageSettings) {
        self.paths = paths
        self.limits = limits
        self.makeSettings = settings
    }

    public var snapshot: Snapshot { Snapshot(version: version, page: pageVersion, problems: problems) }

    /// The page to serve: the last good one, or, before there is one, an empty page with the errors.
    public var page: [UInt8] {
        if let pageBytes { return pageBytes }
        var settings = makeSettings([])
        settings.preview = .init(version: version, page: pageVersion, problems: problems)
        return MapPage.empty(settings: settings)
    }

    /// Reads the files again; when their paths or bytes changed (and read the same twice in a row),
    /// compiles and, without errors, makes a new page. Returns whether anything changed.
    @discardableResult
    public func refresh() -> Bool {
        let files: [SourceFile]
        do {
            files = try InputFiles.load(paths)
        } catch let error as InputError {
            let print = Self.fingerprint(of: Array(error.description.utf8), seed: 1)
            guard print != fingerprint else { return false }
            fingerprint = print
            version += 1
            problems = [ProgramMap.Problem(file: "", line: 0, column: 0, message: error.description)]
            return true
        } catch {
            return false
        }
        var print: UInt64 = 0xcbf2_9ce4_8422_2325
        for file in files { print = Self.fingerprint(of: Array(file.path.utf8) + [0] + file.bytes + [0], seed: print) }
        guard print != fingerprint else { pending = nil; return false }
        // An editor that saves in place truncates the file, then writes it: the files are taken
        // only once two reads in a row agree, so that a half-written file makes no page.
        guard fingerprint == nil || print == pending else { pending = print; return false }
        pending = nil
        fingerprint = print
        version += 1
        let compilation = Compiler.compile(files)
        guard let program = compilation.program, !compilation.hasAnyErrors else {
            problems = ProgramMap.problems(of: compilation)
            if problems.isEmpty {
                problems = [ProgramMap.Problem(file: "", line: 0, column: 0, message: compilation.silencedErrorsMessage ?? "the program has errors")]
            }
            return true
        }
        var settings = makeSettings(files.map(\.path))
        settings.preview = .init(version: version, page: version, problems: [])
        do {
            pageBytes = try MapPage.render(program, diagnostics: compilation.diagnostics, settings: settings, limits: limits, cache: layouts)
            pageVersion = version
            good = (version, compilation)
            problems = []
        } catch {
            problems = error.messages.map { ProgramMap.Problem(file: "", line: 0, column: 0, message: "Graphviz: \($0)") }
        }
        return true
    }

    /// 64-bit FNV-1a, continued from `seed`.
    static func fingerprint(of bytes: [UInt8], seed: UInt64) -> UInt64 {
        var hash = seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
