// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "FlowGraph",
    products: [
        .library(name: "FlowGraph", targets: ["FlowGraph"]),
        /// The navigator engine a generated router runs on: standard library only.
        .library(name: "FlowGraphRuntime", targets: ["FlowGraphRuntime"]),
        /// The UI adapters: an @Observable navigation model, a SwiftUI view, a UIKit coordinator.
        .library(name: "FlowGraphUI", targets: ["FlowGraphUI"]),
        .executable(name: "flowgraph", targets: ["flowgraph"]),
        /// `flowgraph render` and `flowgraph preview`, which `flowgraph` starts in its place.
        .executable(name: "flowgraph-render", targets: ["flowgraph-render"]),
        .executable(name: "flowgraph-preview", targets: ["flowgraph-preview"]),
        /// The tool the build plugin runs; also usable on its own in other build systems.
        .executable(name: "flowgraph-generate", targets: ["flowgraph-generate"]),
        /// Generates the Swift router of a target's .flow files at build time.
        .plugin(name: "FlowGraphPlugin", targets: ["FlowGraphPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        /// The preview server's HTTP (no SwiftNIO): used by FlowGraphPreview only, never by the plugin's tool.
        .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
    ],
    targets: [
        /// Graphviz's C libraries (libcgraph, libgvc) from the system; used only by the renderer.
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        /// The navigator engine that generated routers run on (docs/GeneratedRouter.md): the
        /// standard library only, no FlowGraph.
        .target(name: "FlowGraphRuntime"),
        /// The adapters an app uses instead of copying code: NavigationModel (tested here), and the
        /// SwiftUI view and UIKit coordinator over it (behind canImport: not compiled on Linux).
        .target(name: "FlowGraphUI", dependencies: ["FlowGraphRuntime"]),
        /// The compiler: source, syntax, semantics, analysis, diagnostics and text reports.
        .target(name: "FlowGraph", dependencies: ["FlowGraphRuntime"]),
        /// Layout and rendering through Graphviz (libgvc), in process: the only importer of CGraphviz.
        /// (Page/ holds the page of `render --format html`, which scripts/embed-page copies into MapPageAssets.swift.)
        .target(name: "FlowGraphRendering", dependencies: ["FlowGraph", "CGraphviz"], exclude: ["Page"]),
        /// Reading .flow files and folders (with .flowignore), and writing output atomically: for
        /// the command line and the plugin's tool.
        .target(name: "FlowGraphFiles", dependencies: ["FlowGraph"]),
        /// `flowgraph preview`: serves the program's page on loopback and reloads it on every save
        /// (FlyingFox for HTTP); used by the command line only.
        .target(
            name: "FlowGraphPreview",
            dependencies: [
                "FlowGraph", "FlowGraphFiles", "FlowGraphRendering",
                .product(name: "FlyingFox", package: "FlyingFox"),
            ]
        ),
        /// `flowgraph lsp`: the language server (JSON-RPC over stdio, on Foundation's Codable: no LSP
        /// package); the language knowledge it serves is FlowGraph's (Sources/FlowGraph/Editing).
        .target(name: "FlowGraphLanguageServer", dependencies: ["FlowGraph", "FlowGraphFiles"]),
        /// What the command-line tools share: input and output options, the terminal, exit codes.
        .target(
            name: "FlowGraphCommandLine",
            dependencies: ["FlowGraph", "FlowGraphFiles", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        /// The command line: parses arguments, reads files, calls the library, prints, writes. It
        /// links neither Graphviz nor the preview's server: `render` and `preview` start the two
        /// tools below in its place. (They are products of their own, built beside it: naming them
        /// as dependencies here would link their libraries into `flowgraph`.)
        .executableTarget(
            name: "flowgraph",
            dependencies: [
                "FlowGraph",
                "FlowGraphFiles",
                "FlowGraphLanguageServer",
                "FlowGraphCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        /// `flowgraph render`: Graphviz, in process.
        .executableTarget(
            name: "flowgraph-render",
            dependencies: [
                "FlowGraph", "FlowGraphFiles", "FlowGraphRendering", "FlowGraphCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        /// `flowgraph preview`: Graphviz and the HTTP server (FlyingFox, which brings FoundationNetworking).
        .executableTarget(
            name: "flowgraph-preview",
            dependencies: [
                "FlowGraph", "FlowGraphFiles", "FlowGraphRendering", "FlowGraphPreview", "FlowGraphCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        /// The build plugin's tool: .flow files in, FlowRouter.swift out. No Graphviz and no
        /// ArgumentParser, so that an app using the plugin builds only the compiler.
        .executableTarget(name: "flowgraph-generate", dependencies: ["FlowGraph", "FlowGraphFiles"]),
        /// Runs flowgraph-generate on every .flow file of the target it is applied to.
        .plugin(name: "FlowGraphPlugin", capability: .buildTool(), dependencies: ["flowgraph-generate"]),
        /// Renders one program many times in one process, to measure memory under valgrind.
        .executableTarget(name: "RenderLoop", dependencies: ["FlowGraph", "FlowGraphRendering"], path: "Benchmarks/RenderLoop"),
        /// Writes realistic .flow programs of any size, deterministically from a seed, for benchmarks.
        .executableTarget(name: "flowgraph-program-generator", path: "Benchmarks/ProgramGenerator"),
        /// Times every stage and its peers (sccmap, dot, wc, swiftc) on generated programs: scripts/benchmark.
        .executableTarget(
            name: "flowgraph-benchmark", dependencies: ["FlowGraph", "FlowGraphRendering"], path: "Benchmarks/Benchmark"),
        /// Starts one command for the benchmark and reports its time and peak memory (a small C program,
        /// so that the commands it starts do not inherit a large peak).
        .executableTarget(name: "flowgraph-benchmark-launcher", path: "Benchmarks/Launcher"),
        /// What several test targets share: how the tests start programs (`flowgraph`, `swift build`,
        /// `git`, ...: each child gets only its standard input, output and error, never another test's
        /// pipe; Tests/Support/ChildProcess.swift), the runtime built as a module, and swiftc on generated routers.
        .target(name: "FlowGraphTestSupport", dependencies: ["FlowGraph"], path: "Tests/Support"),
        .testTarget(
            name: "FlowGraphTests",
            dependencies: ["FlowGraph", "FlowGraphFiles", "FlowGraphTestSupport"],
            exclude: ["Fixtures", "Golden"]
        ),
        .testTarget(name: "FlowGraphRenderingTests", dependencies: ["FlowGraph", "FlowGraphRendering", "FlowGraphFiles", "FlowGraphTestSupport"]),
        /// The preview server: loopback only, its own resources only, Host checked, reloads on a save.
        .testTarget(name: "FlowGraphPreviewTests", dependencies: ["FlowGraph", "FlowGraphPreview", "FlowGraphFiles", "FlowGraphTestSupport"]),
        /// The language server through pipes: every request, robustness, and Neovim driving the built
        /// binary headless (Tests/Editors/nvim-lsp-test.lua).
        .testTarget(name: "FlowGraphLanguageServerTests", dependencies: ["FlowGraph", "FlowGraphLanguageServer", "FlowGraphTestSupport"]),
        /// The runtime as a library: hand-written programs, sync and async; the table's text.
        .testTarget(name: "FlowGraphRuntimeTests", dependencies: ["FlowGraphRuntime", "FlowGraph", "FlowGraphTestSupport"]),
        /// The checker's claims replayed on the navigator, on samples, fixtures and generated programs;
        /// each clean generated program compiled and rendered too.
        .testTarget(name: "FlowGraphReplayTests", dependencies: ["FlowGraph", "FlowGraphRuntime", "FlowGraphRendering", "FlowGraphTestSupport"]),
        /// FlowGraphUI's model, driven through a router the plugin generates from Reader.flow and Mail.flow.
        .testTarget(
            name: "FlowGraphUITests",
            dependencies: ["FlowGraphRuntime", "FlowGraphUI"],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])],
            plugins: ["FlowGraphPlugin"]
        ),
        /// Safe output files: atomic writes, signatures, --force, stale temporary files.
        .testTarget(name: "FlowGraphFilesTests", dependencies: ["FlowGraph", "FlowGraphFiles", "FlowGraphTestSupport"]),
        /// Uses the types the plugin generates from App.flow at build time.
        .testTarget(
            name: "FlowGraphPluginTests",
            dependencies: ["FlowGraphRuntime", "FlowGraphTestSupport"],
            // The generated router must build without a warning, as in an app that treats them as errors.
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])],
            plugins: ["FlowGraphPlugin"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
