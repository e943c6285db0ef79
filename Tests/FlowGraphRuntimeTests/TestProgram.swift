import FlowGraphRuntime

// A small program written by hand as the generator writes one, so that the runtime is tested as
// a library: the same types and table behind a synchronous program (`SyncShop`) and an
// asynchronous one (`AsyncShop`), which differ only in how they ask their guards.
//
//     flow Root tabs {
//         start Other if isGuest else Home    // the tab shown first, as the guard says when it starts
//         guard isGuest
//         step Home runs Main; step Other; on homeTapped -> select Home
//     }
//     flow Main {
//         start List
//         guard signedIn
//         guard canNote(item: Int)
//         link "/items/{item}" -> Item
//         link "/items/{item}/note?text={text}" -> Note
//         step List { on picked(item: Int) -> push Item; on again(item: Int) -> push Item; on peek -> sheet Login if canNote }
//         step Item(item: Int) receives (text: String?, amount: Int?) {
//             on buy -> sheet Checkout if signedIn else cover Login
//             on same(item: Int) -> replace Item
//             on restart(item: Int) -> root Item
//             on note(item: Int, text: String?) -> push Note if canNote
//             on again(item: Int) -> pop, push Item
//             on quickBuy(amount: Int) -> sheet Checkout at Receipt   // Pay starts, then goes to Receipt
//         }
//         step Note(item: Int, text: String?) { on back -> popTo List; on close -> pop; on saved(text: String) -> pop }
//         step Checkout runs Pay { on paid(amount: Int) -> dismiss; on cancelled -> push Login }
//         step Login { on close -> close }   // at the bottom of the cover it is shown in: a dismiss
//     }
//     flow Pay { start Card; guard hasCard
//                step Card { on confirm(amount: Int) -> exit paid; on cancel -> exit cancelled
//                            on review(amount: Int) -> push Receipt if hasCard }
//                step Receipt(amount: Int)
//                exit paid(amount: Int); exit cancelled }

enum ShopFlow: Int, Hashable, Sendable, CaseIterable { case root, main, pay }

enum RootStep: Hashable, Sendable { case home, other }
enum MainStep: Hashable, Sendable { case list, item(item: Int), note(item: Int, text: String?), checkout, login }
enum PayStep: Hashable, Sendable { case card, receipt(amount: Int) }

enum ShopScreen: Hashable, Sendable, CustomStringConvertible {
    case root(RootStep), main(MainStep), pay(PayStep)
    var description: String { SyncShop.describe(self) }
}

// `peek` carries no item, so `canNote` cannot be asked there: a program the compiler refuses
// (input-mismatch), kept to test what the engine does with one.
enum MainEvent: Sendable {
    case picked(item: Int), again(item: Int), buy, same(item: Int), restart(item: Int), note(item: Int, text: String?), back, close, peek
    case quickBuy(amount: Int), saved(text: String)
}
enum ShopEvent: Sendable { case root(RootEvent), main(MainEvent), pay(PayEvent) }
enum RootEvent: Sendable { case homeTapped }
enum PayEvent: Sendable { case confirm(amount: Int), cancel, review(amount: Int) }
enum PayExit: Sendable { case paid(amount: Int), cancelled }
enum ShopExit: Sendable { case pay(PayExit) }
enum MainLink: Hashable, Sendable { case item(item: Int), note(item: Int, text: String?) }
enum ShopLink: Hashable, Sendable { case main(MainLink) }
enum ShopGuard: Hashable, Sendable, CustomStringConvertible {
    case isGuest, signedIn, canNote, hasCard
    var description: String {
        switch self {
        case .hasCard: "Pay.hasCard"
        case .isGuest: "Root.isGuest"
        case .signedIn: "Main.signedIn"
        case .canNote: "Main.canNote"
        }
    }
}
enum ShopRoot: Sendable { case root }
/// What a back move hands Item when it shows it again: the note's text saved, or the amount paid.
enum MainReceived: Hashable, Sendable { case item(text: String?, amount: Int?) }
enum ShopReceived: Hashable, Sendable { case main(MainReceived) }

