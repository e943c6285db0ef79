#if canImport(FlowGraphRuntime)  // the fuzz harness compiles the runtime into its one module
@testable import FlowGraphRuntime
#endif
@testable import FlowGraph

/// The checker's claims about a program, replayed on the navigator (docs/Development.md, "The
/// replay harness"):
/// - every state the navigator reaches from the start (every start its guards may choose), by
///   every event, URL and gesture of the user, under the guards' answers that matter, is searched
///   breadth first (up to `Limits.states`): no move is `impossible` but where the checker found
///   an `invalid-pop`, `invalid-pop-to`, `invalid-dismiss` or `invalid-close` (a program without
///   them is one where every move of a screen can be made), or where the app sends a flow-level
///   clause's event from a screen that does not send it (the checker promises only that some
///   state makes it possible); every step the checker calls reachable is shown, and no step it
///   calls unreachable is;
/// - each of those findings replays: some state the navigator reaches shows its path's last step
///   on top, and a move there is `impossible`; each `dead-end` replays too: some state shows its
///   path's last step on top of a cover (or a locked sheet), and nothing that step's screen or
///   the user does (its events under each answer of the guards, going back) takes that layer away;
/// - from the start of every start choice, every tab, and states met on the way, every link with
///   a path opens its target with each placeholder's value in its inputs, under some answers of
///   the guards, and never ends `impossible` or `not handled`; a link without a move opened again
///   changes nothing;
/// - a move that hands a URL to the system (`open url`) changes no screen;
/// - `ProgramGraph`'s shortest way to a step exists exactly when the checker calls it reachable.
///
/// A disagreement is reported with the program's path to it, the claim and the replay.
@MainActor
enum Replay {
    struct Limits {
        /// The most states searched; a search that stops there is not complete.
        var states = 500
        /// How many of the states met (beyond the starts and tabs) each link is opened from, spread
        /// over the search.
        var linkStates = 8
        /// The most journeys written (`Report.journeys`).
        var journeys = 12
    }

    struct Report {
        var disagreements: [String] = []
        var states = 0
        var moves = 0
        /// Whether every state reachable was searched (the search did not stop at the limit).
        var isComplete = true
        var linksOpened = 0
        var reachableSteps = 0
        var links = 0
        /// Findings (`invalid-pop`... and `dead-end`) whose path the navigator replayed to the state they describe.
        var findingsReplayed = 0
        /// Journeys (`journey` declarations) that go to states the search found, each ending with
        /// the screen the navigator showed there: `check` must find that every one holds.
        var journeys: [String] = []
        var summary: String {
            "\(states) states, \(moves) moves\(isComplete ? "" : " (stopped at the limit)"), \(reachableSteps) reachable steps, "
                + "\(links) links opened \(linksOpened) times" + (findingsReplayed > 0 ? ", \(findingsReplayed) findings replayed" : "")
        }
    }

    /// A state met, with the way to it from the start.
    private struct Found {
        let snapshot: NavigatorSnapshot
        let way: [String]
        /// The way as a journey's lines, nil when a move of it has no journey line (closing an
        /// alert, a tab item) or it started on a regular width.
        var journey: [String]? = nil
        /// Whether the alert on screen, if any, was shown by a screen's own clause (or by a button
        /// of such an alert): its buttons are then the screen's; shown by a flow-level clause, they
        /// are flow-level too, and the checker judges them so.
        var alertIsOwn = true
        /// The guards' answers of the last move of the way.
        var answers = GuardAnswers(fallback: true)
    }

    /// The rules a clause's move that cannot be made breaks.
    private static func rules(of clause: ProgramTable.Clause) -> Set<Rule> {
        Set(clause.actions.flatMap { [$0.kind] + $0.backs.map(\.kind) }.compactMap { kind -> Rule? in
            switch kind {
            case .pop: .invalidPop
            case .popTo: .invalidPopTo
            case .dismiss: .invalidDismiss
            case .close: .invalidClose
            case .pushBelow: .invalidPushBelow
            default: nil
            }
        })
    }

    /// A finding about a move that cannot be made, or a trap: the step its path ends at.
    private struct StackFinding: CustomStringConvertible {
        let rule: Rule
        let step: String
        let message: String
        var description: String { "[\(rule.rawValue)] \(message)" }
    }

