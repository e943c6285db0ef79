import Foundation
import FlowGraphTestSupport
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import FlowGraph
import FlowGraphFiles
import FlowGraphRendering

/// The package's root folder.
private let root = PackageFolder.root

private func compiled(_ folder: String) throws -> Compiler.Compilation {
    let base = root.appendingPathComponent(folder)
    let names = (FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".flow") }.sorted()
    return Compiler.compile(try names.map {
        SourceFile(path: "\(folder)/\($0)", bytes: [UInt8](try Data(contentsOf: base.appendingPathComponent($0))))
    })
}

private func diagram(_ folder: String) throws -> (Diagram, FlowProgram) {
    let result = try compiled(folder)
    let program = try #require(result.program)
    return (DiagramBuilder.build(program, diagnostics: result.diagnostics), program)
}

@Suite("Rendering through Graphviz")
struct RenderingTests {
    static let apps = ["samples/shop", "samples/movies", "samples/mail"]

    /// Every program with findings to draw: the apps and each error sample that has no errors.
    static var everyDrawableProgram: [String] {
        let errors = root.appendingPathComponent("samples/errors")
        let samples = ((try? FileManager.default.contentsOfDirectory(atPath: errors.path)) ?? [])
            .filter { $0.hasSuffix(".flow") }.sorted().map { "samples/errors/\($0)" }
        return apps + samples
    }

    @Test func graphvizReadsEveryDOTWeProduce() throws {
        var read = 0
        for path in Self.everyDrawableProgram {
            let url = root.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            let result = isDirectory.boolValue ? try compiled(path)
                : Compiler.compile([SourceFile(path: path, bytes: [UInt8](try Data(contentsOf: url)))])
            guard let program = result.program else { continue }
            for options in [DiagramBuilder.Options(), .init(showsFindings: false, showsLegend: false)] {
                let dot = DOTEmitter.emit(DiagramBuilder.build(program, diagnostics: result.diagnostics, options: options))
                #expect(GraphvizRenderer.shared.read(dot: dot) == [], "\(path)")
            }
            read += 1
        }
        #expect(read >= 20)
    }

    @Test(arguments: apps)
    func svgIsWellFormedXMLWithANodeForEveryStep(app: String) throws {
        let (diagram, program) = try diagram(app)
        let svg = try GraphvizRenderer.shared.render(diagram, format: .svg)
        let collector = TitleCollector()
        let parser = XMLParser(data: Data(svg))
        parser.delegate = collector
        #expect(parser.parse(), "not well-formed: \(String(describing: parser.parserError))")
        for flow in program.flows {
            // A step of a destinations group is one node, the group's (`MovieScreens.MovieDetail`).
            for step in flow.steps {
                let id = DiagramBuilder.stepID(flow, step, in: program)
                #expect(collector.nodeTitles.contains(id), "no node for \(id)")
            }
        }
        #expect(String(decoding: svg, as: UTF8.self).contains("diagram digest \(diagram.digest)"))
    }

    @Test func pngAndPDFStartWithTheirSignaturesAndHaveSaneSizes() throws {
        let (diagram, _) = try diagram("samples/shop")
        let png = try GraphvizRenderer.shared.render(diagram, format: .png)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect((500...20_000).contains(width) && (300...20_000).contains(height), "\(width)x\(height)")
        let pdf = try GraphvizRenderer.shared.render(diagram, format: .pdf)
        #expect(pdf.starts(with: Array("%PDF-".utf8)))
        #expect((5_000...5_000_000).contains(pdf.count))
        let laidOut = String(decoding: try GraphvizRenderer.shared.render(diagram, format: .dot), as: UTF8.self)
        #expect(laidOut.contains("pos=") && laidOut.hasPrefix("// Drawn by FlowGraph") && laidOut.contains("\ndigraph flows {"))
        #expect(GraphvizRenderer.shared.read(dot: laidOut) == [])
    }

    @Test func graphvizErrorsComeBackAsMessagesNotOutput() throws {
        let messages = GraphvizRenderer.shared.read(dot: "digraph { a -> }")
        #expect(!messages.isEmpty)
        #expect(messages.joined().contains("syntax error"))
        // A label Graphviz cannot read fails the layout: an error with Graphviz's words, nothing drawn.
        var (diagram, _) = try diagram("samples/shop")
        diagram.clusters[0].nodes[1].attributes += [.init("shape", "record"), .init("label", "{a|<b")]
        let error = try #require(throws: RenderError.self) { try GraphvizRenderer.shared.render(diagram, format: .svg) }
        #expect(error.reason == .graphviz)
        #expect(error.messages.contains("bad label format {a|<b"), "\(error.messages)")
    }

