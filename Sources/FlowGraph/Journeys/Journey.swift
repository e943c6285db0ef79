#if canImport(FlowGraphRuntime)  // the fuzz harness compiles the runtime into the library's one module
import FlowGraphRuntime
#endif

/// A `journey` resolved: each line's move and expectation, with the program's steps and guards it
/// names (a name several flows declare names each of them). Run on the program's meaning by
/// `JourneyRunner` (see docs/Journeys.md).
package struct Journey: Sendable {
    public var name: String
    /// The range of its name.
    public var range: SourceRange
    public var lines: [Line] = []
    /// Whether it can be run: it parsed whole and every name it uses resolved.
    public var isRunnable = true
    /// `from Settings`: the step it starts at, reached first by the shortest way from the app's
    /// start (`JourneyRunner.expanded`); nil for the app's start.
    public var start: StepRef?
    /// The root it starts at: the first of the program's roots whose flows have every step,
    /// event and tab it names (a program of several apps, checked together), else the first root.
    public var root: Int?

    package struct Line: Sendable {
        public var move: Move
        public var expectation: Expectation?
        public var range: SourceRange
        /// The line as written, for messages: `statusTapped(status: 42) -> StatusDetail`.
        public var written: String
        /// `receives (filters: red)`: the values the move's back move hands the screen it shows.
        public var received: [String: String?]? = nil
    }

    package enum Move: Sendable {
        /// The guards answer so from here on; every other guard says yes.
        case given([(guards: [GuardRef], holds: Bool)])
        /// The event, by name (the innermost flow on screen that has it gets it), with its values.
        case send(event: String, values: [String: String?])
        case open(String)
        case back, swipe
        /// A tab, by its step in each tabs flow that has one of that name.
        case select([StepRef])
        case none
    }

    /// What a line expects after its move: the runtime's own, which the generated tests compare too.
    package typealias Expectation = JourneyExpectation
}
