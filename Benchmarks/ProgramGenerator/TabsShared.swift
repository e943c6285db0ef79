// The `tabs-shared` shape (`--shape tabs-shared`): programs modelled on a SwiftUI Mastodon client.
//
// One "app" is a root `tabs` flow with five tabs (Home, Notifications, Explore, Messages, Me);
// each tab runs a stack flow that starts at the tab's own screen and declares its own copy of the
// app's 30-40 shared screens (statuses, threads, profiles, followers, hashtags, lists, trends,
// settings pages, a media viewer, a web view...), as an app modelled today must: the language has
// no shared screens. Flow-level clauses handle the events every screen sends (open a profile, a
// status, a hashtag, a URL, a medium; compose; re-tap the tab). Sheets run the app's small
// subflows (compose and reply, login, report, edit profile), whose exits the running step handles
// with `dismiss`. A program of N steps holds about N / 240 such apps (one app at least, 180-245 steps): with more than one, a root
// `tabs` flow has one tab per app (one signed-in account each), which runs that app's tab bar.
//
// The rules of `flowgraph check --strict` hold by construction, and the generator checks what it
// decides against the same facts the checker uses (see `StackFacts`): `pop` only on a screen that
// is never at the bottom of its stack, `popTo X` only when X is below on every path, `dismiss`
// only on a screen that is never in the base stack, every event one payload per flow, every
// guard used, every exit taken and handled, links only to screens a URL can reach.

/// A step of the model before it is written.
final class Screen {
    let name: String
    let inputs: [Param]
    /// The base name of the flow it runs (the app's suffix is added when written).
    let runs: String?
    var clauses: [Clause] = []
    var doc: String?
    var events = Set<String>()

    init(_ name: String, _ inputs: [Param] = [], runs: String? = nil) {
        self.name = name
        self.inputs = inputs
        self.runs = runs
    }

    /// Adds `clause` unless the screen already handles its event.
    @discardableResult
    func add(_ clause: Clause) -> Bool {
        guard !events.contains(clause.event) else { return false }
        events.insert(clause.event)
        clauses.append(clause)
        return true
    }

    func handles(target: String) -> Bool {
        clauses.contains { $0.actions.contains { $0.target == target } }
    }
}

/// What the checker will know about the steps of a stack flow, from its clauses: which steps are
/// reachable, which can be at the bottom of a stack, which can be in the base stack, and which
/// steps are below each step on every path.
struct StackFacts {
    var reachable: [Bool]
    var mayBeBottom: [Bool]
    var mayBeBase: [Bool]
    var alwaysBelow: [Set<Int>]
    let index: [String: Int]

    /// `nodes[0]` is the start. Flow-level clauses act in every step that does not handle their
    /// event itself (in a step that runs a flow, always).
    init(_ nodes: [Screen], flowLevel: [Clause]) {
        var index: [String: Int] = [:]
        for (i, node) in nodes.enumerated() { index[node.name] = i }
        self.index = index
        let count = nodes.count
        var edges: [(from: Int, to: Int, kind: ActionKind)] = []
        for (i, node) in nodes.enumerated() {
            let applying = node.clauses + flowLevel.filter { node.runs != nil || !node.events.contains($0.event) }
            for clause in applying {
                for action in clause.actions where [.push, .sheet, .cover, .replace, .root].contains(action.kind) {
                    guard let to = index[action.target!] else { fatalError("tabs-shared: no step '\(action.target!)'") }
                    edges.append((i, to, action.kind))
                }
            }
        }
        var reachable = [Bool](repeating: false, count: count)
        reachable[0] = true
        var queue = [0]
        while let from = queue.popLast() {
            for edge in edges where edge.from == from && !reachable[edge.to] {
                reachable[edge.to] = true
                queue.append(edge.to)
            }
        }
        let live = edges.filter { reachable[$0.from] }
        var mayBeBottom = [Bool](repeating: false, count: count)
        var mayBeBase = [Bool](repeating: false, count: count)
        mayBeBottom[0] = true
        mayBeBase[0] = true
        var changed = true
        while changed {
            changed = false
            for edge in live {
                let bottom: Bool
                let base: Bool
                switch edge.kind {
                case .sheet, .cover: (bottom, base) = (true, false)
                case .root: (bottom, base) = (true, true)
                case .replace: (bottom, base) = (mayBeBottom[edge.from], mayBeBase[edge.from])
                default: (bottom, base) = (false, mayBeBase[edge.from])
                }
                if bottom, !mayBeBottom[edge.to] { mayBeBottom[edge.to] = true; changed = true }
                if base, !mayBeBase[edge.to] { mayBeBase[edge.to] = true; changed = true }
            }
        }
        // Greatest fixpoint: what is below each step on every path that reaches it.
        let all = Set(0..<count)
        var alwaysBelow: [Set<Int>] = (0..<count).map { mayBeBottom[$0] ? [] : all }
        changed = true
        while changed {
            changed = false
            for to in 0..<count where !mayBeBottom[to] && reachable[to] {
                var set: Set<Int>?
                for edge in live where edge.to == to {
                    var below = alwaysBelow[edge.from]
                    if edge.kind == .push { below.insert(edge.from) }
                    set = set.map { $0.intersection(below) } ?? below
                }
                let new = set ?? []
                if new != alwaysBelow[to] {
                    alwaysBelow[to] = new
                    changed = true
                }
            }
        }
        self.reachable = reachable
        self.mayBeBottom = mayBeBottom
        self.mayBeBase = mayBeBase
        self.alwaysBelow = alwaysBelow
    }

