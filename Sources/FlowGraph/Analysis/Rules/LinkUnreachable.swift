/// `link-unreachable`: a deep link cannot be opened, because every path to its step needs
/// something its URL does not give (an input, a guard's argument) or takes a move a link does not
/// replay. The links' shortest paths are facts (`LinkFacts`); this rule explains the links that
/// have none, with the first thing on the shortest path that the URL cannot provide.
enum LinkUnreachableRule: RuleFamily {
    static let rules: Set<Rule> = [.linkUnreachable]

    static func report(into findings: inout Findings) {
        let facts = findings.facts
        let program = facts.program
        let links = facts.links
        var cache: [String: CompositeGraph.Search] = [:]
        for (flowIndex, flow) in program.indexedFlows {
            for (linkIndex, link) in flow.links.enumerated() {
                let otherwise = links.otherwisePaths[LinkReference(flow: flowIndex, link: linkIndex)] ?? []
                for (number, branch) in link.branches.enumerated() {
                    let hasPath = number == 0 ? links.paths[flowIndex][linkIndex] != nil : otherwise.indices.contains(number - 1)
                        && !otherwise[number - 1].isEmpty
                    guard !hasPath, let request = LinkFacts.Request(flow: flowIndex, link: linkIndex, branch: number, in: program,
                                                                    graph: links.graph) else { continue }
                    // The first target is reported at the patterns, as a link always was; another, at its name.
                    let range = number == 0 ? link.patternRange : branch.range
                    explain(request, link: link, move: branch.move, flow: flowIndex, at: range, cache: &cache, into: &findings)
                }
            }
        }
    }

    /// Reports why the link's target of `request` cannot be opened, unless a fix of what is broken could open it.
    private static func explain(_ request: LinkFacts.Request, link: Link, move: ActionKind?, flow flowIndex: FlowIndex, at range: SourceRange,
                                cache: inout [String: CompositeGraph.Search], into findings: inout Findings) {
        let facts = findings.facts
        let program = facts.program
        let links = facts.links
        let flow = program.flows[flowIndex]
        let key = request.key
        let targetStep = request.target.step
        // Were the broken names and lost text resolved one way, the link might open.
        if links.hasUnknowns {
            if cache["?" + key] == nil {
                cache["?" + key] = links.graph.search(unknowns: links.unknownSteps, given: request.givenInputs)
            }
            if request.first({ cache["?" + key]!.edges(to: $0) }, size: \.count) != nil { return }
        }
        if cache["*"] == nil { cache["*"] = links.graph.search(everyMove: true, given: nil) }
        guard let free = request.first({ cache["*"]!.edges(to: $0) }, size: \.count) else {
            // An unreachable step is reported as such, with a note about the link; a flow
            // no root runs, as such.
            if move == nil, facts.graphs[flowIndex]?.isReachable(targetStep) == true, facts.entries[flowIndex] != nil {
                let message = AnalysisMessages.linkTargetUnreachable(link.pattern.text, step: flow.steps[targetStep].name)
                findings.report(.linkUnreachable, message, at: range, subjects: [request.target])
            }
            return
        }
        // Explain with the first thing on the shortest path that the URL cannot provide.
        let note = CompositeGraph.firstObstacle(on: free, in: program, opener: "a link", argumentOpener: "the link",
                                                isGiven: request.isGiven)
        let message = move == nil ? AnalysisMessages.linkNeedsInput(link.pattern.text, step: flow.steps[targetStep].name)
            : AnalysisMessages.linkMoveNeedsInput(link.pattern.text, flow: flow.name)
        findings.report(.linkUnreachable, message, at: range, notes: note.map { [$0] } ?? [],
                        path: CompositeGraph.path(free, in: program), subjects: [request.target])
    }
}

// The messages of this family's rules (lowercase, no final period, names quoted).
extension AnalysisMessages {
    static func linkTargetUnreachable(_ pattern: String, step: String) -> String {
        "link '\(pattern)' cannot be opened: step '\(step)' cannot be reached from a root flow"
    }
    static func linkNeedsInput(_ pattern: String, step: String) -> String {
        "link '\(pattern)' cannot be opened: every path to step '\(step)' needs an input the URL does not give, or a move only the user can make"
    }
    static func linkMoveNeedsInput(_ pattern: String, flow: String) -> String {
        "link '\(pattern)' cannot be opened where flow '\(flow)' does not run: every path to where it starts needs an input the URL "
            + "does not give, or a move only the user can make"
    }
}
