import Foundation
import FlowGraphTestSupport
import Testing
@testable import FlowGraph

/// `RouterModel.navigatorNestedNames` names every type declared in `Navigator` (and its generic parameter):
/// the generated router, an extension of the navigator, must not shadow one of them.
struct NavigatorNamesTests {
    @Test func theListNamesEveryTypeDeclaredInTheNavigator() throws {
        let folder = PackageFolder.root
            .appendingPathComponent("Sources/FlowGraphRuntime")
        var declared: Set<String> = ["Program"]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            var owner = ""
            for line in try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8).split(separator: "\n") {
                // A top-level declaration or extension opens the body the nested ones belong to.
                if let match = line.firstMatch(of: /^(?:public |@MainActor |package )*(?:final )?(?:extension|class|struct|enum) (\w+)/) {
                    owner = String(match.1)
                }
                if owner == "Navigator",
                   let match = line.firstMatch(of: /^    public (?:struct|enum|typealias|final class|class|protocol|actor) (\w+)/) {
                    declared.insert(String(match.1))
                }
            }
        }
        #expect(declared.count > 15)
        #expect(RouterModel.navigatorNestedNames == declared)
    }
}