    /// Why `clause` of `nodes[at]` could go wrong, or nil when it cannot.
    func problem(_ clause: Clause, at i: Int, nodes: [Screen]) -> String? {
        for action in clause.actions {
            switch action.kind {
            case .pop where mayBeBottom[i]: return "pop at a possible bottom"
            case .dismiss where mayBeBase[i]: return "dismiss in a possible base stack"
            case .popTo where !(index[action.target!].map { alwaysBelow[i].contains($0) } ?? false): return "popTo \(action.target!) not always below"
            default: continue
            }
        }
        return nil
    }
}

/// Writes a `tabs-shared` program.
final class TabsSharedGenerator {
    var rng: SplitMix64
    var out = Output()
    var stats = (flows: 0, tabsFlows: 0, steps: 0, guards: 0, links: 0, clauses: 0, maxDepth: 0)

    /// `--group`: each app's shared screens are written once, as a `destinations` group its five
    /// tabs use, instead of a copy in each tab (the same program for the checker).
    let writesGroup: Bool

    init(seed: UInt64, writesGroup: Bool = false) {
        rng = SplitMix64(seed: seed)
        self.writesGroup = writesGroup
    }

    // MARK: Vocabulary

    static let account = Param(name: "account", type: "AccountID", linkable: true)
    static let status = Param(name: "status", type: "StatusID", linkable: true)
    static let tag = Param(name: "tag", type: "TagName", linkable: true)
    static let list = Param(name: "list", type: "ListID", linkable: true)
    static let filter = Param(name: "filter", type: "FilterID", linkable: true)
    static let server = Param(name: "server", type: "ServerName", linkable: true)
    static let url = Param(name: "url", type: "WebURL", linkable: true)
    static let conversation = Param(name: "conversation", type: "ConversationID", linkable: true)
    static let category = Param(name: "category", type: "ReportCategory", linkable: true)
    static let request = Param(name: "request", type: "FollowRequestID", linkable: true)

    /// The types the programs of this shape name, for `--stubs`.
    static let types = ["AccountID", "StatusID", "TagName", "ListID", "FilterID", "ServerName", "WebURL",
                        "ConversationID", "ReportCategory", "FollowRequestID"]

    enum Role { case push, page, sheet, cover, subflow(String) }

    /// A screen an app may share between its tabs. `parents` are the screens that open it (`ROOT`:
    /// every tab's own first screen; `FLOW`: a flow-level clause; `ELSE`: a guard's fallback);
    /// `fallback` opens it when none of them is in the app.
    struct Template {
        let name: String
        let inputs: [Param]
        let role: Role
        let parents: [String]
        var fallback: String? = nil
        var core = false
        var doc: String? = nil
        var isPage: Bool { if case .page = role { return true } else { return false } }
        var isPush: Bool { if case .push = role { return true } else { return false } }
    }

