/// The app's own identifiers, as the payloads of App.flow use them. Public, so that the router
/// compiles whichever access level it is generated with.
public struct ItemID: Hashable, Sendable, LosslessStringConvertible {
    public let value: Int
    public init(_ value: Int) { self.value = value }
    public init?(_ description: String) {
        guard let value = Int(description) else { return nil }
        self.value = value
    }
    public var description: String { String(value) }
}

public struct UserID: Hashable, Sendable {
    public let name: String
}

public struct OrderID: Hashable, Sendable {
    public let number: Int
}