/// The guards' answers, as a test sets them.
@MainActor
final class ShopGuards {
    /// Asked at once when the root starts: a guest sees the other tab first.
    var guest = false
    var signedIn = false
    /// What `Pay.hasCard` answers.
    var hasCard = true
    /// The items `canNote` refuses (it allows every other).
    var unnotable: Set<Int> = []
    /// The items `canNote` was asked about, in order.
    private(set) var notesAsked: [Int] = []
    /// Holds the async answer until `release()`, to test what happens while it is asked.
    var holds = false
    private(set) var asked = 0
    private var held: CheckedContinuation<Void, Never>?
    var isHolding: Bool { held != nil }

    func answer() -> Bool {
        asked += 1
        return signedIn
    }

    func answerLater() async -> Bool {
        asked += 1
        if holds { await withCheckedContinuation { held = $0 } }
        return signedIn
    }

    func canNote(item: Int) -> Bool {
        notesAsked.append(item)
        return !unnotable.contains(item)
    }

    func canNoteLater(item: Int) async -> Bool {
        notesAsked.append(item)
        await Task.yield()
        return !unnotable.contains(item)
    }

    func release() {
        held?.resume()
        held = nil
    }
}

/// What both programs share: everything but `ask`.
enum ShopDefinition {
    static let table = ProgramTable(text: """
        flowgraph-table 1
        flow Root 1 0 1 guard isGuest 0 event homeTapped
        starts if 0 1 else 0
        step Home 1 ^
        step Other - ^
        on 0 select 0
        flow Main 0 0 0 guard signedIn 0 guard canNote 0 event picked event again event buy event same event restart event note \
        event back event close event peek event quickBuy event saved
        step List - 0 on 0 push 1 on 1 push 1 on 8 if 1 sheet 4
        step Item - 2 in item:Int recv text:String? recv amount:Int? on 2 if 0 sheet 3 else cover 4 on 3 replace 1 on 4 root 1 \
        on 5 if 1 push 2 on 1 pop , push 1 on 9 sheet 3 at e7 m2:0:2:0
        step Note - 3 in item:Int in text:String? on 6 popTo 0 on 7 pop on 10 pop
        step Checkout 2 3 on 0 dismiss on 1 push 4
        step Login - 3 on 7 close
        link 1 /items/{item} - /items {0} path b0 e2 m1:0:0:0
        link 2 /items/{item}/note?text={text} - /items {0} /note ?text={1} path b0 e2 m1:0:0:0 m1:1:3:0
        flow Pay 0 0 0 guard hasCard 0 event confirm event cancel event review exit paid exit cancelled
        step Card - 5 on 0 exit 0 on 1 exit 1 on 2 if 0 push 1
        step Receipt - 7 in amount:Int
        """)

    static func step(of screen: ShopScreen) -> StepRef {
        switch screen {
        case .root(let step): return StepRef(flow: 0, step: step == .home ? 0 : 1)
        case .main(let step):
            switch step {
            case .list: return StepRef(flow: 1, step: 0)
            case .item: return StepRef(flow: 1, step: 1)
            case .note: return StepRef(flow: 1, step: 2)
            case .checkout: return StepRef(flow: 1, step: 3)
            case .login: return StepRef(flow: 1, step: 4)
            }
        case .pay: return StepRef(flow: 2, step: 0)
        }
    }

    static func event(of event: ShopEvent) -> EventRef {
        switch event {
        case .root: return EventRef(flow: 0, index: 0)
        case .main(let event):
            let index = switch event {
            case .picked: 0
            case .again: 1
            case .buy: 2
            case .same: 3
            case .restart: 4
            case .note: 5
            case .back: 6
            case .close: 7
            case .peek: 8
            case .quickBuy: 9
            case .saved: 10
            }
            return EventRef(flow: 1, index: index)
        case .pay(.confirm): return EventRef(flow: 2, index: 0)
        case .pay(.cancel): return EventRef(flow: 2, index: 1)
        case .pay(.review): return EventRef(flow: 2, index: 2)
        }
    }

    static func exit(of exit: ShopExit) -> ExitRef {
        switch exit {
        case .pay(.paid): return ExitRef(flow: 2, index: 0)
        case .pay(.cancelled): return ExitRef(flow: 2, index: 1)
        }
    }

