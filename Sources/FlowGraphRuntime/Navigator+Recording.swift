#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A clause whose action a move took, named as the program names it, so that a recording made
/// with one version of the program is read against another: its flow, its place (a step, or the
/// flow level), its trigger (the event, or the exit a step's subflow took), which of the place's
/// clauses for that trigger it is, and which action of its chain.
public struct ClauseTaken: Hashable, Sendable {
    public let flow: Int
    /// The step whose clause it is; nil for a flow-level clause or an alert's button.
    public let step: Int?
    public let trigger: String
    /// Its position among the clauses of its place for its trigger (0 for the first).
    public let ordinal: Int
    public let branch: Int
    /// For an alert's button: the alert's index in its flow, and the button's.
    public let button: (alert: Int, index: Int)?

    public init(flow: Int, step: Int?, trigger: String, ordinal: Int, branch: Int, button: (alert: Int, index: Int)? = nil) {
        self.flow = flow
        self.step = step
        self.trigger = trigger
        self.ordinal = ordinal
        self.branch = branch
        self.button = button
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        (lhs.flow, lhs.step, lhs.trigger, lhs.ordinal, lhs.branch) == (rhs.flow, rhs.step, rhs.trigger, rhs.ordinal, rhs.branch)
            && lhs.button?.alert == rhs.button?.alert && lhs.button?.index == rhs.button?.index
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(flow)
        hasher.combine(step)
        hasher.combine(trigger)
        hasher.combine(ordinal)
        hasher.combine(branch)
    }
}

/// A guard a move asked, and its answer.
public struct GuardAnswer: Hashable, Sendable {
    public let ref: GuardRef
    public let answer: Bool

    public init(ref: GuardRef, answer: Bool) {
        self.ref = ref
        self.answer = answer
    }
}

/// Records what every navigator of the process does to a file, one JSON object a line, for
/// `flowgraph coverage` (docs/Journeys.md, "The app's own tests, measured"): each event, link,
/// URL and gesture, the clauses it took, the guards it asked with their answers, and how it came
/// out. Off by default; one line turns it on, in a test's set-up or the test scheme's environment:
///
/// ```swift
/// NavigatorRecording.start(path: "/tmp/navigation.flowrec")   // or FLOWGRAPH_RECORDING=/tmp/navigation.flowrec
/// ```
///
/// When off, a move pays one check of a static. Lines are appended and flushed as they are
/// written, so a recording survives a test run that crashes, and several processes may append.
public final class NavigatorRecording: @unchecked Sendable {
    private let file: UnsafeMutablePointer<FILE>

    private init?(path: String) {
        guard let file = fopen(path, "a") else { return nil }
        self.file = file
    }

    deinit { fclose(file) }

    /// The recording navigators write to now: the one `start` began, else the file
    /// `FLOWGRAPH_RECORDING` names (read once), else none.
    nonisolated(unsafe) static var current: NavigatorRecording? = environment()

    private static func environment() -> NavigatorRecording? {
        guard let path = getenv("FLOWGRAPH_RECORDING").map({ String(cString: $0) }), !path.isEmpty else { return nil }
        return NavigatorRecording(path: path)
    }

    /// Appends every navigator's moves to the file at `path` from now on; false when it cannot be
    /// opened for appending.
    @MainActor @discardableResult
    public static func start(path: String) -> Bool {
        guard let recording = NavigatorRecording(path: path) else { return false }
        current = recording
        return true
    }

    /// Stops recording (the file is closed).
    @MainActor
    public static func stop() { current = nil }

    @MainActor
    func write<Program: NavigationProgram>(_ record: Navigator<Program>.Record, of navigator: Navigator<Program>) {
        let line = RecordingLine.text(record, Program.self) + "\n"
        fputs(line, file)
        fflush(file)
    }
}

/// One line of a recording: `{"cause":"event","name":"Shop.productPicked","from":"Shop.Catalog",
/// "clauses":[...],"guards":[...],"status":"applied"}` (see `NavigatorRecording`).
enum RecordingLine {
    static func text<Program: NavigationProgram>(_ record: Navigator<Program>.Record, _: Program.Type) -> String {
        let table = Program.table
        var fields: [(String, String)] = [("version", "1")]
        switch record.cause {
        case .event(let event):
            let ref = Program.event(of: event)
            fields += [("cause", quoted("event")), ("name", quoted("\(table.flows[ref.flow].name).\(table.flows[ref.flow].events[ref.index])"))]
        case .link(let link):
            let ref = Program.link(of: link)
            let info = table.flows[ref.flow].links[ref.index]
            fields += [("cause", quoted("link")), ("flow", quoted(table.flows[ref.flow].name)), ("link", quoted(info.text))]
        case .unmatchedURL(let url):
            fields += [("cause", quoted("url")), ("url", quoted(url))]
        case .userWentBack:
            fields += [("cause", quoted("back"))]
        case .userDismissed:
            fields += [("cause", quoted("swipe"))]
        case .userSelectedTab:
            fields += [("cause", quoted("select"))]
        case .userTappedTabItem(let step, _):
            fields += [("cause", quoted("tabItem")), ("step", quoted(table.name(step)))]
        case .userClosedAlert:
            fields += [("cause", quoted("closeAlert"))]
        }
        fields.append(("from", quoted(table.name(Program.step(of: record.screen)))))
        let clauses = record.clauses.map { clause -> String in
            let flow = table.flows[clause.flow]
            var members = [("flow", quoted(flow.name)), ("step", clause.step.map { quoted(flow.steps[$0].name) } ?? "null"),
                           ("trigger", quoted(clause.trigger)), ("ordinal", String(clause.ordinal)), ("branch", String(clause.branch))]
            if let button = clause.button {
                members += [("alert", quoted(flow.alerts[button.alert].name)), ("button", String(button.index))]
            }
            return object(members)
        }
        fields.append(("clauses", "[" + clauses.joined(separator: ",") + "]"))
        let answers = record.answers.map { answer in
            object([("flow", quoted(table.flows[answer.ref.flow].name)), ("guard", quoted(table.guardName(answer.ref))),
                    ("answer", answer.answer ? "true" : "false")])
        }
        fields.append(("guards", "[" + answers.joined(separator: ",") + "]"))
        let status: String
        switch record.outcome.status {
        case .applied: status = "applied"
        case .blocked: status = "blocked"
        case .unhandled: status = "unhandled"
        case .impossible: status = "impossible"
        case .cancelled: status = "cancelled"
        case .kept: status = "kept"
        }
        fields.append(("status", quoted(status)))
        return object(fields)
    }

    private static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// A JSON string: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
