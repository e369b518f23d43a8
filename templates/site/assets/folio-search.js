// Search that lands on the rule, shared by the search page (search.js) and the header box.
//
// Pagefind cuts a page into sub-results at headings only, so a word in a step of 19.3 led to
// the top of 19.3. Every unit is an element with an id, and Pagefind lists each with its place
// in the page's words (`anchors`); each hit is given to the innermost unit before it, named by
// the unit's label from the page's metadata (pipeline/site/search.py, `folio_units`).
(function () {
  var script = document.currentScript;
  // folio.js and this file live in <lang>/assets/folio/; the bundle is site/pagefind/
  var here = script ? script.src : location.href;
  var bundle = new URL("../../../pagefind/", here).pathname;
  var base = new URL("../../../", here).pathname;
  var SHOWN = 3;  // sub-results per page, as Pagefind's own UI shows
  var AROUND = 12;  // words of an excerpt on either side of the first hit

  function escape(text) {
    return text.replace(/[&<>"']/g, function (c) {
      return {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c];
    });
  }
  function bare(word) {
    return word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
  }

  // Pagefind folds й into и before stemming, so «зимой» is looked up as «зимо» and misses
  // «зиму» and «зимняя» (measured on the HIS winter rules); without the ending, its prefix
  // match finds every form of the word.
  var Y_ENDING = /([\u0400-\u04ff]{3,})(?:ой|ей|ий|ый)$/i;
  // The dictionary forms of the words the texts use (folio-lexicon.js, on the pages of a
  // language that has them): a query for a form whose stem misses other forms of the word is
  // one for its dictionary form, which every unit holding any form of the word carries as a
  // hidden term (pipeline/site/lexicon.py).
  var lexicon = window.FolioLexicon || {mark: null, lemmas: {}, rewrite: []};
  var rewrite = {};
  lexicon.rewrite.forEach(function (form) { rewrite[form] = true; });
  function fold(word) {
    return word.toLowerCase().replace(/ё/g, "е");
  }
  function lemmaOf(word) {
    var folded = fold(bare(word));
    return lexicon.lemmas[folded] || folded;
  }
  function term(query) {
    return query.split(/\s+/).map(function (word) {
      var folded = fold(bare(word));
      return (rewrite[folded] ? lexicon.lemmas[folded] : word).replace(Y_ENDING, "$1");
    }).join(" ");
  }
  function hidden(word) {
    return !!lexicon.mark && word.charAt(0) === lexicon.mark;
  }

  // What a reader types for a rule: «19.4», «21.5», «8:I», «8 : i»
  function numberOf(query) {
    var q = query.trim().toLowerCase().replace(/\s*:\s*/g, ":");
    return /^\d+(\.\d+)*$|^\d+:[ivxl]+$/.test(q) ? q : null;
  }

  function unitsOf(data) {
    try {
      return JSON.parse((data.meta || {}).folio_units || "{}");
    } catch (e) {
      return {};
    }
  }

  // What a hit word is to a query word (both folded): "whole" when it is a form of that word
  // (the same word, the same dictionary form, or the same stem with another ending), "prefix"
  // when the reader may be typing the start of it, "" when Pagefind matched it only because
  // its index held no word that the query's stem begins (it then tries shorter and shorter
  // prefixes of the stem: «мария» reaches «маркеры», "mercenaries" a lone "m").
  var ENDING = 3;  // letters an ending may add or take: «марии», "mercenary"
  // [what, how close]: the very word or its dictionary form count fully, another ending less
  function relation(word, query) {
    if (!word || !query) return ["", 0];
    if (word === query) return ["whole", 1];
    if ((lemmaOf(word) === lemmaOf(query) && lexicon.lemmas[query] !== undefined) ||
        (lexicon.lemmas[word] && lexicon.lemmas[word] === lemmaOf(query))) return ["whole", 0.9];
    // what Pagefind was asked for the word (term()): «зимой» as «зим», which «зиму» continues
    var asked = fold(bare(term(query)));
    if (asked !== query && asked.length >= 3 && word.indexOf(asked) === 0) return ["whole", 0.6];
    var common = 0;
    while (common < word.length && common < query.length && word[common] === query[common]) common++;
    // the shared start must be most of both words: «марии» is «мария», «маркер» is not
    var longer = Math.max(word.length, query.length);
    if (common >= 3 && common >= longer - ENDING && common >= Math.ceil(0.6 * longer)) return ["whole", 0.6];
    return [common === query.length ? "prefix" : "", 0.5];
  }
  function queryWords(query) {
    return query.split(/\s+/).map(function (w) { return fold(bare(w)); }).filter(Boolean);
  }

  // A page's hits, by the unit that holds them (the innermost one before each hit): for each
  // unit, what each query word found in it. `ranked` then scores the units of every page at once.
  function collect(data, query) {
    var known = unitsOf(data), labels = known.labels || {};
    var anchors = (data.anchors || []).filter(function (a) { return a.id in labels; })
      .sort(function (a, b) { return a.location - b.location; });
    var words = (data.content || "").split(/\s+/);
    var asked = queryWords(query);
    var groups = {}, order = [];
    function holder(location) {
      var found = null;
      for (var i = 0; i < anchors.length && anchors[i].location <= location; i++) found = anchors[i];
      return found;
    }
    function group(anchor) {
      var key = anchor ? anchor.id : "";
      if (!(key in groups)) {
        groups[key] = {anchor: anchor, found: asked.map(function () { return {whole: 0, prefix: 0, weight: 0}; }),
                       hits: {whole: [], prefix: []}, named: false};
        order.push(key);
      }
      return groups[key];
    }
    var weighted = data.weighted_locations && data.weighted_locations.length ? data.weighted_locations
      : (data.locations || []).map(function (l) { return {location: l, weight: 1}; });
    // A hit on a hidden dictionary form stands for the unit's own forms of that word: those
    // are what the excerpt shows and the page marks.
    function forms(lemma, anchor) {
      var from = anchor ? anchor.location : 0, next = anchors.indexOf(anchor) + 1;
      var to = anchor && next < anchors.length ? anchors[next].location : words.length;
      var found = [];
      for (var i = from; i < to; i++) {
        if (!hidden(words[i]) && lemmaOf(words[i]) === lemma) found.push(i);
      }
      return found;
    }
    weighted.forEach(function (hit) {
      var anchor = holder(hit.location), g = group(anchor);
      var raw = words[hit.location] || "";
      var word = fold(bare(hidden(raw) ? raw.slice(1) : raw));
      var best = "", which = -1, close = 0;
      asked.forEach(function (q, i) {
        var r = relation(word, q);
        if ((r[0] === "whole" && (best !== "whole" || r[1] > close)) || (r[0] === "prefix" && !best)) {
          best = r[0]; which = i; close = r[1];
        }
      });
      if (!best) return;  // a stray prefix of the stem: not what the reader asked for
      var slot = g.found[which];
      slot[best] += 1;
      slot.close = Math.max(slot.close || 0, close);
      slot.weight = Math.max(slot.weight, hit.weight || 1);
      var shown = hidden(raw) ? forms(word, anchor) : [hit.location];
      shown.forEach(function (l) { if (g.hits[best].indexOf(l) < 0) g.hits[best].push(l); });
    });
    var number = numberOf(query);
    if (number && known.numbers && known.numbers[number]) {
      var id = known.numbers[number];
      var anchor = anchors.filter(function (a) { return a.id === id; })[0] || {id: id, location: 0};
      group(anchor).named = true;  // the rule the reader named, before any mention of it
    }
    var page = data.url.split("#")[0].split("?")[0];
    return order.map(function (key) {
      var g = groups[key];
      g.words = words;
      g.page = page;
      g.label = g.anchor ? labels[g.anchor.id] : (data.meta || {}).title;
      g.glossary = !!known.glossary;
      return g;
    });
  }

  // Every page's units, best first, scored as one collection: a query word weighs by how few
  // units hold it (its rarity among the units of every page found, so that indexes merged from
  // several bundles, each with its own statistics, rank alike), a unit that holds every word
  // comes before one that holds some, and a prefix counts only for a word no unit holds whole
  // (a whole word that exists is not swamped by longer words that begin like it).
  function ranked(groups, query) {
    var asked = queryWords(query), total = groups.length || 1;
    var whole = asked.map(function (_, i) { return groups.some(function (g) { return g.found[i].whole > 0; }); });
    function counted(g, i) {
      var slot = g.found[i];
      return whole[i] ? slot.whole : slot.prefix;
    }
    var rarity = asked.map(function (_, i) {
      var holding = groups.filter(function (g) { return counted(g, i) > 0; }).length;
      return Math.log(1 + total / (1 + holding));
    });
    var all = rarity.reduce(function (a, b) { return a + b; }, 0) || 1;
    groups.forEach(function (g) {
      var score = 0, covered = 0;
      asked.forEach(function (_, i) {
        var n = counted(g, i);
        if (!n) return;
        covered += rarity[i];
        score += rarity[i] * (1 + Math.log(n)) * Math.max(g.found[i].weight, 0.1) * (g.found[i].close || 1);
      });
      var share = covered / all;
      g.score = g.named ? Infinity : score * share * share;
      g.shown = (g.hits.whole || []).concat(asked.some(function (_, i) { return !whole[i]; }) ? g.hits.prefix : []);
      // the glossary explains a word; the rules that use it come first (issue 26)
      if (g.glossary && !g.named) g.score *= 0.01;
    });
    // Hits in a page's title (no unit holds them) lead nowhere in the text: after the units
    return groups.filter(function (g) { return g.score > 0; })
      .sort(function (a, b) { return (!!b.anchor - !!a.anchor) || b.score - a.score; });
  }

  function entry(g) {
    var words = g.words, id = g.anchor ? g.anchor.id : null;
    var hits = g.shown.slice().sort(function (a, b) { return a - b; });
    var marked = {}, found = [];
    hits.forEach(function (l) {
      var w = bare(words[l] || "");
      if (w && !marked[w]) { marked[w] = true; found.push(w); }
    });
    var params = found.map(function (w) { return "highlight=" + encodeURIComponent(w); }).join("&");
    var first = hits.length ? hits[0] : (g.anchor ? g.anchor.location : 0);
    var floor = g.anchor ? g.anchor.location : 0, before = [], after = [];
    for (var b = first - 1; b >= floor && before.length < AROUND; b--) {
      if (!hidden(words[b])) before.unshift(b);
    }
    for (var a = first; a < words.length && after.length <= AROUND; a++) {
      if (!hidden(words[a])) after.push(a);
    }
    var excerpt = before.concat(after).map(function (l) {
      return hits.indexOf(l) >= 0 ? "<mark>" + escape(words[l]) + "</mark>" : escape(words[l]);
    }).join(" ");
    return {id: id, label: g.label, page: g.page,
            url: g.page + (params ? "?" + params : "") + (id ? "#" + encodeURIComponent(id) : ""),
            excerpt: excerpt, score: g.score};
  }

  // One page's units, best first: [{id, label, url, excerpt, score}]
  function units(data, query) {
    return ranked(collect(data, query), query).map(entry);
  }

  // Pagefind's UI shows a result's sub_results; give it the units instead of the headings
  function processResult(result, query) {
    var found = result.folio_units || units(result, query);  // ranked by search() with every page
    delete result.folio_units;
    // the UI shows every metadata key under the result: the units' index is for this script
    result.meta = {title: (result.meta || {}).title};
    if (!found.length) return result;
    result.url = found[0].url;
    result.excerpt = found[0].excerpt;  // Pagefind's own would show the hidden terms
    result.sub_results = found.slice(0, SHOWN).map(function (u) {
      return {title: u.label, url: u.url, excerpt: u.excerpt};
    });
    return result;
  }

  // The search bundles of this page's language: a few rulebooks each (folio-bundles.json,
  // written by pipeline/render/site/search.py), merged as they load, so that an edit indexes
  // again the bundle it changed alone; a site indexed whole has one bundle at pagefind/.
  var lang = (document.documentElement.getAttribute("lang") || "en").toLowerCase();
  var loading = null;
  function pagefind() {
    if (!loading) {
      loading = fetch(bundle + "folio-bundles.json").then(function (response) {
        return response.ok ? response.json() : {};
      }).catch(function () { return {}; }).then(function (listed) {
        var paths = (listed[lang] || [""]).map(function (dir) { return bundle + (dir ? dir + "/" : ""); });
        return import(paths[0] + "pagefind.js").then(function (module) {
          // Merged all at once: each bundle's entry and metadata are a round trip of their
          // own, and one after another they added up (benchmarks/search_relevance.py --cost).
          // Pagefind lists a merged index as it is asked for, so they rank in this order still;
          // the WASM is the first bundle's, which every merged one shares.
          return module.options({baseUrl: base}).then(function () {
            return Promise.all(paths.slice(1).map(function (path) {
              return module.mergeIndex(path, {language: lang});
            }));
          }).then(function () { return module; });
        });
      });
    }
    return loading;
  }

  // Pages a query is answered from: Pagefind's best, every one of them read, then ranked here
  var PAGES = 40;
  // The search of both search boxes: Pagefind finds the pages, Folio ranks them by their best
  // unit (ranked), every page's units scored together; a page none of whose words is one the
  // reader asked for is left out. Answers in the shape of Pagefind's own search().
  function search(query) {
    function pages(asked) {
      return pagefind().then(function (pf) { return pf.search(asked); }).then(function (found) {
        return Promise.all(found.results.slice(0, PAGES).map(function (r) { return r.data(); }));
      });
    }
    function collected(found) {
      var groups = [];
      var byPage = found.map(function (data) {
        var mine = collect(data, query);
        groups.push.apply(groups, mine);
        return mine;
      });
      return {pages: found, byPage: byPage, groups: groups};
    }
    return pages(term(query)).then(function (found) {
      // A word no page holds whole may be another form of one that is (an English plural on
      // the Russian site: Pagefind stems it with the Russian rules and finds nothing): ask
      // again with its ending cut off, the stem's shorter prefix Pagefind tried on its own
      var first = collected(found), words = queryWords(query), cut = false;
      var shorter = words.map(function (w, i) {
        var held = first.groups.some(function (g) { return g.found[i].whole > 0; });
        if (held || w.length < 6 || numberOf(w)) return w;
        cut = true;
        return w.slice(0, w.length - ENDING);
      });
      if (!cut) return first;
      return pages(shorter.join(" ")).then(function (more) {
        var seen = {};
        found.forEach(function (d) { seen[d.url] = true; });
        return collected(found.concat(more.filter(function (d) { return !seen[d.url]; })));
      });
    }).then(function (all) {
      ranked(all.groups, query);  // scores every group, over every page
      var results = all.pages.map(function (data, i) {
        var kept = all.byPage[i].filter(function (g) { return g.score > 0; })
          .sort(function (a, b) { return (!!b.anchor - !!a.anchor) || b.score - a.score; });
        data.folio_units = kept.map(entry);
        return {data: data, score: kept.length ? kept[0].score : 0};
      }).filter(function (r) { return r.score > 0; })
        .sort(function (a, b) { return b.score === a.score ? 0 : b.score > a.score ? 1 : -1; });
      return {
        results: results.map(function (r, i) {
          return {id: r.data.url + "#" + i, score: r.score,
                  data: function () { return Promise.resolve(Object.assign({}, r.data)); }};
        }),
        unfilteredResultCount: results.length, filters: {}, totalFilters: {}, timings: []
      };
    });
  }

  window.FolioSearch = {bundle: bundle, base: base, term: term, units: units, search: search,
                        processResult: processResult, pagefind: pagefind, numberOf: numberOf};

  // The found words, marked where a result lands (its URL carries them as ?highlight=)
  if (new URLSearchParams(location.search).has("highlight")) {
    import(bundle + "pagefind-highlight.js").then(function () {
      // in the unit landed on only: a number like «8» is on every line of the page
      var target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
      new window.PagefindHighlight({highlightParam: "highlight", addStyles: false,
                                    markContext: target || null});
      if (target) target.scrollIntoView();  // the marks may have moved the unit a little
    });
  }

  // The header box: results as one types, each leading to its unit; Enter opens the search page,
  // or the result chosen with the arrow keys. A combobox over a listbox (WAI-ARIA's pattern):
  // the focus stays in the box while aria-activedescendant names the chosen result, and a live
  // region says how many were found. Its words are the catalogs' (templates/mkdocs/partials/alternate.html).
  function headerBox() {
    var form = document.querySelector(".folio-header-search");
    var input = form && form.querySelector("input");
    if (!input) return;
    var words = form.dataset;
    var list = document.createElement("ul");
    list.className = "folio-typeahead";
    list.id = "folio-typeahead";
    list.setAttribute("role", "listbox");
    list.setAttribute("aria-label", words.listLabel || "");
    list.hidden = true;
    var status = document.createElement("div");
    status.className = "folio-visually-hidden";
    status.setAttribute("role", "status");
    status.setAttribute("aria-live", "polite");
    form.append(list, status);
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-controls", list.id);
    input.setAttribute("aria-expanded", "false");
    var timer = null, asked = 0, active = -1;
    function options() {
      return Array.prototype.slice.call(list.querySelectorAll("[role=option]"));
    }
    function choose(index) {
      var all = options();
      active = all.length ? (index + all.length) % all.length : -1;
      all.forEach(function (option, i) {
        option.setAttribute("aria-selected", i === active ? "true" : "false");
      });
      if (active < 0) {
        input.removeAttribute("aria-activedescendant");
        return;
      }
      input.setAttribute("aria-activedescendant", all[active].id);
      all[active].scrollIntoView({block: "nearest"});
    }
    function open(shown) {
      list.hidden = !shown;
      input.setAttribute("aria-expanded", shown ? "true" : "false");
      if (!shown) choose(-1);
    }
    function show(entries, query) {
      list.textContent = "";
      active = -1;
      entries.forEach(function (entry, i) {
        var item = document.createElement("li"), link = document.createElement("a");
        item.id = "folio-typeahead-" + i;
        item.setAttribute("role", "option");
        item.setAttribute("aria-selected", "false");
        link.href = entry.url;
        link.tabIndex = -1;  // the box keeps the focus; the arrow keys choose
        var title = document.createElement("span");
        title.className = "folio-typeahead__title";
        title.textContent = entry.label;
        var page = document.createElement("span");
        page.className = "folio-typeahead__page";
        page.textContent = entry.page;
        var excerpt = document.createElement("span");
        excerpt.className = "folio-typeahead__excerpt";
        excerpt.innerHTML = entry.excerpt;  // words escaped by units(), only <mark> added
        link.append(title, page, excerpt);
        item.appendChild(link);
        list.appendChild(item);
      });
      open(entries.length > 0);
      list.setAttribute("data-query", query || "");  // what the results shown answer
      if (query !== undefined) {
        status.textContent = entries.length ? (words.results || "[COUNT]").replace("[COUNT]", entries.length)
          : (words.noResults || "");
      }
    }
    function run() {
      var query = input.value.trim(), mine = ++asked;
      if (query.length < 2) { show([]); status.textContent = ""; return; }
      search(query).then(function (found) {
        return Promise.all(found.results.slice(0, 5).map(function (r) { return r.data(); }));
      }).then(function (pages) {
        if (mine !== asked) return;  // a later keystroke has asked again
        var entries = [];
        pages.forEach(function (data) {
          (data.folio_units || []).slice(0, 2).forEach(function (u) {
            entries.push({url: u.url, label: u.label, page: (data.meta || {}).title || "",
                          excerpt: u.excerpt, score: u.score});
          });
        });
        entries.sort(function (a, b) { return b.score === a.score ? 0 : b.score > a.score ? 1 : -1; });
        show(entries.slice(0, 8), query);
      });
    }
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(run, 150);
    });
    input.addEventListener("keydown", function (event) {
      var all = options();
      if (event.key === "Escape") {
        open(false);
      } else if ((event.key === "ArrowDown" || event.key === "ArrowUp") && all.length) {
        event.preventDefault();
        open(true);
        choose(active < 0 ? (event.key === "ArrowDown" ? 0 : -1) : active + (event.key === "ArrowDown" ? 1 : -1));
      } else if (event.key === "Enter" && active >= 0 && !list.hidden) {
        event.preventDefault();
        location.href = all[active].querySelector("a").href;
      }
    });
    document.addEventListener("click", function (event) {
      if (!form.contains(event.target)) open(false);
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", headerBox);
  else headerBox();
})();
