/// The version `dawn --version` prints and `/healthz` reports.
public enum DawnVersion {
    public static let current = "0.1.0"
}
