// The UIKit coordinator of a running program. UIKit is not on Linux, where FlowGraph is built and
// tested: this file is not compiled in CI. It applies the navigator's commands as they come and
// reports the user's moves; the decisions are the navigator's.
#if canImport(UIKit)
import FlowGraphRuntime
import UIKit

/// Applies a navigator's commands to UIKit: a `UINavigationController` per stack, a
/// `UITabBarController` per tabs flow, a `UISplitViewController` per split view, presentations for
/// modal stacks; and reports the back button, the swipe back, a sheet swiped away (or a popover
/// closed by a tap outside) and a tab picked; a locked sheet cannot be swiped away; an alert is a
/// `UIAlertController` (a dialog in the action-sheet style). Subclass it and override
/// `viewController(for:)`, and `alertContent(for:)` for what each alert says.
///
/// A split view (`flow Mail split`) is laid out from the navigator's state after each batch of
/// commands, by `NavigationModel`: expanded, one navigation controller per column (the detail's
/// pushes); collapsed (a compact width), its `.compact` column's navigation controller holds every
/// column's screens as one stack (`NavigationModel.collapsedPath(of:)`), whose back button past a
/// column's first screen closes that column. Each screen's view controller is made once, for its
/// entry, and moves between the two layouts as the width changes.
///
///     final class AppCoordinator: NavigationCoordinator<FlowRouter> {
///         override func viewController(for screen: FlowRouter.Screen) -> UIViewController {
///             switch screen {
///             case .store(.catalog): CatalogViewController(coordinator: self)
///             default: UIViewController()
///             }
///         }
///     }
///     window.rootViewController = AppCoordinator(FlowNavigator(.app, guards: AppGuards())).root
@MainActor
open class NavigationCoordinator<Program: NavigationProgram> {
    public let navigator: Navigator<Program>
    private var stacks: [Navigator<Program>.StackID: UINavigationController] = [:]
    private var tabBars: [Navigator<Program>.FlowID: UITabBarController] = [:]
    /// The split views by flow; their columns' stacks are not in `stacks`: `layOut(_:animated:)`
    /// fills their navigation controllers from the model after each batch of commands.
    private var splitViews: [Navigator<Program>.FlowID: SplitViewColumns] = [:]
    /// The view controller of each entry of a split view's columns (and of a screen a subflow
    /// started in there), made once: it moves between the columns and the collapsed stack.
    private var entryControllers: [Navigator<Program>.EntryID: UIViewController] = [:]
    /// What the split views are laid out by: their columns, the collapsed stack, the user's back.
    private lazy var model = NavigationModel<Program>(navigator)
    /// The alert controller on screen, with the id of the navigator's alert it shows.
    private var alertController: (id: Int, controller: UIAlertController)?
    private lazy var delegate: CoordinatorDelegate = {
        let delegate = CoordinatorDelegate(
            wentBack: { [weak self] navigation in self?.wentBack(navigation) },
            dismissed: { [weak self] presented in self?.dismissed(presented) },
            mayDismiss: { [weak self] presented in self?.mayDismiss(presented) ?? true },
            selectedTab: { [weak self] tabBar in self?.selectedTab(tabBar) })
        delegate.shouldSelect = { [weak self] tabBar, controller in self?.shouldSelect(tabBar, controller) ?? true }
        delegate.splitLayoutChanged = { [weak self] split in self?.splitLayoutChanged(split) }
        return delegate
    }()

    /// The window's root view controller: the root flow's container, with its first screens.
    public private(set) lazy var root: UIViewController = {
        let running = navigator.chain[0]
        let container = makeContainer(running.id, isTabs: running.isTabs, isSplit: running.isSplit, running.tabs.map(\.id),
                                      reportsSizeClass: true)
        apply(navigator.initialCommands)
        return container
    }()

    public init(_ navigator: Navigator<Program>) {
        self.navigator = navigator
    }

