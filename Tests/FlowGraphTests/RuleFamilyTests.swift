@testable import FlowGraph
import FlowGraphTestSupport
import Foundation
import Testing

/// The checker's rules can be found: each is reported from the one file of its family under
/// `Sources/FlowGraph/Analysis/Rules/`, which declares it (docs/Development.md, "Adding a rule").
@Suite struct RuleFamilyTests {
    /// The rule cases each file under Analysis/ reports (`report(.case`), by its path under Analysis/.
    private static func reports() throws -> [String: Set<String>] {
        let folder = PackageFolder.url("Sources/FlowGraph/Analysis")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL])
        var reported: [String: Set<String>] = [:]  // file, relative to Analysis/ -> the cases it reports
        let call = try Regex(#"report\(\.([a-zA-Z]+)"#)
        for file in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            let relative = String(file.path.dropFirst(folder.path.count + 1))
            for match in text.matches(of: call) {
                reported[relative, default: []].insert(String(text[match.output[1].range!]))
            }
        }
        return reported
    }

    @Test func familiesDoNotShareARule() {
        var owner: [Rule: String] = [:]
        for family in Checker.families {
            for rule in family.rules {
                #expect(owner[rule] == nil, "'\(rule.rawValue)' is declared by \(family) and by \(owner[rule] ?? "")")
                owner[rule] = "\(family)"
            }
        }
        #expect(owner.count == Checker.families.reduce(0) { $0 + $1.rules.count })
    }

    /// "Rule id → code" is one search: a rule's `report(.rule` calls are all in its family's
    /// file, the file declares the family, and the family declares what the file reports.
    @Test func eachRuleIsReportedFromTheFileOfItsFamily() throws {
        let reported = try Self.reports()
        #expect(reported.keys.allSatisfy { $0.hasPrefix("Rules/") }, "reported outside Analysis/Rules: \(reported.keys.sorted())")
        for family in Checker.families {
            let cases = Set(family.rules.map { String(describing: $0) })
            let files = reported.filter { !$0.value.isDisjoint(with: cases) }
            #expect(files.count == 1, "\(family) is reported from \(files.keys.sorted())")
            guard let (file, reports) = files.first else { continue }
            #expect(reports == cases, "\(file) reports \(reports.sorted()), \(family) declares \(cases.sorted())")
            let text = try String(contentsOf: PackageFolder.url("Sources/FlowGraph/Analysis/" + file), encoding: .utf8)
            #expect(text.contains("enum \(family): RuleFamily"), "\(file) does not declare \(family)")
            // The file's first lines name its rule ids.
            let header = text.prefix(while: { $0 != "\n" })
            for rule in family.rules { #expect(text.contains("`\(rule.rawValue)`"), "\(file) does not name `\(rule.rawValue)`: \(header)") }
        }
    }

    /// A family may report only the rules it declares (`Findings.report` asserts it); checked on
    /// every sample and fixture, so that each family runs on programs that trigger it.
    @Test func everyCheckerRuleIsReportedOnSomeFixture() throws {
        var seen = Set<Rule>()
        for folder in ["samples", "Tests/FlowGraphTests/Fixtures"] {
            let root = PackageFolder.url(folder)
            let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.allObjects as? [URL])
            for file in files where file.pathExtension == "flow" {
                let text = try String(contentsOf: file, encoding: .utf8)
                let result = Compiler.compileUnsuppressed([SourceFile(path: file.lastPathComponent, text: text)])
                seen.formUnion(result.diagnostics.map(\.rule))
            }
        }
        let checkerRules = Set(Checker.families.flatMap { $0.rules })
        #expect(checkerRules.subtracting(seen).isEmpty, "no fixture reports \(checkerRules.subtracting(seen).map(\.rawValue).sorted())")
    }
}

/// Generated files are marked as such: each file whose first line says a script wrote it is
/// marked `linguist-generated` in `.gitattributes`, and each file marked so says it.
@Suite struct GeneratedFileTests {
    @Test func everyWrittenFileIsMarkedGeneratedAndOnlyThose() throws {
        let attributes = try String(contentsOf: PackageFolder.url(".gitattributes"), encoding: .utf8)
        let patterns = attributes.split(separator: "\n").filter { !$0.hasPrefix("#") && $0.contains("linguist-generated=true") }
            .map { String($0.split(separator: " ")[0]) }
        let root = PackageFolder.url("Sources")
        let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.allObjects as? [URL])
        var written: [String] = []
        for file in files where file.pathExtension == "swift" {
            let first = try String(contentsOf: file, encoding: .utf8).prefix(while: { $0 != "\n" })
            if first.hasPrefix("// Written by scripts/") { written.append("Sources/" + file.path.dropFirst(root.path.count + 1)) }
        }
        #expect(written.count > 10)
        for path in written {
            #expect(patterns.contains { fnmatch($0, path, 0) == 0 }, "\(path) says a script wrote it but .gitattributes does not mark it")
        }
        for pattern in patterns {
            #expect(written.contains { fnmatch(pattern, $0, 0) == 0 }, "\(pattern) marks no file a script wrote")
        }
    }
}