    static let pool: [Template] = [
        Template(name: "StatusDetail", inputs: [status], role: .push, parents: ["FLOW"], core: true,
                 doc: "A post with its replies, boosts and favourites."),
        Template(name: "Thread", inputs: [status], role: .push, parents: ["StatusDetail"], core: true,
                 doc: "The whole conversation a post belongs to."),
        Template(name: "Profile", inputs: [account], role: .push, parents: ["FLOW"], core: true,
                 doc: "An account's profile: header, fields, posts."),
        Template(name: "Followers", inputs: [account], role: .push, parents: ["Profile"], core: true),
        Template(name: "Following", inputs: [account], role: .push, parents: ["Profile"], core: true),
        Template(name: "Hashtag", inputs: [tag], role: .push, parents: ["FLOW"], core: true,
                 doc: "The public timeline of one hashtag."),
        Template(name: "SafariView", inputs: [url], role: .sheet, parents: ["FLOW"], core: true,
                 doc: "A link opened in SFSafariViewController."),
        Template(name: "MediaViewer", inputs: [status, .index], role: .cover, parents: ["FLOW"], core: true,
                 doc: "Full-screen photos and videos of a post; it has its own close button."),
        Template(name: "Compose", inputs: [], role: .subflow("ComposeFlow"), parents: ["FLOW"], core: true),
        Template(name: "Reply", inputs: [status], role: .subflow("ComposeFlow"), parents: ["StatusDetail", "Thread"], core: true,
                 doc: "The composer, replying to a post."),
        Template(name: "Report", inputs: [account], role: .subflow("ReportFlow"), parents: ["Profile"], core: true),
        Template(name: "EditProfile", inputs: [], role: .subflow("EditProfileFlow"), parents: ["Profile", "SettingsAccount"], core: true),
        Template(name: "Login", inputs: [], role: .subflow("LoginFlow"), parents: ["ELSE"], core: true,
                 doc: "Signing in to an instance, when an action needs an account."),
        Template(name: "Settings", inputs: [], role: .sheet, parents: ["ROOT"], core: true),

        Template(name: "FavouritedBy", inputs: [status], role: .push, parents: ["StatusDetail"]),
        Template(name: "BoostedBy", inputs: [status], role: .push, parents: ["StatusDetail"]),
        Template(name: "EditHistory", inputs: [status], role: .push, parents: ["StatusDetail"]),
        Template(name: "ProfileMedia", inputs: [account], role: .push, parents: ["Profile"]),
        Template(name: "ProfileReplies", inputs: [account], role: .push, parents: ["Profile"]),
        Template(name: "FeaturedTags", inputs: [account], role: .push, parents: ["Profile"]),
        Template(name: "FamiliarFollowers", inputs: [account], role: .push, parents: ["Profile", "Followers"]),
        Template(name: "AccountLists", inputs: [account], role: .push, parents: ["Profile"],
                 doc: "The lists an account is on; adds it to one."),
        Template(name: "Lists", inputs: [], role: .push, parents: ["ROOT"]),
        Template(name: "ListTimeline", inputs: [list], role: .push, parents: ["Lists", "AccountLists"], fallback: "ROOT"),
        Template(name: "ListEditor", inputs: [list], role: .push, parents: ["ListTimeline"], fallback: "ROOT"),
        Template(name: "ListMembers", inputs: [list], role: .push, parents: ["ListEditor", "ListTimeline"], fallback: "ROOT"),
        Template(name: "FollowedTags", inputs: [], role: .push, parents: ["ROOT"]),
        Template(name: "Bookmarks", inputs: [], role: .push, parents: ["ROOT"]),
        Template(name: "Favourites", inputs: [], role: .push, parents: ["ROOT"]),
        Template(name: "Mentions", inputs: [], role: .push, parents: ["ROOT"]),
        Template(name: "TrendingStatuses", inputs: [], role: .push, parents: ["ROOT"]),
        Template(name: "TrendingTags", inputs: [], role: .push, parents: ["ROOT", "TrendingStatuses"]),
        Template(name: "TrendingLinks", inputs: [], role: .push, parents: ["ROOT", "TrendingStatuses"]),
        Template(name: "SuggestedAccounts", inputs: [], role: .push, parents: ["ROOT", "Following"]),
        Template(name: "SearchResults", inputs: [.query], role: .push, parents: ["ROOT", "Hashtag"]),
        Template(name: "InstanceAbout", inputs: [server], role: .push, parents: ["Profile"],
                 doc: "The server an account is on: its description and contact."),
        Template(name: "InstanceRules", inputs: [server], role: .push, parents: ["InstanceAbout"], fallback: "Profile"),
        Template(name: "Announcements", inputs: [], role: .push, parents: ["ROOT"]),
        Template(name: "FollowRequests", inputs: [], role: .push, parents: ["ROOT"]),
        Template(name: "FollowRequestDetail", inputs: [request], role: .push, parents: ["FollowRequests"], fallback: "ROOT"),

        Template(name: "SettingsAccount", inputs: [], role: .page, parents: ["Settings"]),
        Template(name: "SettingsDisplay", inputs: [], role: .page, parents: ["Settings"]),
        Template(name: "SettingsNotifications", inputs: [], role: .page, parents: ["Settings"]),
        Template(name: "SettingsPrivacy", inputs: [], role: .page, parents: ["Settings"]),
        Template(name: "SettingsContent", inputs: [], role: .page, parents: ["Settings"]),
        Template(name: "SettingsAbout", inputs: [], role: .page, parents: ["Settings"]),
        Template(name: "Licenses", inputs: [], role: .page, parents: ["SettingsAbout"], fallback: "Settings"),
        Template(name: "FilterList", inputs: [], role: .page, parents: ["SettingsContent"], fallback: "Settings"),
        Template(name: "FilterEditor", inputs: [filter], role: .page, parents: ["FilterList"], fallback: "Settings"),
        Template(name: "BlockedAccounts", inputs: [], role: .page, parents: ["SettingsPrivacy"], fallback: "Settings"),
        Template(name: "MutedAccounts", inputs: [], role: .page, parents: ["SettingsPrivacy"], fallback: "Settings"),
        Template(name: "AppIconPicker", inputs: [], role: .page, parents: ["SettingsDisplay"], fallback: "Settings"),

        Template(name: "ShareSheet", inputs: [status], role: .sheet, parents: ["StatusDetail"]),
        Template(name: "Translate", inputs: [status], role: .sheet, parents: ["StatusDetail"]),
        Template(name: "AltText", inputs: [status, .index], role: .sheet, parents: ["MediaViewer"]),
    ]

