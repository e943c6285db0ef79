#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import FlowGraph

/// `flowgraph render --format html` and `flowgraph preview` as a user runs them.
@Suite("flowgraph render --format html, flowgraph preview")
struct PageCommandTests {
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func renderWritesTheSignedPageOnceAndLeavesItWhenUnchanged() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("shop.html").path
        let first = try CommandLineTests.run(["render", "samples/shop", "-o", page, "--editor", "vscode"])
        #expect(first.status == 0, "\(first.errors)")
        let text = try String(contentsOfFile: page, encoding: .utf8)
        #expect(text.hasPrefix("<!DOCTYPE html>\n<!-- Page made by FlowGraph"))
        #expect(text.contains("\"editor\":\"vscode\""))
        #expect(text.contains(Repository.url("samples/shop/Shop.flow").standardizedFileURL.path))
        let modified = try FileManager.default.attributesOfItem(atPath: page)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.05)
        #expect(try CommandLineTests.run(["render", "samples/shop", "--format", "html", "-o", page, "--editor", "vscode"]).status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: page)[.modificationDate] as? Date == modified)
    }

    @Test func renderRefusesAFileItDidNotWriteAndOptionsThatDoNotFit() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let theirs = folder.appendingPathComponent("index.html").path
        try "<html>mine</html>\n".write(toFile: theirs, atomically: true, encoding: .utf8)
        let refused = try CommandLineTests.run(["render", "samples/shop", "-o", theirs])
        #expect(refused.status == 2 && refused.errors.contains("was not written by FlowGraph"))
        #expect(try String(contentsOfFile: theirs, encoding: .utf8) == "<html>mine</html>\n")
        let withFlow = try CommandLineTests.run(["render", "samples/shop", "-o", folder.appendingPathComponent("x.html").path, "--flow", "Shop"])
        #expect(withFlow.status == 2 && withFlow.errors.contains("leave --flow out"))
        let editorWithSVG = try CommandLineTests.run(["render", "samples/shop", "-o", folder.appendingPathComponent("x.svg").path,
                                                      "--editor", "xcode"])
        #expect(editorWithSVG.status == 2 && editorWithSVG.errors.contains("--editor goes with --format html"))
        let badEditor = try CommandLineTests.run(["render", "samples/shop", "-o", folder.appendingPathComponent("x.html").path, "--editor", "emacs"])
        #expect(badEditor.status == 2)
    }

    @Test func aProgramWithErrorsWritesNoPage() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("x.html").path
        let run = try CommandLineTests.run(["render", "samples/errors/syntax.flow", "-o", page])
        #expect(run.status == 1)
        #expect(!FileManager.default.fileExists(atPath: page))
    }

    @Test func previewRefusesBadInputAndBadPortsBeforeListening() throws {
        let missing = try CommandLineTests.run(["preview", "no/such/folder"])
        #expect(missing.status == 2 && missing.errors.contains("no/such/folder"))
        let port = try CommandLineTests.run(["preview", "samples/shop", "--port", "70000"])
        #expect(port.status == 2 && port.errors.contains("--port"))
    }

    #if canImport(Glibc)
    /// A port another program listens on: a sentence that says so, not the socket's error.
    @Test func previewOnABusyPortSaysSo() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && listen(socket, 1) == 0
                && getsockname(socket, $0, &length) == 0 }
        }
        try #require(bound)
        let port = UInt16(bigEndian: address.sin_port)
        let run = try CommandLineTests.run(["preview", "samples/shop", "--port", "\(port)"], timeLimit: 60)
        #expect(run.status == 2)
        #expect(run.errors == "flowgraph: error: cannot listen on 127.0.0.1:\(port): the port is in use (by another preview, or another "
                + "program); choose another with --port, or --port 0 for any free one\n", "\(run.errors)")
    }
    #endif
}
