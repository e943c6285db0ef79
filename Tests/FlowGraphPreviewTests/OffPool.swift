import Foundation

/// Runs blocking work (a socket read, a child process) on a thread of its own, not on one of the
/// few threads of Swift's cooperative pool (two on a 2-core machine), which the preview server
/// needs to answer: blocking them from the tests would starve it.
func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.start()
    }
}
