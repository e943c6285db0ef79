import FlowGraphRuntime
import FlowGraphTestSupport
import Foundation
import Testing
@testable import FlowGraph

/// A program whose table is set by the test: screens, events and exits are the runtime's own refs,
/// and every step is without inputs. Only `BackMoveDifferentialTests` uses it, one program at a time.
enum DynamicProgram: SyncNavigationProgram {
    struct Flow: RawRepresentable, Hashable, Sendable {
        let rawValue: Int
        init(rawValue: Int) { self.rawValue = rawValue }
    }
    typealias Screen = StepRef
    typealias Event = EventRef
    typealias Exit = ExitRef
    typealias Link = LinkRef
    typealias GuardID = GuardRef
    typealias Root = Int
    typealias AppGuards = DynamicGuards

    nonisolated(unsafe) static var current = ProgramTable(text: "flowgraph-table 1\nflow A 1 0 0\nstep S - ^")
    static var table: ProgramTable { current }
    static func step(of screen: StepRef) -> StepRef { screen }
    static func event(of event: EventRef) -> EventRef { event }
    static func exit(of exit: ExitRef) -> ExitRef { exit }
    static func link(of link: LinkRef) -> LinkRef { link }
    static func flow(of root: Int) -> Int { root }
    static func guardID(_ ref: GuardRef) -> GuardRef { ref }
    static func screen(_ step: StepRef, from source: PayloadSource<DynamicProgram>) -> StepRef? { step }
    static func exit(_ exit: ExitRef, from source: PayloadSource<DynamicProgram>) -> ExitRef? { exit }
    static func link(_ ref: LinkRef, values: [String?]) -> LinkRef? { ref }
    @MainActor static func ask(_ ref: GuardRef, of guards: DynamicGuards, from source: PayloadSource<DynamicProgram>) -> Bool? {
        guards.answer()
    }
    /// The generated programs have no start decided by guards.
    @MainActor static func answerAtOnce(_ ref: GuardRef, of guards: DynamicGuards) -> Bool? { nil }
}

@MainActor
final class DynamicGuards {
    var random: SplitMix
    /// When set, the answer of every guard asked (a path's replay: its `(else)` hops say no).
    var fixed: Bool?
    init(seed: UInt64) { random = SplitMix(seed: seed) }
    func answer() -> Bool { fixed ?? (random.next() % 2 == 0) }
}

/// Differential test of the checker's back-move rules against the navigator, on small generated
/// programs with `close` and back moves followed by a screen:
/// - soundness: a step's own clause that the navigator finds `impossible` on some walk is reported
///   (`invalid-pop`, `invalid-dismiss`, `invalid-close`, `invalid-pop-to`);
/// - witnesses: replaying the events of a reported clause's path reaches the step, where the
///   clause is `impossible`.
@MainActor
@Suite("Back moves: checker against navigator", .serialized)
struct BackMoveDifferentialTests {
    static let stackRules: Set<String> = ["invalid-pop", "invalid-dismiss", "invalid-close", "invalid-pop-to"]

    struct Generated {
        var text: String
        /// (flow, step, event) of each step's own clause (an exit handler's event is the exit), by its line.
        var clauseAt: [Int: (flow: Int, step: Int, event: String)] = [:]
        /// The line of each step's own clause, by `flow.step.event`.
        var lineOf: [String: Int] = [:]
        /// Whether a step's clause for an event exits its flow, by `flow.step.event`.
        var exits: [String: String] = [:]
    }

