"""XSS vectors for the headless-browser check (issue 4, test b).

Written for newsgen after the public filter-evasion cheat sheets (OWASP's XSS
Filter Evasion Cheat Sheet, PortSwigger's XSS cheat sheet, html5sec.org) and
the published sanitizer-bypass classes (mutation XSS, namespace confusion,
raw-text breakouts, libxml2/HTML5 parser differentials). Every vector, when it
works, calls the probe `__xss('<id>')`, asks the harness's server for a script
or stylesheet, or navigates to the harness's `/__xss/nav` page; links that
would run script only when clicked are caught by the DOM checks instead.

A vector is a template. `{NAME}` (capitals only) is replaced when the feed is
written; every other brace is kept as written:

    {ID}          the vector's id
    {JS}          __xss('ID')          {JSQ}  __xss("ID")
    {JSBT}        __xss`ID`            {JSNQ} __xss(/ID/.source)   (no quotes)
    {JS_DEC}      {JS} as decimal character references   {JS_HEX} as hex ones
    {JS_CC}       eval(String.fromCharCode(...))         {JS_UNI} \\u escapes
    {JSURL}       javascript:__xss('ID')
    {JSURL_DEC}   &#106;&#97;...       {JSURL_DEC0} &#0000106&#0000097... (no ;)
    {JSURL_HEX}   &#x6A;&#x61;...      {JSURL_HEXNS} &#x6A&#x61... (no ;)
    {JSURL_CSS}   url('javascript:...') spelled with CSS escapes (\\0075...)
    {B64HTML}     base64 of <script>__xss('ID')</script>
    {B64SVG}      base64 of an SVG document whose script calls the probe
    {O}           the harness's origin (http://127.0.0.1:PORT)
    {NAV}         {O}/__xss/nav?id=ID  (a page; reaching it counts as navigation)
    {SRC}         {O}/__xss/js?id=ID   (a script that calls the probe)
    {CSS}         {O}/__xss/css?id=ID  (a stylesheet; loading it counts)

Carriers (where the vector sits in the RSS item):

    body          one of the six HTML carriers below, chosen by position so
                  that each is used about equally:
                  content:encoded as CDATA, content:encoded escaped,
                  description as CDATA, description escaped,
                  atom:content type="html" (escaped), atom:summary type="html" (CDATA)
    xhtml         atom:content type="xhtml" (the vector must be well-formed XML)
    title         the item's <title> (escaped), after the "Vector ID: " prefix
    title-cdata   the item's <title> as CDATA
    atom-title    atom:title type="html" (escaped)
    author        dc:creator
    category      a <category>
    link          the item's <link> (the "Read the original" link)
    enclosure     an image enclosure's url (the item has no body)

The feed is XML 1.0, which cannot carry NUL or the other C0 controls (except
tab, line feed and carriage return) in any form, nor invalid UTF-8: those
vectors use HTML character references (`&#0;`, `&#1;`) or percent-escapes
(overlong `%C0%BC`) instead, which is what reaches the sanitizer anyway.
"""

from __future__ import annotations

import base64
import re

# Vectors that must fire when put raw (unsanitized, no CSP) into a page: the
# harness's positive control. If one of these does not fire, the probe is
# broken and the check fails instead of passing silently.
SENTINELS = (
    "script-plain", "img-onerror", "svg-onload", "details-ontoggle", "iframe-srcdoc",
    "iframe-javascript", "meta-refresh-nav", "script-src-remote", "input-autofocus-onfocus",
    "handler-div-mouseover", "style-import", "iframe-data-html",
)

V = []  # (id, family, carrier, template)


def add(family, vid, template, carrier="body"):
    V.append((vid, family, carrier, template))


# --- script elements: case, slashes, broken and nested tags, quoting tricks ---------
add("script", "script-plain", "<script>{JS}</script>")
add("script", "script-mixed-case", "<ScRiPt>{JS}</sCrIpT>")
add("script", "script-upper", "<SCRIPT>{JS};</SCRIPT>")
add("script", "script-src-remote", '<script src="{SRC}"></script>')
add("script", "script-slash-attr", '<SCRIPT/XSS SRC="{SRC}"></SCRIPT>')
add("script", "script-slash-src", '<script/src="{SRC}"></script>')
add("script", "script-src-data", '<script src="data:text/javascript,{JS}"></script>')
add("script", "script-double-open", "<<SCRIPT>{JS};//<</SCRIPT>")
add("script", "script-unclosed-src", "<SCRIPT SRC={SRC}&x=?< B >")
add("script", "script-quote-gt-a", '<SCRIPT a=">" SRC="{SRC}"></SCRIPT>')
add("script", "script-quote-gt-empty-name", '<SCRIPT =">" SRC="{SRC}"></SCRIPT>')
add("script", "script-quote-gt-sq", "<SCRIPT a=\">\" '' SRC=\"{SRC}\"></SCRIPT>")
add("script", "script-quote-gt-nested", "<SCRIPT \"a='>'\" SRC=\"{SRC}\"></SCRIPT>")
add("script", "script-quote-gt-backtick", '<SCRIPT a=`>` SRC="{SRC}"></SCRIPT>')
add("script", "script-quote-gt-mixed", "<SCRIPT a=\">'>\" SRC=\"{SRC}\"></SCRIPT>")
add("script", "script-docwrite-split", '<SCRIPT>document.write("<SCRI");</SCRIPT>PT SRC="{SRC}"></SCRIPT>')
add("script", "script-recursive-strip", "<scr<script>ipt>{JS}</scr</script>ipt>")
add("script", "script-module", "<script type=module>{JS}</script>")
add("script", "script-newline-in-tag", "<script\n>{JS}</script\n>")
add("script", "script-entity-lt", "&lt;script&gt;{JS}&lt;/script&gt;")
add("script", "script-double-escaped", "&amp;lt;script&amp;gt;{JS}&amp;lt;/script&amp;gt;")
add("script", "script-after-nul-ref", "&#0;<script>{JS}</script>")
add("script", "script-nul-ref-in-name", "<scr&#0;ipt>{JS}</scr&#0;ipt>")
add("script", "script-speculation-rules",
    '<script type="speculationrules">{"prerender":[{"source":"list","urls":["{NAV}"]}]}</script>')

