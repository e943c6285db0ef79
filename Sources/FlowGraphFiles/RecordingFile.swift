import FlowGraph
import Foundation

/// Reading a navigator's recording (`NavigatorRecording` of FlowGraphRuntime): one JSON object a
/// line, each a move (see `RecordedMove`). Empty lines are skipped; a line that is not such an
/// object is an error naming the file and the line.
public enum RecordingFile {
    public static func read(_ path: String) throws(RecordingError) -> [RecordedMove] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RecordingError(path: path, line: nil,
                                 reason: FileManager.default.fileExists(atPath: path) ? "it cannot be read" : "no such file")
        }
        return try parse(String(decoding: data, as: UTF8.self), path: path)
    }

    static func parse(_ text: String, path: String) throws(RecordingError) -> [RecordedMove] {
        var moves: [RecordedMove] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            func fail(_ reason: String) -> RecordingError { RecordingError(path: path, line: number + 1, reason: reason) }
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw fail("it is not a JSON object")
            }
            guard object["version"] as? Int == 1, let cause = object["cause"] as? String, let status = object["status"] as? String else {
                throw fail("it is not a move of a navigator's recording (version 1, with \"cause\" and \"status\")")
            }
            var move = RecordedMove(cause: cause, linkFlow: object["flow"] as? String, link: object["link"] as? String, status: status)
            for (index, item) in ((object["clauses"] as? [Any]) ?? []).enumerated() {
                guard let fields = item as? [String: Any], let flow = fields["flow"] as? String, let trigger = fields["trigger"] as? String,
                      let ordinal = fields["ordinal"] as? Int, let branch = fields["branch"] as? Int else {
                    throw fail("clause \(index + 1) has no \"flow\", \"trigger\", \"ordinal\" and \"branch\"")
                }
                move.clauses.append(.init(flow: flow, step: fields["step"] as? String, trigger: trigger, ordinal: ordinal, branch: branch,
                                          alert: fields["alert"] as? String, button: fields["button"] as? Int))
            }
            for (index, item) in ((object["guards"] as? [Any]) ?? []).enumerated() {
                guard let fields = item as? [String: Any], let flow = fields["flow"] as? String, let name = fields["guard"] as? String,
                      let answer = fields["answer"] as? Bool else {
                    throw fail("guard \(index + 1) has no \"flow\", \"guard\" and \"answer\"")
                }
                move.guards.append(.init(flow: flow, name: name, answer: answer))
            }
            moves.append(move)
        }
        return moves
    }
}

/// A recording that cannot be read, with why.
public struct RecordingError: Error, CustomStringConvertible {
    public let path: String
    public let line: Int?
    public let reason: String

    public var description: String { "cannot read the recording '\(path)'\(line.map { " (line \($0))" } ?? ""): \(reason)" }
}
