// Pagefind's UI on the search page, over the index of this page's language (Pagefind picks it
// from <html lang>). `?q=` comes from the search box in the header.
(function () {
  var box = document.getElementById("folio-search");
  if (!box || typeof PagefindUI === "undefined") return;

  function words(text) {
    return text.toLowerCase().replace(/ё/g, "е").replace(/<[^>]*>/g, " ")
      .split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  }
  function startsLike(word, term) {
    // a rough stem: «событие» matches «события», «событий»; numbers must match whole
    var stem = term.length > 5 ? term.slice(0, term.length - 2) : term;
    return word.indexOf(stem) === 0;
  }
  // Pagefind shows the three sections of a page with the most hits of any word; for a query of
  // several words («событие 8»), show the sections that hold every one of them, when some do.
  function preferSectionsWithEveryWord(result) {
    var query = (box.querySelector("input") || {}).value || "";
    var terms = query.trim().split(/\s+/).length > 1 ? words(query) : [];
    if (!terms.length || !Array.isArray(result.sub_results)) return result;
    var every = result.sub_results.filter(function (sub) {
      var have = words(sub.title + " " + sub.excerpt);
      return terms.every(function (term) {
        return have.some(function (word) { return startsLike(word, term); });
      });
    });
    if (every.length) result.sub_results = every;
    return result;
  }

  var ui = new PagefindUI({
    element: "#folio-search",
    bundlePath: new URL(box.dataset.bundle, location.href).pathname,
    baseUrl: new URL(box.dataset.base, location.href).pathname,
    showSubResults: true,
    showImages: false,
    resetStyles: false,
    processResult: preferSectionsWithEveryWord
  });
  var query = new URLSearchParams(location.search).get("q");
  if (query) ui.triggerSearch(query);
})();
