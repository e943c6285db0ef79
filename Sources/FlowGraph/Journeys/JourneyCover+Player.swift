#if canImport(FlowGraphRuntime)  // the fuzz harness compiles the runtime into the library's one module
import FlowGraphRuntime
#endif

/// Plays planned lines on the navigator, writing each as a journey line with what it showed.
@MainActor
struct CoverPlayer {
    let root: Int?

    struct Played {
        var text: [String] = []
        var moves = 0
        var taken: [CoverTarget] = []
        /// Why the first line that did not hold did not, as a sentence's end.
        var failure: String?
    }

    func play(_ lines: [PlannedLine]) -> Played {
        var played = Played()
        let model = ReplayProgram.model
        guard let root = model.roots.first(where: { $0.flow == root }) ?? model.roots.first else { return played }
        let guards = ReplayGuards()
        var current: [String: Bool] = [:]
        var navigator: Navigator<ReplayProgram>?
        for line in lines {
            // The guards answer as the line needs; every other keeps its answer (yes, until a line says otherwise).
            let changed = line.answers.keys.filter { (current[$0] ?? true) != line.answers[$0] }.sorted()
            if !changed.isEmpty {
                played.text.append("given " + changed.map { line.answers[$0]! ? $0 : "!" + $0 }.joined(separator: ", "))
                for name in changed {
                    for ref in ReplayProgram.guards(named: name) { guards.answers[ref] = line.answers[name] }
                    current[name] = line.answers[name]
                }
            }
            let asked = guards.asked.count
            let started = navigator ?? JourneyRunner.start(root, guards: guards)
            navigator = started
            var outcome: Navigator<ReplayProgram>.Outcome?
            let written: String
            switch line.move {
            case .none:
                written = "expect"
            case .send(let name):
                guard let (owner, parameters) = JourneyRunner.eventCase(name, on: started) else {
                    played.failure = CoverMessages.notOnScreen(name, started)
                    return played
                }
                let values = parameters.map { ReplayValues.sample(label: $0.label, type: $0.type) }
                outcome = started.send(ReplayProgram.Value(owner: owner, caseName: name, values: values))
                written = name + JourneyWriter.values(parameters.map(\.label), values)
            case .open(let url):
                outcome = started.open(url: url)
                written = "open " + JourneyWriter.quoted(url)
            case .select(let step, let name):
                outcome = started.journeySelect([step])
                written = "select " + name
            case .swipe:
                outcome = started.journeySwipe()
                written = "swipe"
            case .back:
                outcome = started.journeyBack()
                written = "back"
            }
            if let failure = Self.check(line.check, outcome, move: "'\(written)'", on: started) {
                played.failure = failure
                return played
            }
            let expectation = JourneyWriter.expectation(after: outcome, on: started)
            played.text.append(written == "expect" ? "expect " + expectation : written + " -> " + expectation)
            if case .none = line.move {} else { played.moves += 1 }
            played.taken += line.takes
            played.taken += guards.asked[asked...].map { ref, _ in CoverTarget.answer(ref, holds: guards.answers[ref] ?? guards.fallback) }
        }
        return played
    }

    /// Nil when the line did what it was to; else what the navigator did.
    private static func check(_ check: PlannedLine.Check, _ outcome: Navigator<ReplayProgram>.Outcome?, move: String,
                              on navigator: Navigator<ReplayProgram>) -> String? {
        let status = outcome?.status ?? .applied
        let did = navigator.journeyOutcome(outcome, move: move)
        switch check {
        case .any:
            return nil
        case .blocked:
            if case .blocked = status { return nil }
            return did
        case .applied:
            return status == .applied ? nil : did
        case .alert(let flow, let index):
            return status == .applied && navigator.alert.map({ $0.ref.flow == flow && $0.ref.index == index }) == true ? nil : did
        case .lands(let step):
            guard status == .applied else { return did }
            return navigator.chain.contains { $0.top.entries.last?.screen.step == step } ? nil : did
        }
    }
}

/// Why a target is not taken (lowercase, no final period).
enum CoverMessages {
    static let neverReached = "no user's way reaches where it is taken"
    static let notTaken = "the way to it does not take it"

    static func reason(_ error: CoverPlanner.WayError, in program: FlowProgram) -> String {
        switch error {
        case .unreachable: neverReached
        case .tabItem(let step): "the way to it taps the tab item \(program.qualifiedName(step)), which a journey cannot yet"
        case .noAnswers: "its guards would have to answer both yes and no"
        case .exitTooDeep: "the way to it goes through more than six subflows' exits"
        case .noExit(let exit): "no clause of the subflow takes its exit '\(exit)' where a user can be"
        case .atMove: "the shortest way to it goes through a move's 'at', which opens another step"
        case .notFollowed(let did): "the way found is not followed: \(did)"
        }
    }

    @MainActor
    static func notOnScreen(_ event: String, _ navigator: Navigator<ReplayProgram>) -> String {
        "no flow on screen has the event '\(event)' (the program shows \(navigator.current))"
    }
}