# --- odd encodings ------------------------------------------------------------------
add("encoding", "utf7-plain", "+ADw-script+AD4-{JS}+ADw-/script+AD4-")
add("encoding", "utf7-meta-charset", '<meta charset="UTF-7">+ADw-script+AD4-{JS}+ADw-/script+AD4-')
add("encoding", "utf7-head-meta",
    '<HEAD><META HTTP-EQUIV="CONTENT-TYPE" CONTENT="text/html; charset=UTF-7"></HEAD>+ADw-SCRIPT+AD4-{JS};+ADw-/SCRIPT+AD4-')
add("encoding", "fullwidth-script", "\uff1cscript\uff1e{JS}\uff1c/script\uff1e")
add("encoding", "fullwidth-entities", "&#xFF1C;img src=x onerror=&#xFF02;{JS}&#xFF02;&#xFF1E;")
add("encoding", "overlong-utf8-pct", "%C0%BCscript%C0%BE{JS}%C0%BC/script%C0%BE")
add("encoding", "overlong-utf8-href", '<a href="java%C0%BAscript:{JS}">overlong</a>')
add("encoding", "js-charcode", '<img src=x onerror="{JS_CC}">')
add("encoding", "js-unicode-escape", '<img src=x onerror="{JS_UNI}">')
add("encoding", "js-dec-entities-handler", '<img src=x onerror="{JS_DEC}">')
add("encoding", "js-hex-entities-handler", '<img src=x onerror="{JS_HEX}">')

# --- comments, conditional comments, CDATA, processing instructions, doctype ---------
add("comment", "comment-empty-gt", "<!--><script>{JS}</script>-->")
add("comment", "comment-empty-dash-gt", "<!---><img src=x onerror=\"{JS}\">-->")
add("comment", "comment-bang-close", "<!-- --!><script>{JS}</script> -->")
add("comment", "comment-in-attr", '<a title="<!--" href="x">--><img src=x onerror="{JS}">')
add("comment", "comment-conditional-ie", "<!--[if gte IE 4]><SCRIPT>{JS};</SCRIPT><![endif]-->")
add("comment", "comment-downlevel-revealed", "<![if !IE]><script>{JS}</script><![endif]>")
add("comment", "cdata-bogus-comment", "<![CDATA[><img src=x onerror=\"{JS}\">]]>")
add("comment", "processing-instruction", "<?xml x=\"><img src=x onerror='{JS}'>\"?>")
add("comment", "doctype-in-body", "<!DOCTYPE x[<!ENTITY a \"><img src=x onerror='{JS}'>\">]>")
add("comment", "comment-split-javascript", '<IMG SRC="javas<!-- -->cript:{JS}">')
add("comment", "xml-data-island", '<XML ID="xss"><I><B><IMG SRC="javas<!-- -->cript:{JS}"></B></I></XML>')

