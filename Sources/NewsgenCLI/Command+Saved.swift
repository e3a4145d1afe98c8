/// What a command has saved by the time it succeeds: told on standard error when its output could
/// not be written (`Console.finish`), so a full disk does not leave the user guessing whether the
/// bookmark went in.
extension Command {
    /// nil for a command that changes nothing (or, like `serve`, whose output is a log of what it did).
    var savedWhenDone: String? {
        switch self {
        case .build: return "the site was built"
        case .bookmark(let arguments): return arguments.action.change == nil ? nil : "bookmarks.json was saved"
        case .archive(let arguments):
            switch arguments.action {
            case .remove: return "the takedown was saved"
            case .refresh: return "the refresh was saved in state.json"
            }
        case .source(let arguments):
            switch arguments.action {
            case .add, .set, .remove(_, _, false): return "site.json was saved"
            case .remove(_, _, true): return "site.json and the archive were saved"
            case .importOPML(_, let dryRun, _): return dryRun ? nil : "site.json was saved"
            case .list, .export: return nil
            }
        case .initialize(let directory, _): return "the site was made in \(directory)"
        case .check, .inspect, .extract, .serve, .help, .manPage, .completion, .version: return nil
        }
    }
}
