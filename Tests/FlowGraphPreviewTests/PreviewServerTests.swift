import Foundation
import Testing
import FlowGraph
@testable import FlowGraphPreview
#if canImport(Glibc)
import Glibc
#endif

/// One HTTP/1.1 request written by hand on a TCP socket to 127.0.0.1, so that the test decides every
/// byte (a `Host` of its choice, a path no client would normalise), and the response read whole.
struct RawHTTP {
    struct Response: Sendable {
        let status: Int
        let headers: String
        let body: String
    }

    static func send(port: UInt16, address: String = "127.0.0.1", _ request: String) throws -> Response {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 15, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var target = sockaddr_in()
        target.sin_family = sa_family_t(AF_INET)
        target.sin_port = port.bigEndian
        inet_pton(AF_INET, address, &target.sin_addr)
        let connected = withUnsafePointer(to: &target) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECONNREFUSED) }
        let bytes = Array(request.utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            received += buffer[0..<count]
            if let response = parse(received), response.complete { return response.response }
        }
        return parse(received)?.response ?? Response(status: 0, headers: "", body: "")
    }

    private static func parse(_ bytes: [UInt8]) -> (response: Response, complete: Bool)? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { return nil }
        let head = String(text[..<split.lowerBound])
        let body = String(text[split.upperBound...])
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
        let complete = length.map { body.utf8.count >= $0 } ?? false
        return (Response(status: status, headers: head, body: body), complete)
    }

    static func getAsync(port: UInt16, _ path: String, host: String? = nil, method: String = "GET") async throws -> Response {
        try await offPool { try get(port: port, path, host: host, method: method) }
    }

    static func sendAsync(port: UInt16, address: String = "127.0.0.1", _ request: String) async throws -> Response {
        try await offPool { try send(port: port, address: address, request) }
    }

    static func get(port: UInt16, _ path: String, host: String? = nil, method: String = "GET") throws -> Response {
        let hostLine = host.map { "Host: \($0)\r\n" } ?? ""
        return try send(port: port, "\(method) \(path) HTTP/1.1\r\n\(hostLine)Connection: close\r\nContent-Length: 0\r\n\r\n")
    }
}

/// A program in a folder of its own, and a preview server on it.
final class PreviewFixture: @unchecked Sendable {
    let folder: URL
    let file: URL
    let server: PreviewServer
    private var task: Task<Void, Error>?

    static let program = """
        flow App {
            start Home
            step Home {
                on detailPicked -> push Detail
            }
            step Detail
        }

        """

    init(eventWait: Duration = .seconds(2)) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        file = folder.appendingPathComponent("App.flow")
        try Self.program.write(to: file, atomically: true, encoding: .utf8)
        let paths = [folder.path]
        let state = PreviewState(paths: paths) { _ in MapPageSettings(title: "App") }
        server = try PreviewServer(state: state, interval: .milliseconds(50), eventWait: eventWait)
    }

    func start() async throws -> UInt16 {
        let server = self.server
        task = Task { try await server.run() }
        for _ in 0..<500 {
            if let port = await server.port() { return port }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw POSIXError(.ETIMEDOUT)
    }

    func stop() async {
        task?.cancel()
        await server.stop()
        _ = await task?.result
        try? FileManager.default.removeItem(at: folder)
    }
}

@Suite("flowgraph preview: the server", .serialized)
struct PreviewServerTests {
    @Test func itServesThePageOnLoopbackOnly() async throws {
        let fixture = try PreviewFixture()
        let port = try await fixture.start()
        let page = try await RawHTTP.getAsync(port: port, "/", host: "127.0.0.1:\(port)")
        #expect(page.status == 200)
        #expect(page.headers.lowercased().contains("content-type: text/html"))
        #expect(page.body.contains("<!-- Page made by FlowGraph") && page.body.contains("id=\"svg-flow-0\""))
        #expect(page.body.contains("\"preview\":{\"version\":1,\"page\":1,\"problems\":[]}"))
        // Bound to 127.0.0.1: no other address of this machine answers.
        #expect(await fixture.server.address() == "127.0.0.1")
        for address in Self.otherIPv4Addresses() {
            await #expect(throws: (any Error).self, "\(address) answered") {
                _ = try await RawHTTP.sendAsync(port: port, address: address, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            }
        }
        await fixture.stop()
    }

