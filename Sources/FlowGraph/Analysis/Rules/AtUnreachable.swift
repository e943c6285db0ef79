/// `at-unreachable`: a move's `at Y` cannot open Y inside the subflow (see `AtMove`): no path
/// leads there, or the payload does not give what the path needs. The paths are facts
/// (`CheckerFacts.ats`); this rule explains the moves that have none. (The resolver reports the
/// `at` whose target runs no flow.)
enum AtUnreachableRule: RuleFamily {
    static let rules: Set<Rule> = [.atUnreachable]

    static func report(into findings: inout Findings) {
        let program = findings.program
        let links = findings.facts.links
        var cache: [String: CompositeGraph.Search] = [:]
        for move in findings.facts.ats {
            let at = move.level
            let target = move.target
            let subflow = program.flows[target.flow]
            let step = subflow.steps[target.step]
            let written = move.action.written
            // What the values come from: an event's payload, or a link's URL.
            let source: AnalysisMessages.ValueSource = move.transition.link.map {
                .link(program.flows[move.clause.flow].links[$0].pattern.text)
            } ?? .event(move.transition.event)
            switch move.outcome {
            case .path, .inputMismatch:
                continue
            case .typeMismatch(let path, let problem):
                let owner: String
                let note: Diagnostic.Note
                switch problem.owner {
                case .step(let reference):
                    owner = "step '\(program.qualifiedName(reference))'"
                    note = .init(SemanticMessages.declaredHere("step '\(program[reference].name)'"), at: program[reference].range)
                case .guard(let flow, let index):
                    let item = program.flows[flow].guards[index]
                    owner = "guard '\(item.name)'"
                    note = .init(SemanticMessages.guardDeclaredHere(item.name), at: item.range)
                }
                findings.report(.atUnreachable, AnalysisMessages.atTypeMismatch(
                    written, step: step.name, source: source, name: problem.needed.name, given: problem.given.type,
                    needed: problem.needed.type, owner: owner), at: at.range, notes: [note], path: path, subjects: [target])
            case .none:
                let search = AtMove.Search(into: target.flowIndex, payload: move.payload, graph: links.graph)
                // Were the broken names and lost text resolved one way, a path might exist.
                if links.hasUnknowns {
                    let key = "?" + search.key
                    if cache[key] == nil { cache[key] = links.graph.search(unknowns: links.unknownSteps, given: search.given, from: search.seeds) }
                    if cache[key]!.edges(to: target) != nil { continue }
                }
                let freeKey = "*\(target.flow)"
                if cache[freeKey] == nil { cache[freeKey] = links.graph.search(everyMove: true, given: nil, from: search.seeds) }
                guard let free = cache[freeKey]!.edges(to: target) else {
                    findings.report(.atUnreachable, AnalysisMessages.atNoPath(written, step: step.name, flow: subflow.name), at: at.range,
                                    notes: [.init(SemanticMessages.declaredHere("step '\(step.name)'"), at: step.range)], subjects: [target])
                    continue
                }
                // Explain with the first thing on the shortest path that the payload cannot provide.
                let note = CompositeGraph.firstObstacle(on: free, in: program, opener: "'at'", argumentOpener: "the path", isGiven: move.isGiven)
                findings.report(.atUnreachable, AnalysisMessages.atNeedsInput(written, step: step.name, flow: subflow.name, source: source),
                                at: at.range, notes: note.map { [$0] } ?? [], path: CompositeGraph.path(free, in: program), subjects: [target])
            }
        }
    }
}

// The messages of this family's rules (lowercase, no final period, names quoted).
extension AnalysisMessages {
    static func atNoPath(_ action: String, step: String, flow: String) -> String {
        "'\(action)' cannot open '\(step)': no forward move inside flow '\(flow)' leads there from its start"
    }
    /// Where a move's values come from: `event 'x'` carries them, `link '/x'` gives them.
    enum ValueSource {
        case event(String), link(String)

        var named: String {
            switch self {
            case .event(let name): "event '\(name)'"
            case .link(let pattern): "link '\(pattern)'"
            }
        }
        var verb: (base: String, third: String) {
            switch self {
            case .event: ("carry", "carries")
            case .link: ("give", "gives")
            }
        }
    }

    static func atNeedsInput(_ action: String, step: String, flow: String, source: ValueSource) -> String {
        "'\(action)' cannot open '\(step)': every path to it inside flow '\(flow)' needs a value \(source.named) does not \(source.verb.base), "
            + "or a move only the user can make"
    }
    static func atTypeMismatch(_ action: String, step: String, source: ValueSource, name: String, given: String, needed: String,
                               owner: String) -> String {
        "'\(action)' cannot open '\(step)': on the way, \(owner) needs '\(name): \(needed)', "
            + "and \(source.named) \(source.verb.third) '\(name): \(given)'"
    }
}
