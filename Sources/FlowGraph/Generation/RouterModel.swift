/// What a generated router holds, as typed values: built from a checked program and its analysis
/// (`RouterModel.init`), then printed (`RouterPrinter`). No stage reads generated text back.
///
/// The file holds only what depends on the program: per flow, its types (`Step`, `Event`, `Exit`,
/// `Guards`, `Guard`, `Link`) and how to build each typed value from the payload that reaches it;
/// then the program as data for the engine of `FlowGraphRuntime` (`table`), and the program type
/// that conforms to the runtime's protocol.
struct RouterModel {
    var options: SwiftEmitter.Options
    var sources: [String]
    var imports: [String]
    /// Whether some guard is async, which makes `send` and `open` async.
    var isAsync: Bool
    var flows: [FlowModel]
    /// The destinations groups: one `Step` and `Event` type each, which the flows that use them wrap.
    var groups: [GroupModel]
    /// The root flows' cases of `Root`, with the inputs of their first screens.
    var roots: [RootModel]
    /// The app's type names that generated nested types would shadow: reached through file-level aliases.
    var appTypeAliases: [String]
    /// Flows named like a type nested in the program type or the navigator: reached through file-level aliases.
    var flowAliases: [String]
    var table: RouterTable

    struct FlowModel {
        var index: Int
        /// The flow's enum as declared.
        var declaration: String
        /// The flow's enum as the program type and the navigator refer to it (an alias when needed).
        var reference: String
        /// Its case in `Flow`, `Screen`, `Event`...
        var caseName: String
        var doc: [String]
        var isTabs: Bool
        var steps: [CaseModel]
        var events: [CaseModel]
        var exits: [CaseModel]
        var guards: [GuardModel]
        var links: [LinkModel]
        /// How each step is built from the payloads that reach it, by target.
        var stepBuilds: [Build]
        var exitBuilds: [Build]
        /// How each guard with arguments is asked, from the payloads of the clauses and links that ask it.
        var guardBuilds: [Build]
        /// The groups the flow uses, with where their steps and events are in the flow.
        var uses: [GroupUse] = []

        /// The events the flow's own `Event` declares (the others only groups' do), with their index in the flow.
        var ownEvents: [(index: Int, item: CaseModel)] { events.enumerated().filter { $0.element.isDeclared }.map { ($0.offset, $0.element) } }
        /// For each step, its case of the flow's `Received` when it receives (named like the step,
        /// with the values it receives), else nil.
        var received: [CaseModel?] = []
        /// How each receiving step's value is built from the payloads of the back moves that hand
        /// it one (a build's target is the step's index).
        var receivedBuilds: [Build] = []

        /// The flow's alerts and dialogs as cases of its `Alert`, with their inputs.
        var alerts: [CaseModel] = []
        /// How each alert is built from the payloads of the clauses that show it.
        var alertBuilds: [Build] = []
        /// How the URL of each `open` action is read from the payloads of its clauses (a build's
        /// target is the value's index in `Flow.openedValues`).
        var openedBuilds: [Build] = []

        /// Whether a step of the flow receives: the flow then has a `Received` enum.
        var receives: Bool { received.contains { $0 != nil } }

        /// Whether a guard takes arguments: the flow then has its own `ask(_:of:from:)`.
        var hasGuardArguments: Bool { guards.contains { !$0.parameters.isEmpty } }
        /// Whether that `ask` is async: one of the guards it asks is.
        var asksAsync: Bool { guards.contains { $0.isAsync && !$0.parameters.isEmpty } }
    }

    /// A case with its associated values: a step, an event, an exit, a root or a link.
    struct CaseModel {
        var name: String
        var doc: [String]
        /// Label and type (the type as the file must write it).
        var parameters: [(label: String, type: String)]
        /// For a step a destinations group declares: the case of the group in the flow's `Step`
        /// (`movieScreens` in `.movieScreens(.movieDetail(movie: id))`).
        var wrapper: String? = nil
        /// Whether the enum of this model declares the case (an event only a group's clauses
        /// handle is declared by the group's `Event`).
        var isDeclared = true

