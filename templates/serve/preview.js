// `folio serve`'s page script (pipeline/serve/reload.py adds it to every page it sends; no build
// writes it): reload when a rebuild put a newer site in place, back on the unit the reader was
// on; with `folio serve --findings`, list under each unit the findings of that unit.
(function () {
  "use strict";
  var script = document.currentScript;
  var epoch = Number(script.dataset.epoch);
  var PLACE = "folio-preview-place";

  // The unit at the top of the window, and how far below the top it is: after a reload the
  // same unit is put back there, even when an edit above it made the page longer.
  function place() {
    var units = document.querySelectorAll(".md-content [id]");
    for (var i = 0; i < units.length; i++) {
      var top = units[i].getBoundingClientRect().top;
      if (top >= 0) {
        return {path: location.pathname, id: units[i].id, top: top, y: window.scrollY};
      }
    }
    return {path: location.pathname, id: null, top: 0, y: window.scrollY};
  }

  function restore() {
    var kept;
    try {
      kept = JSON.parse(sessionStorage.getItem(PLACE) || "null");
    } catch (e) {
      kept = null;
    }
    sessionStorage.removeItem(PLACE);
    if (!kept || kept.path !== location.pathname) {
      return;
    }
    var unit = kept.id && document.getElementById(kept.id);
    var y = unit ? unit.getBoundingClientRect().top + window.scrollY - kept.top : kept.y;
    window.scrollTo(0, y);
  }

  function poll() {
    fetch("/.folio/reload?since=" + epoch, {cache: "no-store"})
      .then(function (response) {
        if (!response.ok) {
          throw new Error(response.status);
        }
        return response.text();
      })
      .then(function (text) {
        if (Number(text) > epoch) {
          sessionStorage.setItem(PLACE, JSON.stringify(place()));
          location.reload();
        } else {
          poll();
        }
      })
      .catch(function () {
        setTimeout(poll, 1000); // the server restarting, or gone: ask again
      });
  }

  function findings() {
    fetch("/.folio/findings.json", {cache: "no-store"})
      .then(function (response) { return response.json(); })
      .then(function (byUnit) {
        Object.keys(byUnit).forEach(function (id) {
          var unit = document.getElementById(id);
          if (!unit) {
            return;
          }
          var list = document.createElement("ul");
          list.className = "folio-preview-findings";
          list.lang = "en";
          list.setAttribute("data-folio-unit", id);
          list.style.cssText = "border-left:3px solid #c62828;margin:.3em 0;padding:.2em .2em .2em 1.6em;" +
            "font-size:.75em;font-family:monospace;white-space:pre-wrap";
          byUnit[id].forEach(function (finding) {
            var item = document.createElement("li");
            item.textContent = finding.severity + " " + finding.text; // text, never markup
            list.appendChild(item);
          });
          unit.insertAdjacentElement(unit.tagName === "LI" ? "beforeend" : "afterend", list);
        });
      })
      .catch(function () {});
  }

  if (script.hasAttribute("data-findings")) {
    findings();
  }
  if (document.readyState === "complete") {
    restore();
  } else {
    window.addEventListener("load", restore);
  }
  poll();
})();
