import Templates

/// A page's context as a type: its fields (`TemplateView`) and the template it renders.
/// Registered in `PageViews.all`, it is checked against that template at start-up.
protocol PageView: TemplateView {
    /// The template's name under `Views/`, e.g. "habits".
    static var template: String { get }
}
