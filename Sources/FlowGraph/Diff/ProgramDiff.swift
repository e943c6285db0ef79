/// Compares two versions of a program and reports what the change breaks: for the outside world
/// (deep links), for the app's code (the generated router), and for the reviewer (journeys).
///
/// Entities are matched by name (flows and groups; steps, events, exits, guards and alerts in
/// each), through the renames the new program declares (`RenameDirective`); links are matched by
/// the URLs they open, never by their text: a pattern reworded so that it still opens every URL
/// it opened is no change. Both programs must compile without errors.
public enum ProgramDiff {
    /// What a comparison found.
    public struct Result: Sendable {
        /// Sorted by rule (so by category), subject and message.
        package var findings: [DiffFinding]
        /// Told, never failing: rename comments that apply to nothing.
        package var notes: [DiffNote]
        /// What changed in each flow, for the diagrams (empty unless asked for).
        package var changes: DiagramChanges
    }

    /// Compares `old` with `new`; each must have a program and no errors (the caller reports them).
    /// `drawsChanges`: also work out what changed in each flow, for a diagram (a seventh of the
    /// time, which the text, JSON, GitHub and SARIF reports do not need).
    public static func compare(old: Compiler.Compilation, new: Compiler.Compilation, drawsChanges: Bool = true) -> Result {
        guard let oldProgram = old.program, let newProgram = new.program else {
            return Result(findings: [], notes: [], changes: DiagramChanges())
        }
        let oldSide = DiffSide(old, program: oldProgram)
        let newSide = DiffSide(new, program: newProgram)
        let renames = DiffRenames(new: newSide, old: oldSide)
        var comparison = Comparison(old: oldSide, new: newSide, renames: renames)
        comparison.compareRouter()
        comparison.compareRenames()
        comparison.compareLinks()
        comparison.compareJourneys()
        let changes = drawsChanges ? DiagramChanges(old: oldSide, new: newSide, renames: renames) : DiagramChanges()
        var seen = Set<DiffFinding>()
        let findings = comparison.findings.sorted().filter { seen.insert($0).inserted }
        return Result(findings: findings, notes: renames.notes, changes: changes)
    }
}

/// The work of one comparison: both sides, the renames, and the findings so far.
struct Comparison {
    let old: DiffSide
    let new: DiffSide
    let renames: DiffRenames
    /// Steps that look renamed without a rename comment, old id → new id (`likelyRenames`).
    let likelyRenames: [String: String]
    var findings: [DiffFinding] = []

    init(old: DiffSide, new: DiffSide, renames: DiffRenames) {
        self.old = old
        self.new = new
        self.renames = renames
        likelyRenames = Self.likelyRenames(old: old, new: new, renames: renames)
    }

    /// The new container that the old container `name` became, if any.
    func newContainer(forOld name: String) -> Flow? {
        if let renamed = renames.containers.first(where: { $0.value == name })?.key { return new.container(named: renamed) }
        // An old name that a rename gave away to another container is not matched by name.
        return renames.containers[name] == nil ? new.container(named: name) : nil
    }

    /// The new member `kind` that the old member `name` of a container became: the new member whose
    /// old name (through the renames) is `name`.
    func newName(_ kind: DiffRenames.Kind, forOld name: String, in newContainer: String, among names: [String]) -> String? {
        names.first { renames.old(kind, $0, in: newContainer) == name }
    }

    mutating func report(_ rule: DiffRule, _ message: String, subject: String, old: SourceRange?, new: SourceRange?, example: String? = nil) {
        findings.append(DiffFinding(rule, message, subject: subject, old: old, new: new, example: example))
    }

    // MARK: - Router

    /// Containers, steps, events, exits, guards and alerts that the router's types hold.
    mutating func compareRouter() {
        for (position, oldFlow) in old.containers.enumerated() {
            guard let newFlow = newContainer(forOld: oldFlow.name) else {
                report(.routerFlowRemoved, DiffMessages.containerRemoved(oldFlow.name, isGroup: old.isGroup(position)),
                       subject: oldFlow.name, old: oldFlow.range, new: nil)
                continue
            }
            compareMembers(oldFlow, newFlow)
        }
    }

