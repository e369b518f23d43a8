// The language switch lands on the same unit: each switch link already points at the same
// page in the other language; carry the id of the unit the reader is on along with it: the one
// at the top of the window, under the header (the address's #fragment names the unit the reader
// came to, perhaps long scrolled past).
function folioUnitInView() {
  var header = document.querySelector(".md-header");
  var top = (header ? header.getBoundingClientRect().bottom : 0) + 8;
  var units = document.querySelectorAll(".folio-unit[id], .folio-heading[id]");
  var found = null;
  for (var i = 0; i < units.length; i++) {
    var box = units[i].getBoundingClientRect();
    if (!box.height) continue;
    if (box.top <= top && box.bottom > top) found = units[i];  // the innermost holding that line
    else if (box.top > top) {
      // between the units of the one holding that line (the document's, a section's): the
      // next one down is what the reader sees first
      if (!found || found.contains(units[i])) found = units[i];
      break;
    }
  }
  return found;
}
document.addEventListener("click", function (event) {
  var link = event.target.closest && event.target.closest("a[data-folio-switch]");
  if (!link) return;
  var unit = folioUnitInView(), named = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (named) {  // the reader is still where the address took them: its top near the window's top
    var box = named.getBoundingClientRect();
    if (box.top > -innerHeight / 4 && box.top < innerHeight / 2) unit = named;
  }
  link.href = link.href.split("#")[0] +
    (unit ? "#" + encodeURIComponent(unit.id).replace(/%3A/gi, ":").replace(/%2F/gi, "/") : location.hash);
  // The theme has a language switch of its own that looks pages up in sitemap.xml; without a
  // site_url that is empty, and it would send the reader to the other language's home page.
  event.stopPropagation();
}, true);

// The ¶ of a unit is its permanent link: a click also copies the address, the one place a
// reader meets the unit's id.
document.addEventListener("click", function (event) {
  var link = event.target.closest && event.target.closest("a[data-folio-copy]");
  if (!link || !navigator.clipboard) return;
  navigator.clipboard.writeText(link.href).then(function () {
    link.classList.add("folio-copied");
    setTimeout(function () { link.classList.remove("folio-copied"); }, 1500);
  }, function () {});
});

// An abbreviation's expansion is its title, which only a pointer shows: a tap (or a click)
// writes it out beside the abbreviation, a second one takes it away. The theme's tooltips move
// the title into a tooltip of their own as the pointer (or a tap) reaches it: read it there.
document.addEventListener("click", function (event) {
  var abbr = event.target.closest && event.target.closest("abbr");
  if (!abbr || event.target.closest("a")) return;
  // its first use on the page is written out already (pipeline/render/site/inline.py)
  var next = abbr.nextSibling;
  if (next && next.classList && next.classList.contains("folio-abbr-expansion")) return;
  var tooltip = document.getElementById(abbr.getAttribute("aria-describedby") || "");
  var expansion = abbr.getAttribute("title") || (tooltip && tooltip.textContent.trim()) ||
    abbr.getAttribute("data-folio-expansion");
  if (!expansion) return;
  abbr.setAttribute("data-folio-expansion", expansion);
  abbr.classList.toggle("folio-abbr-open");
});
