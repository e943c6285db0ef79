extension ProgramMap {
    /// The map as compact JSON for the page's script (a program of 2,000 steps should stay small):
    /// objects for flows and findings, arrays for the many small things, a location as
    /// `[file, line, column]`. Safe inside an HTML `<script>` element: `<` is written `\u003c`.
    ///
    /// ```
    /// {"files": [path], "flows": [{"name", "kind", "root", "doc", "loc",
    ///    "steps": [[name, inputs, doc, loc, runs or -1]], "clauses": [[event, step or null, summary, loc, [edge ids]]],
    ///    "links": [[pattern, target, loc]], "guards": [[name, loc]], "exits": [[name, loc]],
    ///    "runs": [flow], "runners": ["Flow.Step"], "findings": [finding], "uses": [group]}],
    ///  "groups": [{"name", "doc", "loc", "steps": [name], "users": [flow], "uses": [group]}],
    ///  "overview": [[from, to, [steps], isTab]],
    ///  "findings": [{"rule", "severity", "message", "loc", "flow", "path", "subjects", "edges", "notes": [[message, loc or null]]}],
    ///  "search": [[kind, text, flow, [targets], loc]],
    ///  "journeys": [{"name", "loc", "failure" or null, "lines": [[written, shows, node or null, [edge ids], loc]]}]}
    /// ```
    public func jsonText() -> String {
        let out = JSONWriter()
        out.object {
            out.key("files"); out.array(files) { out.string($0) }
            out.key("flows"); out.array(flows) { flow in
                out.object {
                    out.key("name"); out.string(flow.name)
                    out.key("kind"); out.string(flow.kind.rawValue)
                    out.key("root"); out.bool(flow.isRoot)
                    out.key("doc"); out.string(flow.doc)
                    out.key("loc"); out.location(flow.location)
                    out.key("steps"); out.array(flow.steps) { step in
                        out.tuple { out.string(step.name) } _: { out.string(step.inputs) } _: { out.string(step.doc) }
                            _: { out.location(step.location) } _: { out.int(step.runs ?? -1) }
                    }
                    out.key("clauses"); out.array(flow.clauses) { clause in
                        out.tuple { out.string(clause.event) } _: { out.optional(clause.step) } _: { out.string(clause.summary) }
                            _: { out.location(clause.location) } _: { out.array(clause.edges) { out.string($0) } }
                    }
                    out.key("links"); out.array(flow.links) { out.named($0, target: true) }
                    out.key("guards"); out.array(flow.guards) { out.named($0, target: false) }
                    out.key("exits"); out.array(flow.exits) { out.named($0, target: false) }
                    out.key("runs"); out.array(flow.runs) { out.int($0) }
                    out.key("runners"); out.array(flow.runners) { out.string($0) }
                    out.key("findings"); out.array(flow.findings) { out.int($0) }
                    out.key("uses"); out.array(flow.uses) { out.int($0) }
                }
            }
            out.key("groups"); out.array(groups) { group in
                out.object {
                    out.key("name"); out.string(group.name)
                    out.key("doc"); out.string(group.doc)
                    out.key("loc"); out.location(group.location)
                    out.key("steps"); out.array(group.steps) { out.string($0) }
                    out.key("users"); out.array(group.users) { out.int($0) }
                    out.key("uses"); out.array(group.uses) { out.int($0) }
                }
            }
            out.key("overview"); out.array(overview) { edge in
                out.tuple { out.int(edge.from) } _: { out.int(edge.to) } _: { out.array(edge.steps) { out.string($0) } }
                    _: { out.bool(edge.isTab) } _: {}
            }
            out.key("findings"); out.array(findings) { finding in
                out.object {
                    out.key("rule"); out.string(finding.rule)
                    out.key("severity"); out.string(finding.severity)
                    out.key("message"); out.string(finding.message)
                    out.key("loc"); out.location(finding.location)
                    out.key("flow"); out.int(finding.flow ?? -1)
                    out.key("path"); out.array(finding.path) { out.string($0) }
                    out.key("subjects"); out.array(finding.subjects) { out.string($0) }
                    out.key("edges"); out.array(finding.edges) { out.string($0) }
                    out.key("notes"); out.array(finding.notes) { note in
                        out.tuple { out.string(note.message) } _: {
                            if let location = note.location { out.location(location) } else { out.optional(nil) }
                        } _: {} _: {} _: {}
                    }
                }
            }
            out.key("search"); out.array(search) { entry in
                out.tuple { out.string(entry.kind.rawValue) } _: { out.string(entry.text) } _: { out.int(entry.flow) }
                    _: { out.array(entry.targets) { out.string($0) } } _: { out.location(entry.location) }
            }
            out.key("journeys"); out.array(journeys) { journey in
                out.object {
                    out.key("name"); out.string(journey.name)
                    out.key("loc"); out.location(journey.location)
                    out.key("failure"); out.optional(journey.failure)
                    out.key("lines"); out.array(journey.lines) { line in
                        out.tuple { out.string(line.written) } _: { out.string(line.shows) } _: { out.optional(line.node) }
                            _: { out.array(line.edges) { out.string($0) } } _: { out.location(line.location) }
                    }
                }
            }
        }
        return out.text
    }
}

/// JSON text written as it goes, without white space (the reports' `JSONValue` indents).
final class JSONWriter {
    private(set) var text = ""
    private var needsComma = false

    private func separate() {
        if needsComma { text += "," }
        needsComma = false
    }

