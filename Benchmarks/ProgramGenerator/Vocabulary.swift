/// The words the generated programs are made of, and the helpers that turn them into names.

let nouns = [
    "Product", "Category", "Order", "Review", "Address", "Payment", "Card", "Message", "Photo",
    "Album", "Playlist", "Track", "Artist", "Ticket", "Venue", "Recipe", "Workout", "Route", "Trip",
    "Booking", "Hotel", "Flight", "Invoice", "Contact", "Note", "Project", "Team", "Member",
    "Channel", "Document", "Folder", "Comment", "Coupon", "Store", "Device", "Subscription", "Badge",
    "Goal", "Lesson", "Course", "Quiz", "Story", "Podcast", "Episode", "Movie", "Reminder",
    "Meeting", "Expense", "Budget", "Shipment", "Vehicle", "Ride", "Restaurant", "Dish", "Garden",
    "Plant", "Pet", "Doctor", "Appointment", "Listing",
]
/// Second halves of flow names; disjoint from the step kinds below.
let areas = [
    "Browse", "Checkout", "Library", "Onboarding", "Profile", "Inbox", "Wallet", "Planner",
    "Support", "Sharing", "Tracker", "Studio", "Archive", "Feed", "Explorer", "Account", "Catalog",
    "Center", "Manager", "Booker",
]
let startKinds = ["Home", "Overview", "Dashboard", "Hub"]
let pushKinds = [
    "List", "Detail", "Search", "History", "Reviews", "Summary", "Editor", "Options", "Comments",
    "Stats", "Map", "Preview", "Details", "Timeline",
]
let sheetKinds = ["Filters", "Share", "Picker", "Composer", "Settings", "Info", "Report", "Sort"]
let coverKinds = ["Gallery", "Player", "Scanner", "Camera", "Viewer", "Tour", "Lock"]
let replaceKinds = ["Confirmation", "Receipt", "Result", "Done"]
let guardNames: [(name: String, isAsync: Bool)] = [
    ("isSignedIn", false), ("hasPremium", false), ("isOnline", false), ("canEdit", false),
    ("isVerified", false), ("hasCameraAccess", true), ("paymentAuthorized", true),
    ("hasConsent", true), ("locationAllowed", true), ("isOwner", false),
]

func lowerFirst(_ s: String) -> String { s.prefix(1).lowercased() + s.dropFirst() }
func words(_ s: String) -> String { slug(s).split(separator: "-").joined(separator: " ") }
func slug(_ s: String) -> String {
    var out = ""
    for c in s {
        if c.isUppercase, !out.isEmpty { out.append("-") }
        out += c.lowercased()
    }
    return out
}

/// `base`, or `base2`, `base3`... : the first not in `used`, which it joins.
func numbered(_ base: String, avoiding used: inout Set<String>) -> String {
    var name = base
    var n = 2
    while used.contains(name) {
        name = base + String(n)
        n += 1
    }
    used.insert(name)
    return name
}
