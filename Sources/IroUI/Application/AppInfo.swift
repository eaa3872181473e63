/// Build constants in one place.
public enum AppInfo {
    public static let id = "io.github.iroviewer.Iro"
    public static let name = "Iro"
    public static let version = "0.1.0"
}