    /// The tabs of one app: the tab step, its flow's base name, its first screen, and the screens only it has.
    struct TabTemplate {
        let tab: String
        let flow: String
        let root: String
        /// (name, inputs, role, parent in the tab) — `ROOT` for the tab's first screen.
        let extras: [(String, [Param], Role, String)]
        let doc: String
    }

    static let tabs: [TabTemplate] = [
        TabTemplate(tab: "Home", flow: "HomeFlow", root: "HomeTimeline", extras: [
            ("LocalTimeline", [], .push, "ROOT"), ("FederatedTimeline", [], .push, "ROOT"),
            ("TimelineFilters", [], .sheet, "ROOT"), ("LatestPosts", [], .push, "ROOT"),
        ], doc: "The home timeline"),
        TabTemplate(tab: "Notifications", flow: "NotificationsFlow", root: "NotificationList", extras: [
            ("NotificationRequests", [], .push, "ROOT"), ("NotificationRequest", [account], .push, "NotificationRequests"),
            ("NotificationPolicy", [], .sheet, "ROOT"), ("NotificationFilters", [], .sheet, "ROOT"),
        ], doc: "Notifications"),
        TabTemplate(tab: "Explore", flow: "ExploreFlow", root: "ExploreHome", extras: [
            ("RecentSearches", [], .push, "ROOT"), ("SearchScopes", [], .sheet, "ROOT"),
            ("NewsLinks", [], .push, "ROOT"), ("ExploreServers", [], .push, "ROOT"),
        ], doc: "Search and trends"),
        TabTemplate(tab: "Messages", flow: "MessagesFlow", root: "ConversationList", extras: [
            ("ConversationDetail", [conversation], .push, "ROOT"), ("ConversationInfo", [conversation], .push, "ConversationDetail"),
            ("NewConversation", [], .sheet, "ROOT"), ("MessageRequests", [], .push, "ROOT"),
        ], doc: "Private mentions"),
        TabTemplate(tab: "Me", flow: "MeFlow", root: "MyProfile", extras: [
            ("ScheduledPosts", [], .push, "ROOT"), ("Drafts", [], .push, "ROOT"),
            ("AccountSwitcher", [], .sheet, "ROOT"), ("ProfileStats", [], .push, "ROOT"),
        ], doc: "The signed-in account"),
    ]

    // MARK: Programs

    func generate(steps total: Int) -> String {
        // An app of 40 shared screens has about 240 steps; smaller ones fill a smaller share.
        let apps = max(1, Int((Double(total) / 240).rounded()))
        out.line("// Generated by flowgraph-program-generator --shape tabs-shared: a benchmark program of about \(total) steps.")
        out.line("// Do not edit; generate again.")
        out.line()
        // The steps each app may have: the root's tabs (with several apps) come out of the total first.
        let budget = apps > 1 ? total - apps : total
        if apps > 1 {
            stats.flows += 1
            stats.tabsFlows += 1
            stats.steps += apps
            out.line("/// Several signed-in accounts, each with the whole app: one tab per account.")
            out.line("flow Accounts tabs {")
            out.line("    start Account")
            out.line()
            for k in 1...apps { out.line("    step Account\(suffix(k)) runs MainTabs\(suffix(k))") }
            out.line()
            for k in 1...apps { out.line("    on account\(suffix(k))Selected -> select Account\(suffix(k))") }
            out.line("}")
            out.line()
        }
        for k in 1...apps {
            let share = budget / apps + (k <= budget % apps ? 1 : 0)
            app(k, steps: share, depth: apps > 1 ? 1 : 0)
        }
        return out.text
    }

    func suffix(_ k: Int) -> String { k == 1 ? "" : String(k) }

    /// One app of about `steps` steps: its tab bar, five stack flows, four subflows.
    func app(_ k: Int, steps: Int, depth: Int) {
        let s = suffix(k)
        // The tabs' own screens (two to four each) and the subflows' optional steps come first.
        var extras: [[(String, [Param], Role, String)]] = []
        for tab in Self.tabs {
            var chosen = tab.extras.filter { _ in rng.chance(70) }
            if chosen.count < 2 { chosen = Array(tab.extras.prefix(2)) }
            // A screen whose parent was left out opens from the tab's first screen.
            let names = Set(chosen.map(\.0))
            chosen = chosen.map { $0.3 == "ROOT" || names.contains($0.3) ? $0 : ($0.0, $0.1, $0.2, "ROOT") }
            extras.append(chosen)
        }
        let composeExtras = ["LanguagePicker", "PollEditor", "EmojiPicker", "ContentWarning"].filter { _ in rng.chance(60) }
        let subflowSteps = 3 + composeExtras.count + 3 + 3 + 3
        let own = extras.reduce(0) { $0 + 1 + $1.count }
        let sharedCount = min(40, max(30, Int((Double(steps - 5 - subflowSteps - own) / 5).rounded())))

        let shared = sharedScreens(count: sharedCount)
        // The tab bar.
        stats.flows += 1
        stats.tabsFlows += 1
        stats.steps += Self.tabs.count
        stats.maxDepth = max(stats.maxDepth, depth)
        if writesGroup { group(app: k, shared: shared) }
        out.line("/// The app's tab bar: five tabs, each its own navigation stack over the same \(shared.screens.count) screens.")
        out.line("flow MainTabs\(s) tabs {")
        out.line("    start \(Self.tabs[0].tab)")
        out.line()
        for tab in Self.tabs {
            if rng.chance(50) { out.line("    /// \(tab.doc).") }
            out.line("    step \(tab.tab) runs \(tab.flow)\(s)")
        }
        out.line()
        for tab in Self.tabs { out.line("    on \(lowerFirst(tab.tab))TabRequested -> select \(tab.tab)") }
        out.line("    on signedOut -> select \(Self.tabs[0].tab)")
        out.line("}")
        out.line()
        for (n, tab) in Self.tabs.enumerated() {
            stackFlow(tab, app: k, extras: extras[n], shared: shared, depth: depth + 1)
        }
        subflows(app: k, composeExtras: composeExtras, depth: depth + 2)
    }

