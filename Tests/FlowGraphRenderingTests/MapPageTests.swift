import Foundation
import Testing
import FlowGraph
import FlowGraphFiles
import FlowGraphTestSupport
@testable import FlowGraphRendering

private let root = PackageFolder.root

private func compiledSample(_ folder: String) throws -> (FlowProgram, Compiler.Compilation) {
    let base = root.appendingPathComponent(folder)
    let names = (FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".flow") }.sorted()
    let compilation = Compiler.compile(try names.map {
        SourceFile(path: "\(folder)/\($0)", bytes: [UInt8](try Data(contentsOf: base.appendingPathComponent($0))))
    })
    return (try #require(compilation.program), compilation)
}

/// The page of `render --format html`, as a file: self-contained, signed, with every flow drawn.
@Suite("The program's page")
struct MapPageTests {
    /// `preview`'s redraw: after a change in one flow, only that flow's diagram (and the overview,
    /// whose counts changed) is laid out again, and the page is the one made without the cache.
    @Test func aSaveLaysOutAgainOnlyTheDiagramsItChanged() throws {
        let base = root.appendingPathComponent("samples/shop")
        let names = try FileManager.default.contentsOfDirectory(atPath: base.path).filter { $0.hasSuffix(".flow") }.sorted()
        var texts = try names.map { String(decoding: try Data(contentsOf: base.appendingPathComponent($0)), as: UTF8.self) }
        func page(_ texts: [String], cache: MapLayoutCache?) throws -> [UInt8] {
            let compilation = Compiler.compile(zip(names, texts).map { SourceFile(path: "samples/shop/\($0)", text: $1) })
            let program = try #require(compilation.program)
            return try MapPage.render(program, diagnostics: compilation.diagnostics, settings: .init(title: "shop"), cache: cache)
        }
        let cache = MapLayoutCache()
        _ = try page(texts, cache: cache)
        let diagrams = cache.laidOut
        #expect(cache.reused == 0 && diagrams > 3)
        _ = try page(texts, cache: cache)
        #expect(cache.laidOut == 0 && cache.reused == diagrams)
        // A step added to the checkout flow: its diagram and the overview's count change, nothing else.
        let checkout = try #require(names.firstIndex(of: "Checkout.flow"))
        let end = try #require(texts[checkout].lastIndex(of: "}"))
        texts[checkout].insert(contentsOf: "    step Added\n", at: end)
        let cached = try page(texts, cache: cache)
        #expect(cache.laidOut == 2, "laid out \(cache.laidOut), reused \(cache.reused)")
        #expect(cached == (try page(texts, cache: nil)))
    }

