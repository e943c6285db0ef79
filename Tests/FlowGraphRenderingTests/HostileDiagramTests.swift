import Foundation
import FlowGraphTestSupport
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import FlowGraph
import FlowGraphRendering

/// Docs and links full of quotes, backslashes, comment ends, triple quotes and Graphviz or HTML
/// characters (Tests/FlowGraphTests/Fixtures/hostile/special-characters.flow): Graphviz reads the
/// DOT text we emit, and draws it as well-formed SVG.
@Suite("Hostile inputs, drawn")
struct HostileDiagramTests {
    @Test func graphvizReadsTheDOTOfSpecialCharacters() throws {
        let root = PackageFolder.root
        let path = "Tests/FlowGraphTests/Fixtures/hostile/special-characters.flow"
        let source = SourceFile(path: path, bytes: [UInt8](try Data(contentsOf: root.appendingPathComponent(path))))
        let compilation = Compiler.compile([source])
        #expect(compilation.diagnostics.isEmpty)
        let program = try #require(compilation.program)
        let diagram = DiagramBuilder.build(program, diagnostics: compilation.diagnostics)
        let dot = DOTEmitter.emit(diagram)
        #expect(dot.contains(#"tooltip="Docs with \"quotes\", a \\ backslash, \\n and \\\" as text"#), "\(dot)")
        #expect(GraphvizRenderer.shared.read(dot: dot) == [])
        let svg = try GraphvizRenderer.shared.render(diagram, format: .svg)
        let parser = XMLParser(data: Data(svg))
        #expect(parser.parse(), "not well-formed: \(String(describing: parser.parserError))")
        // The doc reaches the drawing's tooltip as text, escaped for XML. (Graphviz itself reads
        // character entities and '\l'-style escapes in it: `&amp;` shows as `&`.)
        #expect(String(decoding: svg, as: UTF8.self).contains("&lt;b&gt;bold&lt;/b&gt; &amp; &amp; &#39;"))
    }
}
