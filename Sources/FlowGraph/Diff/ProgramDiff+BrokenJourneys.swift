/// `journey-broken`: a journey (`journey` declaration) that held in the old program and does not
/// in the new one, each side's journeys run on its own meaning (`JourneyRunner`).
extension ProgramDiff {
    /// `compare(old:new:drawsChanges:)`, with the journeys that broke: on the main actor, where
    /// the runtime's navigator runs them.
    @MainActor
    public static func compareWithJourneys(old: Compiler.Compilation, new: Compiler.Compilation, drawsChanges: Bool = true) -> Result {
        var result = compare(old: old, new: new, drawsChanges: drawsChanges)
        let broken = brokenJourneys(old: old, new: new)
        if !broken.isEmpty { result.findings = (result.findings + broken).sorted() }
        return result
    }

    @MainActor
    static func brokenJourneys(old: Compiler.Compilation, new: Compiler.Compilation) -> [DiffFinding] {
        // One side at a time: the runner holds one program.
        let held = Dictionary(JourneyRunner.results(of: old).filter(\.holds).map { ($0.name, $0.range) }, uniquingKeysWith: { first, _ in first })
        guard !held.isEmpty else { return [] }
        return JourneyRunner.results(of: new).compactMap { result in
            guard let failure = result.failure, let before = held[result.name] else { return nil }
            let prefix = JourneyMessages.fails(result.name, "")
            let detail = failure.message.hasPrefix(prefix) ? String(failure.message.dropFirst(prefix.count)) : failure.message
            return DiffFinding(.journeyBroken, DiffMessages.journeyBroken(result.name, detail), subject: "journey \(result.name)",
                               old: before, new: failure.range)
        }
    }
}
