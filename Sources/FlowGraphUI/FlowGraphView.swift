// The SwiftUI view of a running program. SwiftUI is not on Linux, where FlowGraph is built and
// tested: this file is not compiled in CI. It holds no decision of its own: every one is in
// NavigationModel, which is tested; keep it that way.
#if canImport(SwiftUI)
import FlowGraphRuntime
import SwiftUI

/// Shows a running program: a `NavigationStack` per stack (its path bound to the model), a
/// `TabView` per tabs flow, a `NavigationSplitView` per split view (one `NavigationStack` of its
/// columns on a compact width), the modal stacks as `.sheet`, `.popover` and `.fullScreenCover`, one
/// over the other (a locked sheet with `.interactiveDismissDisabled`), and the alert on screen as
/// an `.alert` or a `.confirmationDialog` over the topmost; the app gives the view of each screen
/// and what each alert says (`AlertContent`).
///
///     FlowGraphView(model: model) { screen in
///         switch screen {
///         case .store(.catalog): CatalogView()
///         case .store(.item(let item)): ItemView(item: item)
///         default: EmptyView()
///         }
///     } alert: { shown in
///         AlertContent(title: "Remove this item?", buttons: [
///             .init("Remove", role: .destructive) { navigator.send(Store.Event.removeConfirmed) },
///             .init("Keep", role: .cancel) { navigator.send(Store.Event.keepTapped) },
///         ])
///     }
public struct FlowGraphView<Program: NavigationProgram, ScreenView: View>: View {
    let model: NavigationModel<Program>
    let screen: (Program.Screen) -> ScreenView
    let alert: @MainActor (Navigator<Program>.ShownAlert) -> AlertContent

    /// Without `alert`, an alert shows its name and a button that only closes it.
    public init(model: NavigationModel<Program>, @ViewBuilder screen: @escaping (Program.Screen) -> ScreenView,
                alert: (@MainActor (Navigator<Program>.ShownAlert) -> AlertContent)? = nil) {
        self.model = model
        self.screen = screen
        self.alert = alert ?? { @MainActor [model] shown in AlertContent.placeholder(shown, in: model) }
    }

    /// Where `open url` sends a URL: the system, unless the app's environment says otherwise.
    @Environment(\.openURL) private var openURL
    #if os(iOS)
    /// The width the app is laid out in, which `sheet Compose compact cover` presents by.
    @Environment(\.horizontalSizeClass) private var horizontalSizeClass
    #endif

    public var body: some View {
        FlowContainer(model: model, id: model.rootID, screen: screen)
            .modifier(PresentedStacks(model: model, level: 0, screen: screen, alert: alert))
            .onChange(of: model.lastOpened) { _, opened in
                if let opened, let url = URL(string: opened.url) { openURL(url) }
            }
            #if os(iOS)
            .onAppear { model.sizeClass = horizontalSizeClass == .regular ? .regular : .compact }
            .onChange(of: horizontalSizeClass) { _, sizeClass in model.sizeClass = sizeClass == .regular ? .regular : .compact }
            #elseif os(macOS)
            // A Mac window has room for a split view's columns side by side.
            .onAppear { model.sizeClass = .regular }
            #endif
    }
}

/// A running flow: its one stack, a tab bar of them, or a split view of its columns.
struct FlowContainer<Program: NavigationProgram, ScreenView: View>: View {
    let model: NavigationModel<Program>
    let id: Navigator<Program>.FlowID
    let screen: (Program.Screen) -> ScreenView

    var body: some View {
        if let running = model.flow(id), running.isTabs {
            // The items that present their step (`step Post as sheet`) come after the tabs, tagged
            // after them: picking one presents its step, and the tab shown stays selected.
            let items = model.tabItems(of: id)
            let selection = Binding(get: { @MainActor in model.selectedTab(of: id) }, set: { @MainActor (tag: Int) in
                if tag >= running.tabs.count, items.indices.contains(tag - running.tabs.count) {
                    model.tapTabItem(items[tag - running.tabs.count], of: id)
                } else {
                    model.selectTab(tag, of: id)
                }
            })
            TabView(selection: selection) {
                ForEach(Array(running.tabs.enumerated()), id: \.element.id) { index, tab in
                    StackContainer(model: model, id: tab.id, screen: screen)
                        .tabItem { Text(model.tabTitle(tab)) }
                        .tag(index)
                }
                ForEach(Array(items.enumerated()), id: \.offset) { offset, item in
                    Color.clear
                        .tabItem { Text(model.tabItemTitle(item)) }
                        .tag(running.tabs.count + offset)
                }
            }
        } else if let running = model.flow(id), running.isSplit {
            SplitContainer(model: model, id: id, screen: screen)
        } else if let running = model.flow(id) {
            StackContainer(model: model, id: running.tabs[0].id, screen: screen)
        }
    }
}

