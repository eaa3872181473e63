/// Type-to-find in a folder's grid (BEHAVIOUR H1): which name the letters typed so far
/// select. The first name (in the folder's order) that starts with them, ignoring case;
/// else the first that holds them; else none. Swift compares characters by canonical
/// equivalence, so a name written with "é" decomposed is found by a typed "é".
public enum TypeToFind {
    public static func first(matching typed: String, in names: [String]) -> Int? {
        let wanted = typed.lowercased()
        guard !wanted.isEmpty else { return nil }
        let keys = names.map { $0.lowercased() }
        return keys.firstIndex { $0.hasPrefix(wanted) } ?? keys.firstIndex { $0.contains(wanted) }
    }
}
