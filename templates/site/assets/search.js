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

  // Pagefind's UI says how many were found in a paragraph a screen reader does not hear
  // change: a live region repeats it
  var status = document.createElement("div");
  status.className = "folio-visually-hidden";
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  box.after(status);
  new MutationObserver(function () {
    var message = box.querySelector(".pagefind-ui__message");
    var text = message ? message.textContent.trim() : "";
    if (status.textContent !== text) status.textContent = text;
  }).observe(box, {childList: true, subtree: true, characterData: true});

  // The arrow keys go from the box through the results and back
  box.addEventListener("keydown", function (event) {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    var stops = [box.querySelector("input")].concat(
      Array.prototype.slice.call(box.querySelectorAll(".pagefind-ui__result-link")));
    var at = stops.indexOf(document.activeElement);
    if (at < 0) return;
    event.preventDefault();
    var next = Math.max(0, Math.min(stops.length - 1, at + (event.key === "ArrowDown" ? 1 : -1)));
    stops[next].focus();
  });
});