    static func link(of link: ShopLink) -> LinkRef {
        switch link {
        case .main(.item): return LinkRef(flow: 1, index: 0)
        case .main(.note): return LinkRef(flow: 1, index: 1)
        }
    }

    static func screen<P: NavigationProgram>(_ step: StepRef, from source: PayloadSource<P>) -> ShopScreen?
        where P.Event == ShopEvent, P.Exit == ShopExit, P.Link == ShopLink, P.Screen == ShopScreen {
        switch (step.flow, step.step, source) {
        case (0, 0, _): return .root(.home)
        case (0, 1, _): return .root(.other)
        case (1, 0, _): return .main(.list)
        case (1, 1, .event(.main(.picked(let item)))), (1, 1, .event(.main(.again(let item)))), (1, 1, .event(.main(.same(let item)))),
             (1, 1, .event(.main(.restart(let item)))), (1, 1, .link(.main(.item(let item)))), (1, 1, .link(.main(.note(let item, _)))),
             (1, 1, .event(.main(.note(let item, _)))):
            return .main(.item(item: item))
        case (1, 2, .event(.main(.note(let item, let text)))), (1, 2, .link(.main(.note(let item, let text)))):
            return .main(.note(item: item, text: text))
        case (1, 3, _): return .main(.checkout)
        case (1, 4, _): return .main(.login)
        case (2, 0, _): return .pay(.card)
        // `at Receipt` builds it from the payload of the event whose move opened Pay.
        case (2, 1, .event(.main(.quickBuy(let amount)))), (2, 1, .event(.pay(.review(let amount)))):
            return .pay(.receipt(amount: amount))
        default: return nil
        }
    }

    static func exit<P: NavigationProgram>(_ exit: ExitRef, from source: PayloadSource<P>) -> ShopExit? where P.Event == ShopEvent {
        switch (exit.index, source) {
        case (0, .event(.pay(.confirm(let amount)))): return .pay(.paid(amount: amount))
        case (1, _): return .pay(.cancelled)
        default: return nil
        }
    }

    /// What Item receives, by name from the payload of the back move that shows it again: Note's
    /// `saved` hands it the text, the payment subflow's exit `paid` the amount.
    static func received<P: NavigationProgram>(_ step: StepRef, from source: PayloadSource<P>) -> ShopReceived?
        where P.Event == ShopEvent, P.Exit == ShopExit {
        switch (step.flow, step.step, source) {
        case (1, 1, .event(.main(.saved(let text)))): return .main(.item(text: text, amount: nil))
        case (1, 1, .exit(.pay(.paid(let amount)))): return .main(.item(text: nil, amount: amount))
        default: return nil
        }
    }

    /// The argument of `canNote`, by name from the payload: the event's or the link's `item`.
    static func noteItem<P: NavigationProgram>(from source: PayloadSource<P>) -> Int? where P.Event == ShopEvent, P.Link == ShopLink {
        switch source {
        case .event(.main(.note(let item, _))), .link(.main(.note(let item, _))): return item
        default: return nil
        }
    }

    static func link(_ ref: LinkRef, values: [String?]) -> ShopLink? {
        switch ref.index {
        case 0:
            guard let item = LinkText.read(values[0], as: Int.self) else { return nil }
            return .main(.item(item: item))
        case 1:
            guard let item = LinkText.read(values[0], as: Int.self), let text = LinkText.readOptional(values[1], as: String.self) else { return nil }
            return .main(.note(item: item, text: text))
        default: return nil
        }
    }
}

/// The shop with a synchronous guard.
enum SyncShop: SyncNavigationProgram {
    typealias Flow = ShopFlow
    typealias Screen = ShopScreen
    typealias Event = ShopEvent
    typealias Exit = ShopExit
    typealias Link = ShopLink
    typealias GuardID = ShopGuard
    typealias Root = ShopRoot
    typealias AppGuards = ShopGuards
    typealias Received = ShopReceived