    /// The findings whose states the replay looks for.
    nonisolated static let stackRules: Set<Rule> = [.invalidPop, .invalidPopTo, .invalidDismiss, .invalidClose, .invalidPushBelow]

    /// Every finding of `compilation`, reported or suppressed (an ignore comment does not make a
    /// finding false), when the replay can run it: it has a program, and no error but those of
    /// `stackRules`. Nil when it cannot.
    nonisolated static func findings(of compilation: Compiler.Compilation) -> [Diagnostic]? {
        let findings = compilation.diagnostics + compilation.suppressed.map(\.diagnostic)
        guard compilation.program != nil,
              !findings.contains(where: { $0.severity == .error && !stackRules.contains($0.rule) }) else { return nil }
        return findings
    }

    /// Replays the claims of the checker on `program`, with the findings of its compilation: it
    /// must have no errors but those of `stackRules`.
    static func check(_ program: FlowProgram, analysis: ProgramAnalysis, diagnostics: [Diagnostic] = [], limits: Limits = Limits()) throws -> Report {
        try ReplayProgram.load(program, analysis: analysis)
        let model = ReplayProgram.model
        var report = Report()
        let catalog = ReplayCatalog(program: program, model: model)
        let claimedReachable = Set(program.flows.indices.flatMap { flow in
            program.flows[flow].steps.indices.compactMap { step in
                analysis.isFlowReachable[flow] && analysis.isStepReachable[flow][step] ? StepRef(flow: flow, step: step) : nil
            }
        })
        report.reachableSteps = claimedReachable.count
        // A step's own clause's finding has the path to it; a flow-level one has none and claims no state.
        func finding(_ diagnostic: Diagnostic) -> StackFinding? {
            diagnostic.path.last.map { StackFinding(rule: diagnostic.rule, step: stepName($0), message: diagnostic.message) }
        }
        let stackFindings = diagnostics.filter { stackRules.contains($0.rule) }.compactMap(finding)
        let deadEnds = diagnostics.filter { $0.rule == .deadEnd }.compactMap(finding)
        var replayedStack = Set<Int>()

        // Every start: each root, under each answer of the guards a start asks.
        var found: [Found] = []
        var seen: [String: Int] = [:]
        var queue: [Int] = []
        var reached = Set<StepRef>()
        var starts: [(driver: ReplayDriver, index: Int)] = []
        // Both widths where a move presents by it (`sheet X compact cover`): the checker judges both.
        let hasCompact = ReplayProgram.table.flows.contains { flow in
            (flow.steps.flatMap(\.clauses) + flow.clauses + flow.alerts.flatMap { $0.buttons.compactMap(\.clause) })
                .contains { $0.actions.contains { $0.compact != nil } }
        }
        for root in catalog.roots {
            for answers in catalog.startAnswers {
              for sizeClass in hasCompact ? [ProgramTable.SizeClass.compact, .regular] : [.compact] {
                let driver = ReplayDriver(root: root, answers: answers, sizeClass: sizeClass)
                let signature = driver.key
                guard seen[signature] == nil else { continue }
                seen[signature] = found.count
                queue.append(found.count)
                starts.append((driver, found.count))
                found.append(Found(snapshot: NavigatorSnapshot(driver.navigator), way: ["start \(root) with \(answers), \(sizeClass)"],
                                   journey: sizeClass == .compact && starts.count == 1
                                       ? JourneyText.start(answers, in: program, driver: driver) : nil,
                                   answers: answers))
                reached.formUnion(driver.screensShown.map(\.step))
              }
            }
        }
        guard let driver = starts.first?.driver else { return report }
        let actions = catalog.events.map(ReplayAction.send) + catalog.urls.map { ReplayAction.open($0.url) }
            + [.back, .swipe, .closeAlert]
            + (0..<4).flatMap { depth in (0..<catalog.widestTabBar).map { ReplayAction.selectTab(depth: depth, index: $0) } }
            + catalog.tabItems.map(ReplayAction.tapTabItem)
        var cursor = 0
        while cursor < queue.count {
            let state = found[queue[cursor]]
            cursor += 1
            state.snapshot.restore(driver.navigator)
            let handled = Set(catalog.events.filter(driver.mayHandle))
            let alertShown = driver.navigator.alert?.id
            let ownClauses = driver.ownClauses(alertIsOwn: state.alertIsOwn)
            let own = Set(ownClauses.map(\.event))
            let runnerClauses = driver.tops.flatMap { screen in
                let step = ReplayProgram.table.flows[screen.step.flow].steps[screen.step.step]
                return step.runs == nil ? [] : step.clauses
            }
            let onTop = Set(driver.tops.map { stepName($0.step) })
            let screens = driver.screens
            for action in actions {
                if case .send(let event) = action, !handled.contains(event) { continue }
                var isOwn = false
                var broken = Set<Rule>()
                if case .send(let event) = action {
                    let refs = Set(ReplayProgram.events(of: event))
                    isOwn = !own.isDisjoint(with: refs)
                    for (ref, clause) in ownClauses where refs.contains(ref) {
                        broken.formUnion(rules(of: clause))
                        // An exit's move is made by the clause of the step that runs the flow.
                        if clause.actions.contains(where: { $0.kind == .exit }) { broken.formUnion(runnerClauses.flatMap(rules(of:))) }
                    }
                }
                tries(action, from: state.snapshot, driver: driver) { answers, outcome in
                    report.moves += 1
                    let step = "\(action) with \(answers)"
                    if outcome.status == .impossible {
                        let explained = stackFindings.indices.filter {
                            onTop.contains(stackFindings[$0].step) && broken.contains(stackFindings[$0].rule)
                        }
                        if case .send = action, !isOwn {
                            // A flow-level clause's event, sent where no screen sends it: the checker claims nothing there.
                        } else if !explained.isEmpty {
                            replayedStack.formUnion(explained)
                        } else {
                            report.disagreements.append(disagreement("a move is impossible where the checker found nothing", way: state.way + [step],
                                                                     replay: "\(outcome)"))
                        }
                    }
                    // `open url` hands a URL to the system: nothing in the app moves (an alert whose button it was closes).
                    if outcome.commands.contains(where: { if case .openExternally = $0 { true } else { false } }),
                       outcome.status != .applied || driver.screens != screens {
                        report.disagreements.append(disagreement("'open' keeps the user where they are", way: state.way + [step],
                                                                 replay: "\(outcome); now: \(driver.signature)"))
                    }
                    // A gesture of the user is applied with no command (the UI made the move already).
                    guard !outcome.commands.isEmpty || outcome.status == .applied else { return false }
                    // An alert just shown is the screen's when the move that showed it was.
                    let alertIsOwn = driver.navigator.alert.map { $0.id == alertShown ? state.alertIsOwn : isOwn } ?? true
                    let signature = driver.key + (alertIsOwn ? "" : " (shown by a flow-level clause)")
                    // A back move that handed a result lands where the user was: its journey is
                    // written even so (`-> Screen receives (...)`), for a few of them.
                    if seen[signature] != nil, report.journeys.count < limits.journeys * 2, let lines = state.journey,
                       let line = JourneyText.line(action, outcome: outcome, driver: driver), line.contains(" receives ("),
                       let given = answers == state.answers ? "" : JourneyText.given(answers, in: program) {
                        report.journeys.append(JourneyText.journey(lines + [given, line], number: report.journeys.count, driver: driver))
                    }
                    guard seen[signature] == nil else { return false }
                    // Each width is a search of its own.
                    guard found.count < limits.states * (hasCompact ? 2 : 1) else {
                        report.isComplete = false
                        return false
                    }
                    seen[signature] = found.count
                    queue.append(found.count)
                    var journey: [String]?
                    if let lines = state.journey, let line = JourneyText.line(action, outcome: outcome, driver: driver) {
                        let given = answers == state.answers ? "" : JourneyText.given(answers, in: program)
                        journey = given.map { lines + [$0, line] }
                        // A few more where a back move handed a result (`receives`), which the first ways seldom show.
                        let isResult = line.contains(" receives (")
                        if let journey, journey.count >= 4 || isResult,
                           report.journeys.count < limits.journeys || isResult && report.journeys.count < limits.journeys * 2 {
                            report.journeys.append(JourneyText.journey(journey, number: report.journeys.count, driver: driver))
                        }
                    }
                    found.append(Found(snapshot: NavigatorSnapshot(driver.navigator), way: state.way + [step], journey: journey,
                                       alertIsOwn: alertIsOwn, answers: answers))
                    for screen in driver.screensShown where reached.insert(screen.step).inserted && !claimedReachable.contains(screen.step) {
                        report.disagreements.append(disagreement("the checker calls \(ReplayProgram.table.name(screen.step)) unreachable, "
                                                                  + "the navigator shows it",
                                                                 way: state.way + [step], replay: driver.signature))
                    }
                    return false
                }
            }
        }
        report.states = found.count
        if report.isComplete {
            for step in claimedReachable.subtracting(reached).sorted() {
                report.disagreements.append("the checker calls \(ReplayProgram.table.name(step)) reachable; no state of the navigator shows it "
                                            + "(\(found.count) states searched, all there are)")
            }
            for (index, finding) in stackFindings.enumerated() where !replayedStack.contains(index) {
                report.disagreements.append("claim: \(finding)\n  replay: no move is impossible with \(finding.step) on top "
                                            + "(\(found.count) states searched, all there are)")
            }
        }
        report.findingsReplayed = replayedStack.count
        for finding in deadEnds {
            if let problem = replayTrap(finding, in: found.map(\.snapshot), driver: driver, catalog: catalog) {
                if report.isComplete || !problem.hasPrefix("no state") { report.disagreements.append("claim: \(finding)\n  replay: \(problem)") }
            } else {
                report.findingsReplayed += 1
            }
        }

        // Links, from every start, every tab of the root's tab bar, and some states met on the way.
        var linkStates = starts.map { found[$0.index] }
        for start in starts {
            guard let root = start.driver.navigator.flows[start.driver.navigator.rootID], root.isTabs else { continue }
            for tab in root.tabs.indices where tab != root.selectedTab {
                found[start.index].snapshot.restore(driver.navigator)
                driver.set(GuardAnswers(fallback: true))
                driver.navigator.userSelectedTab(tab, in: root.id)
                linkStates.append(Found(snapshot: NavigatorSnapshot(driver.navigator), way: found[start.index].way + ["select tab \(tab)"]))
            }
        }
        // States met along the search, spread over it: shallow ones, and deep ones.
        let step = max(1, found.count / max(1, limits.linkStates))
        for index in stride(from: step / 2, to: found.count, by: step).prefix(limits.linkStates) { linkStates.append(found[index]) }
        for url in catalog.urls where analysis.linkPaths[url.link.flow][url.program] != nil {
            report.links += 1
            for state in linkStates {
                report.linksOpened += 1
                if let problem = openLink(url, from: state.snapshot, driver: driver, catalog: catalog) {
                    report.disagreements.append(disagreement(problem.claim, way: state.way + ["open \(url.url)"], replay: problem.replay))
                }
            }
        }

        // ProgramGraph's ways agree with the checker's reachability.
        let graph = ReplayNavigator.graph
        var index = 0
        for (flow, info) in ReplayProgram.table.flows.enumerated() {
            for step in info.steps.indices {
                let hasWay = !graph.steps[index].path.isEmpty
                index += 1
                let ref = StepRef(flow: flow, step: step)
                if hasWay != claimedReachable.contains(ref) {
                    report.disagreements.append("ProgramGraph \(hasWay ? "has" : "has no") way to \(ReplayProgram.table.name(ref)); "
                                                + "the checker calls it \(claimedReachable.contains(ref) ? "reachable" : "unreachable")")
                }
            }
        }
        return report
    }

