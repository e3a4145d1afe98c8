/* newsgen search: a full-text index split into files, read without a server (ADR 030, ADR 036).
 * No library and no inline script (the pages' policy is script-src 'self'); results are built
 * with DOM calls and textContent only, never from markup in the index.
 *
 * search/index.json (the manifest) lists the shards: [start, name, bytes], sorted; a word is in
 * the last shard starting at or before it. A shard t/<name>.json maps each word to its postings,
 * [doc, count, lengthCode, ...] with each doc after the first as a difference; a word in many docs
 * to {n: docs, f: stem, b: [frontier of each further block], p: its best postings}, its other
 * postings in blocks p/<stem>.<k>.json, each twice the one before. m/<n>.json holds docs
 * n*chunkSize... as [title, link, source, date, [tags], snippet, thumbnail?, thumbnail2x?]; s/ and g/ the docs of a source and
 * of a tag. A query fetches the manifest, the shards of its words, the blocks it needs (none for
 * most first pages) and the chunks of the results it shows. Every word must match; the last one,
 * while typed, matches as a prefix. Ranked by BM25 (k1 1.2, b 0.75), newer first among equal
 * scores. The query lives in ?q=. */
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
  /* The page's words come from its data-msg-* attributes (the theme's strings table), in the page's language. */
  var language = document.documentElement.lang || "en";
  var pluralRules = null;
  try { pluralRules = new Intl.PluralRules(language); } catch (error) { pluralRules = null; }
  var manifest = null;
  var files = {};
  var generation = 0;
  var timer = 0;
  var query = null;
  var ranked = [];
  var exact = true;
  var shown = 0;
  var shownDocs = new Set();
  var busy = null;
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

  function number(count) {
    try { return count.toLocaleString(language); } catch (error) { return String(count); }
  }

  /* The message `name` with each {key} of `values` filled in, in one pass. */
  function say(name, values) {
    var text = form.getAttribute("data-msg-" + name) || "";
    return text.replace(/\{(\w+)\}/g, function (whole, key) {
      return values && Object.prototype.hasOwnProperty.call(values, key) ? values[key] : whole;
    });
  }

  /* The form of the plural message `name` that CLDR gives `count` in the page's language ("other" when it has none). */
  function counted(name, count) {
    var category = pluralRules ? pluralRules.select(count) : (count === 1 ? "one" : "other");
    if (!form.getAttribute("data-msg-" + name + "-" + category)) category = "other";
    return say(name + "-" + category, { count: number(count) });
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

  function bm25(idf, tf, code) {
    var length = Math.pow(2, code / 8) - 1;
    return idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * length / manifest.averageLength));
  }

  /* One word's postings as far as fetched. A word in many docs (ADR 036) comes as its best block
   * (p), the frontier of each further block (b: [count, lengthCode, ...], no posting of the block
   * beats the best of them) and the stem of their files, p/<stem>.<k>.json; any other word whole. */
  function wordList(entry) {
    var split = !Array.isArray(entry);
    return { df: split ? entry.n : entry.length / 3, stem: split ? entry.f : "", frontiers: split ? entry.b : [],
             next: 1, first: split ? entry.p : entry, seen: split ? new Set() : null };
  }

  function pending(list) { return list.next <= list.frontiers.length; }

  /* The most that the blocks of `list` not fetched yet can add to one doc's score. */
  function bound(list, idf) {
    var best = 0;
    for (var k = list.next; k <= list.frontiers.length; k++) {
      var frontier = list.frontiers[k - 1];
      for (var i = 0; i < frontier.length; i += 2) best = Math.max(best, bm25(idf, frontier[i], frontier[i + 1]));
    }
    return best;
  }

  /* The highest count and the lowest length code in the blocks of `list` not fetched yet. */
  function extremes(list) {
    var most = 0, shortest = Infinity;
    for (var k = list.next; k <= list.frontiers.length; k++) {
      var frontier = list.frontiers[k - 1];
      for (var i = 0; i < frontier.length; i += 2) {
        most = Math.max(most, frontier[i]);
        shortest = Math.min(shortest, frontier[i + 1]);
      }
    }
    return [most, shortest];
  }

  function addPostings(group, list, postings) {
    var doc = 0;
    for (var i = 0; i < postings.length; i += 3) {
      doc += postings[i];
      if (list.seen) list.seen.add(doc);
      var seen = group.found.get(doc);
      if (seen) seen[0] += postings[i + 1]; else group.found.set(doc, [postings[i + 1], postings[i + 2]]);
    }
  }

  /* One word of the query: its docs, each with its count and length code. A prefix counts as one
   * word whose occurrences are those of every word it begins, so that a rare longer word ("museums",
   * a tag) does not outrank the common word typed ("museum") through its idf; its docs are counted
   * once when all are here, and by the sum of its words' counts while blocks are still to come. */
  function wordGroup(word, isPrefix, shards) {
    var group = { lists: [], found: new Map(), idf: 0 };
    shards.forEach(function (shard) {
      Object.keys(shard).forEach(function (term) {
        if (term !== word && !(isPrefix && term.lastIndexOf(word, 0) === 0)) return;
        var list = wordList(shard[term]);
        group.lists.push(list);
        addPostings(group, list, list.first);
      });
    });
    var df = 0;
    group.lists.forEach(function (list) { df += list.df; });
    if (!group.lists.some(pending)) df = group.found.size;
    df = Math.min(df, manifest.count);
    group.idf = Math.log(1 + (manifest.count - df + 0.5) / (df + 0.5));
    return group;
  }

  /* The shards of the query's words and the lists of its filters. */
  function prepare(words, prefix) {
    var groups = words.map(function (word, index) {
      var isPrefix = index === words.length - 1 && prefix;
      return Promise.all(shardsFor(word, isPrefix).map(function (name) { return load("t/" + name + ".json"); }))
        .then(function (shards) { return wordGroup(word, isPrefix, shards); });
    });
    var selects = [sourceFilter, tagFilter].filter(function (select) { return select && select.value; });
    var filters = selects.map(function (select) { return load(select.value).then(docNumbers); });
    return Promise.all([Promise.all(groups), Promise.all(filters)]).then(function (found) {
      var groups = found[0];
      var single = groups.length === 1 && groups[0].lists.length === 1 && selects.length === 0;
      return { groups: groups, allowed: found[1], count: single ? groups[0].lists[0].df : null };
    });
  }

  /* The docs matching every word and the chosen filters, best first, newer first among equals, with
   * enough blocks fetched that the first `needed` are those of the whole index: a doc not among them
   * scores at most what is known of it plus, for each word, the most its unfetched blocks can add,
   * and blocks are fetched (the one that can add most first) until that is no more than the
   * needed-th score. `exact` once every block is here. */
  function matches(query, needed) {
    var groups = query.groups;
    var allowed = function (doc) {
      for (var f = 0; f < query.allowed.length; f++) if (!query.allowed[f].has(doc)) return false;
      return true;
    };
    var scoreOf = function (group, value) { return bm25(group.idf, value[0], value[1]); };
    var smallest = groups.reduce(function (a, b) { return b.found.size < a.found.size ? b : a; });
    var list = [];
    smallest.found.forEach(function (value, doc) {
      var score = 0;
      for (var w = 0; w < groups.length; w++) {
        var seen = groups[w].found.get(doc);
        if (seen === undefined) return;
        score += scoreOf(groups[w], seen);
      }
      if (allowed(doc)) list.push([doc, score]);
    });
    list.sort(function (a, b) { return b[1] - a[1] || b[0] - a[0]; });
    var open = groups.map(function (group) { return group.lists.some(pending); });
    if (!open.some(Boolean)) return Promise.resolve({ list: list, exact: true });

    /* For a doc not found in a word: the most its unfetched blocks can add (for a prefix, the sum over
     * its words, or its highest counts summed at its shortest length, whichever is less). For a doc found
     * in a prefix, whose other words' blocks may hold it too: its count plus the most each could add. */
    var openLists = groups.map(function (group) {
      return group.lists.filter(pending).map(function (list) { return [list, extremes(list)[0], extremes(list)[1]]; });
    });
    var rest = groups.map(function (group, w) {
      var sum = 0, counts = 0, shortest = Infinity;
      openLists[w].forEach(function (open) {
        sum += bound(open[0], group.idf);
        counts += open[1];
        shortest = Math.min(shortest, open[2]);
      });
      return openLists[w].length > 1 ? Math.min(sum, bm25(group.idf, counts, shortest)) : sum;
    });
    var mostOf = function (w, doc, seen) {
      var tf = seen[0];
      openLists[w].forEach(function (open) { if (!open[0].seen.has(doc)) tf += open[1]; });
      return bm25(groups[w].idf, tf, seen[1]);
    };
    var threshold = list.length >= needed ? list[needed - 1][1] : -Infinity;
    var upper = open.every(Boolean) ? rest.reduce(function (a, b) { return a + b; }, 0) : -Infinity;
    var top = new Set(list.slice(0, needed).map(function (entry) { return entry[0]; }));
    var checked = new Set();
    groups.forEach(function (group) {
      group.found.forEach(function (value, doc) {
        if (checked.has(doc) || top.has(doc)) return;
        checked.add(doc);
        if (!allowed(doc)) return;
        var most = 0;
        for (var w = 0; w < groups.length; w++) {
          var seen = groups[w].found.get(doc);
          if (seen !== undefined) most += mostOf(w, doc, seen);
          else if (open[w]) most += rest[w];
          else return;
        }
        if (most > upper) upper = most;
      });
    });
    if (threshold >= upper) return Promise.resolve({ list: list, exact: false });

    /* The next block of each word that could add the most, or at least half that, fetched together:
     * one round trip for what one at a time took several. */
    var candidates = [];
    groups.forEach(function (group) {
      group.lists.forEach(function (list) {
        if (pending(list)) candidates.push({ group: group, list: list, block: list.next, most: bound(list, group.idf) });
      });
    });
    var most = candidates.reduce(function (a, c) { return Math.max(a, c.most); }, 0);
    var chosen = candidates.filter(function (c) { return c.most >= most / 2; });
    return Promise.all(chosen.map(function (c) { return load("p/" + c.list.stem + "." + c.block + ".json"); })).then(function (blocks) {
      chosen.forEach(function (c, index) {
        /* Another call (More results, while this one waited) may have added the block already. */
        if (c.list.next !== c.block) return;
        c.list.next++;
        addPostings(c.group, c.list, blocks[index]);
      });
      return matches(query, needed);
    });
  }

  function docNumbers(list) {
    var numbers = new Set();
    var doc = 0;
    for (var i = 0; i < list.length; i++) { doc += list[i]; numbers.add(doc); }
    return numbers;
  }

  /* `text` into `node`, each word that matches the query in <mark>, node by node. */
  function marking(node, text) {
    var pattern = /[\p{L}\p{N}\p{M}]+/gu;
    var last = 0;
    var match;
    while ((match = pattern.exec(text)) !== null) {
      var hit = tokenize(match[0]).some(function (word) {
        return marked.words.indexOf(word) !== -1 || (marked.prefix && word.lastIndexOf(marked.prefix, 0) === 0);
      });
      if (!hit) continue;
      if (match.index > last) node.appendChild(document.createTextNode(text.slice(last, match.index)));
      node.appendChild(element("mark", "", match[0]));
      last = match.index + match[0].length;
    }
    if (last < text.length) node.appendChild(document.createTextNode(text.slice(last)));
    return node;
  }

  /* A result, built like the list rows of the other pages (row.mustache). */
  function row(entry) {
    var item = element("li", "row");
    item.setAttribute("data-testid", "search-result");
    var body = element("div", "row-body");
    var heading = element("h2", "row-title");
    var link = marking(element("a", "row-link"), entry[0]);
    link.href = new URL(entry[1], indexURL).href;
    link.setAttribute("data-testid", "search-result-link");
    heading.appendChild(link);
    body.appendChild(heading);
    if (entry[5]) body.appendChild(marking(element("p", "row-summary search-snippet"), entry[5]));
    var meta = element("p", "meta");
    meta.appendChild(element("span", "meta-source", entry[2]));
    if (entry[3]) {
      meta.appendChild(document.createTextNode(" ")); // as in the rows: the " ·" after the source, then a space
      meta.appendChild(element("span", "meta-date", entry[3]));
    }
    body.appendChild(meta);
    var tags = entry[4] || [];
    if (tags.length) {
      var list = element("ul", "row-tags");
      list.setAttribute("role", "list");
      list.setAttribute("aria-label", say("tags"));
      tags.forEach(function (tag) { list.appendChild(element("li", "", tag)); });
      body.appendChild(list);
    }
    item.appendChild(body);
    var thumb = element("div", "row-thumb");
    if (entry[6]) {
      /* The row's thumbnail, as the lists show it; the letter tile only when there is none. */
      var image = element("img");
      image.src = new URL(entry[6], indexURL).href;
      if (entry[7]) image.srcset = new URL(entry[7], indexURL).href + " 2x";
      image.alt = "";
      image.width = 80;
      image.height = 80;
      image.loading = "lazy";
      image.setAttribute("data-testid", "search-thumbnail");
      thumb.appendChild(image);
    } else {
      var placeholder = element("span", "thumb-placeholder", (entry[2] || "?").charAt(0).toUpperCase());
      placeholder.setAttribute("aria-hidden", "true");
      thumb.appendChild(placeholder);
    }
    item.appendChild(thumb);
    return item;
  }

  /* How many results, as far as known: all of them once every block is fetched, a word's docs when
   * the query is that word alone; otherwise those found so far. */
  function statusText() {
    var count = exact ? ranked.length : query.count;
    if (count === null) return say("so-far", { results: counted("results", ranked.length), shown: number(shown) });
    return shown < count ? say("shown", { results: counted("results", count), shown: number(shown) }) : counted("results", count);
  }

  /* The next page of results: enough blocks for it, the chunks holding them, then their rows. */
  function showMore(current, text) {
    if (busy) return busy;
    busy = matches(query, shown + PAGE_SIZE).then(function (found) {
      if (current !== generation) return;
      ranked = found.list;
      exact = found.exact;
      if (ranked.length === 0) {
        if (more) more.parentNode.hidden = true;
        status.textContent = say("no-results", { query: text.trim() });
        results.setAttribute("data-query", text);
        return;
      }
      var page = ranked.filter(function (result) { return !shownDocs.has(result[0]); }).slice(0, PAGE_SIZE);
      var size = manifest.chunkSize;
      return Promise.all(page.map(function (result) { return load("m/" + Math.floor(result[0] / size) + ".json"); }))
        .then(function (chunks) {
          if (current !== generation) return;
          page.forEach(function (result, index) {
            shownDocs.add(result[0]);
            var entry = chunks[index][result[0] % size];
            if (entry) results.appendChild(row(entry));
          });
          shown += page.length;
          status.textContent = statusText();
          if (more) more.parentNode.hidden = exact && shown >= ranked.length;
          results.setAttribute("data-query", text);
        });
    });
    var done = function () { if (busy && current === generation) busy = null; };
    busy.then(done, done);
    return busy;
  }

  function search(text) {
    var current = ++generation;
    busy = null;
    var words = tokenize(text);
    var prefix = words.length > 0 && !/[^\p{L}\p{N}\p{M}]$/u.test(text) && words[words.length - 1].length >= MIN_PREFIX;
    marked = { words: words, prefix: prefix ? words[words.length - 1] : "" };
    if (words.length === 0) {
      results.textContent = "";
      if (more) more.parentNode.hidden = true;
      status.textContent = say("prompt");
      results.setAttribute("data-query", text);
      return Promise.resolve();
    }
    return prepare(words, prefix).then(function (prepared) {
      if (current !== generation) return;
      results.textContent = "";
      query = prepared;
      ranked = [];
      exact = true;
      shown = 0;
      shownDocs = new Set();
      return showMore(current, text);
    }).catch(function () {
      if (current === generation) status.textContent = say("part-failed");
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
      var option = element("option", "", filter[0] + " (" + number(filter[2]) + ")");
      option.value = filter[1];
      select.appendChild(option);
    });
    select.addEventListener("change", update);
  }

  form.hidden = false;
  input.value = new URLSearchParams(window.location.search).get("q") || "";
  status.textContent = say("loading");

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
      if (!manifest || !query || (shown >= ranked.length && exact)) return;
      var current = generation;
      showMore(current, input.value).catch(function () {
        if (current === generation) status.textContent = say("part-failed");
      });
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
      status.textContent = say("failed");
    });
})();
