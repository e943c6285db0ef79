/// The reader's article ids, as Reader.flow names them.
struct ArticleID: Hashable, Sendable, LosslessStringConvertible {
    let value: Int
    init(_ value: Int) { self.value = value }
    init?(_ description: String) {
        guard let value = Int(description) else { return nil }
        self.value = value
    }
    var description: String { String(value) }
}