    /// Opens a link from a state under the answers that let it through; what went wrong, if anything.
    private static func openLink(_ url: ReplayCatalog.URL, from snapshot: NavigatorSnapshot, driver: ReplayDriver,
                                 catalog: ReplayCatalog) -> (claim: String, replay: String)? {
        snapshot.restore(driver.navigator)
        // A step that keeps links is on screen: the link waits, and nothing moves.
        if driver.navigator.isKeepingLinks {
            let before = driver.screens
            let outcome = driver.navigator.open(url: url.url)
            guard outcome.status == .kept, outcome.commands.isEmpty, driver.screens == before, driver.navigator.keptLink != nil else {
                return ("the link \(url.url) waits while a step that keeps links is on screen", "\(outcome); now: \(driver.signature)")
            }
            return nil
        }
        if !url.conditions.isEmpty { return openDecidingLink(url, from: snapshot, driver: driver) }
        if !opensUnderTheRoot(ReplayProgram.table.flows[url.link.flow].links[url.link.index].branches[0], of: url, driver: driver) {
            return notHandledUnderAnotherRoot(url, driver: driver)
        }
        var outcomes: [String] = []
        // The answers that let it through: each guard that blocked it answers the other way next time.
        var tries = [GuardAnswers(fallback: true), GuardAnswers(fallback: false)]
        while !tries.isEmpty {
            let answers = tries.removeFirst()
            snapshot.restore(driver.navigator)
            driver.set(answers)
            let outcome = driver.navigator.open(url: url.url)
            switch outcome.status {
            case .blocked(let ref) where driver.lacksTab(ofGuard: ref):
                // Its path goes through a tab this tab bar was built without (`if g`): no answer now
                // brings it back, and the checker claims only where the tab is there.
                return nil
            case .blocked(let ref):
                outcomes.append("\(answers): \(outcome)")
                if answers.answers[ref] == nil, answers.answers.count < 8 {
                    var next = answers
                    next.answers[ref] = !answers.fallback
                    tries.insert(next, at: 0)
                }
                continue
            case .applied:
                guard let top = driver.tops.last(where: { url.targets.contains($0.step) }) else {
                    return ("the link \(url.url) opens \(ReplayProgram.table.name(url.target))", "\(outcome); on screen: \(driver.signature)")
                }
                // A tab a link selects keeps the inputs the tab bar gave it.
                if url.move != .select, top.values != url.values {
                    return ("the link \(url.url) gives \(ReplayProgram.table.name(url.target)) the values \(url.values.map { $0 ?? "nil" })",
                            "\(outcome); shown: \(top)")
                }
                if let at = url.at, !driver.tops.contains(where: { $0.step == at.step && $0.values == at.values }) {
                    return ("the link \(url.url) opens \(ReplayProgram.table.name(url.target)) at \(ReplayProgram.table.name(at.step)) "
                            + "with the values \(at.values.map { $0 ?? "nil" })", "\(outcome); on screen: \(driver.signature)")
                }
                guard url.move == nil else { return nil }
                let before = driver.screens
                // Where it opened a step that keeps links (or under one), the second one waits.
                let expected: ReplayNavigator.Outcome.Status = driver.navigator.isKeepingLinks ? .kept : .applied
                let again = driver.navigator.open(url: url.url)
                if again.status != expected || !again.commands.isEmpty || driver.screens != before {
                    return ("the link \(url.url) opened twice does nothing the second time", "again: \(again); now: \(driver.signature)")
                }
                return nil
            default:
                return ("the link \(url.url) opens from every screen (its path: \(url.path))", "\(answers): \(outcome)")
            }
        }
        return ("the link \(url.url) opens under some answers of its guards", outcomes.joined(separator: "; "))
    }

