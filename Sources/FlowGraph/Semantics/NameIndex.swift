/// The first declaration of each name among some declarations, by the name's number (`Name.id`):
/// an array read where a `[String: Int]` hashed each name's text. Made once for a program's
/// numbers and emptied for each flow (only the numbers set are cleared).
struct NameIndex {
    private var slots: [Int32]
    /// The numbers that have a declaration, to clear.
    private var filled: [Int32] = []

    init(count: Int) {
        slots = Array(repeating: -1, count: count)
    }

    /// The declaration of the name numbered `id`; nil for none (and for `NameID.none`).
    subscript(_ id: NameID) -> Int? {
        id.index < slots.count && slots[id.index] >= 0 ? Int(slots[id.index]) : nil
    }

    /// Stores `value` for `id` when it has none, and says whether it did.
    @discardableResult
    mutating func insertFirst(_ id: NameID, _ value: Int) -> Bool {
        guard id.index < slots.count, slots[id.index] < 0 else { return false }
        slots[id.index] = Int32(value)
        filled.append(Int32(id.index))
        return true
    }

    /// No declaration for any name again.
    mutating func removeAll() {
        for id in filled { slots[Int(id)] = -1 }
        filled.removeAll(keepingCapacity: true)
    }

    /// The index of each name's first declaration among `count` declarations, `name(i)` the `i`th
    /// one's: the positions of the distinct names, in order (`Resolver.declare` keeps the first of
    /// each name in that order).
    mutating func fill(_ count: Int, name: (Int) -> NameID) {
        removeAll()
        var position = 0
        for index in 0..<count where insertFirst(name(index), position) { position += 1 }
    }
}