    @Test func thePageHoldsEveryDiagramAndFetchesNothing() throws {
        let (program, compilation) = try compiledSample("samples/movies")
        let bytes = try MapPage.render(program, diagnostics: compilation.diagnostics, settings: .init(title: "movies"))
        let page = String(decoding: bytes, as: UTF8.self)
        #expect(page.hasPrefix("<!DOCTYPE html>\n<!-- Page made by FlowGraph "))
        #expect(page.contains("<title>movies</title>"))
        for key in ["overview", "legend"] + program.flows.indices.map({ "flow-\($0)" }) {
            #expect(page.contains("<script type=\"text/x-flowgraph-svg\" id=\"svg-\(key)\"><svg"), "no diagram \(key)")
        }
        // Nothing from the network: no src, no stylesheet link, no CSS import or url(), no absolute fetch.
        #expect(!page.contains(" src="))
        #expect(page.components(separatedBy: "<link ").count == 2 && page.contains("<link rel=\"icon\" href=\"data:,\">"))
        #expect(!page.contains("@import") && !page.contains("url("))
        #expect(!page.contains("fetch(\"http") && !page.contains("fetch('http") && page.contains("fetch(`/events"))
        // Namespaces aside, no http URL at all.
        let urls = page.matches(of: /https?:\/\/[^\s"'<)]*/).map { String($0.output) }
        #expect(urls.allSatisfy { $0.hasPrefix("http://www.w3.org/") }, "\(Set(urls))")
        // Diagrams stay SVG, with their text.
        #expect(page.contains("<text"))
        // Signed as a page, not taken for an svg.
        #expect(OutputFile.Kind.html.isSigned(bytes))
        #expect(OutputFile.Kind.allCases.filter { $0 != .html }.allSatisfy { !$0.isSigned(bytes) })
    }

    @Test func theSamePageIsMadeTwiceAlike() throws {
        let (program, compilation) = try compiledSample("samples/shop")
        let first = try MapPage.render(program, diagnostics: compilation.diagnostics, settings: .init(title: "shop"))
        let second = try MapPage.render(program, diagnostics: compilation.diagnostics, settings: .init(title: "shop"))
        #expect(first == second)
    }

    @Test func aFlowTooLargeForGraphvizIsListedWithoutADiagram() throws {
        let (program, compilation) = try compiledSample("samples/shop")
        let limits = RenderLimits(maximumElements: 40, timeLimit: nil)
        let page = String(decoding: try MapPage.render(program, diagnostics: [], settings: .init(title: "shop"), limits: limits), as: UTF8.self)
        let shop = try #require(program.flow(named: "Shop"))
        #expect(!page.contains("id=\"svg-flow-\(shop)\""))
        #expect(page.contains("\"notDrawn\":{\"\(shop)\":\"the diagram has "))
        #expect(page.contains("id=\"svg-overview\""))  // the overview is always drawn
    }

    /// A flow whose left-to-right layout is a strip (a long chain) is laid out top to bottom on
    /// the page, closer to the shape of the view it is fitted in; a flow of an ordinary shape
    /// stays left to right, laid out once.
    @Test func aLongChainIsLaidOutTopToBottomAndAnOrdinaryFlowLeftToRight() throws {
        // A chain of screens, each with a sheet of its own: two screens across, ten along.
        let chain = (1...10).map {
            "    step S\($0) {\n        on next -> push S\($0 + 1)\n        on infoTapped -> sheet Info\($0)\n    }\n"
                + "    step Info\($0) {\n        on closeTapped -> dismiss\n    }"
        }.joined(separator: "\n")
        let compilation = Compiler.compile([SourceFile(path: "shapes.flow", bytes: Array("""
            flow Chain {
                start S1
            \(chain)
                step S11
            }

            flow Line {
                start L1
            \((1...11).map { "    step L\($0) {\n        on next -> push L\($0 + 1)\n    }" }.joined(separator: "\n"))
                step L12
            }

            flow Small {
                start Home
                step Home {
                    on itemTapped -> push Detail
                    on settingsTapped -> sheet Settings
                }
                step Detail {
                    on doneTapped -> pop
                }
                step Settings {
                    on closeTapped -> dismiss
                }
            }
            """.utf8))])
        let program = try #require(compilation.program)
        let page = String(decoding: try MapPage.render(program, diagnostics: compilation.diagnostics, settings: .init(title: "shapes")),
                          as: UTF8.self)
        func pageSVG(_ name: String) throws -> String {
            let key = "id=\"svg-flow-\(try #require(program.flow(named: name)))\">"
            let start = try #require(page.range(of: key)).upperBound
            return String(page[start..<(try #require(page[start...].range(of: "</script>")).lowerBound)])
        }
        let diagrams = MapDiagrams(program, diagnostics: compilation.diagnostics)
        func leftToRight(_ name: String) throws -> String {
            let diagram = diagrams.flow(Int(try #require(program.flow(named: name))))
            #expect(diagram.graphAttributes.contains { $0.name == "rankdir" && $0.value == "LR" })
            return try MapPage.svg(diagram, limits: .init())
        }
        let chainLR = try #require(MapPage.aspectRatio(ofSVG: try leftToRight("Chain")))
        let chainPage = try #require(MapPage.aspectRatio(ofSVG: try pageSVG("Chain")))
        #expect(chainLR > 3, "the chain laid out left to right is a strip: \(chainLR)")
        #expect(chainPage < 1, "the chain on the page is laid out top to bottom: \(chainPage)")
        #expect(MapPage.distanceFromView(chainPage) < MapPage.distanceFromView(chainLR))
        // A pure chain: as far from the view's shape either way, but drawn larger top to bottom.
        let lineLR = try #require(MapPage.size(ofSVG: try leftToRight("Line")))
        let linePage = try #require(MapPage.size(ofSVG: try pageSVG("Line")))
        #expect(lineLR.width / lineLR.height > 3 && linePage.width / linePage.height < 1, "\(lineLR) \(linePage)")
        #expect(MapPage.fittedScale(linePage) > MapPage.fittedScale(lineLR))
        let small = try leftToRight("Small")
        #expect(try #require(MapPage.aspectRatio(ofSVG: small)) <= 3)
        #expect(try pageSVG("Small") == small)
    }

    @Test func thePagesFilesAreCopiedIntoTheBinary() throws {
        // scripts/embed-page --check: MapPageAssets.swift holds Page/map.html, map.css and map.js as they are.
        let checked = try ChildProcess.run("/usr/bin/env", ["python3", root.appendingPathComponent("scripts/embed-page").path, "--check"])
        #expect(checked.status == 0,
                "Sources/FlowGraphRendering/MapPageAssets.swift is stale: run scripts/embed-page\n\(checked.outputText)\(checked.errorsText)")
        let script = try String(contentsOf: root.appendingPathComponent("Sources/FlowGraphRendering/Page/map.js"), encoding: .utf8)
        #expect(MapPageAssets.javaScript == script)
    }
}
