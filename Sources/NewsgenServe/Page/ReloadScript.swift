import Foundation
import NewsgenServer

/// The preview's script, `/__newsgen/reload.js`: reloads the page on the event stream's "reload",
/// shows a failed rebuild's message in an overlay on "error" (as text, never as markup), and, when
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
      var overlay = null;

      function showError(message) {
        if (!overlay) {
          overlay = document.createElement("div");
          overlay.setAttribute("role", "alert");
          overlay.setAttribute("data-testid", "newsgen-error");
          var s = overlay.style;
          s.position = "fixed"; s.left = "0"; s.right = "0"; s.bottom = "0"; s.zIndex = "2147483647";
          s.maxHeight = "50vh"; s.overflow = "auto"; s.padding = "1em"; s.background = "#5c1111"; s.color = "#fff";
          s.font = "14px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace";
          var heading = document.createElement("strong");
          heading.textContent = data.rebuildFailed || "";
          var text = document.createElement("pre");
          text.style.whiteSpace = "pre-wrap";
          text.style.margin = "0.5em 0 0";
          overlay.appendChild(heading);
          overlay.appendChild(text);
          document.body.appendChild(overlay);
        }
        overlay.lastChild.textContent = message;
      }

      if (data.failure) showError(data.failure);
      var events = new EventSource("/__newsgen/events");
      events.addEventListener("reload", function () { location.reload(); });
      // The server's "error" event has data; the stream's own connection errors do not.
      events.addEventListener("error", function (event) {
        if (typeof event.data === "string") showError(event.data);
      });

      if (!data.token) return;
      Array.prototype.forEach.call(document.querySelectorAll("[data-article-id]"), function (element) {
        var marked = element.querySelector('[data-testid="bookmark-mark"]') !== null;
        var button = document.createElement("button");
        button.type = "button";
        button.className = "button newsgen-bookmark";
        button.setAttribute("data-testid", "bookmark-toggle");
        button.setAttribute("aria-pressed", marked ? "true" : "false");
        button.textContent = marked ? data.bookmarkRemove : data.bookmarkAdd;
        // Above a row's link, which covers the row.
        button.style.position = "relative";
        button.style.zIndex = "1";
        button.style.marginTop = ".5rem";
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
        (element.querySelector(".row-body, .article-header") || element).appendChild(button);
      });
    })();
    """#
}
