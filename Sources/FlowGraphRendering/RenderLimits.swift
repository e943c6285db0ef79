import FlowGraph

/// How much a render may ask of Graphviz's `dot` layout, so that a large program cannot hang
/// the tool (docs/Reliability.md).
///
/// `dot`'s time grows faster than the square of the size: on the project's 2-core machine a
/// program of 1,000 steps (about 3,300 nodes and edges) takes 1 s of CPU, 2,000 steps (6,600)
/// 8 s, 5,000 steps (16,400) 73 s (docs/Reliability.md). Graphviz cannot be interrupted, so
/// the size is checked before the layout starts; the time limit answers the caller at the
/// deadline while Graphviz finishes on its own thread (the renderer stays busy until then).
public struct RenderLimits: Sendable, Equatable {
    /// The largest diagram laid out unless told otherwise, in nodes and edges: about 1,500 steps,
    /// 3 s of CPU on the project's 2-core machine.
    public static let defaultMaximumElements = 5_000

    /// The largest diagram laid out, in nodes and edges (`Diagram.elementCount`); nil for no limit.
    public var maximumElements: Int?
    /// How long the caller waits for Graphviz, in seconds; nil to wait as long as it takes.
    public var timeLimit: Double?

    public init(maximumElements: Int? = RenderLimits.defaultMaximumElements, timeLimit: Double? = nil) {
        self.maximumElements = maximumElements
        self.timeLimit = timeLimit
    }

    /// No limit at all: the layout takes the time it takes.
    public static let none = RenderLimits(maximumElements: nil, timeLimit: nil)

    /// Whether `diagram` may be laid out.
    public func admits(_ diagram: Diagram) -> Bool {
        maximumElements.map { diagram.elementCount <= $0 } ?? true
    }

    /// The flows that could be drawn alone (with the flows they run, as `DiagramBuilder.Options.focus`
    /// draws them) in at most `maximum` elements, largest first: what to suggest when the whole
    /// program is too large.
    public static func flowsWithin(_ maximum: Int, of program: FlowProgram, options: DiagramBuilder.Options) -> [(flow: String, elements: Int)] {
        zip(program.flows, DiagramBuilder.focusedElementCounts(program, options: options))
            .filter { _, elements in elements <= maximum }
            .map { flow, elements in (flow.name, elements) }
            .sorted { $0.elements != $1.elements ? $0.elements > $1.elements : $0.flow < $1.flow }
    }
}
