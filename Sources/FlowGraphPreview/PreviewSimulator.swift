import FlowGraph
import Foundation

/// The simulator beside the preview's diagram: one session of the app's navigation, run by the
/// library's `NavigationSimulator` (the runtime's navigator over the program's table) on the last
/// program without errors, carried over to each new one.
///
/// GET `/simulator` answers its state; POST `/simulator` takes an action, a JSON object:
/// `{"do": "send", "event": "productPicked", "values": {"product": "p1"}}`, `{"do": "open", "url": "/cart"}`,
/// `{"do": "back"}`, `{"do": "swipe"}`, `{"do": "select", "index": 1}`,
/// `{"do": "answer", "guard": "isLoggedIn", "holds": false}`, `{"do": "undo"}`, `{"do": "restart"}`.
/// The answer is the state (`NavigationSimulator.state`) with `"version"` (the page's version it
/// runs) and `"refused"` (why the action was not taken, or null); a body that is no such object is
/// a 400 with `{"error": ...}`.
@MainActor
final class PreviewSimulator {
    /// The largest body a POST may have: an action is a few hundred bytes.
    nonisolated static let largestBody = 64 * 1024

    private var simulator: NavigationSimulator?
    private var version: Int?

    func answer(_ body: Data?, program: (version: Int, compilation: Compiler.Compilation)?) -> (ok: Bool, json: String) {
        guard let program, let flows = program.compilation.program else {
            return (true, Self.message("unavailable", "the program has not compiled without errors yet"))
        }
        if version != program.version {
            let edges = MapDiagrams(flows, diagnostics: program.compilation.diagnostics).edgesByAction
            simulator = simulator?.carried(to: program.compilation, edgesByAction: edges)
                ?? NavigationSimulator(program.compilation, edgesByAction: edges)
            version = program.version
        }
        guard let simulator else { return (true, Self.message("unavailable", "the program has no flow to start at")) }
        var refused: String?
        if let body {
            guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any], let kind = object["do"] as? String else {
                return (false, Self.message("error", "the body is not a JSON object with \"do\""))
            }
            let action: NavigationSimulator.Action?
            switch kind {
            case "send":
                guard let event = object["event"] as? String else { return (false, Self.message("error", "\"send\" needs \"event\"")) }
                action = .send(event: event, values: (object["values"] as? [String: String]) ?? [:])
            case "open":
                guard let url = object["url"] as? String else { return (false, Self.message("error", "\"open\" needs \"url\"")) }
                action = .open(url: url)
            case "back": action = .back
            case "swipe": action = .swipe
            case "select":
                guard let index = object["index"] as? Int else { return (false, Self.message("error", "\"select\" needs \"index\"")) }
                action = .select(index: index)
            case "answer":
                guard let name = object["guard"] as? String, let holds = object["holds"] as? Bool else {
                    return (false, Self.message("error", "\"answer\" needs \"guard\" and \"holds\""))
                }
                action = .answer(guardName: name, holds: holds)
            case "undo": simulator.undo(); action = nil
            case "restart": simulator.restart(); action = nil
            default: return (false, Self.message("error", "unknown action \"\(kind)\""))
            }
            if let action {
                do { try simulator.perform(action) } catch { refused = error.message }
            }
        }
        guard case .object(var members) = simulator.state else { return (true, simulator.state.serialized()) }
        members.append(("version", .int(program.version)))
        members.append(("refused", refused.map(JSONValue.string) ?? .null))
        return (true, JSONValue.object(members).serialized())
    }

    private static func message(_ key: String, _ text: String) -> String {
        JSONValue.object([(key, .string(text))]).serialized()
    }
}
