import FlowGraphRuntime

/// What an alert or dialog of the program says and which buttons it has: the app makes it from
/// the alert on screen (`Navigator.ShownAlert`, whose typed `value` holds the alert's inputs), and
/// the SwiftUI view and the UIKit coordinator show it as it is. Each button's `action` sends the
/// button's event (`send` is the app's: synchronous or `async`, as the program's guards are).
///
///     FlowGraphView(model: model, screen: screenView) { shown in
///         switch shown.value {
///         case .compose(.discardDraft):
///             AlertContent(title: "Discard this draft?", buttons: [
///                 .init("Discard", role: .destructive) { navigator.send(ComposeFlow.Event.discardTapped) },
///                 .init("Keep Editing", role: .cancel) { navigator.send(ComposeFlow.Event.keepTapped) },
///             ])
///         }
///     }
public struct AlertContent {
    public var title: String
    public var message: String?
    public var buttons: [Button]

    /// How a button looks: a plain one, the one that cancels, or one that destroys something.
    public enum Role: Hashable, Sendable {
        case cancel, destructive
    }

    public struct Button {
        public var label: String
        public var role: Role?
        /// Sends the button's event (the alert is already closed on screen when it runs).
        public var action: @MainActor () -> Void

        public init(_ label: String, role: Role? = nil, action: @escaping @MainActor () -> Void) {
            self.label = label
            self.role = role
            self.action = action
        }
    }

    public init(title: String, message: String? = nil, buttons: [Button]) {
        self.title = title
        self.message = message
        self.buttons = buttons
    }

    /// What an app that says nothing of its alerts shows: the alert's name, and one button that
    /// only closes it (the user closed it, as a dialog tapped around is).
    @MainActor
    public static func placeholder<Program: NavigationProgram>(_ shown: Navigator<Program>.ShownAlert, in model: NavigationModel<Program>)
        -> AlertContent {
        // The navigator's own report: the view has told the model this is a button's close.
        AlertContent(title: shown.name, buttons: [Button("OK", role: .cancel) { model.navigator.userClosedAlert(shown.id) }])
    }
}