        /// The case's value with `arguments` (each `label: value`), wrapped in its group's case.
        func value(_ arguments: [String]) -> String {
            let own = "." + name + (arguments.isEmpty ? "" : "(" + arguments.joined(separator: ", ") + ")")
            return wrapper.map { ".\($0)(\(own))" } ?? own
        }
    }

    /// `destinations Name`: its enum, with the steps and events every flow that uses it shares.
    struct GroupModel {
        var index: Int
        /// The group's enum as declared.
        var declaration: String
        /// Its case in a using flow's `Step`, and in the program's `Event`.
        var caseName: String
        var doc: [String]
        var steps: [CaseModel]
        var events: [CaseModel]
        /// The flows that use it.
        var users: [Int]
        /// The guards it declares: its `Guards` protocol, which each using flow's refines.
        var guards: [GuardModel] = []
        /// How its steps are built from the payloads that are not one flow's own (the group's
        /// events, other groups', subflows' exits), by the step's index in the group: the same in
        /// every flow that uses it, so written once, on the group's type.
        var stepBuilds: [Build] = []
    }

    /// A group as a flow uses it: where the group's steps and events are in the flow's table.
    struct GroupUse {
        var group: Int
        var caseName: String
        /// The group's enum.
        var declaration: String
        /// For each step of the group, its index among the flow's steps.
        var steps: [Int]
        /// For each event of the group, its index among the flow's events.
        var events: [Int]
    }

    struct GuardModel {
        var identifier: String
        var name: String
        var doc: [String]
        var isAsync: Bool
        /// The arguments it is asked with: label and type (the type as the file must write it).
        var parameters: [(label: String, type: String)]
        /// Whether a `start` asks it, at once, when the flow starts, or a lock (`locked while g`)
        /// whenever the UI draws its sheet (`answerAtOnce`).
        var isAskedAtOnce = false
        /// The destinations group that declares it (its requirement is the group's `Guards`'), if any.
        var group: Int? = nil
    }

    struct LinkModel {
        var caseModel: CaseModel
        /// How each input of the target step is read: from the placeholder's text, or nil (an
        /// optional input the pattern does not name).
        var reads: [Read?]
    }

    struct Read {
        /// The index of the input in the values the runtime passes (the target step's inputs).
        var input: Int
        /// The type without its `?`.
        var type: String
        var isOptional: Bool
    }

    struct RootModel {
        var flow: Int
        var caseModel: CaseModel
    }

    /// One way a typed value is built, or a guard asked: its target (a step, exit or guard index of
    /// the flow), the payload that reaches it, and the value of each of the target's inputs (or
    /// the guard's arguments).
    struct Build: Hashable {
        var target: Int
        var source: SourcePattern
        /// For each input of the target: its label, and the bound variable that gives it (nil: `nil`).
        var arguments: [Argument]
        /// The bound variables with their types: builds of one target with the same signature
        /// share one `case` with several patterns.
        var signature: [String]
    }

    struct Argument: Hashable {
        var label: String
        var variable: String?
    }

    /// The payload a value is built from, as a pattern over `PayloadSource`.
    enum SourcePattern: Hashable {
        /// Any payload: the target has no inputs.
        case any
        /// `.event(.store(.itemPicked(let item)))`: kind, the flow's case, the payload's case, and
        /// for each payload parameter the variable bound to it (nil for `_`); `wrapper` is the case of
        /// a destinations group for a screen the group declares (`.screen(.f(.group(.step(let x))))`).
        case payload(SourceKind, flowCase: String, caseName: String, bindings: [String?], wrapper: String? = nil)
        /// `.root(.app(let user))`.
        case root(caseName: String, bindings: [String?])
    }

    enum SourceKind: String, Hashable {
        case event, exit, link, screen
    }
}
