import FlowGraph

/// The explorable page of a program (`render --format html`, `preview`): one self-contained HTML
/// file, its style and script inline (`Page/`), the map as JSON, and the overview, the legend and
/// every flow's diagram laid out here by Graphviz, as SVG text the script puts in the page when
/// shown. Nothing is fetched from the network.
public enum MapPage {
    /// The page of `program`, with `diagnostics` as its findings (marked on the diagrams and listed).
    ///
    /// A flow whose diagram is beyond `limits.maximumElements` gets none (the page says why and
    /// lists its steps); the overview is always drawn. `limits.timeLimit` applies to each layout.
    /// `changes` marks what changed since an older version on each flow's diagram (`render --diff`).
    package static func render(
        _ program: FlowProgram, diagnostics: [Diagnostic], settings: MapPageSettings, limits: RenderLimits = .init(),
        changes: DiagramChanges? = nil, coverage: DiagramCoverage? = nil, journeys: [JourneyPath] = [],
        cache: MapLayoutCache? = nil
    ) throws(RenderError) -> [UInt8] {
        cache?.startPage()
        defer { cache?.pageDone() }
        /// A diagram's SVG: laid out, or as the last page had it when its DOT text is the same.
        func laidOut(_ diagram: Diagram, _ make: (Diagram) throws(RenderError) -> String) throws(RenderError) -> String {
            guard let cache else { return try make(diagram) }
            return try cache.svg(for: diagram, make: make)
        }
        let diagrams = MapDiagrams(program, diagnostics: diagnostics, changes: changes, coverage: coverage)
        let map = ProgramMap.build(program, diagnostics: diagnostics, diagrams: diagrams, journeys: journeys)
        var settings = settings
        var svgs: [(key: String, text: String)] = []
        let overviewLimits = RenderLimits(maximumElements: nil, timeLimit: limits.timeLimit)
        svgs.append(("overview", try laidOut(MapDiagrams.overview(map)) { diagram throws(RenderError) in try svg(diagram, limits: overviewLimits) }))
        svgs.append(("legend", try laidOut(MapDiagrams.legend(withCoverage: coverage != nil)) { diagram throws(RenderError) in
            try svg(diagram, limits: .none)
        }))
        // Each destinations group's page: its box, what it runs, the flows that use it.
        for index in program.groups.indices {
            if let text = try? laidOut(diagrams.group(index), { diagram throws(RenderError) in try shapedSVG(diagram, limits: limits) }) {
                svgs.append(("group-\(index)", text))
            }
        }
        for index in program.flows.indices {
            let diagram = diagrams.flow(index)
            do {
                svgs.append(("flow-\(index)", try laidOut(diagram) { diagram throws(RenderError) in try shapedSVG(diagram, limits: limits) }))
            } catch {
                switch error.reason {
                case .graphviz: throw error
                case .tooLarge, .timedOut:
                    settings.notDrawn[index] = error.messages.joined(separator: " ")
                        + ". Its steps, transitions and findings are listed beside; search finds them."
                }
            }
        }
        return Array(page(map: map, settings: settings, svgs: svgs).utf8)
    }

    /// A page with no diagram: what preview serves while a program that never compiled has errors.
    public static func empty(settings: MapPageSettings) -> [UInt8] {
        return Array(page(map: .empty, settings: settings, svgs: []).utf8)
    }

    /// The aspect ratio (width / height) of a typical view of the page, which a diagram is fitted in.
    static let viewAspect = 1.3
    /// How far from `viewAspect` (as a factor, either way) a diagram laid out left to right is a
    /// strip worth laying out again top to bottom.
    static let stripFactor = 3.0 / viewAspect

    /// A flow's (or group's) diagram laid out left to right, as the program's diagram is; or, when
    /// that makes a strip (wider than 3 times its height, as a long chain; or as far from a view's
    /// shape the other way), top to bottom, when that layout is drawn larger fitted in a view of the
    /// page's shape (a pure chain, 12 wide left to right, is 11 tall top to bottom: as far from
    /// the view's shape, but its nodes are drawn larger, stacked). Only strips are laid out twice;
    /// a second layout that fails or times out leaves the first.
    static func shapedSVG(_ diagram: Diagram, limits: RenderLimits) throws(RenderError) -> String {
        let leftToRight = try svg(diagram, limits: limits)
        guard let size = size(ofSVG: leftToRight), distanceFromView(size.width / size.height) > stripFactor else { return leftToRight }
        var flipped = diagram
        flipped.graphAttributes = diagram.graphAttributes.filter { $0.name != "rankdir" } + [.init("rankdir", "TB")]
        guard let topToBottom = try? svg(flipped, limits: limits), let other = self.size(ofSVG: topToBottom),
              fittedScale(other) > fittedScale(size) else { return leftToRight }
        return topToBottom
    }