    // MARK: The shared screens

    struct Shared {
        /// The shared clauses of every tab's first screen (named `ROOT` until written).
        var root: Screen
        var screens: [Screen]
        var flowLevel: [Clause]
        var guards: [(name: String, isAsync: Bool)]
        /// The screens a deep link may open.
        var linkable: [String]
    }

    /// The app's shared screens, their clauses and the flow-level clauses, decided once for all its tabs.
    func sharedScreens(count: Int) -> Shared {
        let core = Self.pool.filter(\.core)
        var optional = Self.pool.filter { !$0.core }
        var picked = Set<String>()
        while picked.count < count - core.count, !optional.isEmpty {
            picked.insert(optional.remove(at: rng.int(0...(optional.count - 1))).name)
        }
        let templates = Self.pool.filter { $0.core || picked.contains($0.name) }
        let names = Set(templates.map(\.name))
        let root = Screen("ROOT")
        let screens = templates.map { template -> Screen in
            let screen = Screen(template.name, template.inputs, runs: {
                if case .subflow(let flow) = template.role { return flow } else { return nil }
            }())
            if let doc = template.doc, rng.chance(60) { screen.doc = doc }
            return screen
        }
        var byName: [String: Screen] = ["ROOT": root]
        for screen in screens { byName[screen.name] = screen }
        let hasTranslate = names.contains("Translate")
        // The running steps handle every exit of their subflow by closing the sheet.
        let exits = ["ComposeFlow": ["posted", "cancelled"], "LoginFlow": ["loggedIn", "cancelled"],
                     "ReportFlow": ["reported", "cancelled"], "EditProfileFlow": ["saved", "cancelled"]]
        for screen in screens {
            guard let flow = screen.runs else { continue }
            for exit in exits[flow]! {
                screen.add(Clause(event: exit, payload: [], actions: [Action(kind: .dismiss, target: nil)], isExitHandler: true))
            }
        }

        // Who opens each screen.
        for template in templates {
            var parents = template.parents.filter { $0 == "ROOT" || $0 == "FLOW" || $0 == "ELSE" || names.contains($0) }
            if parents.isEmpty, let fallback = template.fallback { parents = [fallback] }
            for parent in parents where parent != "FLOW" && parent != "ELSE" {
                byName[parent]!.add(opening(template, from: parent))
            }
        }
        // Rich pushes between the public screens: a status links to its author, a profile to a list...
        let publicScreens = templates.filter { $0.isPush && !["StatusDetail", "Profile", "Hashtag"].contains($0.name) }
        for template in templates where template.isPush {
            for _ in 0..<rng.int(0...2) {
                guard let target = publicScreens.randomElement(using: &rng), target.name != template.name else { continue }
                byName[template.name]!.add(push(target))
            }
        }
        let pages = templates.filter(\.isPage)
        for template in pages where rng.chance(30) {
            if let target = pages.randomElement(using: &rng), target.name != template.name { byName[template.name]!.add(push(target)) }
        }

        // Flow-level clauses: the events every screen sends.
        var flowLevel: [Clause] = [
            Clause(event: "openProfile", payload: [Self.account], actions: [Action(kind: .push, target: "Profile")],
                   doc: rng.chance(50) ? "An avatar, a mention or a boost's author, on any screen." : nil),
            Clause(event: "openStatus", payload: [Self.status], actions: [Action(kind: .push, target: "StatusDetail")]),
            Clause(event: "openHashtag", payload: [Self.tag], actions: [Action(kind: .push, target: "Hashtag")]),
            Clause(event: "openURL", payload: [Self.url], actions: [Action(kind: .sheet, target: "SafariView")],
                   doc: rng.chance(50) ? "A link in a post, a profile field or a card." : nil),
            Clause(event: "openMedia", payload: [Self.status, .index], actions: [Action(kind: .cover, target: "MediaViewer")]),
            Clause(event: "composeTapped", payload: [], actions: [Action(kind: .sheet, target: "Compose"), Action(kind: .sheet, target: "Login")],
                   guards: [("isLoggedIn", false)], doc: rng.chance(50) ? "The floating compose button." : nil),
            Clause(event: "tabReselected", payload: [], actions: [Action(kind: .popTo, target: "ROOT")],
                   doc: rng.chance(50) ? "Tapping the selected tab again goes back to its first screen." : nil),
        ]
        if rng.chance(50) {
            flowLevel.append(Clause(event: "sessionExpired", payload: [], actions: [Action(kind: .root, target: "ROOT")],
                                    doc: "The instance revoked the token."))
        }

        // Ways back, decided on what the checker will know (the tabs' own screens never open a
        // shared screen except through flow-level clauses and sheets, so this holds in every tab).
        let nodes = [root] + screens
        let facts = StackFacts(nodes, flowLevel: flowLevel)
        for (i, screen) in nodes.enumerated() where i > 0 && screen.runs == nil {
            // A group's clause names only the group's steps: not the tab's first screen.
            addBackMoves(screen, at: i, facts: facts, nodes: nodes, allowsRoot: !writesGroup, mustDismiss: {
                if case .cover = templates[i - 1].role { return true }
                if case .sheet = templates[i - 1].role { return true }
                return false
            }())
        }

        var guards: [(name: String, isAsync: Bool)] = [("isLoggedIn", false), ("isOwnAccount", false)]
        if hasTranslate { guards.append(("canTranslate", true)) }

        // Deep links: screens whose inputs a URL gives, reachable from the tab's first screen
        // through screens that need nothing more, without a guard's fallback or a subflow's exit.
        let linkable = templates.filter { template in
            guard template.isPush || template.isPage, !template.inputs.isEmpty, template.inputs.allSatisfy(\.linkable) else { return false }
            return Self.linkPathExists(to: template.name, nodes: nodes, flowLevel: flowLevel, index: facts.index)
        }.map(\.name)
        return Shared(root: root, screens: screens, flowLevel: flowLevel, guards: guards, linkable: linkable)
    }

