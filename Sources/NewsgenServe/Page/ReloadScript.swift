import Foundation
import NewsgenServer

/// The preview's script, `/__newsgen/reload.js`: reloads the page on the event stream's "reload",
/// shows a failed rebuild's message in an overlay on "error" (as text, never as markup), the tag's
/// warnings and empty-archive notice in panels of the same overlay (ADR 058), and, when
/// its tag carries a token, adds a bookmark button to each element with `data-article-id`. Every word
/// it shows comes from its tag's `data-` attributes (`PreviewLabels`). Same-origin, so the pages'
/// `script-src 'self'` allows it; its styles are set through the CSSOM, which `style-src 'self'` allows.
enum ReloadScript {
    static var response: HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", "text/javascript; charset=utf-8"), ("Cache-Control", "no-cache"),
                                            ("X-Content-Type-Options", "nosniff")], body: Data(source.utf8))
    }

    static let source = #"""
    // newsgen serve: live reload, rebuild errors and bookmark buttons. Served by the preview only.
    (function () {
      "use strict";
      var tag = document.currentScript;
      if (!tag) return;
      var data = tag.dataset;
      var box = null;
      var panels = {};
      // Dark backgrounds under white text, set here and on every element, never left to the page's
      // stylesheet (its light "pre" background once made a failure unreadable): contrast above 7:1
      // in light and dark mode alike (ADR 058).
      var colours = { error: "#5c1111", warning: "#553300", notice: "#0b3558" };

      // One panel per kind (the build's error, its warnings about a page's files, the empty-archive
      // notice), stacked at the foot of the page; `message`, when given, is shown as text under the heading.
      function panel(kind, heading, message) {
        if (!box) {
          box = document.createElement("div");
          box.setAttribute("data-testid", "newsgen-overlay");
          var b = box.style;
          b.position = "fixed"; b.left = "0"; b.right = "0"; b.bottom = "0"; b.zIndex = "2147483647";
          b.maxHeight = "50vh"; b.overflow = "auto";
          document.body.appendChild(box);
        }
        var element = panels[kind];
        if (!element) {
          element = document.createElement("div");
          element.setAttribute("role", kind === "error" ? "alert" : "status");
          element.setAttribute("data-testid", "newsgen-" + kind);
          var s = element.style;
          s.padding = "1em"; s.background = colours[kind]; s.color = "#fff";
          s.font = "14px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace";
          var title = document.createElement("strong");
          title.style.color = "#fff";
          title.style.display = "block";
          element.appendChild(title);
          var text = document.createElement("pre");
          var t = text.style;
          t.whiteSpace = "pre-wrap"; t.margin = "0.5em 0 0"; t.padding = "0"; t.border = "0";
          t.background = "transparent"; t.color = "#fff"; t.font = "inherit";
          element.appendChild(text);
          // The error first, then the warnings, then the notice.
          var order = ["error", "warning", "notice"], before = null;
          for (var i = order.indexOf(kind) + 1; i < order.length && !before; i++) before = panels[order[i]] || null;
          box.insertBefore(element, before);
          panels[kind] = element;
        }
        element.firstChild.textContent = heading || "";
        element.lastChild.textContent = message;
        element.lastChild.style.display = message ? "" : "none";
      }

      function showError(message) { panel("error", data.rebuildFailed, message); }

      if (data.failure) showError(data.failure);
      if (data.warnings) panel("warning", data.buildWarnings, data.warnings);
      if (data.notice) panel("notice", data.notice, "");
      var events = new EventSource("/__newsgen/events");
      events.addEventListener("reload", function () { location.reload(); });
      // The server's "error" event has data; the stream's own connection errors do not.
      events.addEventListener("error", function (event) {
        if (typeof event.data === "string") showError(event.data);
      });

      if (!data.token) return;
      // A bookmark's outline, filled when the article is bookmarked (the theme's bookmark mark).
      // The meta line's " ·" goes between its items: none after the one the button follows.
      try {
        var sheet = document.styleSheets[0];
        if (sheet) sheet.insertRule(".meta > :has(+ .newsgen-bookmark)::after { content: none }", sheet.cssRules.length);
      } catch (ignored) { /* a theme without a stylesheet of its own origin: the separator stays */ }
      var ICON = "M6 2.75h12A1.25 1.25 0 0 1 19.25 4v17.2a.5.5 0 0 1-.79.4L12 17.1l-6.46 4.5a.5.5 0 0 1-.79-.4V4A1.25 1.25 0 0 1 6 2.75Z";
      Array.prototype.forEach.call(document.querySelectorAll("[data-article-id]"), function (element) {
        var marked = element.querySelector('[data-testid="bookmark-mark"]') !== null;
        // A compact icon button at the end of the meta line, so a row keeps its height; its name is for screen readers.
        var button = document.createElement("button");
        var label = marked ? data.bookmarkRemove : data.bookmarkAdd;
        button.type = "button";
        button.className = "newsgen-bookmark";
        button.setAttribute("data-testid", "bookmark-toggle");
        button.setAttribute("aria-pressed", marked ? "true" : "false");
        button.setAttribute("aria-label", label);
        button.title = label;
        var svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
        svg.setAttribute("viewBox", "0 0 24 24");
        svg.setAttribute("width", "18");
        svg.setAttribute("height", "18");
        svg.setAttribute("aria-hidden", "true");
        svg.setAttribute("focusable", "false");
        var path = document.createElementNS("http://www.w3.org/2000/svg", "path");
        path.setAttribute("d", ICON);
        path.setAttribute("fill", marked ? "currentColor" : "none");
        path.setAttribute("stroke", "currentColor");
        path.setAttribute("stroke-width", "1.75");
        svg.appendChild(path);
        button.appendChild(svg);
        var b = button.style;
        // Above a row's link, which covers the row; 28 px, past WCAG's 24 px target size.
        b.position = "relative"; b.zIndex = "1"; b.display = "inline-flex"; b.alignItems = "center"; b.justifyContent = "center";
        b.width = "28px"; b.height = "28px"; b.padding = "0"; b.margin = "0 0 0 .5rem"; b.verticalAlign = "middle";
        b.border = "1px solid currentColor"; b.borderRadius = "50%"; b.background = "transparent"; b.color = "inherit"; b.cursor = "pointer";
        button.addEventListener("click", function () {
          button.disabled = true;
          fetch("/__newsgen/bookmark", {
            method: "POST",
            headers: { "X-Newsgen-Token": data.token, "Content-Type": "text/plain" },
            body: element.getAttribute("data-article-id")
          }).then(function (response) {
            return response.text().then(function (text) { if (!response.ok) throw new Error(text); });
          }).then(function () {
            // The rebuild's "reload" event normally comes first; this is for a stream that dropped.
            setTimeout(function () { location.reload(); }, 3000);
          }).catch(function (error) {
            button.disabled = false;
            showError(String(error && error.message || error));
          });
        });
        (element.querySelector(".meta") || element.querySelector(".row-body, .article-header") || element).appendChild(button);
      });
    })();
    """#
}