    func object(_ body: () -> Void) {
        separate(); text += "{"; needsComma = false
        body()
        text += "}"; needsComma = true
    }

    func array<S: Sequence>(_ items: S, _ body: (S.Element) -> Void) {
        separate(); text += "["; needsComma = false
        for item in items { body(item) }
        text += "]"; needsComma = true
    }

    /// A fixed-length array of up to five members (an empty closure writes nothing).
    func tuple(_ a: () -> Void, _ b: () -> Void, _ c: () -> Void, _ d: () -> Void, _ e: () -> Void) {
        separate(); text += "["; needsComma = false
        a(); b(); c(); d(); e()
        text += "]"; needsComma = true
    }

    func key(_ name: String) {
        string(name)
        text += ":"; needsComma = false
    }

    func appendValue(_ json: String) { separate(); text += json; needsComma = true }

    func int(_ value: Int) { separate(); text += String(value); needsComma = true }
    func bool(_ value: Bool) { separate(); text += value ? "true" : "false"; needsComma = true }

    func optional(_ value: String?) {
        if let value { string(value) } else { separate(); text += "null"; needsComma = true }
    }

    func location(_ location: ProgramMap.Location) {
        separate()
        text += "[\(location.file),\(location.line),\(location.column)]"
        needsComma = true
    }

    func named(_ entry: ProgramMap.NamedEntry, target: Bool) {
        separate(); text += "["; needsComma = false
        string(entry.name)
        if target { optional(entry.target) }
        location(entry.location)
        text += "]"; needsComma = true
    }

    /// A JSON string, as the reports write it, with `<`, `>` and `&` escaped too, so that the text
    /// can sit in an HTML `<script>` element (no `</script>`, no `<!--`).
    func string(_ value: String) {
        separate()
        var escaped = ""
        JSONValue.writeString(value, to: &escaped)
        guard escaped.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "&") }) else {
            text += escaped
            needsComma = true
            return
        }
        for scalar in escaped.unicodeScalars {
            switch scalar {
            case "<": text += "\\u003c"
            case ">": text += "\\u003e"
            case "&": text += "\\u0026"
            default: text.unicodeScalars.append(scalar)
            }
        }
        needsComma = true
    }
}

/// What the page says besides the map: its title, how source links open, which flows are not
/// drawn and why, and, under `flowgraph preview`, the server's state when the page was made.
public struct MapPageSettings: Sendable, Equatable {
    /// The editor that source links open (`--editor`).
    public enum Editor: String, Sendable, CaseIterable {
        case none, vscode, xcode
    }

    /// The state of `flowgraph preview` that a page was made in: it asks for changes after `version`.
    public struct Preview: Sendable, Equatable {
        public var version: Int
        /// The number of the last page made without errors: the page reloads when it changes.
        public var page: Int
        package var problems: [ProgramMap.Problem]

        package init(version: Int, page: Int, problems: [ProgramMap.Problem]) {
            self.version = version
            self.page = page
            self.problems = problems
        }
    }

    public var title: String
    public var editor: Editor
    /// The files' absolute paths, for the editor's links (only written with an editor).
    public var absolutePaths: [String]
    /// Why a flow has no diagram (too large for Graphviz), by flow index.
    public var notDrawn: [Int: String]
    public var preview: Preview?
    /// With `render --coverage`: what the recordings exercised, as the overview says it
    /// (`20 recorded moves exercised 22 of 88 transitions (25 %)`); nil without.
    public var coverage: String?

    public init(title: String, editor: Editor = .none, absolutePaths: [String] = [], notDrawn: [Int: String] = [:], preview: Preview? = nil) {
        self.title = title
        self.editor = editor
        self.absolutePaths = absolutePaths
        self.notDrawn = notDrawn
        self.preview = preview
    }

    /// The JSON the page's script reads (`#fg-data`), the map in it.
    package func jsonText(map: ProgramMap) -> String {
        let out = JSONWriter()
        out.object {
            out.key("title"); out.string(title)
            out.key("editor"); out.string(editor.rawValue)
            out.key("paths")
            if editor == .none { out.optional(nil) } else { out.array(absolutePaths) { out.string($0) } }
            out.key("notDrawn"); out.object {
                for (flow, reason) in notDrawn.sorted(by: { $0.key < $1.key }) { out.key(String(flow)); out.string(reason) }
            }
            out.key("preview")
            if let preview { Self.write(preview, to: out) } else { out.optional(nil) }
            out.key("coverage"); out.optional(coverage)
            out.key("map"); out.verbatim(map.jsonText())
        }
        return out.text
    }

    /// The preview server's answer to the page's question "anything new?" (`/events`).
    public static func jsonText(_ preview: Preview) -> String {
        let out = JSONWriter()
        write(preview, to: out)
        return out.text
    }

    private static func write(_ preview: Preview, to out: JSONWriter) {
        out.object {
            out.key("version"); out.int(preview.version)
            out.key("page"); out.int(preview.page)
            out.key("problems"); out.array(preview.problems) { problem in
                out.object {
                    out.key("file"); out.string(problem.file)
                    out.key("line"); out.int(problem.line)
                    out.key("column"); out.int(problem.column)
                    out.key("message"); out.string(problem.message)
                }
            }
        }
    }
}

extension JSONWriter {
    /// JSON text written elsewhere, as a value.
    func verbatim(_ json: String) {
        appendValue(json)
    }
}