    /// A link that decides: under answers that make the guards before a target block and its own
    /// allow, it opens that target with the URL's values (the guards of the target's path let
    /// through as for any link); with every guard blocking, a link whose last target has a guard is
    /// refused, blocked by that guard, and nothing moves.
    /// Whether a link's target opens where the navigator runs its root: with several roots the
    /// app runs one, and a path from another root does not open (`open` answers `unhandled`);
    /// a link with a move opens where its flow is on screen.
    private static func opensUnderTheRoot(_ branch: ProgramTable.LinkBranch, of url: ReplayCatalog.URL, driver: ReplayDriver) -> Bool {
        let navigator = driver.navigator
        if branch.move != nil, navigator.chain.contains(where: { $0.flow.rawValue == url.link.flow }) { return true }
        let root = navigator.flows[navigator.rootID]?.flow.rawValue
        return branch.paths.contains { path in
            if case .bottom(let first)? = path.first { first.flow == root } else { false }
        }
    }

    /// What is wrong when a link the app's running root has no path for is not `unhandled`.
    private static func notHandledUnderAnotherRoot(_ url: ReplayCatalog.URL, driver: ReplayDriver) -> (claim: String, replay: String)? {
        let before = driver.signature
        let outcome = driver.navigator.open(url: url.url)
        guard outcome.status != .unhandled || driver.signature != before else { return nil }
        return ("the link \(url.url) is not handled under a root none of its paths starts at", "\(outcome); now: \(driver.signature)")
    }