    @Test(arguments: ["evil.example.com", "evil.example.com:80", "127.0.0.1.evil.example.com", "localhost.evil.example.com",
                      "192.168.1.10", "0.0.0.0", "[::2]", "", "127.0.0.1:99999", "localhost:x"])
    func aRequestWhoseHostIsNotLoopbackIsRefused(host: String) async throws {
        let fixture = try PreviewFixture()
        let port = try await fixture.start()
        let response = try await RawHTTP.getAsync(port: port, "/", host: host)
        #expect(response.status == 400, "\(host): \(response.status)")
        #expect(!response.body.contains("<html"))
        let events = try await RawHTTP.getAsync(port: port, "/events?after=0", host: host)
        #expect(events.status == 400)
        await fixture.stop()
    }

    @Test func aRequestWithoutHostIsRefused() async throws {
        let fixture = try PreviewFixture()
        let port = try await fixture.start()
        let response = try await RawHTTP.sendAsync(port: port, "GET / HTTP/1.0\r\n\r\n")
        #expect(response.status == 400)
        await fixture.stop()
    }

    @Test(arguments: ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd", "//etc/passwd",
                      "/index.html/../../../etc/passwd", "/App.flow", "/%2e%2e%2fApp.flow", "/samples/", "/.git/config",
                      "/./", "/events/../../etc/passwd", "/favicon.ico", "/?path=/etc/passwd&file=App.flow"])
    func noPathReachesTheFileSystem(path: String) async throws {
        let fixture = try PreviewFixture()
        let port = try await fixture.start()
        let response = try await RawHTTP.getAsync(port: port, path, host: "localhost:\(port)")
        #expect(!response.body.contains("root:"), "\(path) served a system file")
        #expect(!response.body.contains("step Detail"), "\(path) served the .flow source")
        if path.hasPrefix("/?") {
            #expect(response.status == 200 && response.body.contains("<!-- Page made by FlowGraph"))  // the page; the query means nothing
        } else {
            #expect(response.status == 404, "\(path): \(response.status)")
            #expect(response.body == "not found\n")  // no listing, no page
        }
        await fixture.stop()
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
    func onlyGETIsAnswered(method: String) async throws {
        let fixture = try PreviewFixture()
        let port = try await fixture.start()
        let response = try await RawHTTP.getAsync(port: port, "/", host: "127.0.0.1:\(port)", method: method)
        #expect(response.status == 405)
        #expect(response.headers.contains("Allow: GET, HEAD"), "\(response.headers)")
        await fixture.stop()
    }

    /// HEAD answers as GET, without the body (`curl -I`), and at once for the events.
    @Test func headAnswersLikeGET() async throws {
        let fixture = try PreviewFixture()
        let port = try await fixture.start()
        let page = try await RawHTTP.getAsync(port: port, "/", host: "127.0.0.1:\(port)", method: "HEAD")
        #expect(page.status == 200 && page.body.isEmpty)
        #expect(page.headers.lowercased().contains("content-type: text/html"), "\(page.headers)")
        let events = try await RawHTTP.getAsync(port: port, "/events?after=1", host: "127.0.0.1:\(port)", method: "HEAD")
        #expect(events.status == 200 && events.body.isEmpty)
        #expect(try await RawHTTP.getAsync(port: port, "/index.html", host: "127.0.0.1:\(port)").status == 404)
        await fixture.stop()
    }

    @Test func aSaveMakesANewPageAndASyntaxErrorKeepsTheLastGoodOne() async throws {
        let fixture = try PreviewFixture()
        let port = try await fixture.start()
        let host = "127.0.0.1:\(port)"
        // Nothing changed: /events waits, then says the same version.
        let idle = try await RawHTTP.getAsync(port: port, "/events?after=1", host: host)
        #expect(idle.body == "{\"version\":1,\"page\":1,\"problems\":[]}")

        // A save of the same bytes is no change.
        try PreviewFixture.program.write(to: fixture.file, atomically: true, encoding: .utf8)
        #expect(try await RawHTTP.getAsync(port: port, "/events?after=1", host: host).body == "{\"version\":1,\"page\":1,\"problems\":[]}")

        // A save that adds a step: a new version and a new page with the step.
        let added = PreviewFixture.program.replacingOccurrences(of: "    step Detail\n", with: "    step Detail\n    step Added\n")
        try added.write(to: fixture.file, atomically: true, encoding: .utf8)
        let changed = try await RawHTTP.getAsync(port: port, "/events?after=1", host: host)
        #expect(changed.body == "{\"version\":2,\"page\":2,\"problems\":[]}")
        #expect(try await RawHTTP.getAsync(port: port, "/", host: host).body.contains("App.Added"))

        // A syntax error: the errors with file, line and column; the page stays the last good one.
        try added.replacingOccurrences(of: "on detailPicked ->", with: "on ->").write(to: fixture.file, atomically: true, encoding: .utf8)
        let broken = try await RawHTTP.getAsync(port: port, "/events?after=2", host: host)
        let state = try #require(try JSONSerialization.jsonObject(with: Data(broken.body.utf8)) as? [String: Any])
        #expect(state["version"] as? Int == 3 && state["page"] as? Int == 2)
        let problems = try #require(state["problems"] as? [[String: Any]])
        #expect(!problems.isEmpty)
        #expect(problems.first?["file"] as? String == fixture.file.path && problems.first?["line"] as? Int == 4)
        #expect((problems.first?["message"] as? String)?.hasSuffix("[syntax]") == true)
        let page = try await RawHTTP.getAsync(port: port, "/", host: host).body
        #expect(page.contains("App.Added") && page.contains("\"page\":2"))

        // Fixed: a new page, no errors.
        try PreviewFixture.program.write(to: fixture.file, atomically: true, encoding: .utf8)
        let fixed = try await RawHTTP.getAsync(port: port, "/events?after=3", host: host)
        #expect(fixed.body == "{\"version\":4,\"page\":4,\"problems\":[]}")
        #expect(!(try await RawHTTP.getAsync(port: port, "/", host: host).body.contains("App.Added")))
        await fixture.stop()
    }

    @Test func aProgramThatNeverCompiledServesItsErrorsOnAnEmptyPage() async throws {
        let fixture = try PreviewFixture()
        try "flow App {\n    start Home\n    step Home {\n        on -> push Home\n    }\n}\n"
            .write(to: fixture.file, atomically: true, encoding: .utf8)
        let port = try await fixture.start()
        let page = try await RawHTTP.getAsync(port: port, "/", host: "localhost")
        #expect(page.status == 200)
        #expect(page.body.contains("\"page\":0,\"problems\":[{\"file\":"))
        #expect(page.body.contains("\"flows\":[]"))
        await fixture.stop()
    }

    @Test func aChangeIsTakenOnlyOnceTwoReadsAgree() async throws {
        let fixture = try PreviewFixture()
        let state = fixture.server.state
        #expect(await state.refresh())  // the first read
        #expect(await state.snapshot.version == 1)
        // Truncated, as an editor saving in place leaves the file for a moment: not taken at once.
        try "".write(to: fixture.file, atomically: false, encoding: .utf8)
        #expect(await state.refresh() == false)
        try PreviewFixture.program.write(to: fixture.file, atomically: false, encoding: .utf8)
        #expect(await state.refresh() == false)  // back as it was: nothing changed
        #expect(await state.snapshot.version == 1)
        let added = PreviewFixture.program + "flow Other {\n    start A\n    step A\n}\n"
        try added.write(to: fixture.file, atomically: false, encoding: .utf8)
        #expect(await state.refresh() == false)
        #expect(await state.refresh() == true)  // the same bytes twice: taken
        #expect(await state.snapshot == .init(version: 2, page: 2, problems: []))
        #expect(String(decoding: await state.page, as: UTF8.self).contains("Other.A"))
        try? FileManager.default.removeItem(at: fixture.folder)
    }

    /// The machine's IPv4 addresses other than loopback (none in a sandbox without a network).
    static func otherIPv4Addresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        var cursor = list
        while let entry = cursor {
            if let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) {
                var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
                if getnameinfo(address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 {
                    let text = String(cString: host)
                    if !text.hasPrefix("127.") { addresses.append(text) }
                }
            }
            cursor = entry.pointee.ifa_next
        }
        return addresses
    }
}
