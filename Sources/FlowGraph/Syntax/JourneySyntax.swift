/// `journey Name { ... }`: a user's path through the app and what they see along it, run on the
/// program's meaning by `flowgraph check` (see docs/Journeys.md). Each line makes a move and may
/// say what comes of it: `statusTapped(status: 42) -> StatusDetail(status: 42)`.
package struct JourneySyntax: Sendable {
    public let name: Name
    public let doc: [String]
    public let range: SourceRange
    public var lines: [JourneyLineSyntax] = []
    /// `from Settings`, `from Profile.Settings`: where the journey starts, reached by the shortest
    /// way from the app's start; nil for the app's start.
    public var from: (step: Name, flow: Name?)?
    /// Whether a syntax error lost some of its lines: it is not run.
    public var isIncomplete = false
}

/// One line of a journey: `given` answers, a move with what it leads to, or `expect` alone.
package struct JourneyLineSyntax: Sendable {
    public var move: JourneyMoveSyntax
    /// After `->` (or `expect`): what the user sees then; nil for a move that must only be made.
    public var expectation: JourneyExpectationSyntax?
    public let range: SourceRange
    /// `receives (filters: red)` after a screen: the values a back move handed that screen.
    public var received: [JourneyValueSyntax]? = nil
}

/// What a journey's line does.
package enum JourneyMoveSyntax: Sendable {
    /// `given isSignedIn, !hasDrafts`: the guards answer so from here on (every other guard yes).
    case given([GuardTestSyntax])
    /// `statusTapped(status: 42)`: the screen on top sends the event, with its payload's values.
    case send(Name, [JourneyValueSyntax])
    /// `open "/tags/swift"`: the app opens the URL.
    case open(String, SourceRange)
    /// `back`: the back button (on an iPhone, also from a split view's column's first screen).
    case back(SourceRange)
    /// `swipe`: the sheet on top swiped away.
    case swipe(SourceRange)
    /// `select Search`: the user picks a tab.
    case select(Name)
    /// `expect X`: nothing is done; the line only says what is on screen.
    case none
}

/// `status: 42`, `tag: "swift"`, `ref: nil`: a value of a payload or a screen's input, as text
/// (nil for `nil`).
package struct JourneyValueSyntax: Sendable, Hashable {
    public let name: Name
    public let text: String?
}

/// What a journey expects after a move.
package enum JourneyExpectationSyntax: Sendable {
    /// `StatusDetail(status: 42)`, `sheet Settings`, `Profile.Followers`: the screen on top (its
    /// inputs, those given), presented as the kind says when one is (`sheet`, `cover`, `popover`).
    case screen(step: Name, flow: Name?, values: [JourneyValueSyntax]?, presented: ActionKind?, range: SourceRange)
    /// `alert DiscardDraft`: the alert (or dialog) on screen.
    case alert(Name)
    /// `blocked by isSignedIn`: a guard said no.
    case blocked(Name)
    /// `not handled`: no clause handles the event where the user is (or no link the URL).
    case notHandled(SourceRange)
    /// `impossible`: a clause fired whose move cannot be made there.
    case impossible(SourceRange)
    /// `tab Profile`: the tab selected in the innermost tab bar on screen.
    case tab(Name)
    /// `stack Catalog, Product`: the screens of the stack on top, from its bottom; `stack
    /// Watchlist: SavedMovies, MovieDetail`: of that tab's stack, whichever tab is selected.
    case stack(tab: Name?, [Name], SourceRange)
}
