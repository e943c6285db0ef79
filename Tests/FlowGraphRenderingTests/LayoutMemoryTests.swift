import Foundation
import FlowGraphTestSupport
import Testing
import FlowGraph
import FlowGraphFiles
import FlowGraphRendering

/// The package's root folder.
private let root = PackageFolder.root

/// Renders that once corrupted the heap (issue 24, defect 2), and every fuzz regression drawn in
/// every format Graphviz writes, whole and flow by flow.
///
/// `render-abort.flow` has a labelled edge (`S8.S46 -> S13.S34`, `e27: dismiss, sheet`) that
/// Graphviz's dot puts between two nodes of one rank. Graphviz 2.42 grows that rank's node list
/// with realloc for the label's node and keeps the old address beside it, which gvFreeLayout then
/// frees again: `free(): double free detected in tcache 2` when realloc moved the list, which
/// depends on the heap, so almost any change to the program hid it. The renderer mends the list
/// before freeing the layout (CGraphviz/shim.h, `fg_free_layout`).
@Suite("Graphviz's layout memory")
struct LayoutMemoryTests {
    static let repro = "Tests/Fuzz/regressions/render-abort.flow"

    static func compile(_ relative: String) throws -> Compiler.Compilation {
        let bytes = [UInt8](try Data(contentsOf: root.appendingPathComponent(relative)))
        return Compiler.compile(files(bytes))
    }

    /// Up to four files, separated by a line `%%%`, as the fuzz harness (Tests/Fuzz/FuzzTarget.swift) reads an input.
    static func files(_ bytes: [UInt8]) -> [SourceFile] {
        let separator = Array("\n%%%\n".utf8)
        var parts: [[UInt8]] = []
        var start = 0
        var index = 0
        while index + separator.count <= bytes.count, parts.count < 3 {
            if Array(bytes[index..<(index + separator.count)]) == separator {
                parts.append(Array(bytes[start..<index]))
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(Array(bytes[start...]))
        return parts.enumerated().map { SourceFile(path: "input\($0.offset).flow", bytes: $0.element) }
    }

    /// Renders `diagram` in `format` and checks what came back is a signed picture of that format.
    static func renders(_ diagram: Diagram, _ format: RenderFormat, _ what: String) throws {
        let bytes = try GraphvizRenderer.shared.render(diagram, format: format)
        let kind = try #require(OutputFile.Kind(rawValue: format.rawValue))
        #expect(kind.isSigned(bytes), "\(what) in \(format.rawValue)")
    }

    /// `flowgraph render render-abort.flow -o x.svg` (and .dot, .png, .pdf), and `--flow S3`, its tab bar.
    @Test(arguments: RenderFormat.allCases)
    func theProgramThatAbortedRendersWholeAndItsTabBarAlone(format: RenderFormat) throws {
        let compilation = try Self.compile(Self.repro)
        let program = try #require(compilation.program)
        #expect(!compilation.hasAnyErrors && compilation.diagnostics.count == 52)
        #expect(program.flow(named: "S3").map { program.flows[$0].isTabs } == true)
        for focus in [nil, "S3"] {
            let options = DiagramBuilder.Options(focus: focus)
            try Self.renders(DiagramBuilder.build(program, diagnostics: compilation.diagnostics, options: options), format, focus ?? "the program")
        }
    }

    /// Each flow of it alone, and the page of the program (`--format html`), which lays out each flow.
    @Test func eachFlowOfTheProgramThatAbortedRendersAlone() throws {
        let compilation = try Self.compile(Self.repro)
        let program = try #require(compilation.program)
        for flow in program.flows {
            let diagram = DiagramBuilder.build(program, diagnostics: compilation.diagnostics, options: .init(focus: flow.name))
            for format in [RenderFormat.svg, .dot, .pdf] { try Self.renders(diagram, format, flow.name) }
        }
        let page = try MapPage.render(program, diagnostics: compilation.diagnostics, settings: MapPageSettings(title: "Repro"))
        #expect(String(decoding: page, as: UTF8.self).contains("<svg"))
    }

    /// The same layout twice gives the same bytes: mending Graphviz's list changes nothing drawn.
    @Test func theProgramThatAbortedRendersTheSameTwice() throws {
        let compilation = try Self.compile(Self.repro)
        let diagram = DiagramBuilder.build(try #require(compilation.program), diagnostics: compilation.diagnostics)
        for format in [RenderFormat.svg, .dot] {
            #expect(try GraphvizRenderer.shared.render(diagram, format: format) == GraphvizRenderer.shared.render(diagram, format: format))
        }
    }

    /// Every input of Tests/Fuzz/regressions that compiles without errors, drawn as the fuzz
    /// harness draws it: the whole program and each flow alone, in every format.
    @Test func everyFuzzRegressionRendersWholeAndFlowByFlow() throws {
        let folder = root.appendingPathComponent("Tests/Fuzz/regressions")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        var drawn = 0
        for name in names {
            let compilation = try Self.compile("Tests/Fuzz/regressions/\(name)")
            guard let program = compilation.program, !compilation.hasAnyErrors else { continue }
            let diagrams = [("the program", DiagramBuilder.build(program, diagnostics: compilation.diagnostics))]
                + program.flows.map { flow in
                    (flow.name, DiagramBuilder.build(program, diagnostics: compilation.diagnostics, options: .init(focus: flow.name)))
                }
            for (what, diagram) in diagrams where RenderLimits().admits(diagram) {
                for format in [RenderFormat.svg, .dot] { try Self.renders(diagram, format, "\(name): \(what)") }
            }
            drawn += 1
        }
        #expect(drawn >= 3)
    }
}