# --- img and other elements with event handlers ------------------------------------
add("img", "img-onerror", '<img src=x onerror="{JS}">')
add("img", "img-onerror-mixed-case", '<IMG SRC=x OnErRoR="{JS}">')
add("img", "img-onerror-unquoted", "<img src=x onerror={JSBT}>")
add("img", "img-onerror-slashes", '<img/src="x"/onerror="{JS}">')
add("img", "img-onerror-newlines", '<img\nsrc=x\nonerror\n=\n"{JS}">')
add("img", "img-onerror-tabs", '<img\tsrc=x\tonerror="{JS}">')
add("img", "img-onerror-no-space", '<img src="x"onerror="{JS}">')
add("img", "img-onerror-dup-attr", '<img src=x onerror="" onerror="{JS}" onerror="">')
add("img", "img-malformed-quotes", '<IMG """><SCRIPT>{JS}</SCRIPT>">')
add("img", "img-empty-src-onmouseover", '<IMG SRC= onmouseover="{JS}">')
add("img", "img-hash-onmouseover", '<IMG SRC=# onmouseover="{JS}">')
add("img", "img-unclosed-tag", '<img src=x onerror="{JS}"')
add("img", "img-unclosed-attr-value", '<img src=x onerror="{JS}" alt="')
add("img", "img-src-javascript", '<IMG SRC="{JSURL}">')
add("img", "img-src-js-dec", "<IMG SRC={JSURL_DEC}>")
add("img", "img-src-js-dec-padded", "<IMG SRC={JSURL_DEC0}>")
add("img", "img-src-js-hex-nosemi", "<IMG SRC={JSURL_HEXNS}>")
add("img", "img-src-backticks", "<IMG SRC=`{JSURL}`>")
add("img", "img-dynsrc-lowsrc", '<IMG DYNSRC="{JSURL}"><IMG LOWSRC="{JSURL}">')
add("img", "img-style-expression-comment", "<IMG STYLE=\"xss:expr/*XSS*/ession({JS})\">")
add("img", "input-image-onerror", '<input type=image src=x onerror="{JS}">')
add("img", "input-image-javascript", '<INPUT TYPE="IMAGE" SRC="{JSURL}">')
add("img", "body-onload", '<body onload="{JS}">')
add("img", "body-onpageshow", '<BODY ONPAGESHOW="{JS}">')
add("img", "body-odd-attr-name", "<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`={JS}>")
add("img", "html-onmouseover", '<html onmouseover="{JS}">')
add("img", "video-onerror", '<video src=x onerror="{JS}"></video>')
add("img", "video-source-onerror", '<video><source onerror="{JS}" src=x></video>')
add("img", "audio-onerror", '<audio src=x onerror="{JS}"></audio>')
add("img", "video-poster-javascript", '<video poster="{JSURL}" controls></video>')
add("img", "style-onload", '<style onload="{JS}"></style>')
add("img", "link-onerror", '<link rel=stylesheet href=x onerror="{JS}">')
add("img", "iframe-onload", '<iframe onload="{JS}"></iframe>')
add("img", "object-onerror", '<object data=x onerror="{JS}"></object>')
add("img", "marquee-onstart", '<marquee onstart="{JS}">news</marquee>')
add("img", "br-size-js-entity", '<BR SIZE="&{{JS}}">')
add("img", "bgsound-javascript", '<BGSOUND SRC="{JSURL}">')
add("img", "table-background", '<TABLE BACKGROUND="{JSURL}"><TD BACKGROUND="{JSURL}">x</TD></TABLE>')
add("img", "body-background", '<BODY BACKGROUND="{JSURL}">')
add("img", "layer-src", '<LAYER SRC="{SRC}"></LAYER>')

# --- srcset ---------------------------------------------------------------------------
add("srcset", "srcset-onerror", '<img srcset="x 1x, y 2x" onerror="{JS}">')
add("srcset", "srcset-javascript", '<img src="ok.png" srcset="{JSURL} 1x">')
add("srcset", "srcset-javascript-second", '<img src="ok.png" srcset="ok.png 1x, {JSURL} 2x">')
add("srcset", "srcset-comma-onerror", '<img srcset=",,,,,x onerror={JSBT}">')
add("srcset", "srcset-data-svg", '<img srcset="data:image/svg+xml;base64,{B64SVG}">')
add("srcset", "picture-source-javascript", '<picture><source srcset="{JSURL}"><img src=x onerror="{JS}"></picture>')

# --- focus, toggle, animation and other self-triggering handlers ----------------------
add("auto", "input-autofocus-onfocus", '<input autofocus onfocus="{JS}">')
add("auto", "select-autofocus", '<select autofocus onfocus="{JS}"></select>')
add("auto", "textarea-autofocus", '<textarea autofocus onfocus="{JS}"></textarea>')
add("auto", "keygen-autofocus", '<keygen autofocus onfocus="{JS}">')
add("auto", "div-tabindex-autofocus", '<div tabindex=1 autofocus onfocus="{JS}">x</div>')
add("auto", "a-autofocus-onfocus", '<a href="#top" autofocus onfocus="{JS}">x</a>')
add("auto", "custom-tag-autofocus", '<xss autofocus tabindex=1 onfocus="{JS}"></xss>')
add("auto", "custom-tag-onfocusin", '<xss id=x tabindex=1 onfocusin="{JS}"></xss>')
add("auto", "details-ontoggle", '<details open ontoggle="{JS}">')
add("auto", "details-ontoggle-mixed", "<DeTaIlS OpEn OnToGgLe={JSBT}>")
add("auto", "animation-start", '<style>@keyframes xss{}</style><div style="animation-name:xss" onanimationstart="{JS}"></div>')
add("auto", "animation-end", '<style>@keyframes xss2{}</style><p style="animation:xss2 1ms" onanimationend="{JS}">x</p>')
add("auto", "webkit-animation-start", '<style>@keyframes xss3{}</style><b style="animation-name:xss3" onwebkitanimationstart="{JS}">x</b>')
add("auto", "content-visibility", '<div style="content-visibility:auto" oncontentvisibilityautostatechange="{JS}">x</div>')
add("auto", "form-button-autofocus", '<form><button autofocus onfocus="{JS}">x</button></form>')
add("auto", "isindex-onmouseover", '<isindex onmouseover="{JS}" type=image src=x onerror="{JS}">')
add("auto", "frameset-onload", '<frameset onload="{JS}">')

