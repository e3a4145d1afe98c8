/* newsgen search: a full-text index split into files, read without a server (ADR 030).
 * No library and no inline script (the pages' policy is script-src 'self'); results are built
 * with DOM calls and textContent only, never from markup in the index.
 *
 * search/index.json (the manifest) lists the shards: [start, name, bytes], sorted; a word is in
 * the last shard starting at or before it. A shard t/<name>.json maps each word to its postings,
 * [doc, count, lengthCode, ...] with each doc after the first as a difference. m/<n>.json holds
 * docs n*chunkSize... as [title, link, source, date, [tags], snippet]; s/ and g/ the docs of a
 * source and of a tag. A query fetches the manifest, the shards of its words, and the chunks of
 * the results it shows. Every word must match; the last one, while typed, matches as a prefix.
 * Ranked by BM25 (k1 1.2, b 0.75), newer first among equal scores. The query lives in ?q=. */
(function () {
  "use strict";

  var PAGE_SIZE = 10;
  var K1 = 1.2;
  var B = 0.75;
  /* A last word shorter than this is matched whole: "a" as a prefix would fetch a twentieth of the index. */
  var MIN_PREFIX = 3;
  /* The tokenizer: the same rules as SearchTokenizer.swift, tested on the same cases. */
  var MAX_WORD = 40;
  var SPELLED = { "\u00df": "ss", "\u00e6": "ae", "\u0153": "oe", "\u00f8": "o", "\u0142": "l", "\u0111": "d", "\u0131": "i", "\u03c2": "\u03c3" };

  function fold(text) {
    return String(text).toLowerCase().normalize("NFKD").toLowerCase()
      .replace(/\p{M}/gu, "")
      .replace(/[\u00df\u00e6\u0153\u00f8\u0142\u0111\u0131\u03c2]/g, function (letter) { return SPELLED[letter]; });
  }

  function tokenize(text) {
    return fold(text).split(/[^\p{L}\p{N}]+/u).filter(function (word) { return word.length > 0 && word.length <= MAX_WORD; });
  }

  var form = document.getElementById("search-form");
  var input = document.getElementById("search-input");
  var status = document.getElementById("search-status");
  var results = document.getElementById("search-results");
  var more = document.getElementById("search-more");
  var sourceFilter = document.getElementById("search-source");
  var tagFilter = document.getElementById("search-tag");
  if (!form || !input || !status || !results || !window.fetch) return;
  window.newsgenSearchTokenize = tokenize; /* for the browser check of the tokenizer */

  var indexURL = new URL(form.getAttribute("data-index"), window.location.href);
  var manifest = null;
  var files = {};
  var generation = 0;
  var timer = 0;
  var ranked = [];
  var shown = 0;
  var marked = { words: [], prefix: "" };

  function load(path) {
    if (!files[path]) {
      files[path] = fetch(new URL(path, indexURL), { credentials: "same-origin" }).then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.json();
      });
      files[path].catch(function () { delete files[path]; });
    }
    return files[path];
  }

  function plural(count, one, many) {
    return count.toLocaleString("en") + " " + (count === 1 ? one : many);
  }

  function element(name, className, text) {
    var node = document.createElement(name);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  /* The shard holding `word`: the last whose start is at or before it. */
  function shardAt(word) {
    var shards = manifest.shards;
    var low = 0, high = shards.length - 1, found = 0;
    while (low <= high) {
      var middle = (low + high) >> 1;
      if (shards[middle][0] <= word) { found = middle; low = middle + 1; } else { high = middle - 1; }
    }
    return found;
  }

  /* The shards a word needs: its own, and for a prefix every later one whose start begins with it. */
  function shardsFor(word, isPrefix) {
    var first = shardAt(word);
    var names = [manifest.shards[first][1]];
    for (var next = first + 1; isPrefix && next < manifest.shards.length && manifest.shards[next][0].lastIndexOf(word, 0) === 0; next++) {
      names.push(manifest.shards[next][1]);
    }
    return names;
  }

  /* Each matching doc's BM25 score for one word of the query. A prefix counts as one word whose
   * occurrences are those of every word it begins, so that a rare longer word ("museums", a tag)
   * does not outrank the common word typed ("museum") through its idf. */
  function scores(word, isPrefix, shards) {
    var found = new Map();
    shards.forEach(function (shard) {
      Object.keys(shard).forEach(function (term) {
        if (term !== word && !(isPrefix && term.lastIndexOf(word, 0) === 0)) return;
        var postings = shard[term];
        var doc = 0;
        for (var i = 0; i < postings.length; i += 3) {
          doc += postings[i];
          var seen = found.get(doc);
          if (seen) seen[0] += postings[i + 1]; else found.set(doc, [postings[i + 1], postings[i + 2]]);
        }
      });
    });
    var average = manifest.averageLength;
    var idf = Math.log(1 + (manifest.count - found.size + 0.5) / (found.size + 0.5));
    var scored = new Map();
    found.forEach(function (value, doc) {
      var tf = value[0];
      var length = Math.pow(2, value[1] / 8) - 1;
      scored.set(doc, idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * length / average)));
    });
    return scored;
  }

  function docNumbers(list) {
    var numbers = new Set();
    var doc = 0;
    for (var i = 0; i < list.length; i++) { doc += list[i]; numbers.add(doc); }
    return numbers;
  }

  /* The docs matching every word and the chosen filters, best first, newer first among equals. */
  function rank(words, prefix) {
    var needs = words.map(function (word, index) {
      var isPrefix = index === words.length - 1 && prefix;
      return Promise.all(shardsFor(word, isPrefix).map(function (name) { return load("t/" + name + ".json"); }))
        .then(function (shards) { return scores(word, isPrefix, shards); });
    });
    var filters = [sourceFilter, tagFilter].filter(function (select) { return select && select.value; })
      .map(function (select) { return load(select.value).then(docNumbers); });
    return Promise.all([Promise.all(needs), Promise.all(filters)]).then(function (found) {
      var perWord = found[0];
      var allowed = found[1];
      perWord.sort(function (a, b) { return a.size - b.size; });
      var list = [];
      perWord[0].forEach(function (score, doc) {
        for (var w = 1; w < perWord.length; w++) {
          var other = perWord[w].get(doc);
          if (other === undefined) return;
          score += other;
        }
        for (var f = 0; f < allowed.length; f++) if (!allowed[f].has(doc)) return;
        list.push([doc, score]);
      });
      list.sort(function (a, b) { return b[1] - a[1] || b[0] - a[0]; });
      return list;
    });
  }

  /* The snippet with each word that matches the query in <mark>, node by node. */
  function snippet(text) {
    var paragraph = element("p", "row-summary search-snippet");
    var pattern = /[\p{L}\p{N}\p{M}]+/gu;
    var last = 0;
    var match;
    while ((match = pattern.exec(text)) !== null) {
      var hit = tokenize(match[0]).some(function (word) {
        return marked.words.indexOf(word) !== -1 || (marked.prefix && word.lastIndexOf(marked.prefix, 0) === 0);
      });
      if (!hit) continue;
      if (match.index > last) paragraph.appendChild(document.createTextNode(text.slice(last, match.index)));
      paragraph.appendChild(element("mark", "", match[0]));
      last = match.index + match[0].length;
    }
    if (last < text.length) paragraph.appendChild(document.createTextNode(text.slice(last)));
    return paragraph;
  }

  /* A result, built like the list rows of the other pages (row.mustache). */
  function row(entry) {
    var item = element("li", "row");
    item.setAttribute("data-testid", "search-result");
    var body = element("div", "row-body");
    var heading = element("h2", "row-title");
    var link = element("a", "row-link", entry[0]);
    link.href = new URL(entry[1], indexURL).href;
    link.setAttribute("data-testid", "search-result-link");
    heading.appendChild(link);
    body.appendChild(heading);
    if (entry[5]) body.appendChild(snippet(entry[5]));
    var meta = element("p", "meta");
    meta.appendChild(element("span", "meta-source", entry[2]));
    if (entry[3]) meta.appendChild(element("span", "meta-date", entry[3]));
    body.appendChild(meta);
    var tags = entry[4] || [];
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

  /* The next page of results: the chunks holding them, then their rows. */
  function showMore(current, query) {
    var page = ranked.slice(shown, shown + PAGE_SIZE);
    var size = manifest.chunkSize;
    return Promise.all(page.map(function (result) { return load("m/" + Math.floor(result[0] / size) + ".json"); }))
      .then(function (chunks) {
        if (current !== generation) return;
        page.forEach(function (result, index) {
          var entry = chunks[index][result[0] % size];
          if (entry) results.appendChild(row(entry));
        });
        shown += page.length;
        status.textContent = shown < ranked.length
          ? plural(ranked.length, "result", "results") + ", " + shown.toLocaleString("en") + " shown."
          : plural(ranked.length, "result", "results");
        if (more) more.parentNode.hidden = shown >= ranked.length;
        results.setAttribute("data-query", query);
      });
  }

  function search(query) {
    var current = ++generation;
    var words = tokenize(query);
    var prefix = words.length > 0 && !/[^\p{L}\p{N}\p{M}]$/u.test(query) && words[words.length - 1].length >= MIN_PREFIX;
    marked = { words: words, prefix: prefix ? words[words.length - 1] : "" };
    if (words.length === 0) {
      results.textContent = "";
      if (more) more.parentNode.hidden = true;
      status.textContent = "Type words to search " + plural(manifest.count, "article", "articles") + ".";
      results.setAttribute("data-query", query);
      return Promise.resolve();
    }
    return rank(words, prefix).then(function (list) {
      if (current !== generation) return;
      results.textContent = "";
      ranked = list;
      shown = 0;
      if (list.length === 0) {
        if (more) more.parentNode.hidden = true;
        status.textContent = "No results for \u201c" + query.trim() + "\u201d.";
        results.setAttribute("data-query", query);
        return;
      }
      return showMore(current, query);
    }).catch(function () {
      if (current === generation) status.textContent = "Part of the search index could not be loaded. Every article is also listed by source and by tag.";
    });
  }

  /* Keeps ?q= in step with the box, without adding history entries. */
  function remember(query) {
    if (!window.history || !history.replaceState) return;
    var url = new URL(window.location.href);
    if (query.trim()) url.searchParams.set("q", query); else url.searchParams.delete("q");
    history.replaceState(null, "", url.pathname + url.search + url.hash);
  }

  function update() {
    remember(input.value);
    if (manifest) search(input.value);
  }

  function fillFilter(select, filters) {
    if (!select) return;
    filters.forEach(function (filter) {
      var option = element("option", "", filter[0] + " (" + filter[2].toLocaleString("en") + ")");
      option.value = filter[1];
      select.appendChild(option);
    });
    select.addEventListener("change", update);
  }

  form.hidden = false;
  input.value = new URLSearchParams(window.location.search).get("q") || "";
  status.textContent = "Loading the search index\u2026";

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    window.clearTimeout(timer);
    update();
  });
  input.addEventListener("input", function () {
    window.clearTimeout(timer);
    timer = window.setTimeout(update, 40);
  });
  if (more) {
    more.addEventListener("click", function () {
      if (manifest && shown < ranked.length) showMore(generation, input.value);
    });
  }

  load(indexURL.href)
    .then(function (data) {
      manifest = data;
      fillFilter(sourceFilter, data.sources || []);
      fillFilter(tagFilter, data.tags || []);
      search(input.value);
    })
    .catch(function () {
      status.textContent = "The search index could not be loaded. Every article is also listed by source and by tag.";
    });
})();
