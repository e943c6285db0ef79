import FlowGraph
import FlyingFox
import FlyingSocks
import Foundation

/// `flowgraph preview`: serves the program's page on 127.0.0.1, reads the `.flow` files again
/// every `interval` (a change counts once two reads in a row agree), and answers the page's
/// `/events` question as soon as they change, so the page
/// reloads (keeping its flow and zoom) or shows the new errors over the last good diagram.
///
/// What it promises (docs/Diagrams.md, tested in FlowGraphPreviewTests): it listens on the IPv4
/// loopback address only; it answers GET `/` (the page), `/events` and `/simulator`, and POST
/// `/simulator`, nothing else (no file is ever read from a request's path, nothing is listed); a
/// request whose `Host` is not a loopback name is refused (DNS rebinding); no request runs anything
/// but the simulator's navigator, in memory (a JSON body, which another site's page cannot send
/// without the browser asking first: `PreviewSimulator`).
public final class PreviewServer: Sendable {
    public let state: PreviewState
    private let server: HTTPServer
    private let interval: Duration
    /// How long `/events` waits for a change before it answers with none.
    private let eventWait: Duration

    /// - Parameter port: the port on 127.0.0.1; 0 for a free one (see `port()`).
    public init(state: PreviewState, port: UInt16 = 0, interval: Duration = .milliseconds(50), eventWait: Duration = .seconds(10)) throws {
        self.state = state
        self.interval = interval
        self.eventWait = eventWait
        let handler = Handler(state: state, eventWait: eventWait, simulator: PreviewSimulator())
        server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: port), timeout: 30, logger: .disabled, handler: handler)
    }

    /// Reads the program, then serves it and watches its files until the task is cancelled.
    public func run() async throws {
        await state.refresh()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.server.run() }
            group.addTask {
                while !Task.isCancelled {
                    try await Task.sleep(for: self.interval)
                    await self.state.refresh()
                }
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    /// The port it listens on, or nil while it does not (yet, or any more).
    public func port() async -> UInt16? {
        guard case .ip4(_, let port)? = await server.listeningAddress else { return nil }
        return port
    }

    /// The address it listens on, once it does: always 127.0.0.1.
    public func address() async -> String? {
        guard case .ip4(let address, _)? = await server.listeningAddress else { return nil }
        return address
    }

    /// Stops listening and closes the connections.
    public func stop() async {
        await server.stop(timeout: 1)
    }
}


/// Answers every request through `PreviewRequestPolicy`.
private struct Handler: HTTPHandler {
    let state: PreviewState
    let eventWait: Duration
    let simulator: PreviewSimulator

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let response = try await answer(request)
        // HEAD: what GET says, without its body.
        guard request.method.rawValue == "HEAD" else { return response }
        return HTTPResponse(statusCode: response.statusCode, headers: response.headers, body: Data())
    }

    private func answer(_ request: HTTPRequest) async throws -> HTTPResponse {
        let decision = PreviewRequestPolicy.decide(
            method: request.method.rawValue, target: request.target.rawValue, host: request.headers[.host],
            contentType: request.headers[.contentType], origin: request.headers[HTTPHeader("Origin")])
        switch decision {
        case .badHost:
            return Self.text(.badRequest, "this server answers only requests to 127.0.0.1 or localhost\n")
        case .methodNotAllowed:
            return Self.text(.methodNotAllowed, "only GET and HEAD\n", headers: [HTTPHeader("Allow"): "GET, HEAD"])
        case .notFound:
            return Self.text(.notFound, "not found\n")
        case .refusedAction:
            return Self.text(.unsupportedMediaType, "the simulator takes a JSON body from this server's own page\n")
        case .simulator(let isAction):
            var body: Data?
            if isAction {
                let data = try await request.bodyData
                guard data.count <= PreviewSimulator.largestBody else { return Self.text(.payloadTooLarge, "too large\n") }
                body = data
            }
            let good = await state.good
            let (ok, json) = await simulator.answer(body, program: good)
            return HTTPResponse(statusCode: ok ? .ok : .badRequest, headers: Self.headers("application/json"), body: Data(json.utf8))
        case .page:
            return HTTPResponse(statusCode: .ok, headers: Self.headers("text/html; charset=utf-8"), body: Data(await state.page))
        case .events(let after):
            var snapshot = await state.snapshot
            let deadline = ContinuousClock.now + eventWait
            while snapshot.version == after, request.method.rawValue != "HEAD", ContinuousClock.now < deadline, !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(40))
                snapshot = await state.snapshot
            }
            let json = MapPageSettings.jsonText(.init(version: snapshot.version, page: snapshot.page, problems: snapshot.problems))
            return HTTPResponse(statusCode: .ok, headers: Self.headers("application/json"), body: Data(json.utf8))
        }
    }

    static func headers(_ type: String) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers[.contentType] = type
        headers[.cacheControl] = "no-store"
        headers[HTTPHeader("X-Content-Type-Options")] = "nosniff"
        headers[HTTPHeader("X-Frame-Options")] = "DENY"
        headers[HTTPHeader("Cross-Origin-Resource-Policy")] = "same-origin"
        headers[HTTPHeader("Referrer-Policy")] = "no-referrer"
        return headers
    }

    static func text(_ status: HTTPStatusCode, _ text: String, headers extra: [HTTPHeader: String] = [:]) -> HTTPResponse {
        var headers = Self.headers("text/plain; charset=utf-8")
        for (name, value) in extra { headers[name] = value }
        return HTTPResponse(statusCode: status, headers: headers, body: Data(text.utf8))
    }
}