    /// How far an aspect ratio is from `viewAspect`, as a factor of at least 1 (2 for half or twice as wide).
    static func distanceFromView(_ ratio: Double) -> Double { max(ratio / viewAspect, viewAspect / ratio) }

    /// The scale a diagram of that size is drawn at, fitted in a view of the page's shape (of height 1).
    static func fittedScale(_ size: (width: Double, height: Double)) -> Double { min(viewAspect / size.width, 1 / size.height) }

    /// Width / height of an SVG's `viewBox`, or nil.
    static func aspectRatio(ofSVG text: String) -> Double? { size(ofSVG: text).map { $0.width / $0.height } }

    /// The width and height of an SVG's `viewBox` (Graphviz writes `viewBox="0.00 0.00 W H"`), or nil.
    static func size(ofSVG text: String) -> (width: Double, height: Double)? {
        guard let start = text.range(of: "viewBox=\"")?.upperBound,
              let end = text[start...].firstIndex(of: "\"") else { return nil }
        let numbers = text[start..<end].split(separator: " ").compactMap { Double($0) }
        guard numbers.count == 4, numbers[2] > 0, numbers[3] > 0 else { return nil }
        return (numbers[2], numbers[3])
    }

    /// The SVG element alone: the XML prologue, doctype and comments before `<svg` are left out,
    /// and so are the comments Graphviz writes before each node and edge (7% of a large page).
    static func svg(_ diagram: Diagram, limits: RenderLimits) throws(RenderError) -> String {
        let text = String(decoding: try GraphvizRenderer.shared.render(diagram, format: .svg, limits: limits), as: UTF8.self)
        guard let start = text.range(of: "<svg") else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for line in text[start.lowerBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("<!-- "), line.hasSuffix(" -->") { continue }
            result += line
            result += "\n"
        }
        return result
    }

    /// Fills the template: title, signature, style, data, diagrams, script.
    static func page(map: ProgramMap, settings: MapPageSettings, svgs: [(key: String, text: String)]) -> String {
        let diagrams = svgs.map { svg in
            // Graphviz escapes `<` in text, so `</script` cannot appear in its SVG; checked all the same.
            "<script type=\"text/x-flowgraph-svg\" id=\"svg-\(svg.key)\">"
                + "\(svg.text.replacingOccurrences(of: "</script", with: "<\\/script"))</script>"
        }.joined(separator: "\n")
        var text = MapPageAssets.html
        // From the last placeholder to the first, so that no inserted text is searched for the next one.
        for (placeholder, value) in [
            ("/*JS*/\n", MapPageAssets.javaScript),
            ("<!--SVGS-->", diagrams),
            ("<!--DATA-->", settings.jsonText(map: map)),
            ("/*CSS*/\n", MapPageAssets.css),
            ("<!--TITLE-->", escaped(settings.title)),
            ("<!--SIGNATURE-->", "\(OutputSignature.htmlPrefix) \(FlowGraphVersion.current) with Graphviz -->"),
        ] {
            guard let range = text.range(of: placeholder) else { continue }
            text.replaceSubrange(range, with: value)
        }
        return text
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}

/// The layouts of the last page, by each diagram's DOT text: `preview` lays out again only the
/// diagrams a save changed and keeps the SVG of the others (an edge's id does not depend on other
/// flows, so an unchanged flow's diagram is the same text). Holds the diagrams of one page: those
/// the next page does not use are let go.
package final class MapLayoutCache {
    private var kept: [String: String] = [:]
    private var used: [String: String] = [:]
    /// Diagrams of the last page laid out, and reused.
    package private(set) var laidOut = 0
    package private(set) var reused = 0

    package init() {}

    func svg(for diagram: Diagram, make: (Diagram) throws(RenderError) -> String) throws(RenderError) -> String {
        let key = DOTEmitter.emit(diagram)
        if let text = used[key] ?? kept[key] {
            reused += 1
            used[key] = text
            return text
        }
        laidOut += 1
        let text = try make(diagram)
        used[key] = text
        return text
    }

    /// The page is made: what it used is kept for the next one.
    func pageDone() {
        kept = used
        used = [:]
    }

    /// A page begins: its counts start at zero.
    func startPage() {
        laidOut = 0
        reused = 0
    }
}
