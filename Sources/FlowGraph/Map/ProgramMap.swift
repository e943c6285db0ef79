/// What the explorable page of a program shows (`flowgraph render --format html`, `flowgraph
/// preview`), as plain values: the overview of its flows, each flow's steps, clauses, links,
/// guards and exits with their places in the source, the findings with their witness paths, and
/// the search index. The diagrams themselves are `MapDiagrams`; the page is put together by the
/// rendering target, which lays them out.
package struct ProgramMap: Sendable, Equatable {
    /// A place in the source: `files[file]:line:column` (1-based; columns count bytes, as in reports).
    public struct Location: Sendable, Hashable, Comparable {
        public let file: Int
        public let line: Int
        public let column: Int

        public init(file: Int, line: Int, column: Int) {
            self.file = file
            self.line = line
            self.column = column
        }

        public static func < (lhs: Location, rhs: Location) -> Bool {
            (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
        }
    }

    /// How a flow is drawn on the overview.
    public enum FlowKind: String, Sendable {
        /// A navigation stack.
        case stack
        /// A `tabs` flow.
        case tabs
        /// A `split` flow: a split view's columns.
        case split
        /// A flow that steps of two or more other flows run (a login, a compose screen...): a shared group.
        case shared
    }

    public struct FlowEntry: Sendable, Equatable {
        public var name: String
        public var kind: FlowKind
        /// Whether no step runs it: where the app starts.
        public var isRoot: Bool
        public var doc: String
        public var location: Location
        public var steps: [StepEntry]
        public var clauses: [ClauseEntry]
        public var links: [NamedEntry]
        public var guards: [NamedEntry]
        public var exits: [NamedEntry]
        /// The flows its steps run, by index, each once.
        public var runs: [Int]
        /// The steps that run it, as `Flow.Step`.
        public var runners: [String]
        /// The findings whose text is in the flow, by index in `findings`.
        public var findings: [Int]
        /// The destinations groups it uses, by index in `groups` (their steps are among `steps`).
        public var uses: [Int] = []
    }

    /// A `destinations` group: drawn with each flow that uses it, counted once.
    public struct GroupEntry: Sendable, Equatable {
        public var name: String
        public var doc: String
        public var location: Location
        /// Its own steps' names (a flow that uses it has them among its steps).
        public var steps: [String]
        /// The flows that use it, directly or through another group, by index.
        public var users: [Int]
        /// The groups it uses, by index.
        public var uses: [Int] = []
        /// The flows and the groups whose `use` of it is written (`FlowProgram.directUsers(of:)`):
        /// the overview's `use` edges.
        public var directUsers: [Int] = []
        public var directGroupUsers: [Int] = []
    }

    /// A step: its node in the flow's diagram has the id `Flow.Step`.
    public struct StepEntry: Sendable, Equatable {
        public var name: String
        public var inputs: String
        public var doc: String
        public var location: Location
        /// The flow it runs, by index.
        public var runs: Int?
    }

    /// An `on` clause: in a step (`step` is its name) or flow-level (`step` nil).
    public struct ClauseEntry: Sendable, Equatable {
        public var event: String
        public var step: String?
        /// `push Detail if isLoggedIn else sheet Login`.
        public var summary: String
        public var location: Location
        /// The ids of its edges in the flow's diagram (`MapDiagrams`).
        public var edges: [String]
    }

    /// A guard, an exit or a deep link (`name` is the pattern; `target` the step it opens).
    public struct NamedEntry: Sendable, Equatable {
        public var name: String
        public var target: String?
        public var location: Location
    }

    /// An edge of the overview: a step of `from` runs `to` (a tab of a tabs flow when `isTab`).
    public struct OverviewEdge: Sendable, Equatable {
        public var from: Int
        public var to: Int
        public var steps: [String]
        public var isTab: Bool
    }

    public struct Finding: Sendable, Equatable {
        public var rule: String
        public var severity: String
        public var message: String
        public var location: Location
        /// The flow whose text holds it (or, for one outside any flow, its first subject's), by index.
        public var flow: Int?
        /// The witness: the shortest path from a root that shows the problem, as `Flow.Step`.
        public var path: [String]
        /// The steps it is about, as `Flow.Step`.
        public var subjects: [String]
        /// The ids of the edges it marks in its flow's diagram.
        public var edges: [String]
        public var notes: [Note]
    }

    public struct Note: Sendable, Equatable {
        public var message: String
        public var location: Location?
    }

    /// One thing search finds: a flow, step, event, guard, exit or deep link.
    public struct SearchEntry: Sendable, Equatable {
        public enum Kind: String, Sendable { case flow, step, event, `guard`, exit, link }
        public var kind: Kind
        public var text: String
        public var flow: Int
        /// The node to highlight (`Flow.Step`), or the edges of a clause.
        public var targets: [String]
        public var location: Location
    }

    /// An error that stops the program from being drawn (preview shows them over the last good page).
    public struct Problem: Sendable, Equatable {
        public var file: String
        public var line: Int
        public var column: Int
        public var message: String

        public init(file: String, line: Int, column: Int, message: String) {
            self.file = file
            self.line = line
            self.column = column
            self.message = message
        }
    }

    /// The files, as given on the command line; locations name them by index.
    public var files: [String]
    public var flows: [FlowEntry]
    public var overview: [OverviewEdge]
    public var findings: [Finding]
    public var search: [SearchEntry]
    public var groups: [GroupEntry] = []
    /// The program's journeys, each as the path the navigator takes (`JourneyRunner.paths`).
    public var journeys: [JourneyEntry] = []

    /// A journey on the page: its lines, each with the screen on top after it (`Flow.Step`, the
    /// id of its node) and the edges of the moves it made.
    public struct JourneyEntry: Sendable, Equatable {
        public var name: String
        public var location: Location
        /// Nil when it holds; else the line where it does not, and why.
        public var failure: String?
        public var lines: [Line]

        public struct Line: Sendable, Equatable {
            public var written: String
            public var location: Location
            /// What the program shows after it, as a journey writes it.
            public var shows: String
            /// The node of the screen on top (`Flow.Step`), or nil (an alert, a blocked move...).
            public var node: String?
            public var edges: [String]
        }
    }

    /// The map of a program with nothing in it (what preview shows before a first good compile).
    public static let empty = ProgramMap(files: [], flows: [], overview: [], findings: [], search: [])
}