/// A split view (`flow Mail split`), laid out by the model's width. Regular: a `NavigationSplitView`
/// of its columns, three when the flow has a content column (`NavigationModel.hasContentColumn`),
/// else two; the sidebar and the content column show their one screen, the detail column is a
/// `NavigationStack` over its own path, and a column not filled yet an empty placeholder. Compact:
/// one `NavigationStack`, the sidebar's screen at its root and every other column's screens pushed
/// over it (`collapsedPath`), whose back button past a column's first screen closes that column
/// (`setCollapsedPath`). Every screen keeps its entry's identity, as in `StackContainer`.
struct SplitContainer<Program: NavigationProgram, ScreenView: View>: View {
    let model: NavigationModel<Program>
    let id: Navigator<Program>.FlowID
    let screen: (Program.Screen) -> ScreenView

    var body: some View {
        if let columns = model.columns(of: id) {
            if model.sizeClass == .compact {
                collapsed(root: columns.sidebar.entries[0])
            } else if model.hasContentColumn(id) {
                NavigationSplitView {
                    column(columns.sidebar)
                } content: {
                    column(columns.content)
                } detail: {
                    detail(columns.detail)
                }
            } else {
                NavigationSplitView {
                    column(columns.sidebar)
                } detail: {
                    detail(columns.detail)
                }
            }
        }
    }

    /// The sidebar or the content column: its one screen (or the flow its step runs), keyed by its
    /// entry, so that a `show` of an equal screen builds it anew.
    @MainActor @ViewBuilder
    private func column(_ stack: Navigator<Program>.Stack?) -> some View {
        if let entry = stack?.entries.first {
            EntryView(model: model, entry: entry, screen: screen)
                .id(entry.id)
        } else {
            Color.clear
        }
    }

    /// The detail column: a stack that pushes, keyed by its id (a `show` in the detail puts a new
    /// column there, with a new path).
    @MainActor @ViewBuilder
    private func detail(_ stack: Navigator<Program>.Stack?) -> some View {
        if let stack {
            StackContainer(model: model, id: stack.id, screen: screen)
                .id(stack.id)
        } else {
            Color.clear
        }
    }

    /// The columns as one stack, on a compact width.
    @MainActor
    private func collapsed(root: Navigator<Program>.Entry) -> some View {
        NavigationStack(path: Binding(get: { @MainActor in model.collapsedPath(of: id) },
                                      set: { @MainActor in model.setCollapsedPath($0, of: id) })) {
            EntryView(model: model, entry: root, screen: screen)
                .id(root.id)
                .navigationDestination(for: Navigator<Program>.EntryID.self) { entryID in
                    if let entry = model.entry(entryID) { EntryView(model: model, entry: entry, screen: screen) }
                }
        }
    }
}

/// A stack: the flow its only entry runs, or a `NavigationStack` of its entries.
///
/// Every view of an entry has the entry's identity, which the model keeps and a view must not drop:
/// a pushed one through the path of entry ids, the root through `.id(root.id)` (a `root` or a
/// `replace` at the bottom to a screen of the same view type is a new entry, whose view must not
/// keep the old screen's `@State`, as FlowStack keys its root), and a flow's container through its
/// flow's id (a subflow that starts over in the same entry is a new running flow, with new stacks).
struct StackContainer<Program: NavigationProgram, ScreenView: View>: View {
    let model: NavigationModel<Program>
    let id: Navigator<Program>.StackID
    let screen: (Program.Screen) -> ScreenView

    var body: some View {
        if let stack = model.stack(id), case .flow(let subflow)? = model.content(of: stack) {
            FlowContainer(model: model, id: subflow, screen: screen)
                .id(subflow)
        } else if let root = model.root(of: id) {
            NavigationStack(path: Binding(get: { @MainActor in model.path(of: id) }, set: { @MainActor in model.setPath($0, of: id) })) {
                EntryView(model: model, entry: root, screen: screen)
                    .id(root.id)
                    .navigationDestination(for: Navigator<Program>.EntryID.self) { entryID in
                        if let entry = model.entry(entryID) { EntryView(model: model, entry: entry, screen: screen) }
                    }
            }
        }
    }
}

/// One entry: the app's view of its screen, or the flow its step runs.
struct EntryView<Program: NavigationProgram, ScreenView: View>: View {
    let model: NavigationModel<Program>
    let entry: Navigator<Program>.Entry
    let screen: (Program.Screen) -> ScreenView

    var body: some View {
        switch model.content(of: entry) {
        case .screen(let shown): screen(shown)
        case .flow(let subflow): FlowContainer(model: model, id: subflow, screen: screen).id(subflow)
        }
    }
}

/// The modal stack at `level` over the content, presenting the next level over itself, and the
/// alert on screen when the content is the topmost (`NavigationModel.alert(at:)`).
struct PresentedStacks<Program: NavigationProgram, ScreenView: View>: ViewModifier {
    let model: NavigationModel<Program>
    let level: Int
    let screen: (Program.Screen) -> ScreenView
    let alert: @MainActor (Navigator<Program>.ShownAlert) -> AlertContent

    func body(content: Content) -> some View {
        #if os(macOS)
        content.sheet(item: presented(.sheet)) { stack in layer(stack) }
            .popover(item: presented(.popover)) { stack in layer(stack) }
            .sheet(item: presented(.cover)) { stack in layer(stack) }
            .modifier(AlertOver(model: model, level: level, alert: alert))
        #else
        content.sheet(item: presented(.sheet)) { stack in layer(stack) }
            .popover(item: presented(.popover)) { stack in layer(stack) }
            .fullScreenCover(item: presented(.cover)) { stack in layer(stack) }
            .modifier(AlertOver(model: model, level: level, alert: alert))
        #endif
    }

