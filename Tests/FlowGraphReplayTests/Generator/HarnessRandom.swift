import FlowGraphTestSupport

/// SplitMix64: the harness generator's only source of randomness, so that a seed gives the same
/// program on every machine and every run (no Foundation or system randomness).
struct HarnessRandom {
    private var generator: SplitMix

    init(seed: UInt64) { generator = SplitMix(seed: seed) }

    mutating func next() -> UInt64 { generator.next() }

    /// A number in `range` (the modulo bias is irrelevant here).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound + 1)
        return range.lowerBound + Int(next() % width)
    }

    /// True `percent` times in a hundred.
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

    /// One of `items`, which must not be empty.
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    /// One of `items`, or nil when there is none.
    mutating func pickIfAny<T>(_ items: [T]) -> T? { items.isEmpty ? nil : pick(items) }

    /// `items` in a random order.
    mutating func shuffled<T>(_ items: [T]) -> [T] {
        var result = items
        guard result.count > 1 else { return result }
        for index in stride(from: result.count - 1, to: 0, by: -1) {
            result.swapAt(index, int(0...index))
        }
        return result
    }

    /// The sub-seed of attempt `attempt` of a program from `seed`: attempts are independent streams.
    static func subSeed(_ seed: UInt64, attempt: Int) -> UInt64 {
        var mixer = HarnessRandom(seed: seed ^ (UInt64(attempt) &* 0xD6E8_FEB8_6659_FD93))
        return attempt == 0 ? seed : mixer.next()
    }
}