    private static func openDecidingLink(_ url: ReplayCatalog.URL, from snapshot: NavigatorSnapshot,
                                         driver: ReplayDriver) -> (claim: String, replay: String)? {
        /// The answers that choose `branch`, or nil when the same guard would have to answer both ways.
        func choosing(_ branch: Int) -> GuardAnswers? {
            var answers = GuardAnswers(fallback: true)
            for (index, condition) in url.conditions.enumerated() where index <= branch {
                let answer = index == branch ? condition.holdsWhen : !condition.holdsWhen
                if let given = answers.answers[condition.ref], given != answer { return nil }
                answers.answers[condition.ref] = answer
            }
            return answers
        }
        let info = ReplayProgram.table.flows[url.link.flow].links[url.link.index]
        for (number, branch) in url.branches.enumerated() {
            guard var answers = choosing(number) else { continue }
            snapshot.restore(driver.navigator)
            guard opensUnderTheRoot(info.branches[number], of: url, driver: driver) else {
                driver.set(answers)
                if let problem = notHandledUnderAnotherRoot(url, driver: driver) { return problem }
                continue
            }
            let fixed = Set(answers.answers.keys)
            var outcomes: [String] = []
            var opened = false
            for _ in 0..<8 {
                snapshot.restore(driver.navigator)
                driver.set(answers)
                let outcome = driver.navigator.open(url: url.url)
                outcomes.append("\(answers): \(outcome)")
                // Through a tab this tab bar was built without: the checker claims only where it is there.
                if case .blocked(let ref) = outcome.status, driver.lacksTab(ofGuard: ref) {
                    opened = true
                    break
                }
                if case .blocked(let ref) = outcome.status, !fixed.contains(ref), answers.answers[ref] == nil {
                    answers.answers[ref] = false  // a guard of the target's path: let it through the other way
                    continue
                }
                guard outcome.status == .applied, let top = driver.tops.last(where: { branch.targets.contains($0.step) }) else {
                    return ("the link \(url.url) opens \(ReplayProgram.table.name(branch.target)) when its guards choose it",
                            "\(outcome); on screen: \(driver.signature)")
                }
                if top.values != branch.values {
                    return ("the link \(url.url) gives \(ReplayProgram.table.name(branch.target)) the values \(branch.values.map { $0 ?? "nil" })",
                            "\(outcome); shown: \(top)")
                }
                opened = true
                break
            }
            if !opened { return ("the link \(url.url) opens \(ReplayProgram.table.name(branch.target))", outcomes.joined(separator: "; ")) }
        }
        if url.conditions.count == url.branches.count, let last = url.conditions.last, let answers = choosing(url.branches.count) {
            snapshot.restore(driver.navigator)
            driver.set(answers)
            let before = driver.signature
            let outcome = driver.navigator.open(url: url.url)
            guard case .blocked(let ref) = outcome.status, ref == last.ref, outcome.commands.isEmpty, driver.signature == before else {
                return ("the link \(url.url) is refused when every guard blocks", "\(answers): \(outcome); now: \(driver.signature)")
            }
        }
        return nil
    }

