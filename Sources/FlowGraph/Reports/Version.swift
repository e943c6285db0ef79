/// The version of FlowGraph, as reports name it.
public enum FlowGraphVersion {
    public static let current = "0.2.0"
}
