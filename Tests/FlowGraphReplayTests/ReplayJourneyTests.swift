@testable import FlowGraph
import Testing

/// The replay's ways written as journeys include a result handed back (`receives`).
@MainActor
@Suite("Replay: journeys with results", .serialized)
struct ReplayJourneyResultTests {
    @Test func aPickersResultIsAJourneyLine() throws {
        let text = """
            flow Shop {
                start Catalog
                step Catalog receives (filters: Filters) {
                    on filtersTapped -> sheet Filters
                    on openTapped -> push Product
                }
                step Product {
                    on backTapped -> pop
                }
                step Filters {
                    on applied(filters: Filters) -> dismiss
                    on cancelTapped -> dismiss
                }
            }
            """
        let report = try ReplayTests.replay(text)
        let withResult = report.journeys.filter { $0.contains(" receives (") }
        #expect(!withResult.isEmpty, "\(report.journeys.joined(separator: "\n"))")
        let checked = Compiler.compileAndRunJourneys([SourceFile(path: "shop.flow", text: text + "\n\n" + report.journeys.joined(separator: "\n\n"))])
        #expect(checked.diagnostics.isEmpty, "\(checked.diagnostics)")
    }
}