    /// The clause of `parent` that opens `template`.
    func opening(_ template: Template, from parent: String) -> Clause {
        switch (template.name, parent) {
        case ("Reply", _):
            return Clause(event: "replyTapped", payload: [Self.status],
                          actions: [Action(kind: .sheet, target: "Reply"), Action(kind: .sheet, target: "Login")],
                          guards: [("isLoggedIn", false)])
        case ("EditProfile", "Profile"):
            return Clause(event: "editProfileTapped", payload: [], actions: [Action(kind: .sheet, target: "EditProfile")],
                          guards: [("isOwnAccount", false)], doc: rng.chance(50) ? "Only on the signed-in account's own profile." : nil)
        case ("Translate", _):
            return Clause(event: "translateTapped", payload: [Self.status], actions: [Action(kind: .sheet, target: "Translate")],
                          guards: [("canTranslate", false)])
        default:
            switch template.role {
            case .push, .page: return push(template)
            case .cover: return Clause(event: lowerFirst(template.name) + "Opened", payload: template.inputs,
                                       actions: [Action(kind: .cover, target: template.name)])
            case .sheet, .subflow: return Clause(event: lowerFirst(template.name) + "Tapped", payload: template.inputs,
                                                 actions: [Action(kind: .sheet, target: template.name)])
            }
        }
    }

    func push(_ template: Template) -> Clause {
        Clause(event: lowerFirst(template.name) + "Tapped", payload: template.inputs, actions: [Action(kind: .push, target: template.name)])
    }

    /// `pop`, `popTo` and `dismiss` where the facts allow them; a modal bottom always gets its `dismiss`.
    func addBackMoves(_ screen: Screen, at i: Int, facts: StackFacts, nodes: [Screen], allowsRoot: Bool = true, mustDismiss: Bool) {
        if mustDismiss || (!facts.mayBeBase[i] && rng.chance(50)) {
            screen.add(Clause(event: mustDismiss ? "closeTapped" : "doneTapped", payload: [], actions: [Action(kind: .dismiss, target: nil)]))
        }
        if !facts.mayBeBottom[i], rng.chance(35) {
            let event = screen.name.hasSuffix("Editor") ? "saveTapped" : "backTapped"
            screen.add(Clause(event: event, payload: [], actions: [Action(kind: .pop, target: nil)]))
        }
        if !facts.mayBeBottom[i], rng.chance(30),
           let to = facts.alwaysBelow[i].filter({ allowsRoot || $0 != 0 }).sorted().randomElement(using: &rng) {
            let target = nodes[to].name
            screen.add(Clause(event: "backTo\(target == "ROOT" ? "Top" : target)Tapped", payload: [],
                              actions: [Action(kind: .popTo, target: target)],
                              doc: rng.chance(30) ? "Straight back, past the screens in between." : nil))
        }
    }

