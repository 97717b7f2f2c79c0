import HTTP

/// `GET /`: the front door. Until accounts exist it tells the family what
/// this instance is; the day page will take its place.
enum HomePage {
    static let route = Route.page { app, _ in
        app.render("home", [
            "title": "Dawn",
            "version": .string(DawnVersion.current),
        ])
    }
}
