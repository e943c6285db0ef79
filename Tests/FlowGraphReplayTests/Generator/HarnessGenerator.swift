@testable import FlowGraph

/// A program the harness generator wrote: its text, the constructs it uses, the seed it came from,
/// and, for a program with a planted error, what `compile` must report.
struct HarnessProgram: Sendable {
    var text: String
    var constructs: Set<HarnessConstruct>
    var seed: UInt64
    var planted: PlantedError?
    /// Which attempt of the seed gave it (1: the first try); attempts that did not check clean were
    /// dropped.
    var attempt: Int
    /// Whether every attempt failed and this is the simple fallback program.
    var isFallback: Bool
}

/// One attempt of the generator: the model and its text, or why the builder gave up, and what
/// `compile` reported for the text.
struct HarnessAttempt {
    var model: HProgram?
    var text: String?
    var failure: String?
    var diagnostics: [Diagnostic]
    var isSimple: Bool

    /// Built, and compiled with no diagnostic.
    var isClean: Bool { text != nil && diagnostics.isEmpty }
}

/// The error or warning planted in a clean program: the rule `compile` must report, and where.
struct PlantedError: Sendable, Equatable, CustomStringConvertible {
    /// The kind of planting (several kinds may plant the same rule).
    var kind: HarnessPlanting.Kind
    /// The rule id, as `Rule.id` spells it (`invalid-pop`).
    var rule: String
    /// The 1-based line of the finding in `text`.
    var line: Int
    var flow: String
    var step: String?

    var description: String { "\(rule) (\(kind.rawValue)) at line \(line) in \(flow)\(step.map { ".\($0)" } ?? "")" }
}

/// The harness's program generator: `clean(seed:)` writes a program that compiles with no
/// diagnostic, using many constructs (HarnessConstruct); `planted(seed:)` the same program with one
/// planted error or warning. Both are deterministic functions of the seed.
///
/// To look at the program of one seed: `HarnessGenerator.describe(seed:)`, or run the tests with
/// `FLOWGRAPH_HARNESS_SEED=<seed>` (GeneratorTests prints it, clean and planted).
enum HarnessGenerator {
    /// Attempts with the full generator before the simple one is used.
    static let attempts = 8

    /// A program that compiles with no error and no warning.
    static func clean(seed: UInt64) -> HarnessProgram { cleanModel(seed: seed).program }

    /// The clean program of `seed` with one error or warning planted in it.
    static func planted(seed: UInt64) -> HarnessProgram {
        let (model, clean) = cleanModel(seed: seed)
        var rng = HarnessRandom(seed: seed ^ 0x5EED_0F_E44)
        guard let planted = HarnessPlanting.plant(in: model, seed: seed, rng: &rng) else {
            return clean  // Every clean model offers some planting; kept total for safety.
        }
        let (text, marks) = HarnessPrinter.print(model)
        var error = planted
        error.line = marks[HarnessPlanting.mark] ?? 0
        return HarnessProgram(text: text, constructs: HarnessConstruct.found(in: model), seed: seed, planted: error,
                              attempt: clean.attempt, isFallback: clean.isFallback)
    }

    /// The clean program of `seed`, with the model it was printed from: the first attempt that
    /// compiles with no diagnostic (simple ones after `attempts`), else `minimalModel()`.
    static func cleanModel(seed: UInt64) -> (model: HProgram, program: HarnessProgram) {
        for number in 0..<attempts + 4 {
            let result = attempt(seed: seed, number: number)
            guard let model = result.model, let text = result.text, result.isClean else { continue }
            return (model, HarnessProgram(text: text, constructs: HarnessConstruct.found(in: model), seed: seed,
                                          planted: nil, attempt: number + 1, isFallback: result.isSimple))
        }
        let model = minimalModel()
        let text = HarnessPrinter.print(model).text
        return (model, HarnessProgram(text: text, constructs: HarnessConstruct.found(in: model), seed: seed,
                                      planted: nil, attempt: attempts + 5, isFallback: true))
    }

    /// One attempt at a clean program for `seed`: attempt 0 uses the seed itself, the others
    /// sub-seeds of it; attempts from `attempts` on are simple programs.
    static func attempt(seed: UInt64, number: Int) -> HarnessAttempt {
        let simple = number >= attempts
        let builder = HarnessBuilder(seed: HarnessRandom.subSeed(seed, attempt: number), simple: simple)
        guard let model = builder.build() else {
            return HarnessAttempt(model: nil, text: nil, failure: builder.failure, diagnostics: [], isSimple: simple)
        }
        let text = HarnessPrinter.print(model).text
        return HarnessAttempt(model: model, text: text, failure: nil, diagnostics: diagnostics(of: text), isSimple: simple)
    }

    /// The diagnostics `compile` reports for `text`.
    static func diagnostics(of text: String) -> [Diagnostic] {
        Compiler.compile([SourceFile(path: "harness.flow", text: text)]).diagnostics
    }

    /// The programs of one seed as text, for debugging: the clean one, its constructs, the planted one.
    static func describe(seed: UInt64) -> String {
        let clean = clean(seed: seed)
        let planted = planted(seed: seed)
        return """
            // seed \(seed), attempt \(clean.attempt)\(clean.isFallback ? " (fallback)" : "")
            // constructs: \(clean.constructs.sorted().map(\.rawValue).joined(separator: ", "))
            \(clean.text)
            // planted: \(planted.planted.map(\.description) ?? "none")
            \(planted.text)
            """
    }

    /// The program used when no attempt checks clean: a stack with a pushed step and a link.
    static func minimalModel() -> HProgram {
        let program = HProgram()
        let flow = HFlow(name: "App", isTabs: false)
        let home = HStep("Home")
        let detail = HStep("Detail", inputs: [HarnessVocabulary.item])
        home.flow = flow.name
        detail.flow = flow.name
        home.clauses = [HClause("openDetail", payload: [HarnessVocabulary.item], HMove(.push, detail.name))]
        detail.clauses = [HClause("backDetail", HMove(.pop))]
        flow.steps = [home, detail]
        flow.start = [(home.name, nil)]
        flow.links = [HLink(["/detail/{item}"], target: detail.name)]
        program.flows = [flow]
        return program
    }
}