# Handlers on the common elements a sanitizer keeps; the harness hovers and focuses
# every element, so a surviving handler fires.
_handlers = ["onmouseover", "onmouseenter", "onpointerover", "onmousemove", "onfocus", "onfocusin", "onpointerenter", "onmousedown"]
_tags = ["div", "span", "p", "a", "b", "i", "em", "strong", "table", "td", "ul", "li", "h1", "blockquote", "code", "pre",
         "figure", "figcaption", "summary", "section", "abbr", "q", "mark", "sup", "small", "del"]
for _n, _tag in enumerate(_tags):
    _h = _handlers[_n % len(_handlers)]
    _t = _tag.upper() if _n % 3 == 1 else (_tag.capitalize() if _n % 3 == 2 else _tag)
    _extra = ' tabindex="0"' if _h.startswith("onfocus") else ""
    _inner = "<tr><td>x</td></tr>" if _tag == "table" else "<li>x</li>" if _tag == "ul" else "x"
    if _tag == "td":
        add("handler", "handler-td-" + _h[2:], '<table><tr><TD%s %s="{JS}">x</TD></tr></table>' % (_extra, _h))
        continue
    add("handler", "handler-%s-%s" % (_tag, _h[2:]), '<%s%s %s="{JS}">%s</%s>' % (_t, _extra, _h, _inner, _t))

# --- SVG ------------------------------------------------------------------------------
add("svg", "svg-onload", '<svg onload="{JS}">')
add("svg", "svg-slash-onload", "<svg/onload={JSBT}>")
add("svg", "svg-onload-mixed", '<SvG OnLoAd="{JS}"></sVg>')
add("svg", "svg-nested-onload", '<svg><svg onload="{JS}"></svg></svg>')
add("svg", "svg-script", "<svg><script>{JS}</script></svg>")
add("svg", "svg-script-entities", "<svg><script>__xss&#40;'{ID}'&#41;</script></svg>")
add("svg", "svg-script-cdata", "<svg><script><![CDATA[{JS}]]></script></svg>")
add("svg", "svg-script-href", '<svg><script href="{SRC}"></script></svg>')
add("svg", "svg-script-xlink-data", '<svg><script xlink:href="data:,{JS}"></script></svg>')
add("svg", "svg-animate-onbegin", '<svg><animate onbegin="{JS}" attributeName=x dur=1s></svg>')
add("svg", "svg-set-onbegin", '<svg><set onbegin="{JS}" attributeName=x to=1></svg>')
add("svg", "svg-discard-onbegin", '<svg><discard onbegin="{JS}"/></svg>')
add("svg", "svg-animate-href-js", '<svg><a><animate attributeName=href values="{JSURL}"/><text x=20 y=20>x</text></a></svg>')
add("svg", "svg-a-xlink-js", '<svg><a xlink:href="{JSURL}"><text x=10 y=20>x</text></a></svg>')
add("svg", "svg-image-onerror", '<svg><image href=x onerror="{JS}"/></svg>')
add("svg", "svg-foreignobject", '<svg><foreignObject><img src=x onerror="{JS}"></foreignObject></svg>')
add("svg", "svg-desc-img", '<svg><desc><img src=x onerror="{JS}"></desc></svg>')
add("svg", "svg-style-parsed", '<svg><style><img src=x onerror="{JS}"></style></svg>')
add("svg", "svg-style-attr-breakout", "<svg><style><a title=\"</style><img src=x onerror='{JS}'>\"></style></svg>")
add("svg", "svg-p-style-breakout", "<svg><p><style><a id=\"</style><img src=1 onerror='{JS}'>\">")
add("svg", "svg-close-p-style", "<svg></p><style><a id=\"</style><img src=1 onerror='{JS}'>\">")
add("svg", "svg-cdata-text", "<svg><![CDATA[><img src=x onerror=\"{JS}\">]]></svg>")
add("svg", "svg-use-data", '<svg><use href="data:image/svg+xml;base64,{B64SVG}#x"/></svg>')
add("svg", "embed-svg-data", '<EMBED SRC="data:image/svg+xml;base64,{B64SVG}" type="image/svg+xml">')

# --- MathML and namespace confusion ----------------------------------------------------
add("mathml", "math-mglyph-style", '<math><mtext><table><mglyph><style><img src=x onerror="{JS}"></style></mglyph></table></mtext></math>')
add("mathml", "math-mglyph-comment-mxss",
    "<math><mtext><table><mglyph><style><!--</style><img title=\"--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror={JSBT}&gt;\">")
add("mathml", "math-form-namespace-confusion",
    "<form><math><mtext></form><form><mglyph><style></math><img src onerror=\"{JS}\">")
add("mathml", "math-mi-mglyph-svg-textarea",
    "<math><mi><mglyph><svg><mtext><textarea><path id=\"</textarea><img onerror='{JS}' src=1>\"></textarea></mtext></svg></mglyph></mi></math>")
add("mathml", "math-annotation-xml-html", '<math><annotation-xml encoding="text/html"><img src=x onerror="{JS}"></annotation-xml></math>')
add("mathml", "math-annotation-xml-style", "<math><annotation-xml><style><img src=x onerror='{JS}'></style></annotation-xml></math>")
add("mathml", "math-href", '<math href="{JSURL}"><mi>x</mi></math>')
add("mathml", "math-mi-xlink", '<math><mi xlink:href="{JSURL}">x</mi></math>')
add("mathml", "math-script", "<math><script>{JS}</script></math>")

