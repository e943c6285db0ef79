/// A construct of the language the harness generator can use. `HarnessConstruct.found(in:)` reads
/// them off a finished program's model, so a program's set says what its text holds.
enum HarnessConstruct: String, CaseIterable, Comparable, Sendable {
    // Flows, tabs, subflows and groups
    case tabsRoot, tabsNested, select
    case subflowExits, exitWithPayload, exitHandlerForward
    case startChoiceRoot, startChoiceSubflow
    case group, groupUsedBySeveralFlows, groupPicker, groupLinkWithMove, groupFlowLevelClause
    // `use Core` in a group: its clauses name the used group's steps, its users use both
    case groupUsesGroup
    // Moves
    case push, sheet, popover, cover, replace, root, pop, popTo, dismiss, close
    case lockedSheet, lockedWhileSheet, twoMoves, at
    // Results handed back, alerts and dialogs
    case receives, alert, dialog, alertButtonMoves, alertButtonGoesBack, alertButtonClosesOnly, alertShowsAlert
    // Guards and flow-level clauses
    case guardCondition, negatedGuard, guardElse, guardChain, guardPair, guardWithArguments, asyncGuard
    case flowLevelClause
    // Links: move kinds, targets, pattern shapes
    case linkPath, linkPush, linkSheet, linkPopover, linkCover
    case linkToTabWithInputs, linkToSubflowStart
    case patternLiteral, patternPlaceholder, patternPrefix, patternSuffix, patternWildcard, patternQuery
    // The rest of the path (`**`, `{path...}`) and the whole URL as a value (`as url`)
    case patternRest, wholeURL
    case severalPatterns, customScheme, ignoringCase
    // Links that decide: a guard chooses the target, or refuses the link
    case linkDecides, linkRefused
    // A link that selects a tab of the tab bar that runs (`-> select Search at Results`)
    case linkSelect
    // Links that present a stack: a move's `at` (`-> sheet Project at Comments`)
    case linkAt
    // Links that close the sheet on top first (`-> dismiss, sheet Project`)
    case linkDismissesFirst
    // Leaving the app: `open address`
    case openExternally
    // Alerts in a row: a screen that may ask a second alert while the first is up
    case alertsInARow
    // `select X at Y`: a tab, then a step inside the flow it runs
    case selectAt
    // `at` from an alert's button (`on translateTapped -> sheet Settings at Translation`)
    case alertButtonAt
    // Several back moves in one clause (`pop, dismiss`, `popTo X, pop`, `popTo X, pop, push Y`)
    case backMovesInARow
    // `push X below`: on the stack beneath the sheet on top (`on accountTapped -> push Profile below`)
    case pushBelow
    // `at A.B`: on inside the subflow A runs (`root Main at Notifications.Status`)
    case atNested
    // `step Terms keeps links`: a link that arrives while it is on screen waits
    case keepsLinks
    // `step Editor locked while g`: every sheet and popover that presents it is locked so
    case stepLock
    // `start Home, cover Terms if g`: a layer over the first screen as the flow starts
    case launch
    // `restart`: the flow starts over, its start asked again (a tab bar keeps its tab)
    case restart
    // `step Lists runs ListsFlow if hasLists`: a tab that is there only sometimes
    case conditionalTab
    // `step Post as sheet`: an item of the tab bar that presents its step instead of a tab
    case tabItem
    // `select X below`: a tab selected beneath the tab bar's layer on top, which stays
    case selectBelow
    // `step Translate detents medium, large`: the heights a sheet that shows the step stops at
    case detents
    // `sheet Compose compact cover`: another presentation on compact widths, replayed on both
    case compactPresentation
    // `step MyProfile like AccountDetail`: another entry of a screen, with its clauses
    case stepLike
    // `flow Library split`: a split view's columns, `show X` into them, the detail's own stack
    case splitView

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The constructs `program`'s text uses.
    static func found(in program: HProgram) -> Set<HarnessConstruct> {
        var found = Set<HarnessConstruct>()
        let runners = program.flows.flatMap(\.steps).filter { $0.runs != nil }
        let run = Set(runners.compactMap(\.runs))
        for flow in program.flows {
            let isRoot = !run.contains(flow.name)
            if flow.isTabs { found.insert(isRoot ? .tabsRoot : .tabsNested) }
            if flow.isSplit { found.insert(.splitView) }
            if flow.start.count > 1 { found.insert(isRoot ? .startChoiceRoot : .startChoiceSubflow) }
            if !flow.exits.isEmpty, run.contains(flow.name) { found.insert(.subflowExits) }
            if flow.exits.contains(where: { !$0.params.isEmpty }) { found.insert(.exitWithPayload) }
            for link in flow.links { scan(link, in: flow, program: program, into: &found) }
        }
        for group in program.groups {
            found.insert(.group)
            let users = program.users(of: group.name)
            if !group.uses.isEmpty { found.insert(.groupUsesGroup) }
            if users.count >= 2 { found.insert(.groupUsedBySeveralFlows) }
            if group.steps.contains(where: { !$0.receives.isEmpty }) { found.insert(.groupPicker) }
            if group.links.contains(where: { $0.move != nil }) { found.insert(.groupLinkWithMove) }
            if !group.clauses.isEmpty { found.insert(.groupFlowLevelClause) }
            for link in group.links { scan(link, in: nil, program: program, into: &found) }
        }
        if program.flows.contains(where: { $0.launch != nil }) { found.insert(.launch) }
        let scopes: [HScope] = program.groups + program.flows
        for scope in scopes {
            if !scope.clauses.isEmpty { found.insert(.flowLevelClause) }
            if scope.guards.contains(where: { !$0.params.isEmpty }) { found.insert(.guardWithArguments) }
            if scope.guards.contains(where: \.isAsync) { found.insert(.asyncGuard) }
            for step in scope.steps {
                if step.keepsLinks { found.insert(.keepsLinks) }
                if step.lock != nil { found.insert(.stepLock) }
                if step.condition != nil { found.insert(.conditionalTab) }
                if step.tabItem != nil { found.insert(.tabItem) }
                if step.detents != nil { found.insert(.detents) }
                if step.like != nil { found.insert(.stepLike) }
                if !step.receives.isEmpty, scope is HFlow { found.insert(.receives) }
                for clause in step.clauses {
                    scan(clause, into: &found)
                    if step.runs != nil, clause.actions.contains(where: { $0.main.kind.showsScreen }) {
                        found.insert(.exitHandlerForward)
                    }
                }
                let events = step.clauses.map(\.event)
                if Set(events).count < events.count { found.insert(.guardPair) }
                let shown = Set(step.clauses.flatMap(\.branches).compactMap { branch in
                    branch.action.main.kind == .alert || branch.action.main.kind == .dialog ? branch.action.main.target : nil
                })
                if shown.count >= 2 { found.insert(.alertsInARow) }
            }
            for clause in scope.clauses { scan(clause, into: &found) }
            for alert in scope.alerts {
                found.insert(alert.isDialog ? .dialog : .alert)
                for button in alert.buttons {
                    scan(button, into: &found)
                    guard let kind = button.branches.first?.action.main.kind else {
                        found.insert(.alertButtonClosesOnly)
                        continue
                    }
                    if kind.isBack { found.insert(.alertButtonGoesBack) }
                    if kind.showsScreen || kind == .exit { found.insert(.alertButtonMoves) }
                    if kind == .alert || kind == .dialog { found.insert(.alertShowsAlert) }
                    if button.branches.first?.action.main.at != nil { found.insert(.alertButtonAt) }
                }
            }
        }
        return found
    }

