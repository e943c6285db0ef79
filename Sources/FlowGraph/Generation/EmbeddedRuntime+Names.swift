extension EmbeddedRuntime {
    /// The types the runtime's files declare at their top level (public or not): with
    /// `--embed-runtime` they are the app module's, so no flow may have one of these names
    /// (`SwiftEmitter.nameProblems`). Read from the files, so that a type added to the runtime is
    /// reserved without a list to keep.
    public static let typeNames: Set<String> = {
        let modifiers: Set<Substring> = ["public", "internal", "package", "final"]
        let kinds: Set<Substring> = ["struct", "enum", "class", "protocol", "typealias", "actor"]
        var names: Set<String> = []
        for file in files {
            // A top-level declaration starts its line; a member is indented.
            for line in file.text.split(separator: "\n") where line.first?.isLetter == true || line.first == "@" {
                var words = line.split(separator: " ")[...]
                while let word = words.first, word.hasPrefix("@") || modifiers.contains(word) { words.removeFirst() }
                guard words.count >= 2, kinds.contains(words[words.startIndex]) else { continue }
                let name = words[words.startIndex + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                if !name.isEmpty { names.insert(String(name)) }
            }
        }
        return names
    }()
}