# --- raw-text and RCDATA breakouts (parser differentials) ----------------------------
add("rawtext", "textarea-breakout", "<textarea><img title=\"</textarea><img src=x onerror='{JS}'>\"></textarea>")
add("rawtext", "title-element-breakout", "<title><img title=\"</title><img src=x onerror='{JS}'>\"></title>")
add("rawtext", "noscript-breakout", "<noscript><p title=\"</noscript><img src=x onerror='{JS}'>\"></noscript>")
add("rawtext", "xmp-breakout", "<xmp><p title=\"</xmp><img src=x onerror='{JS}'>\"></xmp>")
add("rawtext", "noembed-breakout", "<noembed><p title=\"</noembed><img src=x onerror='{JS}'>\"></noembed>")
add("rawtext", "noframes-breakout", "<noframes><p title=\"</noframes><img src=x onerror='{JS}'>\"></noframes>")
add("rawtext", "iframe-rawtext-breakout", "<iframe><p title=\"</iframe><img src=x onerror='{JS}'>\"></iframe>")
add("rawtext", "style-breakout", "<style><p title=\"</style><img src=x onerror='{JS}'>\"></style>")
add("rawtext", "plaintext-swallow", "<plaintext><script>{JS}</script>")
add("rawtext", "template-inert", '<template><img src=x onerror="{JS}"></template>')
add("rawtext", "template-shadowroot", '<div><template shadowrootmode="open"><img src=x onerror="{JS}"></template></div>')
add("rawtext", "template-style-breakout", "<template><style></template><img src=x onerror='{JS}'></style></template>")
add("rawtext", "select-style-breakout", "<select><style></select><img src=x onerror='{JS}'></style></select>")
add("rawtext", "noscript-iframe-js", '<noscript><iframe src="{JSURL}"></iframe></noscript>')

# --- broken and nested tags --------------------------------------------------------------
add("broken", "double-lt-img", "<<img src=x onerror=\"{JS}\">")
add("broken", "end-tag-with-attrs", "</img src=x onerror=\"{JS}\"><img src=x onerror=\"{JS}\">")
add("broken", "bogus-end-tag", "</ img src=x onerror=\"{JS}\">")
add("broken", "unclosed-div-handler", '<div onmouseover="{JS}"')
add("broken", "nested-a-javascript", '<a href="https://example.test/"><a href="{JSURL}">x</a></a>')
add("broken", "tag-name-with-lt", "<img<img src=x onerror=\"{JS}\">")
add("broken", "attr-name-with-quote", "<img src=x \"onerror=\"{JS}\">")
add("broken", "img-src-with-script", '<img src="<script>{JS}</script>">')
add("broken", "table-foster-parenting", "<table><img src=x onerror=\"{JS}\"><tr><td>x</td></tr></table>")
add("broken", "deep-nesting-break", "<div>" * 300 + "<img src=x onerror=\"{JS}\">" + "</div>" * 300)

# --- attribute breakouts through the serializer ---------------------------------------
add("attr", "title-attr-dq-breakout", "<abbr title='\" onmouseover=\"{JS}\" x=\"'>t</abbr>")
add("attr", "title-attr-tag-breakout", "<abbr title='\"><img src=x onerror=\"{JS}\">'>t</abbr>")
add("attr", "alt-attr-breakout", "<img src=\"ok.png\" alt='\"><svg onload=\"{JS}\">'>")
add("attr", "href-quote-breakout", "<a href='https://example.test/\"><img src=x onerror=\"{JS}\">'>t</a>")
add("attr", "cite-quote-breakout", "<q cite='\"><img src=x onerror=\"{JS}\">'>q</q>")
add("attr", "id-quote-breakout", "<h2 id='x\"><img src=x onerror=\"{JS}\">'>h</h2>")
add("attr", "class-quote-breakout", "<span class='footnote-ref\" onmouseover=\"{JS}'>s</span>")
add("attr", "width-breakout", "<img src=\"ok.png\" width='1\" onerror=\"{JS}'>")

# --- CSS --------------------------------------------------------------------------------
add("css", "style-import", "<STYLE>@import'{CSS}';</STYLE>")
add("css", "style-import-url", '<style>@import url("{CSS}");</style>')
add("css", "link-stylesheet-remote", '<LINK REL="stylesheet" HREF="{CSS}">')
add("css", "link-stylesheet-js", "<LINK REL=\"stylesheet\" HREF=\"{JSURL}\">")
add("css", "meta-link-header", '<META HTTP-EQUIV="Link" Content="<{CSS}>; REL=stylesheet">')
add("css", "style-import-escaped-js", "<STYLE>@im\\port'\\ja\\vasc\\ript:{JS}';</STYLE>")
add("css", "style-list-style-image", "<STYLE>li {list-style-image: url(\"{JSURL}\");}</STYLE><UL><LI>XSS</br></UL>")
add("css", "style-class-background", "<STYLE>.XSS{background-image:url(\"{JSURL}\");}</STYLE><A CLASS=XSS></A>")
add("css", "style-body-background", "<STYLE type=\"text/css\">BODY{background:url(\"{JSURL}\")}</STYLE>")
add("css", "style-moz-binding", "<STYLE>BODY{-moz-binding:url(\"{CSS}#xss\")}</STYLE>")
add("css", "style-behavior-htc", '<XSS STYLE="behavior: url(xss.htc);">')
add("css", "style-type-javascript", "<STYLE TYPE=\"text/javascript\">{JS};</STYLE>")
add("css", "style-attr-expression", "<XSS STYLE=\"xss:expression({JS})\">")
add("css", "div-width-expression", "<DIV STYLE=\"width: expression({JS});\">x</DIV>")
add("css", "div-background-url-js", "<DIV STYLE=\"background-image: url({JSURL})\">x</DIV>")
add("css", "div-background-css-escapes", "<DIV STYLE=\"background-image:{JSURL_CSS}\">x</DIV>")
add("css", "div-background-ctrl-char", "<DIV STYLE=\"background-image: url(&#1;{JSURL})\">x</DIV>")
add("css", "style-attr-entity-quotes", "<div style=\"background:url(&quot;{JSURL}&quot;)\">x</div>")
add("css", "html-time-behavior", '<p style="behavior:url(#default#time2)" onbegin="{JS}">x</p>')

