/// What stands between a reader and the whole article on a page that still shows some of it:
/// a fact about the page, recorded with what was extracted, never a reason to keep nothing
/// (issue 35). A page that shows no text at all is still `NotFoundReason.paywall`/`.consentWall`.
public enum PageWall: String, Sendable, Equatable, CaseIterable {
    /// The publisher marks the article as not free (`isAccessibleForFree: false`) or a paywall
    /// container hides its body: what was extracted is the teaser the page shows.
    case paywall
    /// A cookie-consent banner covers the page; the text behind it was extracted.
    case consentWall

    /// A short English phrase, as in "teaser: behind a paywall".
    public var description: String {
        switch self {
        case .paywall: return "behind a paywall"
        case .consentWall: return "behind a cookie-consent wall"
        }
    }
}