    /// The view controller of a screen; a step that runs a flow gets an empty one, which a `start` fills.
    open func viewController(for screen: Program.Screen) -> UIViewController { UIViewController() }

    /// Where a popover points: by default at the middle of the view of the controller that presents
    /// it, without an arrow. Override to anchor it to the button that opened it.
    open func configurePopover(_ popover: UIPopoverPresentationController, for screen: Program.Screen,
                               presentedBy presenting: UIViewController) {
        popover.sourceView = presenting.view
        popover.sourceRect = CGRect(x: presenting.view.bounds.midX, y: presenting.view.bounds.midY, width: 0, height: 0)
        popover.permittedArrowDirections = []
    }

    /// What a split view's column shows before a `show` filled it (`.supplementary`, `.secondary`):
    /// by default an empty view controller. Called once per column of each split view.
    @available(iOS 14, tvOS 14, *)
    open func placeholder(for column: UISplitViewController.Column) -> UIViewController {
        let placeholder = UIViewController()
        placeholder.view.backgroundColor = .systemBackground
        return placeholder
    }

    /// A back move showed `viewController` again and handed it `value` (its step `receives`):
    /// override to pass the value on. It is called once the back move's transition has started.
    open func deliver(_ value: Program.Received, to viewController: UIViewController) {}

    /// What an alert says, and its buttons, each sending its event (then `apply` what `send`
    /// returns). By default its name, and a button that only closes it. At most one button may
    /// have the cancel role (UIKit's rule).
    open func alertContent(for shown: Navigator<Program>.ShownAlert) -> AlertContent {
        AlertContent(title: shown.name, buttons: [])
    }

    /// Applies an outcome's commands (call it with what `send` and `open` return).
    public func apply(_ outcome: Navigator<Program>.Outcome) { apply(outcome.commands) }