    private static func disagreement(_ claim: String, way: [String], replay: String) -> String {
        "claim: \(claim)\n  way: \(way.joined(separator: " → "))\n  replay: \(replay)"
    }

    /// `Step` of `Flow.Step`: a finding names a group's step by the flow that shows it, or by the
    /// group, so findings and screens are matched by the step's own name.
    private static func stepName(_ qualified: String) -> String {
        qualified.split(separator: ".").last.map(String.init) ?? qualified
    }

    /// The step's own name.
    private static func stepName(_ step: StepRef) -> String { ReplayProgram.table.flows[step.flow].steps[step.step].name }

    /// Does `action` from `snapshot` under each of the guards' answers that matter (all yes; and
    /// when it asked guards, all no and each answered the other way) and calls `body` right after
    /// each try that could be done, with the navigator in the state it made; `body` answers whether
    /// to stop.
    static func tries(_ action: ReplayAction, from snapshot: NavigatorSnapshot, driver: ReplayDriver,
                      _ body: (GuardAnswers, ReplayNavigator.Outcome) -> Bool = { _, _ in false }) {
        snapshot.restore(driver.navigator)
        driver.set(GuardAnswers(fallback: true))
        let asked = driver.guards.asked.count
        if let outcome = driver.perform(action), body(GuardAnswers(fallback: true), outcome) { return }
        // Asked even when the action could not be done (a sheet locked while a guard holds).
        let guards = Set(driver.guards.asked[asked...].map(\.0))
        guard !guards.isEmpty else { return }
        var others = [GuardAnswers(fallback: false)]
        for ref in guards.sorted(by: { ($0.flow, $0.index) < ($1.flow, $1.index) }) {
            others.append(GuardAnswers(fallback: true, answers: [ref: false]))
            others.append(GuardAnswers(fallback: false, answers: [ref: true]))
        }
        for answers in others {
            snapshot.restore(driver.navigator)
            driver.set(answers)
            if let outcome = driver.perform(action), body(answers, outcome) { return }
        }
    }

