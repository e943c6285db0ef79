import Testing
@testable import FlowGraphPreview

/// The rules of the preview server, without a socket.
@Suite("flowgraph preview: which requests are answered")
struct PreviewRequestPolicyTests {
    @Test(arguments: ["127.0.0.1", "127.0.0.1:8080", "localhost", "LOCALHOST:3000", "[::1]", "[::1]:8080", "127.1.2.3"])
    func loopbackHostsAreAnswered(host: String) {
        #expect(PreviewRequestPolicy.isLoopback(host: host))
        #expect(PreviewRequestPolicy.decide(method: "GET", target: "/", host: host) == .page)
    }

    @Test(arguments: ["example.com", "localhost.example.com", "127.0.0.1.nip.io", "127.0.0.256", "127.0.0", "128.0.0.1",
                      "10.0.0.1", "[::2]", "[::1]x", "[::1", "localhost:", "localhost:65536", "localhost:80:80", "", " 127.0.0.1"])
    func otherHostsAreRefused(host: String) {
        #expect(!PreviewRequestPolicy.isLoopback(host: host))
        #expect(PreviewRequestPolicy.decide(method: "GET", target: "/", host: host) == .badHost)
    }

    @Test func aMissingHostIsRefusedBeforeAnythingElse() {
        #expect(PreviewRequestPolicy.decide(method: "POST", target: "/../../etc/passwd", host: nil) == .badHost)
    }

    @Test func onlyThePageAndItsEventsAreServed() {
        let decide = { (target: String) in PreviewRequestPolicy.decide(method: "GET", target: target, host: "localhost") }
        #expect(decide("/") == .page)
        #expect(PreviewRequestPolicy.decide(method: "HEAD", target: "/", host: "localhost") == .page)
        #expect(decide("/?anything") == .page)
        #expect(decide("/events") == .events(after: nil))
        #expect(decide("/events?after=12") == .events(after: 12))
        #expect(decide("/events?x=1&after=3") == .events(after: 3))
        for target in ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc/passwd", "/App.flow", "/samples/", "//", "/index.html",
                       "/index.html/",
                       "/events/", "/Events", "/events/../index.html", "*", "http://127.0.0.1/"] {
            #expect(decide(target) == .notFound, "\(target)")
        }
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "CONNECT", "TRACE", "get", "head"])
    func onlyGETIsAnswered(method: String) {
        #expect(PreviewRequestPolicy.decide(method: method, target: "/", host: "localhost") == .methodNotAllowed)
    }

    @Test
    func theSimulatorTakesAJSONActionFromThePageItself() {
        let decide = { (type: String?, origin: String?) in
            PreviewRequestPolicy.decide(method: "POST", target: "/simulator", host: "127.0.0.1:8000", contentType: type, origin: origin)
        }
        #expect(decide("application/json", nil) == .simulator(isAction: true))
        #expect(decide("Application/JSON; charset=utf-8", "http://127.0.0.1:8000") == .simulator(isAction: true))
        #expect(decide("application/json", "http://localhost:8000") == .simulator(isAction: true))
        // What another site's page can send without the browser asking first, or from its own origin.
        #expect(decide("text/plain", nil) == .refusedAction)
        #expect(decide("application/x-www-form-urlencoded", nil) == .refusedAction)
        #expect(decide(nil, nil) == .refusedAction)
        #expect(decide("application/json", "http://evil.example") == .refusedAction)
        #expect(decide("application/json", "null") == .refusedAction)
        #expect(decide("application/json", "https://127.0.0.1.evil.example") == .refusedAction)
        // Its state is read with GET; POST reaches nothing else.
        #expect(PreviewRequestPolicy.decide(method: "GET", target: "/simulator", host: "localhost") == .simulator(isAction: false))
        #expect(PreviewRequestPolicy.decide(method: "POST", target: "/events", host: "localhost", contentType: "application/json")
            == .methodNotAllowed)
        #expect(PreviewRequestPolicy.decide(method: "POST", target: "/simulator", host: "evil.example", contentType: "application/json")
            == .badHost)
    }
}
