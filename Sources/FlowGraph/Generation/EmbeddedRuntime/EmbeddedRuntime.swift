// Written by scripts/embed-runtime from Sources/FlowGraphRuntime: do not edit, run the script.

/// The source files of FlowGraphRuntime, verbatim, for `flowgraph generate --embed-runtime`.
public enum EmbeddedRuntime {
    public static let files: [(name: String, text: String)] = [
        ("LinkURL.swift", fileLinkURL),
        ("NavigationProgram+Names.swift", fileNavigationProgramNames),
        ("NavigationProgram.swift", fileNavigationProgram),
        ("Navigator+Calls.swift", fileNavigatorCalls),
        ("Navigator+Columns.swift", fileNavigatorColumns),
        ("Navigator+Journeys.swift", fileNavigatorJourneys),
        ("Navigator+Kept.swift", fileNavigatorKept),
        ("Navigator+KeptLinks.swift", fileNavigatorKeptLinks),
        ("Navigator+Links.swift", fileNavigatorLinks),
        ("Navigator+Recording.swift", fileNavigatorRecording),
        ("Navigator+Tree.swift", fileNavigatorTree),
        ("Navigator+Types.swift", fileNavigatorTypes),
        ("Navigator+Work.swift", fileNavigatorWork),
        ("Navigator.swift", fileNavigator),
        ("ProgramGraph.swift", fileProgramGraph),
        ("ProgramTable+Text+Links.swift", fileProgramTableTextLinks),
        ("ProgramTable+Text.swift", fileProgramTableText),
        ("ProgramTable+Writing.swift", fileProgramTableWriting),
        ("ProgramTable.swift", fileProgramTable),
    ]

    /// What `--embed-runtime` writes for a file: a header line, then the file as it is.
    public static func output(_ file: (name: String, text: String)) -> String {
        "\(OutputSignature.swiftPrefix) \(FlowGraphVersion.current): FlowGraphRuntime's \(file.name), verbatim below (--embed-runtime). Do not edit: generate again.\n"
            + file.text + "\n"
    }
}