    static var table: ProgramTable { ShopDefinition.table }
    static func step(of screen: ShopScreen) -> StepRef { ShopDefinition.step(of: screen) }
    static func event(of event: ShopEvent) -> EventRef { ShopDefinition.event(of: event) }
    static func exit(of exit: ShopExit) -> ExitRef { ShopDefinition.exit(of: exit) }
    static func link(of link: ShopLink) -> LinkRef { ShopDefinition.link(of: link) }
    static func flow(of root: ShopRoot) -> Int { 0 }
    static func guardID(_ ref: GuardRef) -> ShopGuard { ref.flow == 0 ? .isGuest : ref.flow == 2 ? .hasCard : ref.index == 0 ? .signedIn : .canNote }
    @MainActor static func answerAtOnce(_ ref: GuardRef, of guards: ShopGuards) -> Bool? { ref.flow == 0 ? guards.guest : nil }
    static func screen(_ step: StepRef, from source: PayloadSource<SyncShop>) -> ShopScreen? { ShopDefinition.screen(step, from: source) }
    static func exit(_ exit: ExitRef, from source: PayloadSource<SyncShop>) -> ShopExit? { ShopDefinition.exit(exit, from: source) }
    static func received(_ step: StepRef, from source: PayloadSource<SyncShop>) -> ShopReceived? { ShopDefinition.received(step, from: source) }
    static func link(_ ref: LinkRef, values: [String?]) -> ShopLink? { ShopDefinition.link(ref, values: values) }
    @MainActor static func ask(_ ref: GuardRef, of guards: ShopGuards, from source: PayloadSource<SyncShop>) -> Bool? {
        if ref.flow == 2 { return guards.hasCard }
        guard ref.index == 1 else { return guards.answer() }
        return ShopDefinition.noteItem(from: source).map { guards.canNote(item: $0) }
    }
}

/// The same shop with an asynchronous guard.
enum AsyncShop: AsyncNavigationProgram {
    typealias Flow = ShopFlow
    typealias Screen = ShopScreen
    typealias Event = ShopEvent
    typealias Exit = ShopExit
    typealias Link = ShopLink
    typealias GuardID = ShopGuard
    typealias Root = ShopRoot
    typealias AppGuards = ShopGuards
    typealias Received = ShopReceived

    static var table: ProgramTable { ShopDefinition.table }
    static func step(of screen: ShopScreen) -> StepRef { ShopDefinition.step(of: screen) }
    static func event(of event: ShopEvent) -> EventRef { ShopDefinition.event(of: event) }
    static func exit(of exit: ShopExit) -> ExitRef { ShopDefinition.exit(of: exit) }
    static func link(of link: ShopLink) -> LinkRef { ShopDefinition.link(of: link) }
    static func flow(of root: ShopRoot) -> Int { 0 }
    static func guardID(_ ref: GuardRef) -> ShopGuard { ref.flow == 0 ? .isGuest : ref.flow == 2 ? .hasCard : ref.index == 0 ? .signedIn : .canNote }
    @MainActor static func answerAtOnce(_ ref: GuardRef, of guards: ShopGuards) -> Bool? { ref.flow == 0 ? guards.guest : nil }
    static func screen(_ step: StepRef, from source: PayloadSource<AsyncShop>) -> ShopScreen? { ShopDefinition.screen(step, from: source) }
    static func exit(_ exit: ExitRef, from source: PayloadSource<AsyncShop>) -> ShopExit? { ShopDefinition.exit(exit, from: source) }
    static func received(_ step: StepRef, from source: PayloadSource<AsyncShop>) -> ShopReceived? { ShopDefinition.received(step, from: source) }
    static func link(_ ref: LinkRef, values: [String?]) -> ShopLink? { ShopDefinition.link(ref, values: values) }
    @MainActor static func ask(_ ref: GuardRef, of guards: ShopGuards, from source: PayloadSource<AsyncShop>) async -> Bool? {
        if ref.flow == 2 {
            await Task.yield()
            return guards.hasCard
        }
        guard ref.index == 1 else { return await guards.answerLater() }
        guard let item = ShopDefinition.noteItem(from: source) else { return nil }
        return await guards.canNoteLater(item: item)
    }
}