    public func apply(_ commands: [Navigator<Program>.Command]) {
        // One UIKit transition at a time: the last command that changes the screen is animated.
        let last = commands.lastIndex(where: Self.changesTheScreen) ?? commands.count - 1
        for (number, command) in commands.enumerated() {
            let animated = number == last
            switch command {
            case .push(let screen, let stack):
                stacks[stack]?.pushViewController(viewController(for: screen), animated: animated)
            case .replace(let screen, let stack):
                guard let navigation = stacks[stack] else { continue }
                navigation.setViewControllers(navigation.viewControllers.dropLast() + [viewController(for: screen)], animated: animated)
            case .present(let screen, let style, let stack, _):
                let navigation = UINavigationController(rootViewController: viewController(for: screen))
                var top = root
                while let presented = top.presentedViewController { top = presented }
                switch style {
                case .sheet: navigation.modalPresentationStyle = .pageSheet
                case .popover: navigation.modalPresentationStyle = .popover
                case .cover: navigation.modalPresentationStyle = .fullScreen
                }
                if style == .popover, let popover = navigation.popoverPresentationController {
                    configurePopover(popover, for: screen, presentedBy: top)
                }
                if style == .sheet { applyDetents(of: screen, to: navigation) }
                // A sheet locked always; one locked while a guard holds is asked when the user
                // tries (`presentationControllerShouldDismiss`).
                if case .always? = navigator.stack(stack)?.lock { navigation.isModalInPresentation = true }
                navigation.delegate = delegate
                navigation.presentationController?.delegate = delegate
                stacks[stack] = navigation
                top.present(navigation, animated: animated)
            case .pop(let stack):
                stacks[stack]?.popViewController(animated: animated)
            case .popTo(_, let index, let stack):
                guard let navigation = stacks[stack], navigation.viewControllers.indices.contains(index) else { continue }
                navigation.popToViewController(navigation.viewControllers[index], animated: animated)
            case .dismiss(let stack):
                stacks[stack]?.presentingViewController?.dismiss(animated: animated)
            case .setRoot(let screen, let stack):
                stacks[stack]?.setViewControllers([viewController(for: screen)], animated: animated)
            case .selectTab(_, let index, let flow):
                tabBars[flow]?.selectedIndex = index
            case .setTabs(let flow, _) where splitViews[flow] != nil || model.isSplit(flow):
                break  // a split view's new columns: laid out below
            case .setTabs(let flow, let stackIDs):
                // A restart built the tab bar with other tabs: a navigation controller per new one.
                let navigations = stackIDs.map { stackID in
                    stacks[stackID] ?? {
                        let navigation = UINavigationController()
                        navigation.delegate = delegate
                        stacks[stackID] = navigation
                        return navigation
                    }()
                }
                tabBars[flow]?.setViewControllers(navigations + itemPlaceholders(of: flow), animated: animated)
            case .start(let id, let flow, let stackIDs, let stack, let index):
                guard let runner = runner(in: stack, at: index) else { continue }
                runner.children.forEach { $0.willMove(toParent: nil); $0.view.removeFromSuperview(); $0.removeFromParent() }
                let info = Program.table.flows[flow.rawValue]
                embed(makeContainer(id, isTabs: info.isTabs, isSplit: info.isSplit, stackIDs), in: runner)
            case .finish:
                break  // the commands of the runner's exit handler follow
            case .deliver(let value, let entry, let stack):
                guard let shown = stacks[stack]?.topViewController ?? entryControllers[entry] else { continue }
                deliver(value, to: shown)
            case .showAlert(let shown):
                presentAlert(shown, animated: animated)
            case .openExternally(let text):
                // Out of the app: the system opens it (browser, mail, settings, another app).
                if let url = URL(string: text) { UIApplication.shared.open(url) }
            case .closeAlert(let id):
                // After a button, UIKit has already closed it; any other move closes it here.
                guard let current = alertController, current.id == id else { continue }
                alertController = nil
                if !current.controller.isBeingDismissed { current.controller.presentingViewController?.dismiss(animated: animated) }
            }
        }
        splitViews = splitViews.filter { navigator.flows[$0.key] != nil }
        if #available(iOS 14, tvOS 14, *) {
            for (id, split) in splitViews { layOut(id, animated: split.controller.viewIfLoaded?.window != nil) }
        }
        stacks = stacks.filter { navigator.stack($0.key) != nil }
        tabBars = tabBars.filter { navigator.flows[$0.key] != nil }
        entryControllers = entryControllers.filter { model.entry($0.key) != nil }
    }

    private func presentAlert(_ shown: Navigator<Program>.ShownAlert, animated: Bool) {
        let content = alertContent(for: shown)
        let controller = UIAlertController(title: content.title, message: content.message,
                                           preferredStyle: shown.isDialog ? .actionSheet : .alert)
        for button in content.buttons {
            let style: UIAlertAction.Style = switch button.role {
            case .cancel?: .cancel
            case .destructive?: .destructive
            case nil: .default
            }
            controller.addAction(UIAlertAction(title: button.label, style: style) { _ in MainActor.assumeIsolated { button.action() } })
        }
        // UIKit calls a dialog's cancel action when the user taps around it (iPad): a dialog without
        // one, and an alert without buttons, get one that reports the user closed it.
        if content.buttons.isEmpty || (shown.isDialog && !content.buttons.contains { $0.role == .cancel }) {
            controller.addAction(UIAlertAction(title: "Cancel", style: .cancel) { [weak self] _ in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    self.apply(self.navigator.userClosedAlert(shown.id))
                }
            })
        }
        var top = root
        while let presented = top.presentedViewController { top = presented }
        if let popover = controller.popoverPresentationController {
            // An action sheet on iPad is a popover: over the middle of the screen, without an arrow.
            popover.sourceView = top.view
            popover.sourceRect = CGRect(x: top.view.bounds.midX, y: top.view.bounds.midY, width: 0, height: 0)
            popover.permittedArrowDirections = []
        }
        alertController = (shown.id, controller)
        top.present(controller, animated: animated)
    }

    /// Whether a command changes what is on screen (a `deliver` hands a value to a screen shown).
    private static func changesTheScreen(_ command: Navigator<Program>.Command) -> Bool {
        switch command {
        case .deliver, .openExternally: return false
        default: return true
        }
    }

    /// An empty container: a navigation controller, a tab bar of them, or a split view; `setRoot`s
    /// fill it (a split view's columns, `layOut(_:animated:)`). `reportsSizeClass`: the root's
    /// container, which keeps `navigator.sizeClass` the window's horizontal size class (`sheet
    /// Compose compact cover` presents by it).
    private func makeContainer(_ id: Navigator<Program>.FlowID, isTabs: Bool, isSplit: Bool = false,
                               _ stackIDs: [Navigator<Program>.StackID], reportsSizeClass: Bool = false) -> UIViewController {
        let report: @MainActor (UITraitCollection) -> Void = { [weak self] traits in
            self?.navigator.sizeClass = traits.horizontalSizeClass == .regular ? .regular : .compact
        }
        if isSplit, #available(iOS 14, tvOS 14, *) { return makeSplitView(id, report: reportsSizeClass ? report : nil) }
        let navigations = stackIDs.enumerated().map { index, stackID in
            let navigation = reportsSizeClass && !isTabs && index == 0 ? SizeClassReportingNavigationController(report: report)
                : UINavigationController()
            navigation.delegate = delegate
            stacks[stackID] = navigation
            return navigation
        }
        guard isTabs else { return navigations[0] }
        let tabBar = reportsSizeClass ? SizeClassReportingTabBarController(report: report) : UITabBarController()
        tabBar.delegate = delegate
        // The items that present their step (`step Post as sheet`) come after the tabs: placeholders
        // the delegate never lets the tab bar select.
        tabBar.viewControllers = navigations + itemPlaceholders(of: id)
        tabBars[id] = tabBar
        return tabBar
    }

    /// A split view's container: `.tripleColumn` when the flow has a content column, else
    /// `.doubleColumn`; a navigation controller per column, and one for the collapsed stack.
    @available(iOS 14, tvOS 14, *)
    private func makeSplitView(_ id: Navigator<Program>.FlowID, report: (@MainActor (UITraitCollection) -> Void)?) -> UIViewController {
        let hasContent = model.hasContentColumn(id)
        let controller = SplitViewController(style: hasContent ? .tripleColumn : .doubleColumn, report: report)
        let delegate = self.delegate
        func navigation() -> UINavigationController {
            let navigation = UINavigationController()
            navigation.delegate = delegate
            return navigation
        }
        let split = SplitViewColumns(controller: controller, sidebar: navigation(), content: hasContent ? navigation() : nil,
                              detail: navigation(), compact: navigation())
        controller.setViewController(split.sidebar, for: .primary)
        if let content = split.content { controller.setViewController(content, for: .supplementary) }
        controller.setViewController(split.detail, for: .secondary)
        controller.setViewController(split.compact, for: .compact)
        controller.delegate = delegate
        splitViews[id] = split
        return controller
    }

    /// Fills the navigation controllers of split view `id` from the model. Collapsed: the compact
    /// one holds every column's screens (the sidebar's at its root), the columns' are empty.
    /// Expanded: each column's holds its screens (a placeholder until a `show` fills it), and the
    /// column filled last comes on screen. A view controller in one is first taken out of the other.
    @available(iOS 14, tvOS 14, *)
    private func layOut(_ id: Navigator<Program>.FlowID, animated: Bool) {
        guard let split = splitViews[id], let columns = model.columns(of: id) else { return }
        if split.controller.isCollapsed {
            for navigation in [split.sidebar, split.content, split.detail].compactMap({ $0 }) {
                setControllers([], of: navigation, animated: false)
            }
            let entries = [columns.sidebar.entries[0]] + model.collapsedPath(of: id).compactMap { model.entry($0) }
            setControllers(entries.map(controller(for:)), of: split.compact, animated: animated)
        } else {
            setControllers([], of: split.compact, animated: false)
            setControllers(columns.sidebar.entries.map(controller(for:)), of: split.sidebar, animated: false)
            if let content = split.content {
                let emptyContent = split.contentPlaceholder ?? self.placeholder(for: .supplementary)
                split.contentPlaceholder = emptyContent
                setControllers(columns.content.map { $0.entries.map(controller(for:)) } ?? [emptyContent], of: content, animated: false)
            }
            let empty = split.detailPlaceholder ?? self.placeholder(for: .secondary)
            split.detailPlaceholder = empty
            setControllers(columns.detail.map { $0.entries.map(controller(for:)) } ?? [empty], of: split.detail, animated: animated)
            if AnyHashable((columns.detail ?? columns.content ?? columns.sidebar).id) != split.lastShown {
                split.controller.show(columns.detail != nil ? .secondary : columns.content != nil ? .supplementary : .primary)
            }
        }
        split.lastShown = AnyHashable((columns.detail ?? columns.content ?? columns.sidebar).id)
    }

    /// The view controller of an entry of a split view's column, made once.
    private func controller(for entry: Navigator<Program>.Entry) -> UIViewController {
        if let controller = entryControllers[entry.id] { return controller }
        let controller = viewController(for: entry.screen)
        entryControllers[entry.id] = controller
        return controller
    }

    /// The view controller of the screen at `index` of a stack, which a `start` fills with its
    /// flow's container: in the stack's navigation controller, or, for a split view's column, its entry's.
    private func runner(in stack: Navigator<Program>.StackID, at index: Int) -> UIViewController? {
        if let navigation = stacks[stack] {
            return navigation.viewControllers.indices.contains(index) ? navigation.viewControllers[index] : nil
        }
        guard let entries = model.stack(stack)?.entries, entries.indices.contains(index) else { return nil }
        return controller(for: entries[index])
    }

    /// Sets a navigation controller's view controllers, unless it holds those already.
    private func setControllers(_ controllers: [UIViewController], of navigation: UINavigationController, animated: Bool) {
        guard navigation.viewControllers.count != controllers.count
            || zip(navigation.viewControllers, controllers).contains(where: { $0 !== $1 }) else { return }
        navigation.setViewControllers(controllers, animated: animated)
    }

    /// A split view collapsed or expanded (the width changed): its screens move to the other layout.
    private func splitLayoutChanged(_ controller: UISplitViewController) {
        guard let id = splitViews.first(where: { $0.value.controller === controller })?.key, #available(iOS 14, tvOS 14, *) else {
            return
        }
        layOut(id, animated: false)
    }

    /// `detents medium, large interactive` of the step a sheet shows: the heights it stops at
    /// (iOS 16) and, at the smallest, no dimming, so that what is under it takes touches.
    private func applyDetents(of screen: Program.Screen, to navigation: UINavigationController) {
        #if os(iOS)
        let step = Program.step(of: screen)
        let info = Program.table.flows[step.flow].steps[step.step]
        guard !info.detents.isEmpty, #available(iOS 16, *), let sheet = navigation.sheetPresentationController else { return }
        sheet.detents = info.detents.map { detent in
            switch detent {
            case .medium: .medium()
            case .large: .large()
            case .height(let points): .custom { _ in CGFloat(points) }
            }
        }
        if info.isInteractiveBelowDetents { sheet.largestUndimmedDetentIdentifier = sheet.detents.first?.identifier }
        #endif
    }

    /// A view controller per item of the tab bar of `id` that presents its step, titled by its step.
    private func itemPlaceholders(of id: Navigator<Program>.FlowID) -> [UIViewController] {
        guard let running = navigator.flows[id] else { return [] }
        let info = Program.table.flows[running.flow.rawValue]
        return info.tabItems.map { step in
            let placeholder = TabItemPlaceholder(step: StepRef(flow: running.flow.rawValue, step: step))
            placeholder.tabBarItem = UITabBarItem(title: info.steps[step].name, image: nil, tag: step)
            return placeholder
        }
    }

    /// An item of a tab bar was tapped: its step is presented, and the tab shown stays.
    private func shouldSelect(_ tabBar: UITabBarController, _ viewController: UIViewController) -> Bool {
        guard let item = viewController as? TabItemPlaceholder else { return true }
        if let id = tabBars.first(where: { $0.value === tabBar })?.key { apply(navigator.userTappedTabItem(item.step, in: id)) }
        return false
    }

    private func embed(_ child: UIViewController, in parent: UIViewController) {
        parent.addChild(child)
        child.view.frame = parent.view.bounds
        child.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
    }

    private func wentBack(_ navigation: UINavigationController) {
        if let split = splitViews.first(where: { $0.value.holds(navigation) }) {
            wentBack(navigation, in: split.value, of: split.key)
            return
        }
        guard let id = stacks.first(where: { $0.value === navigation })?.key,
              navigation.viewControllers.count < navigator.stack(id)?.entries.count ?? 0 else { return }
        apply(navigator.userWentBack(in: id, to: navigation.viewControllers.count))
    }

    /// The back button in a split view: in the collapsed stack, the model turns the screens left into
    /// the navigator's back moves (a column past its first screen goes); in the expanded detail
    /// column, it is the detail's own path. The screens left are the first ones: UIKit only pops.
    private func wentBack(_ navigation: UINavigationController, in split: SplitViewColumns, of id: Navigator<Program>.FlowID) {
        let kept = navigation.viewControllers.count - 1
        guard kept >= 0 else { return }
        if navigation === split.compact {
            let path = model.collapsedPath(of: id)
            guard kept < path.count, let outcome = model.setCollapsedPath(Array(path.prefix(kept)), of: id) else { return }
            apply(outcome)
        } else if navigation === split.detail, let detail = model.columns(of: id)?.detail {
            let path = model.path(of: detail.id)
            guard kept < path.count, let outcome = model.setPath(Array(path.prefix(kept)), of: detail.id) else { return }
            apply(outcome)
        }
    }

    private func dismissed(_ presented: UIViewController) {
        guard let id = stacks.first(where: { $0.value === presented })?.key else { return }
        apply(navigator.userDismissed(id))
    }

    /// Whether the user may swipe the sheet away (or tap outside the popover) now: not while it is locked.
    private func mayDismiss(_ presented: UIViewController) -> Bool {
        guard let id = stacks.first(where: { $0.value === presented })?.key else { return true }
        return !navigator.isLocked(id)
    }

    private func selectedTab(_ tabBar: UITabBarController) {
        guard let id = tabBars.first(where: { $0.value === tabBar })?.key else { return }
        apply(navigator.userSelectedTab(tabBar.selectedIndex, in: id))
    }
}