    private static func scan(_ clause: HClause, into found: inout Set<HarnessConstruct>) {
        if clause.branches.count > 1 { found.insert(.guardElse) }
        if clause.conditions.count > 1 { found.insert(.guardChain) }
        for branch in clause.branches {
            if let condition = branch.condition {
                found.insert(.guardCondition)
                if condition.negated { found.insert(.negatedGuard) }
            }
            let action = branch.action
            if !action.backs.isEmpty { found.insert(action.backs.count + (action.main.kind.isBack ? 1 : 0) > 1 ? .backMovesInARow : .twoMoves) }
            for back in action.backs { insert(back, into: &found) }
            insert(action.main, into: &found)
        }
    }

    private static func insert(_ move: HMove, into found: inout Set<HarnessConstruct>) {
        let kinds: [HMoveKind: HarnessConstruct] = [
            .push: .push, .sheet: .sheet, .popover: .popover, .cover: .cover, .replace: .replace, .root: .root,
            .pop: .pop, .popTo: .popTo, .dismiss: .dismiss, .close: .close, .select: .select, .open: .openExternally,
            .pushBelow: .pushBelow, .restart: .restart, .selectBelow: .selectBelow,
        ]
        if let construct = kinds[move.kind] { found.insert(construct) }
        if move.at != nil { found.insert(move.kind == .select ? .selectAt : .at) }
        if move.at?.contains(".") == true { found.insert(.atNested) }
        if move.compact != nil { found.insert(.compactPresentation) }
        switch move.lock {
        case .always: found.insert(.lockedSheet)
        case .whileGuard: found.insert(.lockedWhileSheet)
        case nil: break
        }
    }