    /// Replays a `dead-end`: a state with the finding's step on top of a cover or a locked sheet,
    /// from which nothing the step's screen sends, and no going back, takes that layer away.
    /// Nil when one is found; else what the navigator did.
    private static func replayTrap(_ finding: StackFinding, in states: [NavigatorSnapshot], driver: ReplayDriver, catalog: ReplayCatalog) -> String? {
        var escapes: [String] = []
        for snapshot in states {
            snapshot.restore(driver.navigator)
            guard driver.navigator.alert == nil,
                  let running = driver.navigator.chain.last(where: { $0.top.entries.last.map { stepName($0.screen.step) } == finding.step }),
                  let layer = running.layers.last, layer.style == .cover || layer.lock != nil else { continue }
            let own = Set(driver.ownClauses().map(\.event))
            let actions = [ReplayAction.back] + catalog.events.filter { !own.isDisjoint(with: ReplayProgram.events(of: $0)) }.map(ReplayAction.send)
            var escape: String?
            for action in actions where escape == nil {
                tries(action, from: snapshot, driver: driver) { answers, outcome in
                    guard !driver.navigator.flows.values.contains(where: { $0.layers.contains { $0.id == layer.id } }) else { return false }
                    escape = "\(action) with \(answers): \(outcome)"
                    return true
                }
            }
            guard let escape else { return nil }
            if escapes.count < 3 { escapes.append(escape) }
        }
        return escapes.isEmpty
            ? "no state shows \(finding.step) on top of a cover or a locked sheet"
            : "the way out: " + escapes.joined(separator: "; ")
    }
}

/// What the replay sends and opens in a program: each event with values, each URL of each link
/// pattern with values for its placeholders, the roots, and the guards' answers it tries.
@MainActor
struct ReplayCatalog {
    struct URL {
        let url: String
        let link: LinkRef
        /// The link's index among all of its flow's links (the checker's numbering).
        let program: Int
        let target: StepRef
        let move: ActionKind?
        /// The steps that show the target: itself, and for a destinations group's step, its copy in each flow that uses the group.
        let targets: Set<StepRef>
        /// What the target's inputs must be once it opens.
        let values: [String?]
        let path: String
        /// For a link that decides: each target with what it must show (the first is `target`),
        /// and the guard asked before each, with the answer that takes it.
        var branches: [Branch] = []
        var conditions: [(ref: GuardRef, holdsWhen: Bool)] = []
        /// For a move with `at` (`-> sheet Project at Comments`): the step inside the subflow it
        /// opens, and what its inputs must be.
        var at: (step: StepRef, values: [String?])?

        struct Branch {
            let target: StepRef
            let targets: Set<StepRef>
            let values: [String?]
        }
    }

    var roots: [ReplayProgram.Value] = []
    var events: [ReplayProgram.Value] = []
    var urls: [URL] = []
    var startAnswers: [GuardAnswers] = []
    var widestTabBar = 0
    /// The items of tab bars that present their step (`step Post as sheet`).
    var tabItems: [StepRef] = []