    /// A flow `App` of five steps, and with `subflow`, its step S4 runs `Sub` (three steps, exits
    /// `done` and `quit`), whose handlers in S4 go back and show a screen like any clause.
    static func generate(seed: UInt64, steps: Int = 5, events: Int = 4, subflow: Bool = false) -> Generated {
        var random = SplitMix(seed: seed)
        var generated = Generated(text: "")
        var lines: [String] = []
        func flow(_ index: Int, name: String, prefix: String, steps: Int, event: String, exits: [String]) {
            func step() -> String { "\(prefix)\(random.below(steps))" }
            func screen() -> String { ["push", "sheet", "cover", "replace"][random.below(4)] + " " + step() }
            func back() -> String { ["pop", "dismiss", "close", "popTo " + step()][random.below(4)] }
            func action(exit: Bool) -> String {
                if exit, random.below(4) == 0 { return "exit " + exits[random.below(exits.count)] }
                switch random.below(10) {
                case 0, 1, 2: return screen()
                case 3, 4: return back()
                case 5: return "root " + step()
                default: return back() + ", " + screen()
                }
            }
            func clause(_ key: String, _ trigger: String, exit: Bool) {
                let text = random.below(5) == 0 ? "\(action(exit: false)) if g else \(action(exit: false))" : action(exit: exit)
                lines.append("        on \(trigger) -> \(text)")
                generated.lineOf[key] = lines.count
                if text.hasPrefix("exit ") { generated.exits[key] = String(text.dropFirst(5).prefix { $0 != " " }) }
            }
            lines += ["flow \(name) {", "    start \(prefix)0"]
            for stepIndex in 0..<steps {
                let runs = index == 0 && subflow && stepIndex == steps - 1
                lines.append("    step \(prefix)\(stepIndex)\(runs ? " runs Sub" : "") {")
                let triggers = runs ? ["done", "quit"] : (0..<events).map { "\(event)\($0)" }
                for trigger in triggers where runs || random.below(10) < 5 {
                    clause("\(index).\(stepIndex).\(trigger)", trigger, exit: !exits.isEmpty && !runs)
                    generated.clauseAt[lines.count] = (index, stepIndex, trigger)
                }
                lines.append("    }")
            }
            // A flow-level clause sometimes, on an event no step handles.
            if random.below(3) == 0 { clause("\(index).*.\(event)\(events)", "\(event)\(events)", exit: !exits.isEmpty) }
            lines += exits.map { "    exit \($0)" } + ["    guard g", "}"]
        }
        flow(0, name: "App", prefix: "S", steps: steps, event: "e", exits: [])
        if subflow { flow(1, name: "Sub", prefix: "T", steps: 3, event: "f", exits: ["done", "quit"]) }
        generated.text = lines.joined(separator: "\n")
        return generated
    }

    struct Failure: CustomStringConvertible {
        var seed: UInt64
        var what: String
        var text: String
        var description: String { "seed \(seed): \(what)\n\(text)" }
    }

    /// The events of a path note and whether each took its clause's `else` action.
    static func events(inPath note: String) -> [(event: String, isElse: Bool)] {
        // `App.S0 → (e1: pop, push) App.S2 → (e2: push (else)) App.S3 ...`
        var result: [(event: String, isElse: Bool)] = []
        var rest = Substring(note)
        while let open = rest.firstIndex(of: "(") {
            let after = rest[rest.index(after: open)...]
            guard let colon = after.firstIndex(of: ":") else { break }
            let hop = after[colon...].prefix { $0 != "→" }
            result.append((String(after[..<colon]), hop.contains("(else")))
            rest = after[colon...].dropFirst(hop.count)
        }
        return result
    }

    enum Property { case soundness, witnesses }