    private static func scan(_ link: HLink, in flow: HFlow?, program: HProgram, into found: inout Set<HarnessConstruct>) {
        switch link.move {
        case nil: found.insert(.linkPath)
        case .push: found.insert(.linkPush)
        case .sheet: found.insert(.linkSheet)
        case .popover: found.insert(.linkPopover)
        case .cover: found.insert(.linkCover)
        case .select: found.insert(.linkSelect)
        default: break
        }
        if link.patterns.count > 1 { found.insert(.severalPatterns) }
        if !link.otherwise.isEmpty { found.insert(.linkDecides) }
        if link.at != nil { found.insert(.linkAt) }
        if link.at?.contains(".") == true { found.insert(.atNested) }
        if link.dismissesFirst { found.insert(.linkDismissesFirst) }
        if !link.conditions.isEmpty, link.conditions.count > link.otherwise.count { found.insert(.linkRefused) }
        if link.ignoringCase { found.insert(.ignoringCase) }
        if link.wholeURL != nil { found.insert(.wholeURL) }
        if let flow, link.move == nil, let target = flow.step(link.target) {
            if flow.isTabs, !target.inputs.isEmpty { found.insert(.linkToTabWithInputs) }
            if flow.startSteps.contains(target.name), program.runner(of: flow.name) != nil { found.insert(.linkToSubflowStart) }
        }
        for pattern in link.patterns {
            if pattern.hasPrefix("app://") { found.insert(.customScheme) }
            let parts = pattern.split(separator: "?", maxSplits: 1)
            let path = pattern.hasPrefix("app://") ? "/" + parts[0].dropFirst(6) : String(parts[0])
            let segments = path.split(separator: "/").dropFirst()
            for segment in segments {
                if segment == "**" || segment.hasSuffix("...}") {
                    found.insert(.patternRest)
                    continue
                }
                if segment == "*" { found.insert(.patternWildcard) } else if !segment.contains("{") { found.insert(.patternLiteral) }
                if segment.hasPrefix("{"), segment.hasSuffix("}") { found.insert(.patternPlaceholder) }
                if segment.contains("{"), !segment.hasPrefix("{") { found.insert(.patternPrefix) }
                if segment.contains("}"), !segment.hasSuffix("}") { found.insert(.patternSuffix) }
            }
            if parts.count > 1 {
                found.insert(.patternQuery)
                if parts[1].split(separator: "&").contains(where: { !$0.contains("{") }) { found.insert(.patternLiteral) }
            }
        }
    }
}
