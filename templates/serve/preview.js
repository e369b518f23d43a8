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

  // The findings of each unit in the page's language, as the report says them: the server
  // renders each message as escaped markup (pipeline/render/site/findings.py), its untranslated
  // English marked lang="en"; the interface words are set as text.
  function findings() {
    var lang = document.documentElement.lang || "en";
    fetch("/.folio/findings.json?lang=" + encodeURIComponent(lang), {cache: "no-store"})
      .then(function (response) { return response.json(); })
      .then(function (shown) {
        Object.keys(shown.units).forEach(function (id) {
          var unit = document.getElementById(id);
          if (!unit) {
            return;
          }
          var box = document.createElement("div");
          box.className = "folio-preview-findings";
          box.lang = shown.lang;
          box.setAttribute("data-folio-unit", id);
          box.style.cssText = "border-left:3px solid #c62828;margin:.3em 0;padding:.2em .2em .2em .8em;" +
            "font-size:.75em;white-space:pre-wrap";
          var heading = document.createElement("p");
          heading.className = "folio-preview-findings-heading";
          heading.style.cssText = "margin:0;font-weight:bold";
          heading.textContent = shown.heading;
          box.appendChild(heading);
          var list = document.createElement("ul");
          list.style.cssText = "margin:0;padding-left:1.2em";
          shown.units[id].forEach(function (finding) {
            var item = document.createElement("li");
            item.setAttribute("data-severity", finding.severity);
            var severity = document.createElement("strong");
            severity.textContent = finding.severity_words;
            var where = document.createElement("code");
            where.translate = false;
            where.textContent = finding.where;
            var message = document.createElement("span");
            message.className = "folio-preview-message";
            message.lang = finding.lang;
            message.innerHTML = finding.html; // escaped by the server: markup of lang spans and code only
            item.append(severity, " ", where, " ", message);
            if (finding.suggestion) {
              var suggestion = document.createElement("span");
              suggestion.className = "folio-preview-suggestion";
              suggestion.innerHTML = finding.suggestion;
              item.append(" (", suggestion, ")");
            }
            list.appendChild(item);
          });
          box.appendChild(list);
          unit.insertAdjacentElement(unit.tagName === "LI" ? "beforeend" : "afterend", box);
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