    init(program: FlowProgram, model: RouterModel) {
        func sample(_ parameter: (label: String, type: String)) -> String? { ReplayValues.sample(label: parameter.label, type: parameter.type) }
        roots = model.roots.map { ReplayProgram.Value(owner: "", caseName: $0.caseModel.name, values: $0.caseModel.parameters.map(sample)) }
        for flow in model.flows {
            for event in flow.events where event.isDeclared {
                events.append(.init(owner: flow.caseName, caseName: event.name, values: event.parameters.map(sample)))
            }
        }
        for group in model.groups {
            for event in group.events { events.append(.init(owner: group.caseName, caseName: event.name, values: event.parameters.map(sample))) }
        }
        for (flowIndex, flow) in program.flows.enumerated() {
            widestTabBar = max(widestTabBar, flow.isTabs ? flow.steps.count : 0)
            tabItems += flow.tabItems.map { StepRef(flow: flowIndex, step: $0) }
            var resolved = 0
            for (linkIndex, link) in flow.links.enumerated() {
                guard let target = link.target else { continue }
                defer { resolved += 1 }
                let inputs = flow.values(of: link)
                /// The steps that show `step`: itself, and for a destinations group's step, its copy in each flow that uses the group.
                func shows(_ step: Int) -> Set<StepRef> {
                    var targets: Set<StepRef> = [StepRef(flow: flowIndex, step: step)]
                    if let shared = flow.steps[step].shared {
                        for (other, using) in program.flows.enumerated() {
                            for (index, item) in using.steps.enumerated() where item.shared == shared {
                                targets.insert(StepRef(flow: other, step: index))
                            }
                        }
                    }
                    return targets
                }
                let targets = shows(target)
                for pattern in link.patterns {
                    var values = [String?](repeating: nil, count: inputs.count)
                    for (index, input) in inputs.enumerated() where pattern.placeholders.contains(input.name) {
                        values[index] = ReplayValues.sample(of: input.wrappedType, seed: 7 + index)
                        // The rest of the path: two segments, when its text may hold a `/`.
                        if case .rest(input.name) = pattern.segments.last, input.wrappedType == "String", let value = values[index] {
                            values[index] = value + "/more"
                        }
                    }
                    let url = pattern.sampleURL { name in inputs.firstIndex { $0.name == name }.flatMap { values[$0] } ?? "x" }
                    // `as url`: the whole URL is a value.
                    if let whole = pattern.wholeURL, let index = inputs.firstIndex(where: { $0.name == whole }) { values[index] = url }
                    var found = URL(url: url, link: LinkRef(flow: flowIndex, index: resolved), program: linkIndex,
                                    target: StepRef(flow: flowIndex, step: target), move: link.move, targets: targets,
                                    values: Array(values.prefix(flow.steps[target].inputs.count)), path: "\(link.patterns.map(\.text))")
                    if let at = link.at, let subflow = at.flow, let step = at.step {
                        let shown = program.flows[subflow].steps[step].inputs.map { input in
                            inputs.firstIndex { $0.name == input.name }.flatMap { values[$0] }
                        }
                        found.at = (StepRef(flow: Int(subflow), step: step), shown)
                    }
                    if link.decides {
                        found.conditions = link.conditions.compactMap { condition in
                            condition.guardIndex.map { (GuardRef(flow: flowIndex, index: $0), !condition.isNegated) }
                        }
                        found.branches = link.branches.compactMap { branch in
                            branch.target.map { step in
                                let shown = flow.steps[step].inputs.map { input in
                                    inputs.firstIndex { $0.name == input.name }.flatMap { values[$0] }
                                }
                                return URL.Branch(target: StepRef(flow: flowIndex, step: step), targets: shows(step), values: shown)
                            }
                        }
                    }
                    urls.append(found)
                }
            }
        }
        // The guards a start asks (for its choice, what it shows at launch, and the tabs a tab bar
        // has), each answered the other way.
        let flips = Set(ReplayProgram.table.flows.enumerated().flatMap { flow, info in
            (info.startChoices.compactMap(\.condition) + [info.launch?.condition].compactMap { $0 } + info.steps.compactMap(\.condition))
                .map { GuardRef(flow: flow, index: $0.guardIndex) }
        }).sorted { ($0.flow, $0.index) < ($1.flow, $1.index) }
        startAnswers = [GuardAnswers(fallback: true), GuardAnswers(fallback: false)]
            + flips.flatMap { [GuardAnswers(fallback: true, answers: [$0: false]), GuardAnswers(fallback: false, answers: [$0: true])] }
    }
}
