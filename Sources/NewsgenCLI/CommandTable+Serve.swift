extension CommandSpec {
    static let serve = CommandSpec(
        name: "serve",
        summary: ["Build, serve the site on 127.0.0.1, rebuild on every change and", "reload the open pages"],
        options: [
            OptionSpec(name: "--port", value: "N", help: ["The port to listen on (default: 1313; 0: any free one)"]),
            OptionSpec(name: "--host", value: "ADDRESS", help: ["The address to listen on (default: 127.0.0.1); bookmarks", "from the page only on a loopback address"]),
            OptionSpec(name: "--fetch", help: ["Fetch the url sources at each build (default: offline)"]),
            .site,
        ],
        strayHint: "use --site DIR to serve another folder",
        about: """
        Builds the site (offline unless --fetch), serves public/ over HTTP on
        127.0.0.1, and rebuilds whenever site.json, content/ (not the archive),
        templates/, static/ or the bookmark manifest changes. Open pages reload
        after each rebuild; a failed rebuild keeps the last good site and shows its
        error on the page and here; a build's warnings about an article, a
        template or a strings file are shown on the page too, and so is what to
        run ('newsgen build' or 'newsgen serve --fetch') while nothing is archived
        from the url sources. The pages served get a small script for this; the
        files in public/ do not. Without --fetch, /sources/ shows url sources as
        "not fetched in preview". A rebuild that meets another 'newsgen build'
        waits for it (up to 10 minutes).

        On a loopback address each article and row gets a bookmark button, which
        toggles the bookmark as 'newsgen bookmark toggle' does and rebuilds. Only
        pages this server served can use it.
        """,
        notes: """
        Ctrl-C stops it (exit 0). Exits 1 when the port cannot be used or the folder
        is not a site.
        """,
        examples: ["newsgen serve", "newsgen serve --port 8080 --fetch"],
        make: { parsed in
            var serve = Command.ServeArguments()
            serve.site = parsed.value("--site") ?? "."
            serve.port = parsed.value("--port")
            serve.host = parsed.value("--host") ?? "127.0.0.1"
            serve.fetch = parsed.has("--fetch")
            return .serve(serve)
        }
    )
}
