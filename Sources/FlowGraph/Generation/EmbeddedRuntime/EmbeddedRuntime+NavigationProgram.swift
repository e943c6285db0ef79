// Written by scripts/embed-runtime from Sources/FlowGraphRuntime: do not edit, run the script.

extension EmbeddedRuntime {
    static let fileNavigationProgram = ###"""
/// What a generated router tells the engine about its program: its types, and the program itself
/// as data (`table`). `flowgraph generate` writes one conforming enum per program (`FlowRouter`);
/// an app does not conform to it by hand.
///
/// The engine never needs the program's code except to build typed values: a screen or an exit
/// from the payload that reached it (`screen(_:from:)`, `exit(_:from:)`), and a guard's answer,
/// with its arguments from the same payload (`ask`, in `SyncNavigationProgram` or
/// `AsyncNavigationProgram`). Everything else (which
/// clause handles what, link patterns and paths, names) is in `table`.
public protocol NavigationProgram {
    /// The flows of the program: `rawValue` is the flow's index in `table.flows`.
    associatedtype Flow: RawRepresentable<Int>, Hashable, Sendable
    /// A step of any flow, with its inputs: what the UI shows.
    associatedtype Screen: Hashable, Sendable
    /// An event of any flow.
    associatedtype Event: Sendable
    /// An exit of any flow.
    associatedtype Exit: Sendable
    /// A deep link of any flow.
    associatedtype Link: Hashable, Sendable
    /// A guard of any flow, as a blocked outcome names it.
    associatedtype GuardID: Hashable, Sendable
    /// Where the app starts: a root flow, with the inputs of its first screens.
    associatedtype Root: Sendable
    /// What answers the guards: the app's object (an existential of the generated protocol).
    associatedtype AppGuards
    /// A value handed back to a screen that a back move shows again (`receives` in the program):
    /// one case per flow, each a case per receiving step with its values. `Never` for a program
    /// in which no step receives.
    associatedtype Received: Hashable, Sendable = Never
    /// An alert or dialog of any flow, with its inputs (for its title and message): what the UI
    /// shows over the screen that showed it. `Never` for a program without alerts.
    associatedtype Alert: Hashable, Sendable = Never

    /// The program as data, decoded once from the generated text.
    static var table: ProgramTable { get }

    /// The step a screen shows.
    static func step(of screen: Screen) -> StepRef
    /// The flow and the index of an event among its flow's events.
    static func event(of event: Event) -> EventRef
    /// Every flow that may handle an event, with its index there: one flow for a flow's own event;
    /// for an event of a `destinations` group, each flow that uses the group. `send` takes the
    /// innermost of them that is running. The default is `event(of:)` alone.
    static func events(of event: Event) -> [EventRef]
    /// The flow and the index of an exit among its flow's exits.
    static func exit(of exit: Exit) -> ExitRef
    /// The flow and the index of a link among its flow's links.
    static func link(of link: Link) -> LinkRef
    /// The root flow a root starts.
    static func flow(of root: Root) -> Int
    /// The typed guard with this index in its flow.
    static func guardID(_ ref: GuardRef) -> GuardID

    /// `step` with its inputs taken by name from `source`; nil when the source cannot give them
    /// (the compiler never asks for such a screen).
    static func screen(_ step: StepRef, from source: PayloadSource<Self>) -> Screen?
    /// The exit with its inputs taken by name from `source`.
    static func exit(_ exit: ExitRef, from source: PayloadSource<Self>) -> Exit?
    /// What a back move whose payload is `source` (an event's, or a subflow's exit's) hands `step`
    /// when it shows it again, its values taken by name; nil when it hands it nothing (the
    /// compiler says which back moves hand which steps a value).
    static func received(_ step: StepRef, from source: PayloadSource<Self>) -> Received?
    /// The alert of `ref` with its inputs taken by name from `source`, the payload of the clause
    /// that shows it; nil when the source cannot give them (the compiler never asks so).
    static func alert(_ ref: AlertRef, from source: PayloadSource<Self>) -> Alert?
    /// The URL an `open url` action hands the system, as text: the payload value named by
    /// `ref` (its index among its flow's `openedValues`) taken from `source`; nil when the source
    /// does not carry it (the compiler never asks so).
    static func opened(_ ref: OpenedRef, from source: PayloadSource<Self>) -> String?
    /// The answer of a guard that a `start` asks, when the flow starts: one that answers at once
    /// and takes no arguments (the compiler lets a start ask no other); nil for any other.
    @MainActor static func answerAtOnce(_ ref: GuardRef, of guards: AppGuards) -> Bool?
    /// The answer of a guard with its arguments from `source` when it answers at once: every
    /// guard of a `SyncNavigationProgram`, none of an `AsyncNavigationProgram` (a kept link whose
    /// way asks one opens on the next `send` or `open`, which may wait).
    @MainActor static func askAtOnce(_ ref: GuardRef, of guards: AppGuards, from source: PayloadSource<Self>) -> Bool?
    /// The link of `ref` with its placeholders read from the URL's text (`values`, in the order of
    /// the pattern's placeholders, nil for one the URL leaves out); nil when one does not convert.
    static func link(_ ref: LinkRef, values: [String?]) -> Link?

