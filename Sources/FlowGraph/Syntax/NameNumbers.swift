/// A name's number in its program (`NameNumbers`): the resolver finds a declaration by its
/// name's number in an array, where it hashed the name's text.
package struct NameID: Hashable, Sendable {
    let raw: UInt32

    /// The number of a name read without its program's numbers: a rule an ignore comment names.
    /// No declaration has it.
    static let none = NameID(raw: .max)

    var index: Int { Int(raw) }
}

/// Every distinct name of a program's files numbered once, as the parser reads them: a name's
/// text is hashed once a file, its `Name` then carries its number. The language server's
/// `ParseCache` keeps one across compilations, so that the parses it keeps and the new ones
/// agree; a compilation without one numbers its names afresh.
package struct NameNumbers: Sendable {
    /// Made when the first name is numbered: an empty one allocates nothing.
    private var table: NameTable?

    package init() {}

    /// How many names are numbered: every `NameID` of the program is below it.
    package var count: Int { table?.count ?? 0 }

    /// The number of `text`, a new one when it is new.
    mutating func number(of text: String) -> NameID {
        if table == nil { table = NameTable() }
        var text = text
        return text.withUTF8 { NameID(raw: table!.intern($0)) }
    }

    /// `names`, leaving it empty: one copy of the table while the taker adds to it.
    static func take(_ names: inout NameNumbers) -> NameNumbers {
        defer { names = NameNumbers() }
        return names
    }
}
