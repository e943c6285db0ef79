import FlowGraphTestSupport
import Testing
@testable import FlowGraph

/// Routers of programs with destinations groups, compiled and run as an app would (issue 24's
/// defects 1 and 9).
@Suite("Destinations groups in the router")
struct GroupRouterTests {
    /// A step of a group that receives what another step of the group hands back: the router
    /// builds the value from the group's event, not the using flow's.
    @Test func aGroupStepReceivingAGroupsResultCompiles() throws {
        let result = compile("""
            destinations Shared {
                step Page receives (x: Int?) {
                    on pickTapped -> sheet Picker
                }
                step Picker {
                    on picked(x: Int) -> dismiss
                }
            }
            flow Main {
                start Page
                use Shared
            }
            """)
        #expect(result.diagnostics.isEmpty)
        let program = try #require(result.program)
        let source = SwiftEmitter.emit(program, analysis: result.analysis, sources: ["test.flow"])
        let checked = try SwiftCompilation.typecheck(["FlowRouter.swift": source])
        #expect(checked.status == 0, "\(checked.output)")
        #expect(source.contains(".event(.shared(.picked(let x)))"))
    }

    /// A group's screen describes itself as the documented `Main.Detail(item: x)`, its case once,
    /// and the value it receives reaches it.
    @Test func aGroupScreenDescribesItselfOnceAndReceives() throws {
        let result = compile("""
            destinations Shared {
                step Detail(item: String) receives (x: Int?) {
                    on pickTapped -> sheet Picker
                }
                step Picker {
                    on picked(x: Int) -> dismiss
                }
            }
            flow Main {
                start List
                use Shared
                step List {
                    on itemPicked(item: String) -> push Detail
                }
            }
            """)
        #expect(result.diagnostics.isEmpty)
        let program = try #require(result.program)
        let source = SwiftEmitter.emit(program, analysis: result.analysis, sources: ["test.flow"])
        let main = """
            @MainActor final class Guards: FlowRouter.Guards {}
            @main struct Run {
                @MainActor static func main() {
                    let navigator = FlowNavigator(.main, guards: Guards())
                    print(navigator.send(.main(.itemPicked(item: "x"))))
                    print(navigator.current)
                    navigator.send(.shared(.pickTapped))
                    print(navigator.send(.shared(.picked(x: 3))))
                }
            }
            """
        let ran = try SwiftCompilation.run(["FlowRouter.swift": source, "main.swift": main])
        #expect(ran.status == 0, "\(ran.output)")
        let lines = ran.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "applied: push Main.Detail(item: x) on stack#2")
        #expect(lines.dropFirst().first == "Main.Detail(item: x)")
        #expect(lines.last?.hasPrefix("applied: dismiss stack#") == true && lines.last?.contains("deliver") == true, "\(lines)")
    }
}