    /// The text of each input of a screen, in order (nil for an absent optional), as
    /// `String(describing:)` gives it: what a journey compares (`Product(product: 3)`). The
    /// default reads the generated enum's payload.
    static func inputTexts(of screen: Screen) -> [String?]
    /// The text of each value a back move handed a screen, in order; the default reads the
    /// generated enum's payload.
    static func receivedTexts(of received: Received) -> [String?]
}

extension NavigationProgram {
    public static func inputTexts(of screen: Screen) -> [String?] { payloadTexts(screen) }
    public static func receivedTexts(of received: Received) -> [String?] { payloadTexts(received) }

    /// No guard answers at once, unless the program says so.
    @MainActor public static func askAtOnce(_ ref: GuardRef, of guards: AppGuards, from source: PayloadSource<Self>) -> Bool? { nil }

    /// A program in which no step receives: nothing is handed back.
    public static func received(_ step: StepRef, from source: PayloadSource<Self>) -> Received? { nil }
    /// A program without alerts: none is ever shown.
    public static func alert(_ ref: AlertRef, from source: PayloadSource<Self>) -> Alert? { nil }
    /// A program that opens nothing outside the app.
    public static func opened(_ ref: OpenedRef, from source: PayloadSource<Self>) -> String? { nil }
}

/// A program whose guards all answer at once: `send` and `open` are synchronous.
public protocol SyncNavigationProgram: NavigationProgram {
    /// The answer of the guard of `ref`, asked with its arguments taken by name from `source` (the
    /// payload of the clause that asks it); nil when the source cannot give them (the compiler
    /// never asks so).
    @MainActor static func ask(_ ref: GuardRef, of guards: AppGuards, from source: PayloadSource<Self>) -> Bool?
}

extension SyncNavigationProgram {
    /// Every guard answers at once.
    @MainActor public static func askAtOnce(_ ref: GuardRef, of guards: AppGuards, from source: PayloadSource<Self>) -> Bool? {
        ask(ref, of: guards, from: source)
    }
}

/// A program with an `async` guard: `send` and `open` are `async` and serialized.
public protocol AsyncNavigationProgram: NavigationProgram {
    /// The answer of the guard of `ref`, asked with its arguments taken by name from `source`; nil
    /// when the source cannot give them.
    @MainActor static func ask(_ ref: GuardRef, of guards: AppGuards, from source: PayloadSource<Self>) async -> Bool?
}

/// Where the values of a new screen or exit, or a guard's arguments, come from: they are taken
/// from it by name.
public enum PayloadSource<Program: NavigationProgram> {
    /// A screen without inputs, or one whose inputs are all optional and absent.
    case none
    /// The payload of the event whose clause moves.
    case event(Program.Event)
    /// The inputs of a subflow's exit, for its runner's handler.
    case exit(Program.Exit)
    /// The values of a deep link, along its path.
    case link(Program.Link)
    /// The inputs of the step that runs a subflow, for the subflow's first screens.
    case screen(Program.Screen)
    /// The inputs of a root, for its first screens.
    case root(Program.Root)
}

/// A step of a program: its flow's index and its index in the flow.
public struct StepRef: Hashable, Sendable, Comparable {
    public let flow: Int
    public let step: Int

    public init(flow: Int, step: Int) {
        self.flow = flow
        self.step = step
    }