/// The root's navigation controller, which says the horizontal size class before each layout.
final class SizeClassReportingNavigationController: UINavigationController {
    let report: @MainActor (UITraitCollection) -> Void

    init(report: @escaping @MainActor (UITraitCollection) -> Void) {
        self.report = report
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("not from a storyboard") }

    override func viewWillLayoutSubviews() {
        report(traitCollection)
        super.viewWillLayoutSubviews()
    }
}

/// The navigation controllers of a split view: one per column (`content` only with a content
/// column), and the `.compact` column's, which holds them all as one stack when it is collapsed.
@MainActor
final class SplitViewColumns {
    let controller: UISplitViewController
    let sidebar: UINavigationController
    let content: UINavigationController?
    let detail: UINavigationController
    let compact: UINavigationController
    /// What the content and detail columns show before a `show` filled them, made once.
    var contentPlaceholder: UIViewController?
    var detailPlaceholder: UIViewController?
    /// The last column shown expanded, so that only a column newly filled is brought on screen.
    var lastShown: AnyHashable?

    init(controller: UISplitViewController, sidebar: UINavigationController, content: UINavigationController?,
         detail: UINavigationController, compact: UINavigationController) {
        self.controller = controller
        self.sidebar = sidebar
        self.content = content
        self.detail = detail
        self.compact = compact
    }

