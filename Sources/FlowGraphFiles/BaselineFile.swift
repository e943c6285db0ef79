import FlowGraph
import Foundation

/// Reading a baseline file (`flowgraph check --baseline`), whose format is `Baseline.serialized`.
/// (`--write-baseline` writes it as every output is written: `OutputFile`, kind `.baseline`.)
public enum BaselineFile {
    /// Reads the baseline at `path`.
    public static func read(_ path: String) throws(BaselineError) -> Baseline {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "it cannot be read" : "no such file"
            throw BaselineError(path: path, reason: reason)
        }
        return try parse(data, path: path)
    }

    /// The baseline in `data`, the bytes of the file `path`.
    static func parse(_ data: Data, path: String) throws(BaselineError) -> Baseline {
        func fail(_ reason: String) -> BaselineError { BaselineError(path: path, reason: reason) }
        guard let object = try? JSONSerialization.jsonObject(with: data) else { throw fail("it is not JSON") }
        guard let root = object as? [String: Any], root["tool"] as? String == "flowgraph" else {
            throw fail("it is not a FlowGraph baseline (it has no \"tool\": \"flowgraph\")")
        }
        guard let version = root["version"] as? Int, version == Baseline.formatVersion else {
            throw fail("its version is \(root["version"].map { "\($0)" } ?? "missing"); this FlowGraph reads version \(Baseline.formatVersion)")
        }
        guard let entries = root["findings"] as? [Any] else { throw fail("it has no \"findings\" list") }
        var findings: [Baseline.Finding] = []
        for (index, entry) in entries.enumerated() {
            guard let fields = entry as? [String: Any], let rule = fields["rule"] as? String, let message = fields["message"] as? String,
                  let flow = optionalString(fields["flow"]), let step = optionalString(fields["step"]),
                  let event = optionalString(fields["event"])
            else {
                throw fail("finding \(index + 1) is not an object with \"rule\" and \"message\" strings "
                    + "and \"flow\", \"step\" and \"event\" strings or null")
            }
            findings.append(Baseline.Finding(rule: rule, flow: flow, step: step, event: event, message: message))
        }
        return Baseline(findings: findings)
    }

    /// A string, or nil for JSON null or an absent member; nil (the outer one) for anything else.
    private static func optionalString(_ value: Any?) -> String?? {
        switch value {
        case nil, is NSNull: .some(nil)
        case let text as String: .some(text)
        default: nil
        }
    }
}

/// Why a baseline could not be read.
public struct BaselineError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let reason: String

    public var description: String { "cannot read the baseline '\(path)': \(reason)" }
}