    static func check(seed: UInt64, _ property: Property, subflow: Bool = false, walks: Int = 20, length: Int = 30) throws -> [Failure] {
        let generated = generate(seed: seed, subflow: subflow)
        let compilation = Compiler.compile([SourceFile(path: "test.flow", text: generated.text)])
        guard let program = compilation.program,
              !compilation.diagnostics.contains(where: { $0.severity == .error && !stackRules.contains($0.rule.id) }) else { return [] }
        let file = compilation.files[0]
        var flagged: [Int: Diagnostic] = [:]
        for diagnostic in compilation.diagnostics where stackRules.contains(diagnostic.rule.id) {
            flagged[file.location(of: diagnostic.range.start).line] = diagnostic
        }
        DynamicProgram.current = try ProgramTable(parsing: RouterTable(program, analysis: compilation.analysis).lines.joined(separator: "\n"))
        let eventNames = DynamicProgram.table.flows[0].events
        var failures: [Failure] = []
        func fail(_ what: String) { failures.append(Failure(seed: seed, what: what, text: generated.text)) }

        // Soundness: random walks.
        if property == .soundness {
            let allEvents = DynamicProgram.table.flows.indices.flatMap { flow in
                DynamicProgram.table.flows[flow].events.indices.map { (flow: flow, index: $0, name: DynamicProgram.table.flows[flow].events[$0]) }
            }
            // A step the checker says no transition leads to.
            let unreachable = Set(compilation.diagnostics.filter { $0.rule.id == "unreachable-step" }.flatMap(\.subjects))
            var random = SplitMix(seed: seed &* 31 &+ 7)
            for walk in 0..<walks {
                let navigator = Navigator<DynamicProgram>(0, guards: DynamicGuards(seed: seed &+ UInt64(walk)))
                var sent: [String] = []
                for _ in 0..<length {
                    let event = allEvents[random.below(allEvents.count)]
                    let current = navigator.current
                    let outcome = navigator.send(EventRef(flow: event.flow, index: event.index))
                    sent.append(event.name)
                    let shown = navigator.current
                    let name = program.flows[shown.flow].name + "." + program.flows[shown.flow].steps[shown.step].name
                    if unreachable.contains(name) {
                        fail("\(name) is shown after \(sent.joined(separator: " ")), but the checker reports it unreachable")
                        return failures
                    }
                    // A step's own clause where the user is, or the handler of the exit it (or its flow's clause) takes.
                    guard outcome.status == .impossible, current.flow == event.flow else { continue }
                    let own = "\(current.flow).\(current.step).\(event.name)"
                    let key = generated.lineOf[own] != nil ? own : "\(current.flow).*.\(event.name)"
                    let line: Int?
                    if let exit = generated.exits[key] {
                        line = generated.lineOf["0.\(program.flows[0].steps.count - 1).\(exit)"]
                    } else {
                        line = key == own ? generated.lineOf[own] : nil  // a flow-level clause: reported only when it never runs
                    }
                    guard let line else { continue }
                    if flagged[line] == nil {
                        fail("line \(line) is impossible after \(sent.joined(separator: " ")), but the checker reports nothing there")
                        return failures
                    }
                }
            }
            return failures
        }
        // Witnesses: each reported path, replayed, ends where the clause is impossible.
        for (line, diagnostic) in flagged.sorted(by: { $0.key < $1.key }) {
            guard let (_, step, event) = generated.clauseAt[line] else { continue }
            let path = diagnostic.notes.first { $0.message.hasPrefix("shortest path") }?.message ?? ""
            let guards = DynamicGuards(seed: 0)
            let navigator = Navigator<DynamicProgram>(0, guards: guards)
            var replayed = true
            for (name, isElse) in events(inPath: path) {
                guards.fixed = !isElse
                guard let index = eventNames.firstIndex(of: name),
                      navigator.send(EventRef(flow: 0, index: index)).status == .applied else { replayed = false; break }
            }
            // The reported action is the clause's `else` one when the finding is after ' else '.
            let text = generated.text.split(separator: "\n", omittingEmptySubsequences: false)[line - 1]
            let column = file.location(of: diagnostic.range.start).column
            guards.fixed = text.range(of: " else ").map { text.distance(from: text.startIndex, to: $0.lowerBound) >= column } ?? true
            let outcome = navigator.current.step == step ? navigator.send(EventRef(flow: 0, index: eventNames.firstIndex(of: event)!)).status : nil
            if !replayed || outcome != .impossible {
                fail("\(diagnostic.rule.id) at line \(line): replaying '\(path)' gives \(navigator.current) "
                    + "then \(outcome.map { "\($0)" } ?? "not the step")")
            }
        }
        return failures
    }

    /// Every step's own back move the navigator finds impossible on a random walk is reported.
    @Test func whatTheNavigatorFindsImpossibleIsReported() throws {
        var failures: [Failure] = []
        for seed in UInt64(1)...600 { failures += try Self.check(seed: seed, .soundness) }
        for seed in UInt64(1)...600 { failures += try Self.check(seed: seed, .soundness, subflow: true) }
        #expect(failures.isEmpty, """
            \(failures.count) disagreements:
            \(failures.map { "seed \($0.seed): \($0.what)" }.joined(separator: "\n"))
            first:
            \(failures.prefix(1).map(\.description).joined())
            """)
    }

    /// Every reported back move's path, replayed in the navigator, ends where the move is impossible.
    @Test func theWitnessPathsReplay() throws {
        var failures: [Failure] = []
        for seed in UInt64(1)...1000 { failures += try Self.check(seed: seed, .witnesses) }
        #expect(failures.isEmpty, """
            \(failures.count) disagreements:
            \(failures.map { "seed \($0.seed): \($0.what)" }.joined(separator: "\n"))
            first:
            \(failures.prefix(1).map(\.description).joined())
            """)
    }
}