    /// Whether `navigation` is one of its navigation controllers.
    func holds(_ navigation: UINavigationController) -> Bool {
        [sidebar, content, detail, compact].contains { $0 === navigation }
    }
}

/// A split view's controller; the root's says the horizontal size class before each layout.
@available(iOS 14, tvOS 14, *)
final class SplitViewController: UISplitViewController {
    let report: (@MainActor (UITraitCollection) -> Void)?

    init(style: UISplitViewController.Style, report: (@MainActor (UITraitCollection) -> Void)?) {
        self.report = report
        super.init(style: style)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("not from a storyboard") }

    override func viewWillLayoutSubviews() {
        report?(traitCollection)
        super.viewWillLayoutSubviews()
    }
}

/// The root's tab bar controller, which says the horizontal size class before each layout.
final class SizeClassReportingTabBarController: UITabBarController {
    let report: @MainActor (UITraitCollection) -> Void

    init(report: @escaping @MainActor (UITraitCollection) -> Void) {
        self.report = report
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("not from a storyboard") }

    override func viewWillLayoutSubviews() {
        report(traitCollection)
        super.viewWillLayoutSubviews()
    }
}

/// The place of an item of a tab bar that presents its step (`step Post as sheet`): never shown.
final class TabItemPlaceholder: UIViewController {
    let step: StepRef

