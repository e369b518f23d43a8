// Pagefind's UI on the search page, over the bundles of this page's language. `?q=` comes from
// the search box in the header. Each result leads to the unit that holds the words, not to the
// heading above it; the UI asks Folio's search (assets/folio/ui/pagefind.js), which merges the
// rulebooks' bundles and ranks every page's units together (folio-search.js).
var folioSearchScript = document.currentScript && document.currentScript.src;
window.addEventListener("DOMContentLoaded", function () {
  var box = document.getElementById("folio-search");
  if (!box || typeof PagefindUI === "undefined" || !window.FolioSearch) return;
  var search = window.FolioSearch;
  var ui = new PagefindUI({
    element: "#folio-search",
    bundlePath: new URL("ui/", folioSearchScript || location.href).pathname,
    baseUrl: new URL(box.dataset.base, location.href).pathname,
    showSubResults: true,
    showImages: false,
    resetStyles: false,
    translations: {one_result: box.dataset.oneResult, many_results: box.dataset.manyResults},
    processResult: function (result) {
      return search.processResult(result, (box.querySelector("input") || {}).value || "");
    }
  });
  var query = new URLSearchParams(location.search).get("q");
  if (query) ui.triggerSearch(query);
});
