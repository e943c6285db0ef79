/// Which requests the preview server answers: a pure function of the request's method, path and
/// `Host`, so that every rule is tested without a socket.
///
/// The server serves its own page and its state, nothing else: no path of a request ever reaches
/// the file system, there is no listing of anything, and a page from another site cannot read it
/// through a DNS name that resolves to 127.0.0.1 (DNS rebinding), since its requests carry that
/// name as their `Host`.
public enum PreviewRequestPolicy {
    /// What the server does with a request.
    public enum Decision: Equatable, Sendable {
        /// The page.
        case page
        /// The state: `/events?after=N` answers when the version passes `N` (or after a while).
        case events(after: Int?)
        /// `/simulator`: GET its state; POST (a JSON body, from the page itself) an action.
        case simulator(isAction: Bool)
        /// 415: a POST whose body is not declared JSON (a form another site's page could send
        /// without asking the browser first), or whose `Origin` is not this machine's loopback.
        case refusedAction
        /// 400: a `Host` that is not a loopback name or address.
        case badHost
        /// 405: any method but GET and HEAD (HEAD answers as GET, without the body), and POST but to `/simulator`.
        case methodNotAllowed
        /// 404: any other path.
        case notFound
    }

    /// Decides on a request for `target` (the path and query as sent) with method `method`,
    /// `Host` header `host`, and for a POST its `Content-Type` and `Origin` headers.
    public static func decide(method: String, target: String, host: String?, contentType: String? = nil,
                              origin: String? = nil) -> Decision {
        guard let host, isLoopback(host: host) else { return .badHost }
        let (path, query) = split(target)
        if method == "POST", path == "/simulator" {
            // A JSON body makes a browser ask first (CORS), which this server never allows; an
            // `Origin` when sent must be the page's own.
            let type = contentType?.split(separator: ";").first.map { $0.filter { $0 != " " && $0 != "\t" }.lowercased() }
            guard type == "application/json" else { return .refusedAction }
            if let origin {
                guard origin.hasPrefix("http://"), isLoopback(host: String(origin.dropFirst("http://".count))) else { return .refusedAction }
            }
            return .simulator(isAction: true)
        }
        guard method == "GET" || method == "HEAD" else { return .methodNotAllowed }
        switch path {
        case "/simulator": return .simulator(isAction: false)
        case "/": return .page
        case "/events":
            let after = query.split(separator: "&").first { $0.hasPrefix("after=") }.flatMap { Int($0.dropFirst(6)) }
            return .events(after: after)
        default: return .notFound
        }
    }

    /// Whether a `Host` header names this machine's loopback: `127.0.0.1`, `localhost` or `[::1]`,
    /// with or without a port. Names that merely end in them (`localhost.example.com`) are not.
    public static func isLoopback(host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return false }
            let rest = name[name.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && isPort(rest.dropFirst())) else { return false }
            return name[name.index(after: name.startIndex)..<close] == "::1"
        }
        if let colon = name.lastIndex(of: ":") {
            guard isPort(name[name.index(after: colon)...]) else { return false }
            name = String(name[..<colon])
        }
        if name == "localhost" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && UInt8(part) != nil }
    }

    private static func isPort(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 5 && text.allSatisfy { $0.isASCII && $0.isNumber } && Int(text)! <= 65535
    }

    /// The path and the query of a request target; the path exactly as sent (never decoded nor
    /// normalised: only exact matches are served, so `/../`, `%2e%2e` and the like find nothing).
    static func split(_ target: String) -> (path: String, query: Substring) {
        guard let mark = target.firstIndex(of: "?") else { return (target, "") }
        return (String(target[..<mark]), target[target.index(after: mark)...])
    }
}
