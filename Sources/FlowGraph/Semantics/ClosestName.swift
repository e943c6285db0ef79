/// The candidate closest to `name` by edit distance, when it is close enough to be a likely typo.
func closestName(to name: String, in candidates: [String]) -> String? { closestNames(to: name, in: candidates).first }

/// The candidates closest to `name` by edit distance, when close enough to be likely typos: the
/// best first, then any at the same distance.
func closestNames(to name: String, in candidates: [String]) -> [String] {
    let source = Array(name.lowercased().unicodeScalars)
    guard !source.isEmpty, source.count <= 64 else { return [] }
    var best: (names: [String], distance: Int)?
    for candidate in candidates where candidate != name {
        let target = Array(candidate.lowercased().unicodeScalars)
        guard abs(target.count - source.count) <= 2, target.count <= 64 else { continue }
        var previous = Array(0...target.count)
        for (i, character) in source.enumerated() {
            var row = [i + 1] + Array(repeating: 0, count: target.count)
            for (j, other) in target.enumerated() {
                row[j + 1] = min(previous[j + 1] + 1, row[j] + 1, previous[j] + (character == other ? 0 : 1))
            }
            previous = row
        }
        let distance = previous[target.count]
        let limit = max(1, min(2, source.count / 3))
        guard distance <= limit else { continue }
        if let current = best, distance >= current.distance {
            if distance == current.distance, !current.names.contains(candidate) { best?.names.append(candidate) }
        } else {
            best = ([candidate], distance)
        }
    }
    return best?.names ?? []
}
