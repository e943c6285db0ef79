/// A JSON value with ordered keys, written deterministically (the reports' output must be stable).
package enum JSONValue: Sendable, Equatable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case array([JSONValue])
    case object([(String, JSONValue)])
    case null

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized() == rhs.serialized() }

    /// The JSON text, indented by two spaces, ending without a newline.
    public func serialized(indent: Int = 0) -> String {
        var output = ""
        write(to: &output, indent: indent)
        return output
    }

    private func write(to output: inout String, indent: Int) {
        let padding = String(repeating: "  ", count: indent + 1)
        let closing = String(repeating: "  ", count: indent)
        switch self {
        case .string(let text): Self.writeString(text, to: &output)
        case .int(let number): output += String(number)
        case .bool(let flag): output += flag ? "true" : "false"
        case .null: output += "null"
        case .array(let items):
            guard !items.isEmpty else { output += "[]"; return }
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += padding
                item.write(to: &output, indent: indent + 1)
                output += index == items.count - 1 ? "\n" : ",\n"
            }
            output += closing + "]"
        case .object(let members):
            guard !members.isEmpty else { output += "{}"; return }
            output += "{\n"
            for (index, (key, value)) in members.enumerated() {
                output += padding
                Self.writeString(key, to: &output)
                output += ": "
                value.write(to: &output, indent: indent + 1)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += closing + "}"
        }
    }

    static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value):
                output += "\\u" + SyntaxMessages.hex(scalar.value).lowercased()
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