    /// A modal stack; a locked one cannot be swiped away (or closed by a tap outside), asked each
    /// time the view is drawn.
    private func layer(_ stack: Navigator<Program>.Stack) -> some View {
        StackContainer(model: model, id: stack.id, screen: screen)
            .modifier(PresentedStacks(model: model, level: level + 1, screen: screen, alert: alert))
            .interactiveDismissDisabled(model.isLocked(stack.id))
            .modifier(SheetDetents(detents: model.detents(of: stack.id).detents, isInteractive: model.detents(of: stack.id).isInteractive))
    }

    /// SwiftUI sets it to nil when the user swipes the sheet away (or taps outside the popover).
    private func presented(_ style: Navigator<Program>.ModalStyle) -> Binding<Navigator<Program>.Stack?> {
        Binding(
            get: { @MainActor in model.presented(at: level, style: style).flatMap { model.stack($0) } },
            set: { @MainActor in if $0 == nil, model.presented(at: level, style: style) != nil { model.dismissed(at: level) } })
    }
}

/// `detents medium, large interactive` of the step at the bottom of a sheet: the heights it stops
/// at (iOS 16) and, at the smallest, touches for what is under it (iOS 16.4); the platform's
/// otherwise, and on other systems.
struct SheetDetents: ViewModifier {
    let detents: [ProgramTable.Detent]
    let isInteractive: Bool

    func body(content: Content) -> some View {
        #if os(iOS)
        if detents.isEmpty {
            content
        } else if #available(iOS 16.4, *) {
            content.presentationDetents(Set(detents.map(Self.detent)))
                .presentationBackgroundInteraction(isInteractive ? .enabled(upThrough: Self.detent(detents[0])) : .automatic)
        } else if #available(iOS 16, *) {
            content.presentationDetents(Set(detents.map(Self.detent)))
        } else {
            content
        }
        #else
        content
        #endif
    }

    #if os(iOS)
    @available(iOS 16, *)
    static func detent(_ detent: ProgramTable.Detent) -> PresentationDetent {
        switch detent {
        case .medium: .medium
        case .large: .large
        case .height(let points): .height(CGFloat(points))
        }
    }
    #endif
}

/// The alert on screen, over the content at `level` when it is the topmost: an `.alert`, or a
/// `.confirmationDialog` for a dialog. SwiftUI closes it after a button's action, which sent the
/// button's event (at once, or from a `Task`: the model is told the button was tapped); closed
/// any other way (a dialog tapped around), the model reports it.
struct AlertOver<Program: NavigationProgram>: ViewModifier {
    let model: NavigationModel<Program>
    let level: Int
    let alert: @MainActor (Navigator<Program>.ShownAlert) -> AlertContent

    func body(content: Content) -> some View {
        let shown = model.alert(at: level)
        // Presented from a clear view keyed by the alert's id, not from the content: an alert that
        // takes the place of another in one move (a button whose move shows the next) is a new
        // alert, which SwiftUI must present anew rather than keep the first on screen.
        content.background {
            presenter(shown).id(shown?.id)
        }
    }

    @MainActor
    private func presenter(_ shown: Navigator<Program>.ShownAlert?) -> some View {
        let text = shown.map(alert)
        return Color.clear
            .alert(text?.title ?? "", isPresented: isPresented(shown, dialog: false), presenting: text) { text in
                buttons(text, of: shown)
            } message: { text in
                if let message = text.message { Text(message) }
            }
            .confirmationDialog(text?.title ?? "", isPresented: isPresented(shown, dialog: true), titleVisibility: .visible,
                                presenting: text) { text in
                buttons(text, of: shown)
            } message: { text in
                if let message = text.message { Text(message) }
            }
    }

    /// The buttons; each tells the model first that the close SwiftUI makes after its action is
    /// not the user's, since an `async` program's `send` may take the button's event later.
    @ViewBuilder
    private func buttons(_ text: AlertContent, of shown: Navigator<Program>.ShownAlert?) -> some View {
        ForEach(Array(text.buttons.enumerated()), id: \.offset) { _, button in
            Button(button.label, role: button.role.map(Self.role)) { @MainActor in
                if let shown { model.buttonTapped(ofAlert: shown.id) }
                button.action()
            }
        }
    }

    private static func role(_ role: AlertContent.Role) -> ButtonRole {
        switch role {
        case .cancel: .cancel
        case .destructive: .destructive
        }
    }

    private func isPresented(_ shown: Navigator<Program>.ShownAlert?, dialog: Bool) -> Binding<Bool> {
        Binding(
            get: { @MainActor in shown.map { $0.isDialog == dialog && model.alert(at: level)?.id == $0.id } ?? false },
            set: { @MainActor in if !$0, let shown, shown.isDialog == dialog { model.alertClosed(shown.id) } })
    }
}
#endif
