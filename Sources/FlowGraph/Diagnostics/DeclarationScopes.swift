/// Where the declarations of a syntax tree start and end: the declaration an ignore comment
/// applies to, and the flow, step and `on` clause that enclose a finding (a baseline's key).
///
/// A flow's extent runs from its keyword to the next flow's keyword in its file (or the end of the
/// file); a step's covers its body; the others cover their line.
struct DeclarationScopes {
    /// A line of one file of the program.
    struct FileLine: Hashable {
        let file: Int
        let line: Int
    }

    private let tree: SyntaxTree
    /// For each file, the indices of its flows in `tree.flows`, in source order.
    private var flowsByFile: [[Int]]

    init(_ tree: SyntaxTree) {
        self.tree = tree
        var flowsByFile = Array(repeating: [Int](), count: tree.files.count)
        for (index, flow) in tree.flows.enumerated() where flow.range.file < tree.files.count {
            flowsByFile[flow.range.file].append(index)
        }
        self.flowsByFile = flowsByFile
    }

    /// The flow, step and `on` clause whose text holds the start of `range`.
    func enclosing(_ range: SourceRange) -> (flow: FlowSyntax?, step: StepSyntax?, clause: ClauseSyntax?) {
        guard range.file < flowsByFile.count,
              let index = Self.last(flowsByFile[range.file], startingAtOrBefore: range.start, { tree.flows[$0].range })
        else { return (nil, nil, nil) }
        let flow = tree.flows[flowsByFile[range.file][index]]
        let step = Self.containing(range.start, in: flow.steps, \.range)
        let handler = Self.containing(range.start, in: step?.clauses ?? flow.clauses, \.range)
        return (flow, step, handler)
    }

    /// For each of `lines`, the outermost declaration that starts on it (none when no declaration does).
    func declarations(startingOn lines: Set<FileLine>) -> [FileLine: SourceRange] {
        var found: [FileLine: SourceRange] = [:]
        guard !lines.isEmpty else { return found }
        forEachDeclaration { range in
            let line = FileLine(file: range.file, line: tree.files[range.file].location(of: range.start).line)
            guard lines.contains(line) else { return }
            if let current = found[line], current.start < range.start || (current.start == range.start && current.end >= range.end) { return }
            found[line] = range
        }
        return found
    }

    /// The extent of every declaration: flows, `start`, steps, `on` clauses, exits, guards and links.
    private func forEachDeclaration(_ body: (SourceRange) -> Void) {
        for (file, flows) in flowsByFile.enumerated() {
            for (position, index) in flows.enumerated() {
                let flow = tree.flows[index]
                let end = position + 1 < flows.count ? tree.flows[flows[position + 1]].range.start : tree.files[file].bytes.count
                body(SourceRange(file: file, start: flow.range.start, end: end))
                flow.starts.forEach { body($0.range) }
                for step in flow.steps {
                    body(step.range)
                    step.clauses.forEach { body($0.range) }
                }
                flow.clauses.forEach { body($0.range) }
                flow.exits.forEach { body($0.range) }
                flow.guards.forEach { body($0.range) }
                flow.links.forEach { body($0.range) }
            }
        }
    }

    /// The position in `items` (sorted by start) of the last one that starts at or before `offset`.
    static func last<T>(_ items: [T], startingAtOrBefore offset: Int, _ range: (T) -> SourceRange) -> Int? {
        let after = items.partitionIndex { range($0).start <= offset }
        return after > 0 ? after - 1 : nil
    }

    /// The item of `items` (sorted by start, not overlapping) whose range holds `offset`.
    private static func containing<T>(_ offset: Int, in items: [T], _ range: KeyPath<T, SourceRange>) -> T? {
        guard let index = last(items, startingAtOrBefore: offset, { $0[keyPath: range] }) else { return nil }
        let found = items[index][keyPath: range]
        return offset < max(found.end, found.start + 1) ? items[index] : nil
    }
}
