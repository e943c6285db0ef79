// Written by scripts/embed-runtime from Sources/FlowGraphRuntime: do not edit, run the script.

extension EmbeddedRuntime {
    static let fileNavigationProgramNames = ###"""
/// Names and short descriptions, for readable test failures and logs.
extension NavigationProgram {
    /// `Store.Item(item: 42)`: the step's flow and name, and its inputs.
    public static func describe(_ screen: Screen) -> String {
        let ref = step(of: screen)
        let info = table.flows[ref.flow].steps[ref.step]
        let name = table.name(ref)
        let labels = info.inputLabels
        let values = inputTexts(of: screen)
        guard !labels.isEmpty, values.count == labels.count else { return name }
        return name + "(" + zip(labels, values).map { "\($0): \($1 ?? "nil")" }.joined(separator: ", ") + ")"
    }

    /// The texts of a generated value's payload: the program's case wraps its flow's, whose payload
    /// is the values (one, or a tuple). A step of a destinations group is wrapped once more, in its
    /// group's case of the flow's `Step` (`.main(.shared(.detail(item: 1)))`): a case whose value is
    /// a case, not labeled values, which always come as a tuple. Empty for a case without values.
    static func payloadTexts(_ value: Any) -> [String?] {
        let inner = Mirror(reflecting: value).children.first?.value
        var payload = inner.flatMap { Mirror(reflecting: $0).children.first?.value }
        if let wrapped = payload, Mirror(reflecting: wrapped).displayStyle == .enum {
            payload = Mirror(reflecting: wrapped).children.first?.value
        }
        guard let payload else { return [] }
        // Labeled associated values come as a tuple, even one alone.
        let mirror = Mirror(reflecting: payload)
        return mirror.displayStyle == .tuple ? mirror.children.map { text($0.value) } : [text(payload)]
    }

    /// `Optional(42)` as `42`, nil as nil; a `JourneyValue` as its `journeyText`.
    private static func text(_ value: Any) -> String? {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            return mirror.children.first.flatMap { text($0.value) }
        }
        if let value = value as? any JourneyValue { return value.journeyText }
        return String(describing: value)
    }

    /// The name of a flow.
    public static func name(of flow: Flow) -> String { table.flows[flow.rawValue].name }

    /// The name of an exit.
    public static func name(of exit: Exit) -> String {
        let ref = self.exit(of: exit)
        return table.flows[ref.flow].exits[ref.index]
    }

    /// `Store.itemPicked`.
    public static func name(of event: Event) -> String {
        let ref = self.event(of: event)
        return "\(table.flows[ref.flow].name).\(table.flows[ref.flow].events[ref.index])"
    }
}
"""###
}
