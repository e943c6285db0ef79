import FlowGraphRuntime
import Testing
@testable import FlowGraph

/// Review: the back move of each action survives the table text, in `else` chains and guarded clauses.
@Suite("Review: back moves in the table text")
struct ReviewTableTests {
    @Test func everyBackMoveIsReadBackWithItsTarget() throws {
        let compilation = Compiler.compile([SourceFile(path: "t.flow", text: """
            flow App {
                start Home
                step Home {
                    on menu -> sheet Menu
                    on go -> push Menu
                }
                step Menu {
                    on t -> close, push Settings if ok else popTo Home, sheet Settings
                    on u -> pop, replace Menu if !ok else dismiss, cover Settings if ok else close, push Menu
                }
                step Settings {
                    on done -> close
                    on all -> popTo Menu, pop, dismiss, push Menu if ok else close, close
                }
                on v -> close, cover Settings
                guard ok
            }
            """)])
        let program = try #require(compilation.program)
        let table = try ProgramTable(parsing: RouterTable(program, analysis: compilation.analysis).lines.joined(separator: "\n"))
        let flow = program.flows[0]
        let read = table.flows[0].steps.flatMap(\.clauses) + table.flows[0].clauses
        let written = flow.steps.flatMap(\.clauses) + flow.clauses
        #expect(read.count == written.count)
        for (clause, transition) in zip(read, written) {
            #expect(clause.actions.map { $0.backs.map(\.kind.rawValue) } == transition.actions.map { $0.before.map(\.kind.rawValue) })
            #expect(clause.actions.map { $0.backs.map(\.target) } == transition.actions.map { $0.before.map(\.target) })
            #expect(clause.actions.map(\.kind.rawValue) == transition.actions.map(\.kind.rawValue))
            #expect(clause.actions.map(\.target) == transition.actions.map(\.target))
            #expect(clause.conditions.map(\.isNegated) == transition.conditions.map(\.isNegated))
        }
    }
}