    init(step: StepRef) {
        self.step = step
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("not from a storyboard") }
}

/// The UIKit delegate of a coordinator: an Objective-C class cannot be generic, so it forwards.
@MainActor
final class CoordinatorDelegate: NSObject, UINavigationControllerDelegate, UIAdaptivePresentationControllerDelegate,
    UITabBarControllerDelegate, UISplitViewControllerDelegate {
    let wentBack: @MainActor (UINavigationController) -> Void
    let dismissed: @MainActor (UIViewController) -> Void
    let mayDismiss: @MainActor (UIViewController) -> Bool
    let selectedTab: @MainActor (UITabBarController) -> Void
    /// Whether the tab bar may select the view controller: not an item that presents its step.
    var shouldSelect: @MainActor (UITabBarController, UIViewController) -> Bool = { _, _ in true }
    /// A split view collapsed or expanded: its screens move to the other layout.
    var splitLayoutChanged: @MainActor (UISplitViewController) -> Void = { _ in }

    init(wentBack: @escaping @MainActor (UINavigationController) -> Void, dismissed: @escaping @MainActor (UIViewController) -> Void,
         mayDismiss: @escaping @MainActor (UIViewController) -> Bool, selectedTab: @escaping @MainActor (UITabBarController) -> Void) {
        self.wentBack = wentBack
        self.dismissed = dismissed
        self.mayDismiss = mayDismiss
        self.selectedTab = selectedTab
    }

    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
        shouldSelect(tabBarController, viewController)
    }

    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
        wentBack(navigationController)
    }

    /// A popover on a compact width is a sheet, as SwiftUI shows one (not full screen); the other
    /// styles stay as presented.
    func adaptivePresentationStyle(for controller: UIPresentationController, traitCollection: UITraitCollection) -> UIModalPresentationStyle {
        controller is UIPopoverPresentationController ? .pageSheet : .none
    }

    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
        mayDismiss(presentationController.presentedViewController)
    }

    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        dismissed(presentationController.presentedViewController)
    }

    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        selectedTab(tabBarController)
    }

    func splitViewControllerDidCollapse(_ svc: UISplitViewController) {
        splitLayoutChanged(svc)
    }

    func splitViewControllerDidExpand(_ svc: UISplitViewController) {
        splitLayoutChanged(svc)
    }
}
#endif
