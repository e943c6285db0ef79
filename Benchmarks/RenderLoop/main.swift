import FlowGraph
import FlowGraphRendering
import Foundation

// Renders one program many times in one process, so valgrind can tell whether memory that is
// definitely lost grows with the number of renders:
//   valgrind --leak-check=full .build/debug/RenderLoop samples/shop 100 svg
let arguments = CommandLine.arguments
guard arguments.count >= 3, let count = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: RenderLoop FOLDER COUNT [svg|png|pdf|dot]\n".utf8))
    exit(2)
}
let format = RenderFormat(rawValue: arguments.count > 3 ? arguments[3] : "svg") ?? .svg
let folder = URL(fileURLWithPath: arguments[1])
let paths = (FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? [])
    .filter { $0.hasSuffix(".flow") }.sorted()
let files = try paths.map { SourceFile(path: $0, bytes: [UInt8](try Data(contentsOf: folder.appendingPathComponent($0)))) }
let compilation = Compiler.compile(files)
guard let program = compilation.program, !compilation.hasErrors else {
    FileHandle.standardError.write(Data("the program has errors\n".utf8))
    exit(1)
}
let diagram = DiagramBuilder.build(program, diagnostics: compilation.diagnostics)
var total = 0
let keep = ProcessInfo.processInfo.environment["RENDER_LOOP_KEEP"]  // a folder to keep each render in
for index in 0..<count {
    let bytes = try GraphvizRenderer.shared.render(diagram, format: format)
    total += bytes.count
    if let keep { try Data(bytes).write(to: URL(fileURLWithPath: keep).appendingPathComponent("\(index).\(format.rawValue)")) }
}
print("\(count) renders, \(total) bytes")