# --- meta, base, navigation -----------------------------------------------------------
add("meta", "meta-refresh-nav", '<meta http-equiv="refresh" content="0;url={NAV}">')
add("meta", "meta-refresh-mixed-unquoted", "<MeTa HtTp-EqUiV=ReFrEsH CoNtEnT=0;{NAV}>")
add("meta", "meta-refresh-javascript", "<META HTTP-EQUIV=\"refresh\" CONTENT=\"0;url={JSURL}\">")
add("meta", "meta-refresh-data", "<META HTTP-EQUIV=\"refresh\" CONTENT=\"0;url=data:text/html;base64,{B64HTML}\">")
add("meta", "meta-refresh-double-url", "<META HTTP-EQUIV=\"refresh\" CONTENT=\"0; URL=http://;URL={NAV}\">")
add("meta", "meta-set-cookie", "<META HTTP-EQUIV=\"Set-Cookie\" Content=\"USERID=<SCRIPT>{JS}</SCRIPT>\">")
add("meta", "base-href-javascript", "<BASE HREF=\"{JSURL}//\">")
add("meta", "base-href-hijack", '<base href="{O}/__xss/base/{ID}/"><a href="relative">relative link</a>')
add("meta", "link-prefetch", '<link rel=prefetch href="{NAV}">')
add("meta", "link-prerender", '<link rel=prerender href="{NAV}">')
add("meta", "link-import", '<link rel=import href="{NAV}">')
add("meta", "portal-src", '<portal src="{NAV}"></portal>')

# --- frames, objects, embeds ------------------------------------------------------------
add("frame", "iframe-javascript", "<IFRAME SRC=\"{JSURL}\"></IFRAME>")
add("frame", "iframe-js-dec-entity", "<iframe src=\"&#106;avascript:{JS}\"></iframe>")
add("frame", "iframe-js-tab-entity", "<iframe src=\"jav&#x09;ascript:{JS}\"></iframe>")
add("frame", "iframe-js-newline-entity", "<iframe src=\"jav&#x0A;ascript:{JS}\"></iframe>")
add("frame", "iframe-js-cr-entity", "<iframe src=\"jav&#x0D;ascript:{JS}\"></iframe>")
add("frame", "iframe-js-raw-tab", "<iframe src=\"java\tscript:{JS}\"></iframe>")
add("frame", "iframe-js-raw-newline", "<iframe src=\"java\nscript:{JS}\"></iframe>")
add("frame", "iframe-js-leading-ctrl", "<iframe src=\" &#14;  javascript:{JS}\"></iframe>")
add("frame", "iframe-srcdoc", "<iframe srcdoc=\"&lt;script&gt;{JS}&lt;/script&gt;\"></iframe>")
add("frame", "iframe-srcdoc-img", "<iframe srcdoc=\"<img src=x onerror=&quot;{JS}&quot;>\"></iframe>")
add("frame", "iframe-data-html", "<iframe src=\"data:text/html,<script>{JS}</script>\"></iframe>")
add("frame", "iframe-data-base64", "<iframe src=\"data:text/html;base64,{B64HTML}\"></iframe>")
add("frame", "iframe-onmouseover", "<IFRAME SRC=# onmouseover=\"{JS}\"></IFRAME>")
add("frame", "iframe-nav", '<iframe src="{NAV}"></iframe>')
add("frame", "frameset-frame-js", "<FRAMESET><FRAME SRC=\"{JSURL}\"></FRAMESET>")
add("frame", "object-data-javascript", '<object data="{JSURL}"></object>')
add("frame", "object-data-html", "<object data=\"data:text/html,<script>{JS}</script>\"></object>")
add("frame", "object-scriptlet", '<OBJECT TYPE="text/x-scriptlet" DATA="{NAV}"></OBJECT>')
add("frame", "embed-javascript", '<embed src="{JSURL}">')
add("frame", "embed-nav-html", '<embed src="{NAV}" type="text/html">')
add("frame", "applet-codebase", '<applet code="x" codebase="{JSURL}"></applet>')

