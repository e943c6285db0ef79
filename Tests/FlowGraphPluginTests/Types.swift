/// The app's own types that App.flow's payloads name; the generated code uses them as they
/// are. Public, so that they fit generated code of any access level.
public struct NoteID: Hashable, Sendable {
    public let rawValue: Int

    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }
}

public struct User: Hashable, Sendable {
    public let name: String

    public init(name: String) {
        self.name = name
    }
}
