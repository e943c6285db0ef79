// Written by scripts/embed-runtime from Sources/FlowGraphRuntime: do not edit, run the script.

extension EmbeddedRuntime {
    static let fileProgramTableTextLinks = ###"""
/// Reading a link record of the table's text (see `ProgramTable.init(parsing:)`).
extension TableFields {
    /// `link TARGET PATTERN [or PATTERN]... [values N] BRANCH [else TARGET BRANCH]...`, a BRANCH
    /// being `[back KIND] [move KIND [at HOP...]] [path HOP...]... [if [!]GUARD]` (the keyword is read).
    mutating func link() throws(ProgramTable.TextError) -> ProgramTable.LinkInfo {
        let target = try number()
        var link = ProgramTable.LinkInfo(text: "", target: target, patterns: [], paths: [])
        func part(_ text: Substring) throws(ProgramTable.TextError) -> ProgramTable.PatternPart {
            if text.first == "/" { return .literal(TableEscaping.decode(text.dropFirst())) }
            if text == "*" { return .wildcard }
            if text == "**" { return .rest(input: nil) }
            if text.first == "{", text.hasSuffix("...}"), let index = Int(text.dropFirst().dropLast(4)) { return .rest(input: index) }
            if text.first == "~", let open = text.firstIndex(of: "{"), let close = text[open...].firstIndex(of: "}"),
               let index = Int(text[text.index(after: open)..<close]) {
                return .affixed(prefix: TableEscaping.decode(text[text.index(after: text.startIndex)..<open]), input: index,
                                suffix: TableEscaping.decode(text[text.index(after: close)...]))
            }
            guard text.first == "{", text.last == "}", let index = Int(text.dropFirst().dropLast()) else {
                throw error("expected /LITERAL, {INPUT}, ~PREFIX{INPUT}SUFFIX, *, ** or {INPUT...}, not '\(text)'")
            }
            return .placeholder(index)
        }
        repeat {
            if !link.patterns.isEmpty { index += 1 }  // `or`
            let text = try word()
            let schemeWord = try word()
            var pattern = ProgramTable.LinkPattern(text: text, scheme: schemeWord == "-" ? nil : schemeWord, segments: [], query: [])
            while !isAtEnd, !["path", "or", "back", "move", "values", "if", "else"].contains(words[index]) {
                let raw = words[index]
                index += 1
                if raw == "!i" {
                    pattern.ignoresCase = true
                } else if raw.hasPrefix("!p"), let precedence = Int(raw.dropFirst(2)) {
                    pattern.precedence = precedence
                } else if raw.hasPrefix("!u"), let input = Int(raw.dropFirst(2)) {
                    pattern.wholeURL = input
                } else if raw.first == "?" {
                    guard let equals = raw.firstIndex(of: "=") else { throw error("expected ?KEY=VALUE") }
                    pattern.query.append((TableEscaping.decode(raw[raw.index(after: raw.startIndex)..<equals]),
                                          try part(raw[raw.index(after: equals)...])))
                } else {
                    pattern.segments.append(try part(raw))
                }
            }
            link.patterns.append(pattern)
        } while !isAtEnd && words[index] == "or"
        link.text = link.patterns[0].text
        if !isAtEnd, words[index] == "values" {
            index += 1
            link.valueCount = try number()
        }
        var branches = [try linkBranch(target: target)]
        while !isAtEnd {
            let raw = try word()
            if raw == "if" {
                guard link.conditions.count < branches.count else { throw error("expected 'else' after a link's condition") }
                link.conditions.append(try condition())
            } else if raw == "else" {
                guard link.conditions.count == branches.count else { throw error("a link's branch without a condition ends it") }
                branches.append(try linkBranch(target: try number()))
            } else {
                throw error("expected 'if' or 'else', not '\(raw)'")
            }
        }
        link.move = branches[0].move
        link.paths = branches[0].paths
        link.at = branches[0].at
        link.back = branches[0].back
        link.otherwise = Array(branches.dropFirst())
        return link
    }

    /// `[back KIND] [move KIND [at HOP...]] [path HOP...]...` of a link's branch: the first path, then one from each other
    /// place the app may start.
    private mutating func linkBranch(target: Int) throws(ProgramTable.TextError) -> ProgramTable.LinkBranch {
        var branch = ProgramTable.LinkBranch(target: target, paths: [])
        if !isAtEnd, words[index] == "back" {
            index += 1
            guard !isAtEnd, words[index] == "dismiss" else { throw error("expected 'dismiss' after 'back'") }
            index += 1
            branch.back = .dismiss
            guard !isAtEnd, words[index] == "move" else { throw error("expected 'move' after a link's back move") }
        }
        if !isAtEnd, words[index] == "move" {
            index += 1
            guard !isAtEnd, let kind = ProgramTable.ActionKind(rawValue: String(words[index])) else { throw error("expected a move after 'move'") }
            index += 1
            branch.move = kind
            if !isAtEnd, words[index] == "at" {
                index += 1
                while let next = peek(), let hop = try hop(next) {
                    branch.at.append(hop)
                    index += 1
                }
                guard !branch.at.isEmpty else { throw error("expected the hops of a path after 'at'") }
            }
        }
        var paths: [[ProgramTable.Hop]] = []
        while !isAtEnd, words[index] != "if", words[index] != "else" {
            let raw = String(words[index])
            index += 1
            if raw == "path" {
                paths.append([])
                continue
            }
            guard !paths.isEmpty else { throw error("expected 'path', not '\(raw)'") }
            guard let hop = try hop(raw) else { throw error("unknown hop '\(raw)'") }
            paths[paths.count - 1].append(hop)
        }
        branch.paths = paths.filter { !$0.isEmpty }
        return branch
    }
}
"""###
}
