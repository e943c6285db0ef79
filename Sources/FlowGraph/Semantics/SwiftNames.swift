/// Names and literals as they must be written in generated Swift.
enum SwiftNames {
    /// Words that need backticks to be used as identifiers.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
        "Type", "Protocol", "borrowing", "consuming", "some", "any",
    ]

    /// An identifier, in backticks when it is a keyword.
    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// An argument label: any word may be one, but `inout`, `var` and `let` need backticks.
    static func label(_ name: String) -> String {
        ["inout", "var", "let"].contains(name) ? "`\(name)`" : name
    }

    /// An argument label in a call: only `inout` needs backticks there (Swift warns about
    /// escaped `let` and `var`, and generated code must build without warnings).
    static func argumentLabel(_ name: String) -> String {
        name == "inout" ? "`inout`" : name
    }

    /// Whether `name` is surely its own case name (`caseName(name) == name`): it starts with an
    /// ASCII byte that is not a capital, as most events' and exits' names do. Asked without
    /// building the case name.
    static func isOwnCaseName(_ name: String) -> Bool {
        guard let first = name.utf8.first else { return true }
        return first < 0x80 && !isASCIIUppercase(first)
    }

    /// A number two names share when they are the same but for the case of ASCII letters (FNV-1a
    /// of the bytes, those letters lowercased); nil for a name with a byte past ASCII. Two names
    /// with one `caseName` have one such number (it lowercases ASCII letters only, or the name is
    /// past ASCII): a table of cases need only build the case of names that share one.
    static func caseFoldedHash(_ name: String) -> UInt64? {
        var name = name
        return name.withUTF8 { bytes in
            var hash: UInt64 = 14_695_981_039_346_656_037
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                hash = (hash ^ UInt64(isASCIIUppercase(byte) ? byte + 0x20 : byte)) &* 1_099_511_628_211
            }
            return hash
        }
    }

    /// `Catalog` → `catalog`, `URLScheme` → `urlScheme`: the case name of a step, event or exit.
    static func caseName(_ name: String) -> String {
        // Most names are ASCII and start in lowercase or with one capital (`Catalog`): bytes, no
        // Unicode properties (the checker asks for every step, event, exit and alert's case).
        if isOwnCaseName(name) { return name }
        // The name's bytes read in place (iterating `utf8` cost tens of instructions a byte).
        var name = name
        let ascii = name.withUTF8 { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            // Written into the new string's own storage: no array between (a name of up to 15
            // bytes is stored inline, so most names allocate nothing).
            return String(unsafeUninitializedCapacity: bytes.count) { buffer in
                var lowering = true
                for index in bytes.indices {
                    let current = bytes[index]
                    let isLast = index + 1 == bytes.count
                    if lowering, isASCIIUppercase(current), index == 0 || isLast || isASCIIUppercase(bytes[index + 1]) {
                        buffer[index] = current + 0x20
                    } else {
                        lowering = false
                        buffer[index] = current
                    }
                }
                return bytes.count
            }
        }
        if let ascii { return ascii }
        return caseNameOfScalars(name)
    }

    /// `caseName` for any name, by Unicode properties (the fast path's reference in tests).
    static func caseNameOfScalars(_ name: String) -> String {
        var scalars = Array(name.unicodeScalars)
        var index = 0
        while index < scalars.count, scalars[index].properties.isUppercase,
              index == 0 || index + 1 >= scalars.count || scalars[index + 1].properties.isUppercase {
            scalars[index] = Unicode.Scalar(String(scalars[index]).lowercased()) ?? scalars[index]
            index += 1
        }
        return String(String.UnicodeScalarView(scalars))
    }

    private static func isASCIIUppercase(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
    }

    /// `Catalog` → `catalog`, in backticks when it is a keyword: a case as declared and used.
    static func caseIdentifier(_ name: String) -> String { identifier(caseName(name)) }

    /// Whether a name can be a variable as it is (else `valueN` is used): not a keyword, not
    /// `valueN`-like, ASCII.
    static func isPlainIdentifier(_ name: String) -> Bool {
        !keywords.contains(name) && !name.hasPrefix("value") && name.unicodeScalars.allSatisfy { $0.isASCII }
    }

    /// A Swift string literal: quotes, backslashes and control characters escaped.
    static func stringLiteral(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                output += "\\u{\(String(scalar.value, radix: 16))}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}

/// The names the generated router uses for itself, which the program's names must leave alone:
/// the contract between the checker's `swift-name` rule and the generator, kept here so that
/// neither depends on the other.
extension SwiftNames {
    /// The type the generated file declares for the program, and the navigator's alias.
    static let programType = "FlowRouter"
    static let navigatorAlias = "FlowNavigator"

    /// Types and modules the generated file names at its top level or in every flow's scope.
    static let generatedTypes: Set<String> = [
        programType, navigatorAlias, "FlowGraphRuntime", "Swift",
    ]
    /// Standard types and protocols the generated code names: a flow named so would hide them.
    static let standardTypes: Set<String> = [
        "Int", "String", "Bool", "Optional", "Array", "Never", "Hashable", "Hasher", "Equatable", "Sendable",
        "CaseIterable", "CustomStringConvertible", "MainActor", "AnyHashable",
    ]
    /// Parameters and variables of the generated functions that name flows' types.
    static let parameters: Set<String> = [
        "screen", "event", "exit", "link", "step", "source", "ref", "root", "values", "guards", "value", "index",
        "lhs", "rhs", "hasher", "url",
    ]
    /// Members of the enums whose cases are flows (`Flow`, `Screen`, `Event`, ...).
    static let flowCaseMembers: Set<String> = ["description", "rawValue", "allCases", "hashValue", "hash"]
    /// Members of a flow's `Step`.
    static let stepMembers: Set<String> = ["hashValue", "hash", "flowGraphKey"]
    /// Members of a flow's `Guard` (`String` raw values, `CaseIterable`).
    static let guardMembers: Set<String> = ["rawValue", "allCases", "hashValue", "hash"]

    /// Why a flow cannot have this name, if it cannot.
    static func reservedFlowName(_ name: String) -> String? {
        if generatedTypes.contains(name) { return "the generated router declares or imports it" }
        if standardTypes.contains(name) { return "it would hide Swift's '\(name)', which the generated router uses" }
        if parameters.contains(name) { return "the generated functions have a parameter of that name" }
        let caseName = caseName(name)
        if flowCaseMembers.contains(caseName) { return "its case '\(caseName)' would collide with a member of the generated enums" }
        return nil
    }
}