    /// Each format carries FlowGraph's signature where OutputFile looks for it, so a later render
    /// replaces the file without --force.
    @Test(arguments: RenderFormat.allCases)
    func everyFormatIsSignedWhereOutputFileLooks(format: RenderFormat) throws {
        let (diagram, _) = try diagram("samples/movies")
        let bytes = try GraphvizRenderer.shared.render(diagram, format: format)
        let kind = try #require(OutputFile.Kind(rawValue: format.rawValue))
        #expect(kind.isSigned(bytes))
        for other in OutputFile.Kind.allCases where other != kind { #expect(!other.isSigned(bytes), "\(other)") }
    }

    /// The PDF's signature is an incremental update whose cross-reference points at the new
    /// information object; the creation date is blanked, so the same diagram gives the same bytes.
    @Test func thePDFSignatureIsAWellFormedUpdateAndTheBytesDoNotDependOnTheClock() throws {
        let (diagram, _) = try diagram("samples/shop")
        let pdf = try GraphvizRenderer.shared.render(diagram, format: .pdf)
        let text = try #require(String(bytes: pdf, encoding: .isoLatin1))
        #expect(!text.contains("/CreationDate"))
        #expect(text.hasSuffix("%%EOF\n") && text.components(separatedBy: "%%EOF").count == 3)
        let startxref = try #require(text.range(of: "startxref\n", options: .backwards))
        let xref = try #require(Int(text[startxref.upperBound...].prefix { $0.isNumber }))
        let table = Array(pdf[xref...].prefix(40))
        let lines = String(decoding: table, as: UTF8.self).split(separator: "\n")
        #expect(lines[0] == "xref")
        let number = try #require(lines[1].split(separator: " ").first)
        let objectOffset = try #require(Int(lines[2].prefix(10)))
        #expect(pdf[objectOffset...].starts(with: "\(number) 0 obj\n".utf8))
        #expect(text[startxref.upperBound...].isEmpty == false)
        let previous = try #require(text.range(of: "/Prev ", options: .backwards))
        let previousXref = try #require(Int(text[previous.upperBound...].prefix { $0.isNumber }))
        #expect(pdf[previousXref...].starts(with: "xref\n".utf8))
    }

    @Test func aDiagramBeyondTheSizeLimitIsRefusedBeforeAnyLayout() throws {
        let (diagram, program) = try diagram("samples/shop")
        let error = try #require(throws: RenderError.self) {
            try GraphvizRenderer.shared.render(diagram, format: .svg, limits: .init(maximumElements: 10))
        }
        #expect(error.reason == .tooLarge(elements: diagram.elementCount, maximum: 10))
        #expect(error.messages == [
            "the diagram has \(diagram.elementCount) nodes and edges, more than the limit of 10 for Graphviz's dot layout, "
                + "whose time grows much faster than the diagram",
        ])
        #expect(try GraphvizRenderer.shared.render(diagram, format: .dot, limits: .init(maximumElements: diagram.elementCount)).isEmpty == false)
        // What to suggest instead: the flows that fit, largest first.
        let fitting = RenderLimits.flowsWithin(diagram.elementCount - 1, of: program, options: .init())
        #expect(!fitting.isEmpty && fitting.map(\.elements) == fitting.map(\.elements).sorted(by: >))
        #expect(fitting.allSatisfy { $0.elements < diagram.elementCount })
    }

    /// Graphviz cannot be stopped: the caller is answered at the deadline, the layout finishes on
    /// its own thread, and the renderer then works as before.
    @Test func aLayoutBeyondTheTimeLimitIsAnsweredAtTheDeadline() throws {
        let (diagram, _) = try diagram("samples/mail")
        let error = try #require(throws: RenderError.self) {
            try GraphvizRenderer.shared.render(diagram, format: .svg, limits: .init(timeLimit: 0.001))
        }
        #expect(error.reason == .timedOut(seconds: 0.001))
        #expect(error.messages == ["Graphviz's dot layout did not finish within 0.001 s"])
        let unlimited = try GraphvizRenderer.shared.render(diagram, format: .svg, limits: .none)
        #expect(try GraphvizRenderer.shared.render(diagram, format: .svg, limits: .init(timeLimit: 600)) == unlimited)
    }

    /// Renders from many tasks at once are serialized and give the same bytes: objects are
    /// numbered in creation order (see the ID discipline in CGraphviz/shim.h), so the layout does
    /// not depend on where the heap put their names.
    @Test func concurrentRendersAreSerializedAndGiveTheSameBytes() async throws {
        let (diagram, _) = try diagram("samples/mail")
        let results = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<8 { group.addTask { try GraphvizRenderer.shared.render(diagram, format: .svg) } }
            return try await group.reduce(into: [[UInt8]]()) { $0.append($1) }
        }
        #expect(Set(results).count == 1)
    }

    /// The README shows docs/shop.svg; `make demo` redraws it. Stale when the shop's diagram changed.
    @Test func theREADMEDiagramIsUpToDate() throws {
        let (diagram, _) = try diagram("samples/shop")
        let svg = try String(contentsOf: root.appendingPathComponent("docs/shop.svg"), encoding: .utf8)
        #expect(svg.contains("diagram digest \(diagram.digest)"), "docs/shop.svg is stale: run 'make demo'")
        #expect(try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8).contains("docs/shop.svg"))
    }
}

/// Collects the titles of the SVG's node groups (`<g class="node"><title>Flow.Step</title>`).
private final class TitleCollector: NSObject, XMLParserDelegate {
    var nodeTitles = Set<String>()
    private var inNode = false
    private var inTitle = false
    private var text = ""

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if name == "g" { inNode = attributes["class"] == "node" }
        if name == "title", inNode {
            inTitle = true
            text = ""
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inTitle { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "title", inTitle {
            nodeTitles.insert(text)
            inTitle = false
        }
    }
}
