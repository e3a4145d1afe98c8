/// Pages that stand in for the article: a cookie-consent wall or a paywall's teaser. Both are
/// judged only when little article text was found, so a long article that mentions cookies, or
/// a free one whose publisher marks it as paid for search engines, is never refused.
enum WallDetector {
    /// Below this much article text, a consent platform's banner is taken to be the page.
    static let consentTextLimit = 1_000
    /// Below this much article text, a page marked as paid is taken to be a paywall teaser: a
    /// teaser is a paragraph or two, and a full short article marked as paid (as Folha's are) is longer.
    static let paywallTextLimit = 1_000

    /// Containers of the common consent-management platforms.
    private static let consentContainers = [
        "onetrust-consent-sdk", "onetrust-banner-sdk", "cybotcookiebotdialog", "qc-cmp2-container", "sp_message_container",
        "didomi-host", "didomi-notice", "usercentrics-root", "truste-consent-track", "cmpbox", "cookie-consent", "cookieconsent",
        "consent-banner", "cookie-banner", "gdpr-consent", "fc-consent-root",
    ]
    private static let consentWords = ["cookie", "consent", "privacy", "gdpr", "datenschutz", "zustimm", "einwillig", "accept"]
    private static let paywallMarkers = ["paywall", "piano-offer", "tp-modal", "subscriber-only", "subscribers-only", "premium-content", "meteredcontent", "regwall"]

    /// A consent wall: a platform's container, or a short page whose text is mostly consent wording.
    static func isConsentWall(_ tree: PageTree, articleTextLength: Int) -> Bool {
        guard articleTextLength < consentTextLimit else { return false }
        var hasContainer = false
        tree.forEachDescendant(of: tree.root) { node in
            guard !hasContainer, tree.isElement(node) else { return }
            let match = ReadabilityPattern.lowered(tree.classAndID(node))
            if match.count > 1, consentNeedles.contains(where: { ReadabilityPattern.contains(match, $0) }) { hasContainer = true }
        }
        guard let body = tree.firstElement(named: "body") else { return hasContainer }
        let text = tree.innerText(body)
        let length = text.utf16.count
        if hasContainer && length < 5_000 { return true }
        guard length < 3_000 else { return false }
        let lowered = ReadabilityPattern.lowered(text)
        let words = consentWords.reduce(0) { $0 + occurrences(of: $1, in: lowered) }
        return words >= 3 && words * 60 > length / 10
    }

    /// The names as bytes, made once: every element of a page is tested against them.
    private static let consentNeedles = consentContainers.map { Array($0.utf8) }
    private static let paywallNeedles = paywallMarkers.map { Array($0.utf8) }

    /// A paywall: the publisher says the article is not free, or a paywall container offers a
    /// subscription, and little text was found. A class name alone never decides it: a free
    /// story's login link called `paywall-login-link` offers nothing to buy.
    static func isPaywall(_ tree: PageTree, jsonLD: JSONLDMetadata?, articleTextLength: Int) -> Bool {
        guard articleTextLength < paywallTextLimit else { return false }
        if jsonLD?.isPaywalled == true { return true }
        var found = false
        tree.forEachDescendant(of: tree.root) { node in
            guard !found, tree.isElement(node) else { return }
            let match = ReadabilityPattern.lowered(tree.classAndID(node))
            guard match.count > 1, paywallNeedles.contains(where: { ReadabilityPattern.contains(match, $0) }) else { return }
            let offer = ReadabilityPattern.lowered(tree.textContent(node))
            found = subscriptionWords.contains { ReadabilityPattern.contains(offer, Array($0.utf8)) }
        }
        return found
    }

    /// What a paywall's offer says, in the theme's languages: subscribe, abonnieren, s'abonner,
    /// suscribirse, abbonarsi, assinar, abonneren, prenumerata/subskrypcja.
    private static let subscriptionWords = ["subscri", "abonn", "abo ", "abo-", "suscri", "abbona", "assin", "prenumer", "subskryp", "premium"]

    /// Text that is itself a consent banner's: short, and its words are the banner's. Such a
    /// page shows no article at all, unlike one whose text stands behind a banner.
    static func readsAsConsent(_ text: String) -> Bool {
        guard text.utf16.count < consentTextLimit else { return false }
        let lowered = ReadabilityPattern.lowered(text)
        return consentWords.reduce(0) { $0 + occurrences(of: $1, in: lowered) } >= 2
    }

    /// How often `word` (ASCII) occurs in `haystack`, bytes lowercased as `ReadabilityPattern.lowered` does.
    private static func occurrences(of word: String, in haystack: [UInt8]) -> Int {
        let needle = Array(word.utf8)
        var count = 0, from = 0
        while let at = ReadabilityPattern.firstIndex(of: needle, in: haystack, from: from) {
            count += 1
            from = at + needle.count
        }
        return count
    }
}
