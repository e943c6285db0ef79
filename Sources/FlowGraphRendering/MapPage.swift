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
        changes: DiagramChanges? = nil, coverage: DiagramCoverage? = nil, journeys: [JourneyPath] = []
    ) throws(RenderError) -> [UInt8] {
        let diagrams = MapDiagrams(program, diagnostics: diagnostics, changes: changes, coverage: coverage)
        let map = ProgramMap.build(program, diagnostics: diagnostics, diagrams: diagrams, journeys: journeys)
        var settings = settings
        var svgs: [(key: String, text: String)] = []
        svgs.append(("overview", try svg(MapDiagrams.overview(map), limits: RenderLimits(maximumElements: nil, timeLimit: limits.timeLimit))))
        svgs.append(("legend", try svg(MapDiagrams.legend(withCoverage: coverage != nil), limits: .none)))
        // Each destinations group's page: its box, what it runs, the flows that use it.
        for index in program.groups.indices {
            if let text = try? svg(diagrams.group(index), limits: limits) { svgs.append(("group-\(index)", text)) }
        }
        for index in program.flows.indices {
            let diagram = diagrams.flow(index)
            do {
                svgs.append(("flow-\(index)", try svg(diagram, limits: limits)))
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