    /// Whether a link to `target` can be opened: a path from the first screen through screens whose
    /// inputs are all the target's, along main actions (no `else`, no exit handler).
    static func linkPathExists(to target: String, nodes: [Screen], flowLevel: [Clause], index: [String: Int]) -> Bool {
        guard let goal = index[target] else { return false }
        let allowed = Set(nodes[goal].inputs.map(\.name))
        var seen = Set([0])
        var queue = [0]
        while let from = queue.popLast() {
            if from == goal { return true }
            let node = nodes[from]
            let applying = node.clauses.filter { !$0.isExitHandler } + flowLevel.filter { node.runs != nil || !node.events.contains($0.event) }
            for clause in applying {
                let action = clause.actions[0]
                guard [.push, .sheet, .cover, .replace, .root].contains(action.kind), let to = index[action.target!],
                      !seen.contains(to), nodes[to].inputs.allSatisfy({ allowed.contains($0.name) }) else { continue }
                seen.insert(to)
                queue.append(to)
            }
        }
        return false
    }

    // MARK: A tab's stack flow

    func stackFlow(_ tab: TabTemplate, app k: Int, extras: [(String, [Param], Role, String)], shared: Shared, depth: Int) {
        let flowName = tab.flow + suffix(k)
        // The tab's first screen: the shared toolbar, then its own screens.
        let root = Screen("ROOT")
        for clause in shared.root.clauses { root.add(clause) }
        var own: [Screen] = []
        var ownRoles: [Role] = []
        var byName: [String: Screen] = ["ROOT": root]
        for (name, inputs, role, _) in extras {
            let screen = Screen(name, inputs)
            own.append(screen)
            ownRoles.append(role)
            byName[name] = screen
        }
        for (name, inputs, role, parent) in extras {
            let template = Template(name: name, inputs: inputs, role: role, parents: [parent])
            byName[parent]!.add(opening(template, from: parent))
        }
        if tab.tab == "Me" {
            // The signed-in account's own profile, which it can edit.
            root.add(Clause(event: "editProfileTapped", payload: [], actions: [Action(kind: .sheet, target: "EditProfile")]))
        }
        let nodes = [root] + own + shared.screens
        var facts = StackFacts(nodes, flowLevel: shared.flowLevel)
        for (n, screen) in own.enumerated() {
            let modal: Bool
            if case .sheet = ownRoles[n] { modal = true } else { modal = false }
            addBackMoves(screen, at: n + 1, facts: facts, nodes: nodes, mustDismiss: modal)
        }
        // What was decided once for every tab must hold in this one.
        facts = StackFacts(nodes, flowLevel: shared.flowLevel)
        for (i, node) in nodes.enumerated() {
            if !facts.reachable[i] { fatalError("tabs-shared: \(flowName).\(node.name) is unreachable") }
            for clause in node.clauses {
                if let problem = facts.problem(clause, at: i, nodes: nodes) { fatalError("tabs-shared: \(flowName).\(node.name): \(problem)") }
            }
        }

        stats.flows += 1
        stats.steps += writesGroup ? 1 + own.count : nodes.count
        stats.maxDepth = max(stats.maxDepth, depth)
        func name(_ n: String) -> String { n == "ROOT" ? tab.root : n }
        let screens = writesGroup ? "the app's shared screens" : "its own copy of the app's shared screens"
        out.line("/// \(tab.doc): the \(tab.tab) tab's stack, with \(screens).")
        out.line("flow \(flowName) {")
        out.line("    start \(tab.root)")
        if writesGroup { out.line("    use AppScreens\(suffix(k))") }
        out.line()
        for g in shared.guards where !writesGroup {
            if rng.chance(30) {
                out.line("    /// \(g.isAsync ? "Asked asynchronously: the app may download a language model." : "Known at once from the session.")")
            }
            out.line("    guard \(g.isAsync ? "async " : "")\(g.name)")
        }
        if !writesGroup { stats.guards += shared.guards.count }
        // A few deep links, in some tabs.
        var links = shared.linkable
        var linkCount = links.isEmpty ? 0 : min(links.count, rng.int(0...2))
        if tab.tab == "Home" || tab.tab == "Explore" { linkCount = min(links.count, max(linkCount, 1)) }
        for _ in 0..<linkCount {
            let target = links.remove(at: rng.int(0...(links.count - 1)))
            let screen = nodes[facts.index[target]!]
            var pattern = "/" + slug(flowName) + "/" + slug(target)
            for input in screen.inputs { pattern += "/{\(input.name)}" }
            out.line("    link \"\(pattern)\" -> \(target)")
            stats.links += 1
        }
        out.line()
        for (i, node) in nodes.prefix(writesGroup ? 1 + own.count : nodes.count).enumerated() {
            if i == 0 { out.line("    /// \(tab.doc): the tab's first screen.") }
            write(node, app: k, root: tab.root)
        }
        out.line()
        for clause in shared.flowLevel where !writesGroup || Self.namesRoot(clause) {
            write(clause, indent: "    ", root: tab.root)
            if writesGroup { stats.clauses += 1 }
        }
        out.line("}")
        out.line()
    }