# --- forms ------------------------------------------------------------------------------
add("form", "form-action-javascript", '<form action="{JSURL}"><input type=submit></form>')
add("form", "button-formaction", '<form><button formaction="{JSURL}">x</button></form>')
add("form", "input-formaction", '<form><input type=submit formaction="{JSURL}" value=x></form>')
add("form", "form-attr-outside", '<form id=f action="{JSURL}"></form><button form=f>x</button>')
add("form", "isindex-formaction", '<isindex type=submit formaction="{JSURL}">')
add("form", "isindex-action", '<isindex action="{JSURL}" type=image>')
add("form", "input-hidden-accesskey", '<input type=hidden accesskey=x onclick="{JS}">')

# --- links (must never be javascript:, data: or vbscript:) ------------------------------
add("link", "a-href-javascript", '<a href="{JSURL}">x</a>')
add("link", "a-href-js-mixed-case", "<a href=\"JaVaScRiPt:{JS}\">x</a>")
add("link", "a-href-js-dec", "<a href=\"{JSURL_DEC}\">x</a>")
add("link", "a-href-js-dec-padded", "<a href=\"{JSURL_DEC0}\">x</a>")
add("link", "a-href-js-hex", "<a href=\"{JSURL_HEX}\">x</a>")
add("link", "a-href-js-hex-nosemi", "<a href=\"{JSURL_HEXNS}\">x</a>")
add("link", "a-href-js-tab-entity", "<a href=\"jav&#x09;ascript:{JS}\">x</a>")
add("link", "a-href-js-newline-entity", "<a href=\"jav&#x0A;ascript:{JS}\">x</a>")
add("link", "a-href-js-nul-entity", "<a href=\"java&#0;script:{JS}\">x</a>")
add("link", "a-href-js-leading-ctrl", "<a href=\"&#1;&#2;javascript:{JS}\">x</a>")
add("link", "a-href-js-leading-space", "<a href=\"  &#x20; javascript:{JS}\">x</a>")
add("link", "a-href-js-colon-entity", "<a href=\"javascript&colon;{JS}\">x</a>")
add("link", "a-href-js-tab-named", "<a href=\"java&Tab;script:{JS}\">x</a>")
add("link", "a-href-js-newline-named", "<a href=\"java&NewLine;script:{JS}\">x</a>")
add("link", "a-href-js-percent", "<a href=\"javascript:%5F%5Fxss(%27{ID}%27)\">x</a>")
add("link", "a-href-js-unquoted", "<a href=javascript:{JSBT}>x</a>")
add("link", "a-href-js-comment-url", "<a href=\"javascript://example.test/%0A{JS}\">x</a>")
add("link", "a-href-vbscript", "<a href=\"vbscript:msgbox(1)\">x</a>")
add("link", "a-href-vbscript-upper", "<A HREF=\"VBSCRIPT:MsgBox(&quot;{ID}&quot;)\">x</A>")
add("link", "a-href-data-html", "<a href=\"data:text/html;base64,{B64HTML}\">x</a>")
add("link", "a-href-data-mixed-case", "<a href=\"DaTa:text/html,<script>{JS}</script>\">x</a>")
add("link", "a-href-fullwidth", "<a href=\"\uff4a\uff41\uff56\uff41\uff53\uff43\uff52\uff49\uff50\uff54\uff1a{JS}\">x</a>")
add("link", "a-xlink-href", '<a xlink:href="{JSURL}">x</a>')
add("link", "area-href-javascript", '<map name=m><area shape=rect coords=0,0,10,10 href="{JSURL}"></map><img usemap=#m src="ok.png">')
add("link", "a-onmouseover-link", '<a onmouseover="{JS}">xxs link</a>')

# --- carriers other than the body: title, author, category, link, enclosure -------------
add("title", "title-script", "<script>{JS}</script>", carrier="title")
add("title", "title-close-title", "</title><script>{JS}</script>", carrier="title")
add("title", "title-close-title-img", "</title><img src=x onerror=\"{JS}\">", carrier="title")
add("title", "title-attr-dq", "\" onmouseover=\"{JS}\" autofocus onfocus=\"{JS}\" x=\"", carrier="title")
add("title", "title-attr-sq", "' onmouseover='{JS}' x='", carrier="title")
add("title", "title-attr-tag", "\"><img src=x onerror=\"{JS}\">", carrier="title")
add("title", "title-entity-lt", "&lt;img src=x onerror=\"{JS}\"&gt;", carrier="title")
add("title", "title-cdata-svg", "<svg onload=\"{JS}\">", carrier="title-cdata")
add("title", "title-close-textarea", "</textarea></style></noscript><img src=x onerror=\"{JS}\">", carrier="title-cdata")
add("title", "title-comment-close", "--><img src=x onerror=\"{JS}\"><!--", carrier="title")
add("title", "title-mustache", "{{{content}}}{{=<% %>=}}<%&site.title%><img src=x onerror=\"{JS}\">", carrier="title")
add("title", "atom-title-html", "<img src=x onerror=\"{JS}\">", carrier="atom-title")
add("title", "atom-title-html-escaped-twice", "&lt;script&gt;{JS}&lt;/script&gt;", carrier="atom-title")
add("carrier", "author-img", "<img src=x onerror=\"{JS}\">", carrier="author")
add("carrier", "author-attr-breakout", "\"><svg onload=\"{JS}\">", carrier="author")
add("carrier", "category-img", "<img src=x onerror=\"{JS}\">", carrier="category")
add("carrier", "category-attr-breakout", "\" onmouseover=\"{JS}\" x=\"", carrier="category")
add("carrier", "item-link-javascript", "{JSURL}", carrier="link")
add("carrier", "item-link-js-mixed-space", " JaVaScRiPt:{JS}", carrier="link")
add("carrier", "item-link-js-tab", "java\tscript:{JS}", carrier="link")
add("carrier", "item-link-data", "data:text/html;base64,{B64HTML}", carrier="link")
add("carrier", "item-link-vbscript", "vbscript:msgbox(1)", carrier="link")
add("carrier", "item-link-attr-breakout", "https://example.test/\"><img src=x onerror=\"{JS}\">", carrier="link")
add("carrier", "enclosure-javascript", "{JSURL}", carrier="enclosure")
add("carrier", "enclosure-attr-breakout", "https://example.test/x.jpg\" onerror=\"{JS}", carrier="enclosure")

