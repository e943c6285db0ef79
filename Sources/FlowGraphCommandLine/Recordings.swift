import ArgumentParser
import FlowGraph
import FlowGraphFiles

/// The recordings of an app's navigator a command reads (`coverage`, `render --coverage`).
package enum Recordings {
    /// Every move of every recording at `paths`, in order; a file that cannot be read is told
    /// (with its line) and the command exits with code 2.
    package static func read(_ paths: [String]) throws -> [RecordedMove] {
        var moves: [RecordedMove] = []
        for path in paths {
            do {
                moves += try RecordingFile.read(path)
            } catch {
                Terminal.writeError("flowgraph: error: \(error.description)\n")
                throw ExitCode(ExitStatus.usage)
            }
        }
        return moves
    }
}
