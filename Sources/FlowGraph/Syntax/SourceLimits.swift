/// The limits of what the compiler reads, each far above what a person writes, so that a
/// generated or hostile file gets a diagnostic rather than a crash, an overflowed stack or a
/// run that never ends. Documented in docs/Language.md, "Limits".
package enum SourceLimits {
    /// The largest file, in bytes (32 MiB: a flow of 1,000,000 steps fits).
    public static let fileSize = 32 << 20
    /// The deepest nesting of `(`, `[` and `<` in one type.
    public static let typeNesting = 100
    /// The most `else` actions in one `on` clause.
    public static let elseActions = 100
    /// The most back moves in one action (`pop, pop, dismiss, push X`).
    public static let backMoves = 4
    /// The most steps after `at` (`at A.B.C.D`).
    public static let atDepth = 8
    /// The longest name, in bytes.
    public static let nameLength = 1024
}
