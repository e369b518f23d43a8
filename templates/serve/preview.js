// `folio serve`'s page script (pipeline/serve/reload.py adds it to every page it sends; no build
// writes it): when a rebuild put a newer site in place, show the page's new text where the
// reader is, on the unit they were on; with `folio serve --findings`, list under each unit the
// findings of that unit.
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

  // The same unit back at the same height, even when an edit above it made the page longer.
  function put(kept) {
    if (!kept || kept.path !== location.pathname) {
      return;
    }
    var unit = kept.id && document.getElementById(kept.id);
    var y = unit ? unit.getBoundingClientRect().top + window.scrollY - kept.top : kept.y;
    window.scrollTo(0, y);
  }

  function restore() {
    var kept;
    try {
      kept = JSON.parse(sessionStorage.getItem(PLACE) || "null");
    } catch (e) {
      kept = null;
    }
    sessionStorage.removeItem(PLACE);
    put(kept);
  }

  function reload() {
    sessionStorage.setItem(PLACE, JSON.stringify(place()));
    location.reload();
  }

  // What the theme's instant navigation swaps between two pages (Material 9): the page's own
  // parts, never the header's search, palette and language switch, which stay as they are.
  var PARTS = ["[data-md-component=container]", "[data-md-component=header-topic]",
               "[data-md-component=announce]", "[data-md-component=outdated]", "[data-md-component=skip]"];

  function assets(doc) {
    return Array.prototype.map.call(doc.querySelectorAll("link[rel=stylesheet], script[src]"),
      function (node) { return node.getAttribute("href") || node.getAttribute("src"); }).join(" ");
  }

  // The new page's parts put in place of the old ones, and the theme told of a new document
  // (as its instant navigation does: it mounts the sidebars, the table of contents and the
  // content's widgets again): a full reload spends about half a second more fetching and
  // running the theme's scripts and styles again. Anything else changed (the assets, the page
  // gone), or no theme to tell: the page reloads.
  function swap() {
    return fetch(location.pathname + location.search, {cache: "no-store"})
      .then(function (response) {
        if (!response.ok) {
          throw new Error(response.status);
        }
        return response.text();
      })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html");
        if (typeof window.document$ === "undefined" || assets(fresh) !== assets(document)) {
          throw new Error("not in place");
        }
        var pairs = PARTS.map(function (selector) {
          return [document.querySelector(selector), fresh.querySelector(selector)];
        }).filter(function (pair) { return pair[0] || pair[1]; });
        if (pairs.some(function (pair) { return !pair[0] || !pair[1]; })) {
          throw new Error("not the same parts");
        }
        var kept = place();
        document.title = fresh.title;
        pairs.forEach(function (pair) {
          var part = document.importNode(pair[1], true);
          // a parsed page's scripts never run; the theme's inline ones (tabs) are made anew
          part.querySelectorAll("script").forEach(function (old) {
            var script = document.createElement("script");
            Array.prototype.forEach.call(old.attributes, function (a) { script.setAttribute(a.name, a.value); });
            script.textContent = old.textContent;
            old.replaceWith(script);
          });
          pair[0].replaceWith(part);
        });
        window.document$.next(document);
        put(kept);
        if (script.hasAttribute("data-findings")) {
          findings();
        }
      });
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
          epoch = Number(text);
          swap().then(poll, reload);
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
