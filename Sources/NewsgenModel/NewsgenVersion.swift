/// newsgen's version, written once and read by every layer: the command line prints it
/// (`--version`), the fetcher names it to publishers (User-Agent), and the build record and
/// the pages' keys hold it, so that a new release renders every page again rather than
/// trusting what an older one left.
public enum NewsgenVersion {
    /// The release, `major.minor.patch`.
    public static let current = "0.1.0"

    /// `newsgen 0.1.0`: what `newsgen --version` prints, and what the build fingerprint, the
    /// pages' theme key and the archive's "newer than" refusal name.
    public static let name = "newsgen \(current)"

    /// `newsgen/0.1`: the User-Agent's product token. Publishers see it in their logs (and some
    /// filter on it), so it names the release series, `major.minor`, and a bug-fix release
    /// leaves it as it was.
    public static let userAgent = "newsgen/" + current.split(separator: ".").prefix(2).joined(separator: ".")
}
