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

    /// `Catalog` → `catalog`, `URLScheme` → `urlScheme`: the case name of a step, event or exit.
    static func caseName(_ name: String) -> String {
        var scalars = Array(name.unicodeScalars)
        var index = 0
        while index < scalars.count, scalars[index].properties.isUppercase,
              index == 0 || index + 1 >= scalars.count || scalars[index + 1].properties.isUppercase {
            scalars[index] = Unicode.Scalar(String(scalars[index]).lowercased()) ?? scalars[index]
            index += 1
        }
        return String(String.UnicodeScalarView(scalars))
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
