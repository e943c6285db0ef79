import Foundation
import FlowGraphTestSupport
import Testing
@testable import FlowGraph

/// `flowgraph diff --against REF` in a temporary git repository: the old side is read at the
/// merge-base of REF and HEAD, not at REF's tip, and at REF itself when they share no history.
@Suite("flowgraph diff --against")
struct DiffAgainstTests {
    /// A temporary repository with `main` and a `feature` branch forked from it; main moved on
    /// after the fork (it added a link the feature does not have), and the feature removed a link.
    final class Repository: @unchecked Sendable {
        let folder: URL

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-diff-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try git("init", "-q", "-b", "main")
            try write("flows/App.flow", Self.app(links: ["/items/{item}", "/orders/{order}"]))
            // A name git would quote without -z.
            try write("flows/Réglages et compte.flow", "flow Réglages {\n    start Compte\n    step Compte\n}\n")
            // A broken program the .flowignore of the commit excludes: the old side must skip it too.
            try write("flows/drafts/Broken.flow", "flow Broken {\n    start Nowhere\n}\n")
            try write("flows/.flowignore", "drafts/\n")
            try commit("first")
            try git("checkout", "-q", "-b", "feature")
            try write("flows/App.flow", Self.app(links: ["/items/{item}"]))
            try commit("feature: orders are no longer linked")
            try git("checkout", "-q", "main")
            try write("flows/App.flow", Self.app(links: ["/items/{item}", "/orders/{order}", "/account"]))
            try commit("main: the account is linked")
            try git("checkout", "-q", "feature")
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        static func app(links: [String]) -> String {
            let declared = links.map { pattern in
                let target = pattern.hasPrefix("/items") ? "Item" : pattern.hasPrefix("/orders") ? "Order" : "Account"
                return "    link \"\(pattern)\" -> \(target)\n"
            }.joined()
            return """
                flow App {
                    start Home
                \(declared)    step Home {
                        on itemTapped(item: String) -> push Item
                        on orderTapped(order: String) -> push Order
                        on accountTapped -> push Account
                    }
                    step Item(item: String)
                    step Order(order: String)
                    step Account
                }

                """
        }

        func write(_ path: String, _ text: String) throws {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }

        func commit(_ message: String) throws {
            try git("add", "-A")
            try git("-c", "user.name=FlowGraph Tests", "-c", "user.email=tests@flowgraph.invalid", "commit", "-q", "-m", message)
        }

        @discardableResult
        func git(_ arguments: String...) throws -> String {
            let run = try Self.run(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: folder)
            guard run.status == 0 else {
                throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "git \(arguments): \(run.errors)"])
            }
            return run.output
        }

        /// Runs `flowgraph` in the repository.
        func flowgraph(_ arguments: [String]) throws -> CommandLineTests.Run {
            try Self.run(try CommandLineTests.executable(), arguments, in: folder)
        }

        static func run(_ executable: URL, _ arguments: [String], in folder: URL) throws -> CommandLineTests.Run {
            var environment = ProcessInfo.processInfo.environment
            environment["NO_COLOR"] = "1"
            environment["GIT_CONFIG_NOSYSTEM"] = "1"
            let result = try ChildProcess.run(executable.path, arguments, in: folder, environment: environment)
            return CommandLineTests.Run(status: result.status, output: result.outputText, errors: result.errorsText)
        }
    }

    /// Against main, the feature is judged by what it changed since it forked: the link it removed,
    /// and not the link main added after the fork (which the feature "lacks" only at main's tip).
    @Test func comparesWithTheMergeBaseNotTheTipOfTheBranch() throws {
        let repository = try Repository()
        let run = try repository.flowgraph(["diff", "--against", "main", "--format", "json", "flows"])
        #expect(run.status == 1, "\(run.errors)")
        #expect(run.errors.isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.map { $0["subject"] as? String } == ["/orders/{order}"])
        #expect(findings.first?["rule"] as? String == "link-removed")
        let old = try #require((object["old"] as? [String: Any])?["files"] as? [String])
        let base = try repository.git("merge-base", "main", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(old == ["\(base.prefix(12)):flows/App.flow", "\(base.prefix(12)):flows/Réglages et compte.flow"])
        // What the merge-base is not: main's tip, where '/account' is linked.
        let tip = try repository.flowgraph(["diff", "--against", "main", "--format", "json", "."])
        #expect(tip.output.contains("\"/orders/{order}\"") && !tip.output.contains("/account"))
    }

    /// A branch with no common history: its tip is the old side, and a note says so.
    @Test func fallsBackToTheRefItselfWithoutCommonHistory() throws {
        let repository = try Repository()
        try repository.git("checkout", "-q", "--orphan", "other")
        try repository.git("rm", "-q", "-r", "--cached", ".")
        try repository.write("flows/App.flow", Repository.app(links: ["/items/{item}", "/account"]))
        try repository.commit("unrelated")
        let other = try repository.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        try repository.git("checkout", "-q", "-f", "feature")
        let run = try repository.flowgraph(["diff", "--against", "other", "flows"])
        #expect(run.errors == "flowgraph: note: 'other' and HEAD have no common history; comparing with 'other' itself (\(other.prefix(12)))\n")
        #expect(run.output.contains("link '/account' to 'App.Account' was removed or changed"))
        #expect(run.status == 1)
    }

    @Test func anUnknownRefIsAUsageError() throws {
        let repository = try Repository()
        let run = try repository.flowgraph(["diff", "--against", "no-such-branch", "flows"])
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("flowgraph: error: 'no-such-branch' is not a commit"))
    }
}
