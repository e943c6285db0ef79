import Foundation
import Testing
@testable import FlowGraph

@Suite("Samples")
struct SampleTests {
    /// The apps under samples/, checked together as one program (samples/errors is left out by samples/.flowignore).
    static let appFolders = ["samples/mail", "samples/movies", "samples/shop"]

    @MainActor @Test func theSampleAppsAreCleanUnderStrictChecking() throws {
        let files = try Self.appFolders.flatMap(Repository.flowFiles).map(Repository.source)
        #expect(files.count >= 9)
        let result = Compiler.compileAndRunJourneys(files)
        let report = TextReport(ReportContext(files: files, diagnostics: result.diagnostics)).render()
        #expect(result.diagnostics.isEmpty, "\(report)")
    }

    @MainActor @Test(arguments: Rule.allCases)
    func everyRuleHasASampleThatTriggersItWithItsExpectedDiagnostics(rule: Rule) throws {
        let path = "samples/errors/\(rule.id).flow"
        let source = try Repository.source(path)
        let result = Compiler.compileAndRunJourneys([source])
        let expected = Expectation.all(in: source).sorted { $0.description < $1.description }
        let actual = Expectation.actual(result).sorted { $0.description < $1.description }
        #expect(!expected.isEmpty, "\(path) declares no '// expect:' comment")
        #expect(actual == expected, """
            \(path):
            expected:
            \(expected.map(\.description).joined(separator: "\n"))
            actual:
            \(actual.map(\.description).joined(separator: "\n"))
            """)
        #expect(result.diagnostics.contains { $0.rule == rule }, "\(path) does not trigger [\(rule.id)]")
        let text = TextReport(ReportContext(files: [source], diagnostics: result.diagnostics)).render()
        try expectGolden(text, "diagnostics/\(rule.id).txt")
    }

    @MainActor @Test(arguments: Rule.allCases)
    func everyRuleHasAFixedProgramWithNoFindings(rule: Rule) throws {
        let path = "Tests/FlowGraphTests/Fixtures/passing/\(rule.id).flow"
        let source = try Repository.source(path)
        let result = Compiler.compileAndRunJourneys([source])
        #expect(result.diagnostics.isEmpty, "\(TextReport(ReportContext(files: [source], diagnostics: result.diagnostics)).render())")
    }

    @Test func tenIndependentSyntaxErrorsAreAllReportedAtTheirPlace() throws {
        let source = try Repository.source("Tests/FlowGraphTests/Fixtures/syntax-ten-errors.flow")
        let result = Compiler.compile([source])
        let expected = Expectation.all(in: source).sorted { $0.description < $1.description }
        #expect(expected.count == 10)
        #expect(Set(expected.map(\.line)).count == 10)
        #expect(Expectation.actual(result).sorted { $0.description < $1.description } == expected)
        try expectGolden(TextReport(ReportContext(files: [source], diagnostics: result.diagnostics)).render(),
                         "diagnostics/syntax-ten-errors.txt")
    }
}
