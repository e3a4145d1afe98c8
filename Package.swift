// swift-tools-version:6.0
import PackageDescription

/// The layers mirror the build pipeline; a target imports only what sits below it:
/// Model ← HTML ← Feeds ← Kit (pipeline) ← NewsgenCLI (arguments, help, terminal output, exit codes)
/// ← newsgen (the executable); Mustache depends on nothing. `newsgen serve`: NewsgenServer (HTTP) and Kit
/// ← NewsgenServe ← NewsgenCLI.
let package = Package(
    name: "newsgen",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "newsgen", targets: ["newsgen"]),
        .library(name: "NewsgenKit", targets: ["NewsgenKit"]),
        .library(name: "Mustache", targets: ["Mustache"]),
    ],
    targets: [
        // C libraries, from the system's package manager.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        // OpenSSL's libcrypto, for SHA-256 over whole archives and feeds (ADR 034); libcurl already brings it at run time.
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl"])]
        ),
        // Fixed-argument C wrappers for libcurl's variadic setopt and getinfo (every HTTP request, ADR 016).
        .target(name: "CNewsgenCurl", dependencies: ["CCurl"]),
        // Fixed-argument C wrappers for libvips's variadic API (thumbnails); libvips is opened on
        // first use (dlopen), not linked, so the hundred libraries it pulls in cost nothing at start-up.
        .target(name: "CNewsgenVips"),
        // The commit `make dist` builds from, for `newsgen --version` (ADR 041); empty in any other build.
        .target(name: "CNewsgenBuildInfo"),

        // Value types only: no I/O, no C.
        .target(name: "NewsgenModel"),
        // The template engine depends on nothing, so it can be reused on its own.
        .target(name: "Mustache"),
        .target(name: "NewsgenFeeds", dependencies: ["NewsgenModel", "NewsgenHTML", "CLibXML2"]),
        .target(name: "NewsgenHTML", dependencies: ["NewsgenModel", "CLibXML2", "CCmarkGFM", "CYAML"]),
        // The main text of an article's own page (Readability's method), for teaser-only feeds (issue 17).
        .target(name: "NewsgenExtract", dependencies: ["NewsgenModel", "NewsgenHTML", "CLibXML2"]),
        .target(name: "NewsgenKit", dependencies: ["NewsgenModel", "Mustache", "NewsgenFeeds", "NewsgenHTML", "NewsgenExtract", "CNewsgenVips", "CNewsgenCurl", "CCrypto"]),
        // The command line: the table of commands and options, parsing, help, colour, exit codes (ADR 021).
        .target(name: "NewsgenCLI", dependencies: ["NewsgenKit", "NewsgenModel", "NewsgenServe", "CNewsgenBuildInfo"]),
        // The loopback HTTP server behind `newsgen serve` (issue 19): the socket API only, no C target (ADR 037).
        .target(name: "NewsgenServer"),
        // `newsgen serve` (issue 19): the site built, served, watched and rebuilt, pages reloaded, bookmarks from the page (ADR 038).
        .target(name: "NewsgenServe", dependencies: ["NewsgenServer", "NewsgenKit", "NewsgenModel", "NewsgenHTML"]),
        .executableTarget(name: "newsgen", dependencies: ["NewsgenCLI"]),
        // Times the build's Parse stage on feed files (`make bench`, issue 9); not shipped.
        .executableTarget(name: "newsgen-parse-bench", dependencies: ["NewsgenKit"], path: "Tests/Benchmarks/ParseBench"),
        // Times the extractor on saved pages (`make bench-extract`, issue 17); not shipped.
        .executableTarget(name: "newsgen-extract-bench", dependencies: ["NewsgenExtract", "CLibXML2"], path: "Tests/Benchmarks/ExtractBench"),

        // Helpers shared by the test targets (fixture HTTP servers, `Prerequisite`).
        .target(name: "NewsgenTestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "NewsgenModelTests", dependencies: ["NewsgenModel", "NewsgenTestSupport"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache", "NewsgenTestSupport"]),
        .testTarget(name: "NewsgenFeedsTests", dependencies: ["NewsgenFeeds", "NewsgenTestSupport"]),
        .testTarget(name: "NewsgenHTMLTests", dependencies: ["NewsgenHTML", "NewsgenTestSupport"]),
        .testTarget(name: "NewsgenExtractTests", dependencies: ["NewsgenExtract", "NewsgenTestSupport"]),
        .testTarget(name: "NewsgenKitTests", dependencies: ["NewsgenKit", "NewsgenTestSupport"]),
        .testTarget(name: "NewsgenCLITests", dependencies: ["NewsgenCLI", "NewsgenKit"]),
        .testTarget(name: "NewsgenServerTests", dependencies: ["NewsgenServer", "NewsgenTestSupport"]),
        .testTarget(name: "NewsgenServeTests", dependencies: ["NewsgenServe", "NewsgenServer", "NewsgenKit", "NewsgenModel"]),
        .testTarget(name: "EndToEndTests", dependencies: ["newsgen", "NewsgenModel", "NewsgenTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