    public static func < (lhs: StepRef, rhs: StepRef) -> Bool { (lhs.flow, lhs.step) < (rhs.flow, rhs.step) }
}

/// An element of a flow by index: its flow's index and its index among the flow's elements of
/// that kind (`EventRef`, `ExitRef`, `LinkRef`, `GuardRef`).
public struct ElementRef<Kind>: Hashable, Sendable {
    public let flow: Int
    public let index: Int

    public init(flow: Int, index: Int) {
        self.flow = flow
        self.index = index
    }
}

/// The kinds of `ElementRef`: markers, never values.
public enum EventElement {}
public enum ExitElement {}
public enum LinkElement {}
public enum GuardElement {}
public enum AlertElement {}
public enum OpenedElement {}

/// An event of a program: its flow's index and its index among the flow's events.
public typealias EventRef = ElementRef<EventElement>
/// An exit of a program: its flow's index and its index among the flow's exits.
public typealias ExitRef = ElementRef<ExitElement>
/// A deep link of a program: its flow's index and its index among the flow's links.
public typealias LinkRef = ElementRef<LinkElement>
/// A guard of a program: its flow's index and its index among the flow's guards.
public typealias GuardRef = ElementRef<GuardElement>
/// An alert or dialog of a program: its flow's index and its index among the flow's alerts.
public typealias AlertRef = ElementRef<AlertElement>
/// A value an `open` action hands the system: its flow's index and its index among the flow's `openedValues`.
public typealias OpenedRef = ElementRef<OpenedElement>

/// A step's index in its flow and its inputs, type-erased: what a generated `Step` compares and
/// hashes. Written out by hand in the generated file, one line a step, because the compiler's
/// derived `==` for an enum of many cases with payloads costs seconds of every clean build.
///
/// A step has at most a few inputs: the initializers for none, one, two and three take them
/// without a parameter pack, which an unoptimized build compiles to much less code at each of the
/// generated file's calls (a pack is built and walked at run time); more take the pack.
public struct StepKey: Hashable {
    public let index: Int
    private let values: [AnyHashable]

    public init(_ index: Int) {
        self.index = index
        self.values = []
    }

    public init<A: Hashable>(_ index: Int, _ a: A) {
        self.index = index
        self.values = [AnyHashable(a)]
    }

    public init<A: Hashable, B: Hashable>(_ index: Int, _ a: A, _ b: B) {
        self.index = index
        self.values = [AnyHashable(a), AnyHashable(b)]
    }

    public init<A: Hashable, B: Hashable, C: Hashable>(_ index: Int, _ a: A, _ b: B, _ c: C) {
        self.index = index
        self.values = [AnyHashable(a), AnyHashable(b), AnyHashable(c)]
    }

    public init<each Value: Hashable>(_ index: Int, _ value: repeat each Value) {
        var values: [AnyHashable] = []
        for item in repeat each value { values.append(AnyHashable(item)) }
        self.index = index
        self.values = values
    }
}

/// A screen's flow and its step's `StepKey`: what a generated `Screen` compares and hashes (the
/// derived `==` of an enum with a case a flow costs a large program's build), and what
/// `step(of:)` reads.
public struct ScreenKey: Hashable {
    public let flow: Int
    public let step: StepKey

    public init(flow: Int, step: StepKey) {
        self.flow = flow
        self.step = step
    }

    /// The step the screen shows.
    public var stepRef: StepRef { StepRef(flow: flow, step: step.index) }
}

/// A generated flow's `Step`: compared and hashed through its `StepKey` (its index in the flow and
/// its inputs), by the `==` and `hash(into:)` here rather than ones the compiler derives (see
/// `StepKey`) or ones written out in each flow.
public protocol KeyedStep: Hashable {
    /// The step's index in its flow's table, and its inputs.
    static func flowGraphKey(_ step: Self) -> StepKey
}

extension KeyedStep {
    public static func == (lhs: Self, rhs: Self) -> Bool { flowGraphKey(lhs) == flowGraphKey(rhs) }
    public func hash(into hasher: inout Hasher) { hasher.combine(Self.flowGraphKey(self)) }
}

extension NavigationProgram {
    public static func events(of event: Event) -> [EventRef] { [self.event(of: event)] }
}
"""###
}
