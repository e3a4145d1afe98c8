/* newsgen search: finds articles in /search/index.json without a server.
 * No library and no inline script (the pages' policy is script-src 'self').
 * Each index entry is [title, link from /search/, source, date, summary, [tags]].
 * Every word of the query must appear in the title, summary, source or tags,
 * ignoring case and accents. The query lives in ?q= so a search can be linked. */
(function () {
  "use strict";

  var MAX_RESULTS = 50;
  var form = document.getElementById("search-form");
  var input = document.getElementById("search-input");
  var status = document.getElementById("search-status");
  var results = document.getElementById("search-results");
  if (!form || !input || !status || !results || !window.fetch) return;

  var entries = null;
  var haystacks = [];
  var timer = 0;

  /* Lowercase, accents off (é → e), a few letters spelled out, runs of space as one. */
  function fold(text) {
    return String(text)
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/ß/g, "ss").replace(/æ/g, "ae").replace(/ø/g, "o").replace(/œ/g, "oe").replace(/ł/g, "l")
      .replace(/\s+/g, " ");
  }

  function words(query) {
    return fold(query).split(" ").filter(function (word) { return word.length > 0; });
  }

  function plural(count, one, many) {
    return count + " " + (count === 1 ? one : many);
  }

  function element(name, className, text) {
    var node = document.createElement(name);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  /* A result, built like the list rows of the other pages (row.mustache). */
  function row(entry) {
    var item = element("li", "row");
    item.setAttribute("data-testid", "search-result");
    var body = element("div", "row-body");
    var heading = element("h2", "row-title");
    var link = element("a", "row-link", entry[0]);
    link.href = entry[1];
    link.setAttribute("data-testid", "search-result-link");
    heading.appendChild(link);
    body.appendChild(heading);
    if (entry[4]) body.appendChild(element("p", "row-summary", entry[4]));
    var meta = element("p", "meta");
    meta.appendChild(element("span", "meta-source", entry[2]));
    if (entry[3]) meta.appendChild(element("span", "meta-date", entry[3]));
    body.appendChild(meta);
    var tags = entry[5] || [];
    if (tags.length) {
      var list = element("ul", "row-tags");
      list.setAttribute("role", "list");
      list.setAttribute("aria-label", "Tags");
      tags.forEach(function (tag) { list.appendChild(element("li", "", tag)); });
      body.appendChild(list);
    }
    item.appendChild(body);
    var thumb = element("div", "row-thumb");
    var placeholder = element("span", "thumb-placeholder", (entry[2] || "?").charAt(0).toUpperCase());
    placeholder.setAttribute("aria-hidden", "true");
    thumb.appendChild(placeholder);
    item.appendChild(thumb);
    return item;
  }

  function show(query) {
    results.textContent = "";
    var wanted = words(query);
    if (wanted.length === 0) {
      status.textContent = entries ? "Type words to search " + plural(entries.length, "article", "articles") + "." : "";
      return;
    }
    var found = [];
    for (var i = 0; i < entries.length; i++) {
      var haystack = haystacks[i];
      if (wanted.every(function (word) { return haystack.indexOf(word) !== -1; })) found.push(entries[i]);
    }
    found.slice(0, MAX_RESULTS).forEach(function (entry) { results.appendChild(row(entry)); });
    if (found.length === 0) {
      status.textContent = "No results for \u201c" + query.trim() + "\u201d.";
    } else if (found.length > MAX_RESULTS) {
      status.textContent = plural(found.length, "result", "results") + ", the " + MAX_RESULTS + " newest shown.";
    } else {
      status.textContent = plural(found.length, "result", "results");
    }
  }

  /* Keeps ?q= in step with the box, without adding history entries. */
  function remember(query) {
    if (!window.history || !history.replaceState) return;
    var url = new URL(window.location.href);
    if (query.trim()) url.searchParams.set("q", query); else url.searchParams.delete("q");
    history.replaceState(null, "", url.pathname + url.search + url.hash);
  }

  function update() {
    var query = input.value;
    remember(query);
    if (entries) show(query);
  }

  form.hidden = false;
  var initial = new URLSearchParams(window.location.search).get("q") || "";
  input.value = initial;
  status.textContent = "Loading the search index\u2026";

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    window.clearTimeout(timer);
    update();
  });
  input.addEventListener("input", function () {
    window.clearTimeout(timer);
    timer = window.setTimeout(update, 150);
  });

  fetch(form.getAttribute("data-index"), { credentials: "same-origin" })
    .then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.json();
    })
    .then(function (data) {
      entries = Array.isArray(data) ? data : [];
      haystacks = entries.map(function (entry) {
        return fold([entry[0], entry[4], entry[2]].concat(entry[5] || []).join(" "));
      });
      show(input.value);
    })
    .catch(function () {
      status.textContent = "The search index could not be loaded. Every article is also listed by source and by tag.";
    });
})();
