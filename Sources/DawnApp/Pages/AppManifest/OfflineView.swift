import Templates

/// `Views/offline.html`: what the service worker shows without a network (`OfflinePage`).
struct OfflineView: PageView {
    static let template = "offline"

    var title: String

    static let fields: [ViewField<Self>] = [.text("title", \.title)]
}
