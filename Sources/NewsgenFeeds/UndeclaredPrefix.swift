/// The namespaces feeds' usual prefixes stand for, for documents that use a
/// prefix without declaring it (`<itunes:author>` with no `xmlns:itunes`).
/// feedparser reads such elements by their prefix; this is its table of
/// prefixes, turned around.
enum UndeclaredPrefix {
    static func namespace(for prefix: String) -> String? { namespaces[prefix] }

    /// Every namespace of the table.
    static var namespaceURIs: Dictionary<String, String>.Values { namespaces.values }

    private static let namespaces: [String: String] = [
        "admin": "http://webns.net/mvcb/",
        "ag": "http://purl.org/rss/1.0/modules/aggregation/",
        "annotate": "http://purl.org/rss/1.0/modules/annotate/",
        "atom": "http://www.w3.org/2005/Atom",
        "audio": "http://media.tangent.org/rss/1.0/",
        "blogChannel": "http://backend.userland.com/blogChannelModule",
        "cc": "http://web.resource.org/cc/",
        "creativeCommons": "http://backend.userland.com/creativeCommonsRssModule",
        "co": "http://purl.org/rss/1.0/modules/company",
        "content": "http://purl.org/rss/1.0/modules/content/",
        "cp": "http://my.theinfo.org/changed/1.0/rss/",
        "dc": "http://purl.org/dc/elements/1.1/",
        "dcterms": "http://purl.org/dc/terms/",
        "email": "http://purl.org/rss/1.0/modules/email/",
        "ev": "http://purl.org/rss/1.0/modules/event/",
        "feedburner": "http://rssnamespace.org/feedburner/ext/1.0",
        "fm": "http://freshmeat.net/rss/fm/",
        "foaf": "http://xmlns.com/foaf/0.1/",
        "geo": "http://www.w3.org/2003/01/geo/wgs84_pos#",
        "georss": "http://www.georss.org/georss",
        "gml": "http://www.opengis.net/gml",
        "icbm": "http://postneo.com/icbm/",
        "image": "http://purl.org/rss/1.0/modules/image/",
        "itunes": "http://www.itunes.com/DTDs/PodCast-1.0.dtd",
        "l": "http://purl.org/rss/1.0/modules/link/",
        "media": "http://search.yahoo.com/mrss/",
        "pingback": "http://madskills.com/public/xml/rss/module/pingback/",
        "prism": "http://prismstandard.org/namespaces/1.2/basic/",
        "psc": "http://podlove.org/simple-chapters",
        "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
        "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
        "ref": "http://purl.org/rss/1.0/modules/reference/",
        "reqv": "http://purl.org/rss/1.0/modules/richequiv/",
        "search": "http://purl.org/rss/1.0/modules/search/",
        "slash": "http://purl.org/rss/1.0/modules/slash/",
        "soap": "http://schemas.xmlsoap.org/soap/envelope/",
        "ss": "http://purl.org/rss/1.0/modules/servicestatus/",
        "str": "http://hacks.benhammersley.com/rss/streaming/",
        "sub": "http://purl.org/rss/1.0/modules/subscription/",
        "sy": "http://purl.org/rss/1.0/modules/syndication/",
        "szf": "http://schemas.pocketsoap.com/rss/myDescModule/",
        "taxo": "http://purl.org/rss/1.0/modules/taxonomy/",
        "thr": "http://purl.org/rss/1.0/modules/threading/",
        "ti": "http://purl.org/rss/1.0/modules/textinput/",
        "trackback": "http://madskills.com/public/xml/rss/module/trackback/",
        "wfw": "http://wellformedweb.org/commentAPI/",
        "wiki": "http://purl.org/rss/1.0/modules/wiki/",
        "xhtml": "http://www.w3.org/1999/xhtml",
        "xlink": "http://www.w3.org/1999/xlink",
    ]
}
