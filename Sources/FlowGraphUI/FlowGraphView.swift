// The SwiftUI view of a running program. SwiftUI is not on Linux, where FlowGraph is built and
// tested: this file is not compiled in CI. It holds no decision of its own: every one is in
// NavigationModel, which is tested; keep it that way.
#if canImport(SwiftUI)
import FlowGraphRuntime
import SwiftUI

/// Shows a running program: a `NavigationStack` per stack (its path bound to the model), a
/// `TabView` per tabs flow, the modal stacks as `.sheet`, `.popover` and `.fullScreenCover`, one
/// over the other (a locked sheet with `.interactiveDismissDisabled`); the app gives only the view
/// of each screen.
///
///     FlowGraphView(model: model) { screen in
///         switch screen {
///         case .store(.catalog): CatalogView()
///         case .store(.item(let item)): ItemView(item: item)
///         default: EmptyView()
///         }
///     }
public struct FlowGraphView<Program: NavigationProgram, ScreenView: View>: View {
    let model: NavigationModel<Program>
    let screen: (Program.Screen) -> ScreenView

    public init(model: NavigationModel<Program>, @ViewBuilder screen: @escaping (Program.Screen) -> ScreenView) {
        self.model = model
        self.screen = screen
    }

    public var body: some View {
        FlowContainer(model: model, id: model.rootID, screen: screen)
            .modifier(PresentedStacks(model: model, level: 0, screen: screen))
    }
}

/// A running flow: its one stack, or a tab bar of them.
struct FlowContainer<Program: NavigationProgram, ScreenView: View>: View {
    let model: NavigationModel<Program>
    let id: Navigator<Program>.FlowID
    let screen: (Program.Screen) -> ScreenView

    var body: some View {
        if let running = model.flow(id), running.isTabs {
            TabView(selection: Binding(get: { @MainActor in model.selectedTab(of: id) }, set: { @MainActor in model.selectTab($0, of: id) })) {
                ForEach(Array(running.tabs.enumerated()), id: \.element.id) { index, tab in
                    StackContainer(model: model, id: tab.id, screen: screen)
                        .tabItem { Text(model.tabTitle(tab)) }
                        .tag(index)
                }
            }
        } else if let running = model.flow(id) {
            StackContainer(model: model, id: running.tabs[0].id, screen: screen)
        }
    }
}

/// A stack: the flow its only entry runs, or a `NavigationStack` of its entries.
struct StackContainer<Program: NavigationProgram, ScreenView: View>: View {
    let model: NavigationModel<Program>
    let id: Navigator<Program>.StackID
    let screen: (Program.Screen) -> ScreenView

    var body: some View {
        if let stack = model.stack(id), case .flow(let subflow)? = model.content(of: stack) {
            FlowContainer(model: model, id: subflow, screen: screen)
        } else if let stack = model.stack(id) {
            NavigationStack(path: Binding(get: { @MainActor in model.path(of: id) }, set: { @MainActor in model.setPath($0, of: id) })) {
                EntryView(model: model, entry: stack.entries[0], screen: screen)
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
        case .flow(let subflow): FlowContainer(model: model, id: subflow, screen: screen)
        }
    }
}

/// The modal stack at `level` over the content, presenting the next level over itself.
struct PresentedStacks<Program: NavigationProgram, ScreenView: View>: ViewModifier {
    let model: NavigationModel<Program>
    let level: Int
    let screen: (Program.Screen) -> ScreenView

    func body(content: Content) -> some View {
        #if os(macOS)
        content.sheet(item: presented(.sheet)) { stack in layer(stack) }
            .popover(item: presented(.popover)) { stack in layer(stack) }
            .sheet(item: presented(.cover)) { stack in layer(stack) }
        #else
        content.sheet(item: presented(.sheet)) { stack in layer(stack) }
            .popover(item: presented(.popover)) { stack in layer(stack) }
            .fullScreenCover(item: presented(.cover)) { stack in layer(stack) }
        #endif
    }

    /// A modal stack; a locked one cannot be swiped away (or closed by a tap outside), asked each
    /// time the view is drawn.
    private func layer(_ stack: Navigator<Program>.Stack) -> some View {
        StackContainer(model: model, id: stack.id, screen: screen)
            .modifier(PresentedStacks(model: model, level: level + 1, screen: screen))
            .interactiveDismissDisabled(model.isLocked(stack.id))
    }

    /// SwiftUI sets it to nil when the user swipes the sheet away (or taps outside the popover).
    private func presented(_ style: Navigator<Program>.ModalStyle) -> Binding<Navigator<Program>.Stack?> {
        Binding(
            get: { @MainActor in model.presented(at: level, style: style).flatMap { model.stack($0) } },
            set: { @MainActor in if $0 == nil, model.presented(at: level, style: style) != nil { model.dismissed(at: level) } })
    }
}
#endif