# --- XHTML content (well-formed XML inside atom:content type="xhtml") --------------------
add("xhtml", "xhtml-img-onerror", '<img src="x" onerror="{JS}"/>', carrier="xhtml")
add("xhtml", "xhtml-script", "<script>{JS}</script>", carrier="xhtml")
add("xhtml", "xhtml-svg-onload", '<svg xmlns="http://www.w3.org/2000/svg" onload="{JS}"/>', carrier="xhtml")
add("xhtml", "xhtml-a-javascript", '<a href="{JSURL}">x</a>', carrier="xhtml")
add("xhtml", "xhtml-iframe-srcdoc", '<iframe srcdoc="&lt;script&gt;{JS}&lt;/script&gt;"/>', carrier="xhtml")
add("xhtml", "xhtml-math-mglyph", '<math xmlns="http://www.w3.org/1998/Math/MathML"><mtext><mglyph><style>&lt;img src=x onerror="{JS}"&gt;</style></mglyph></mtext></math>', carrier="xhtml")


# --- rendering -------------------------------------------------------------------------

def _dec(text, pad=0, semi=True):
    return "".join("&#%s%s" % (str(ord(c)).zfill(pad) if pad else ord(c), ";" if semi else "") for c in text)


def _hex(text, semi=True):
    return "".join("&#x%X%s" % (ord(c), ";" if semi else "") for c in text)


def _values(vid, origin):
    js = "__xss('%s')" % vid
    jsurl = "javascript:" + js
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" id="x" onload="%s"><script>%s</script></svg>' % (js, js))
    return {
        "ID": vid,
        "JS": js,
        "JSQ": '__xss("%s")' % vid,
        "JSBT": "__xss`%s`" % vid,
        "JSNQ": "__xss(/%s/.source)" % vid,
        "JS_DEC": _dec(js),
        "JS_HEX": _hex(js),
        "JS_CC": "eval(String.fromCharCode(%s))" % ",".join(str(ord(c)) for c in js),
        "JS_UNI": "\\u005f\\u005f\\u0078ss('%s')" % vid,
        "JSURL": jsurl,
        "JSURL_DEC": _dec(jsurl),
        "JSURL_DEC0": _dec(jsurl, pad=7, semi=False),
        "JSURL_HEX": _hex(jsurl),
        "JSURL_HEXNS": _hex(jsurl, semi=False),
        "JSURL_CSS": "".join("\\%04x" % ord(c) for c in "url('" + jsurl + "')"),
        "B64HTML": base64.b64encode(("<script>%s</script>" % js).encode()).decode(),
        "B64SVG": base64.b64encode(svg.encode()).decode(),
        "O": origin,
        "NAV": "%s/__xss/nav?id=%s" % (origin, vid),
        "SRC": "%s/__xss/js?id=%s" % (origin, vid),
        "CSS": "%s/__xss/css?id=%s" % (origin, vid),
    }


_PLACEHOLDER = re.compile(r"\{([A-Z][A-Z0-9_]*)\}")


def render(template, vid, origin):
    """The vector's text for one run: placeholders replaced, other braces kept."""
    values = _values(vid, origin)
    return _PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), template)


CARRIERS = ("body", "xhtml", "title", "title-cdata", "atom-title", "author", "category", "link", "enclosure")


def vectors():
    """Every vector as a dict: id, family, carrier, template."""
    seen = set()
    result = []
    for vid, family, carrier, template in V:
        if vid in seen or not re.fullmatch(r"[a-z0-9][a-z0-9-]*", vid):
            raise ValueError("bad or duplicate vector id: %r" % vid)
        if carrier not in CARRIERS:
            raise ValueError("%s: unknown carrier %r" % (vid, carrier))
        seen.add(vid)
        result.append({"id": vid, "family": family, "carrier": carrier, "template": template})
    missing = [s for s in SENTINELS if s not in seen]
    if missing:
        raise ValueError("sentinel vectors missing: %s" % ", ".join(missing))
    return result


if __name__ == "__main__":
    from collections import Counter
    all_vectors = vectors()
    print("%d vectors" % len(all_vectors))
    for family, count in sorted(Counter(v["family"] for v in all_vectors).items()):
        print("  %-10s %d" % (family, count))