    private mutating func compareMembers(_ oldFlow: Flow, _ newFlow: Flow) {
        let container = newFlow.name
        let newSteps = new.ownSteps(newFlow)
        for step in old.ownSteps(oldFlow) {
            let subject = "\(oldFlow.name).\(step.name)"
            guard let name = newName(.step, forOld: step.name, in: container, among: newSteps.map(\.name)),
                  let match = newSteps.first(where: { $0.name == name }) else {
                let hint = likelyRenames[subject].map { DiffMessages.likelyRename(step.name, new: String($0.drop { $0 != "." }.dropFirst())) }
                report(.routerStepRemoved, DiffMessages.removed("step", step.name, in: oldFlow.name) + (hint ?? ""), subject: subject,
                       old: step.range, new: newFlow.range)
                continue
            }
            if !Self.sameParameters(step.inputs, match.inputs) {
                report(.routerInputChanged, DiffMessages.inputsChanged("step", match.name, in: container,
                       before: DiffMessages.parameters(step.inputs), now: DiffMessages.parameters(match.inputs)),
                       subject: subject, old: step.range, new: match.range)
            }
        }
        let newEvents = new.ownEvents(newFlow)
        for event in old.ownEvents(oldFlow) {
            let subject = "\(oldFlow.name).\(event.name)"
            guard let name = newName(.event, forOld: event.name, in: container, among: newEvents.map(\.name)),
                  let match = newEvents.first(where: { $0.name == name }) else {
                report(.routerEventRemoved, DiffMessages.removed("event", event.name, in: oldFlow.name), subject: subject,
                       old: event.range, new: newFlow.range)
                continue
            }
            if !Self.sameParameters(event.payload, match.payload) {
                report(.routerPayloadChanged, DiffMessages.payloadChanged("event", match.name, in: container,
                       before: DiffMessages.parameters(event.payload), now: DiffMessages.parameters(match.payload)),
                       subject: subject, old: event.range, new: match.range)
            }
        }
        for exit in oldFlow.exits {
            let subject = "\(oldFlow.name).\(exit.name)"
            guard let name = newName(.exit, forOld: exit.name, in: container, among: newFlow.exits.map(\.name)),
                  let match = newFlow.exits.first(where: { $0.name == name }) else {
                report(.routerExitRemoved, DiffMessages.removed("exit", exit.name, in: oldFlow.name), subject: subject,
                       old: exit.range, new: newFlow.range)
                continue
            }
            if !Self.sameParameters(exit.inputs, match.inputs) {
                report(.routerPayloadChanged, DiffMessages.payloadChanged("exit", match.name, in: container,
                       before: DiffMessages.parameters(exit.inputs), now: DiffMessages.parameters(match.inputs)),
                       subject: subject, old: exit.range, new: match.range)
            }
        }
        let newGuards = new.ownGuards(newFlow)
        for declared in old.ownGuards(oldFlow) {
            let subject = "\(oldFlow.name).\(declared.name)"
            guard let name = newName(.guardDeclaration, forOld: declared.name, in: container, among: newGuards.map(\.name)),
                  let match = newGuards.first(where: { $0.name == name }) else {
                report(.routerGuardRemoved, DiffMessages.removed("guard", declared.name, in: oldFlow.name), subject: subject,
                       old: declared.range, new: newFlow.range)
                continue
            }
            if !Self.sameParameters(declared.parameters, match.parameters) {
                report(.routerGuardArgumentsChanged, DiffMessages.guardArgumentsChanged(match.name, in: container,
                       before: DiffMessages.parameters(declared.parameters), now: DiffMessages.parameters(match.parameters)),
                       subject: subject, old: declared.range, new: match.range)
            }
            if declared.isAsync != match.isAsync {
                report(.routerGuardAsync, DiffMessages.guardAsync(match.name, in: container, isAsync: match.isAsync),
                       subject: subject, old: declared.range, new: match.range)
            }
        }
        let newAlerts = new.ownAlerts(newFlow)
        for alert in old.ownAlerts(oldFlow) {
            let subject = "\(oldFlow.name).\(alert.name)"
            guard let name = newName(.alert, forOld: alert.name, in: container, among: newAlerts.map(\.name)),
                  let match = newAlerts.first(where: { $0.name == name }) else {
                report(.routerAlertRemoved, DiffMessages.removed(alert.style.rawValue, alert.name, in: oldFlow.name),
                       subject: subject, old: alert.range, new: newFlow.range)
                continue
            }
            if !Self.sameParameters(alert.inputs, match.inputs) {
                report(.routerInputChanged, DiffMessages.inputsChanged(match.style.rawValue, match.name, in: container,
                       before: DiffMessages.parameters(alert.inputs), now: DiffMessages.parameters(match.inputs)),
                       subject: subject, old: alert.range, new: match.range)
            }
        }
    }

    /// The same names and types in the same order: the router's case or method is the same.
    static func sameParameters(_ lhs: [Parameter], _ rhs: [Parameter]) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.name == $1.name && $0.type == $1.type }
    }
}
