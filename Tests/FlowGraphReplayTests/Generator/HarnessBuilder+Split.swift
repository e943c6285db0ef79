/// Split views (`flow Library split`): a sidebar, a content column sometimes, a detail column
/// whose screen pushes; `show X` fills a column from the sidebar, the content or the detail, a
/// flow-level `root` goes back to the sidebar alone, and the split view is a subflow with an exit,
/// presented from a flow's start (so every construct before it stays as it was).
extension HarnessBuilder {
    func addSplitView() {
        guard splitRng.chance(22) else { return }
        let hosts = program.flows.filter { flow in
            !flow.isTabs && !flow.isSplit && flow.startSteps.first.flatMap { flow.step($0) }.map { $0.runs == nil } ?? false
        }
        guard !hosts.isEmpty else { return }
        let host = splitRng.pick(hosts)
        guard let hostStart = host.startSteps.first.flatMap({ host.step($0) }) else { return }
        let area = splitRng.pick(HarnessVocabulary.flowAreas)
        let split = HFlow(name: unique(area + "Split"), isTabs: false)
        split.isSplit = true
        program.flows.append(split)
        let done = HExit(name: event("doneWith" + split.name))
        split.exits = [done]

        let sidebar = addStep(area + "Sidebar", to: split)
        split.start = [(sidebar.name, nil)]
        let hasContent = splitRng.chance(60)
        let detail = addStep(area + "Detail", to: split, inputs: [splitRng.pick(HarnessVocabulary.required)])
        detail.column = "detail"
        var content: HStep?
        if hasContent {
            let list = addStep(area + "List", to: split, inputs: [splitRng.pick(HarnessVocabulary.required)])
            list.column = "content"
            content = list
            sidebar.clauses.append(HClause(event("pick" + list.name), payload: list.inputs, HMove(.show, list.name)))
            list.clauses.append(HClause(event("open" + detail.name), payload: detail.inputs, HMove(.show, detail.name)))
            if splitRng.chance(40) {
                list.clauses.append(HClause(event("refresh" + list.name), payload: list.inputs, HMove(.show, list.name)))
            }
        }
        if !hasContent || splitRng.chance(40) {
            sidebar.clauses.append(HClause(event("jumpTo" + detail.name), payload: detail.inputs, HMove(.show, detail.name)))
        }
        sidebar.clauses.append(HClause(event("finish" + split.name), HMove(.exit, done.name)))
        if splitRng.chance(50) {
            let sheet = addStep(area + "Options", to: split)
            sidebar.clauses.append(HClause(event("present" + sheet.name), HMove(.sheet, sheet.name)))
            sheet.clauses.append(HClause(event("close" + sheet.name), HMove(.dismiss)))
            if let content, splitRng.chance(50) {
                sheet.clauses.append(HClause(event("thenPick" + content.name), payload: content.inputs, HMove(.show, content.name)))
            }
        }
        // The detail's own stack: a pushed screen that goes back, or shows the next detail.
        if splitRng.chance(70) {
            let more = addStep(area + "More", to: split)
            detail.clauses.append(HClause(event("more" + detail.name), HMove(.push, more.name)))
            more.clauses.append(HClause(event("back" + more.name), HMove(splitRng.chance(50) ? .pop : .close)))
            if splitRng.chance(40) {
                more.clauses.append(HClause(event("next" + detail.name), payload: detail.inputs, HMove(.show, detail.name)))
            }
        }
        if splitRng.chance(40) { detail.clauses.append(HClause(event("finishFrom" + detail.name), HMove(.exit, done.name))) }
        if splitRng.chance(35) { split.clauses.append(HClause(event("home" + split.name), HMove(.root, sidebar.name))) }

        // Presented from the host's start, and closed by its exit.
        let runner = addStep(area + "Library", to: host, runs: split.name)
        let kind: HMoveKind = splitRng.pick([.sheet, .push, .cover])
        hostStart.clauses.append(HClause(event("open" + runner.name), HMove(kind, runner.name)))
        runner.clauses.append(HClause(done.name, HMove(kind == .push ? .pop : .dismiss)))
    }
}