    /// Writes one `on` clause, `ROOT` replaced by the tab's first screen.
    func write(_ clause: Clause, indent: String, root: String) {
        if let doc = clause.doc { out.line(indent + "/// " + doc) }
        var text = indent + "on " + clause.event + (clause.isExitHandler ? "" : paramList(clause.payload)) + " -> "
        for (i, action) in clause.actions.enumerated() {
            if i > 0 { text += " else " }
            text += action.kind.rawValue
            if let target = action.target { text += " " + (target == "ROOT" ? root : target) }
            if i < clause.guards.count { text += " if " + (clause.guards[i].negated ? "!" : "") + clause.guards[i].name }
        }
        out.line(text)
    }

    // MARK: Subflows

    /// The app's four subflows, run by the sheets of every tab.
    func subflows(app k: Int, composeExtras: [String], depth: Int) {
        let s = suffix(k)
        func flow(_ lines: [String], steps: Int, clauses: Int, guards: Int) {
            stats.flows += 1
            stats.steps += steps
            stats.clauses += clauses
            stats.guards += guards
            stats.maxDepth = max(stats.maxDepth, depth)
            for line in lines { out.line(line) }
            out.line()
        }
        var compose = [
            "/// Writing a post or a reply: the editor and its pickers; posting or cancelling finishes it.",
            "flow ComposeFlow\(s) {",
            "    start Editor",
            "",
            "    guard async hasPhotoAccess",
            "",
            "    step Editor {",
            "        on postTapped(status: StatusID) -> exit posted",
            "        on cancelTapped -> exit cancelled",
            "        on visibilityTapped -> push VisibilityPicker",
            "        /// The photo library asks for access the first time.",
            "        on addMediaTapped -> sheet MediaPicker if hasPhotoAccess",
        ]
        var clauses = 5
        for extra in composeExtras {
            compose.append("        on \(lowerFirst(extra))Tapped -> \(extra == "EmojiPicker" ? "sheet" : "push") \(extra)")
            clauses += 1
        }
        compose += [
            "    }",
            "    step VisibilityPicker {",
            "        on visibilityPicked -> pop",
            "    }",
            "    step MediaPicker {",
            "        on mediaPicked -> dismiss",
            "    }",
        ]
        clauses += 2
        for extra in composeExtras {
            compose += ["    step \(extra) {", extra == "EmojiPicker" ? "        on emojiPicked -> dismiss" : "        on doneTapped -> pop", "    }"]
            clauses += 1
        }
        compose += ["", "    exit posted(status: StatusID)", "    exit cancelled", "}"]
        flow(compose, steps: 3 + composeExtras.count, clauses: clauses, guards: 1)

        flow([
            "/// Signing in: pick an instance, then its OAuth page; some accounts need a second factor.",
            "flow LoginFlow\(s) {",
            "    start ServerPicker",
            "",
            "    step ServerPicker {",
            "        on serverPicked(server: ServerName) -> push SignIn",
            "        on cancelTapped -> exit cancelled",
            "    }",
            "    step SignIn(server: ServerName) {",
            "        on signedIn(account: AccountID) -> exit loggedIn",
            "        /// The code screen takes the sign-in page's place: going back returns to the instances.",
            "        on twoFactorRequired -> replace TwoFactor",
            "    }",
            "    step TwoFactor {",
            "        on verified(account: AccountID) -> exit loggedIn",
            "        on backTapped -> pop",
            "    }",
            "",
            "    exit loggedIn(account: AccountID)",
            "    exit cancelled",
            "}",
        ], steps: 3, clauses: 6, guards: 0)

        flow([
            "/// Reporting an account to its instance's moderators.",
            "flow ReportFlow\(s) {",
            "    start ReportReasons",
            "",
            "    step ReportReasons(account: AccountID) {",
            "        on reasonPicked(category: ReportCategory) -> push ReportStatuses",
            "        on cancelTapped -> exit cancelled",
            "    }",
            "    step ReportStatuses(category: ReportCategory) {",
            "        on continueTapped -> push ReportComment",
            "        on backTapped -> pop",
            "    }",
            "    step ReportComment {",
            "        on submitTapped -> exit reported",
            "    }",
            "",
            "    exit reported",
            "    exit cancelled",
            "}",
        ], steps: 3, clauses: 5, guards: 0)

        flow([
            "/// Editing the signed-in account's profile.",
            "flow EditProfileFlow\(s) {",
            "    start ProfileEditor",
            "",
            "    guard async hasPhotoAccess",
            "",
            "    step ProfileEditor {",
            "        on saveTapped -> exit saved",
            "        on cancelTapped -> exit cancelled",
            "        on fieldsTapped -> push ProfileFields",
            "        on avatarTapped -> sheet AvatarPicker if hasPhotoAccess",
            "    }",
            "    step ProfileFields {",
            "        on doneTapped -> pop",
            "    }",
            "    step AvatarPicker {",
            "        on avatarPicked -> dismiss",
            "    }",
            "",
            "    exit saved",
            "    exit cancelled",
            "}",
        ], steps: 3, clauses: 6, guards: 1)
    }
}
