/* Every page: Material's header opens the navigation drawer (on a phone) and
   the search with <label for=...> elements, which a keyboard cannot reach:
   each is replaced by a <button> with the same look (class, icon; golf.css
   hides it where Material hides the label), named by what it opens in the
   page's language (the navigation's aria-label, the search box's), with
   aria-expanded; the drawer's first shown link takes the focus, Escape closes
   the drawer and gives the focus back to its button.
   Also: a table wider than its column scrolls sideways in Material's
   wrapper (.md-typeset__scrollwrap), which a keyboard could not reach. Such a
   wrapper is made focusable (tabindex=0), so the arrow keys scroll it, and is
   named by the heading before its table (role=region), so a screen reader says
   what it is. Only wrappers that do scroll get a tab stop; the check runs again
   when the window's width changes. The script has no words of its own. */
(function () {
  "use strict";

  /* The address of a topic ([page, id]: ["rules", "patience.legal-moves"]) from this page, as
     the site names its pages: a served site's folders (rules/#...), or the files of a site
     opened from disk (rules.html#...); from the site's top (Material's __config.base). The
     players' messages link to the rules they explain through it (golf-play.js, golf-sixcard.js). */
  window.golfTopicHref = function (topic) {
    var path = location.pathname;
    var files = /\.html$/.test(path) && !/\/index\.html$/.test(path);
    var page = topic[0] === "index" ? (files ? "index.html" : "") : topic[0] + (files ? ".html" : "/");
    var base = files ? "." : "..";
    var config = document.getElementById("__config");
    try {
      base = (config && JSON.parse(config.textContent).base) || base;
    } catch (ignored) { /* a theme without its config: the page's own address says it */ }
    var url = new URL(base.replace(/\/?$/, "/") + page + "#" + topic[1], location.href);
    /* opened from disk, a folder shows as a listing: name its page (as main.html does) */
    if (url.protocol === "file:" && /\/$/.test(url.pathname)) url.pathname += "index.html";
    return url.href;
  };
  function heading(wrap) {
    for (var node = wrap.previousElementSibling; node; node = node.previousElementSibling) {
      if (/^H[1-6]$/.test(node.tagName) && node.id) return node;
    }
    return null;
  }
  function mark() {
    var wraps = document.querySelectorAll(".md-typeset__scrollwrap");
    for (var i = 0; i < wraps.length; i++) {
      var wrap = wraps[i];
      if (wrap.scrollWidth > wrap.clientWidth + 1) {
        wrap.setAttribute("tabindex", "0");
        wrap.setAttribute("role", "region");
        var title = heading(wrap);
        if (title) wrap.setAttribute("aria-labelledby", title.id);
      } else if (wrap.getAttribute("tabindex") === "0") {
        wrap.removeAttribute("tabindex");
        wrap.removeAttribute("role");
        wrap.removeAttribute("aria-labelledby");
      }
    }
  }
  function buttons() {
    var pairs = [
      ["__drawer", "nav.md-nav--primary"],
      ["__search", ".md-search__input"]
    ];
    pairs.forEach(function (pair) {
      var toggle = document.getElementById(pair[0]);
      var named = document.querySelector(pair[1]);
      var label = document.querySelector('.md-header__button[for="' + pair[0] + '"]');
      if (!toggle || !label || document.querySelector('[data-golf-for="' + pair[0] + '"]')) return;
      var button = document.createElement("button");
      button.type = "button";
      button.className = label.className;
      button.setAttribute("data-golf-for", pair[0]);
      button.innerHTML = label.innerHTML;
      if (named && named.getAttribute("aria-label")) {
        button.setAttribute("aria-label", named.getAttribute("aria-label"));
      }
      var state = function () { button.setAttribute("aria-expanded", String(toggle.checked)); };
      state();
      toggle.addEventListener("change", state);
      label.parentNode.insertBefore(button, label);
      label.style.display = "none";
      button.addEventListener("click", function () {
        toggle.click();  // as the label did: Material watches the toggle's change
        state();
        if (!toggle.checked) return;
        if (pair[0] === "__search") {
          var input = document.querySelector(".md-search__input");
          if (input) input.focus();
          return;
        }
        /* the first link the drawer shows (it opens at the page's own section), once it has
           slid in: looked for at each frame, as long as a slow phone takes to draw it (a
           timer of 350 ms gave up on one and left the focus behind the drawer) */
        var until = Date.now() + 5000;
        (function focusFirstLink() {
          if (!toggle.checked) return;
          var links = document.querySelectorAll(".md-sidebar--primary .md-nav__link[href]");
          for (var i = 0; i < links.length; i++) {
            var box = links[i].getBoundingClientRect();
            var x = box.left + box.width / 2;
            var y = box.top + box.height / 2;
            var seen = box.width > 0 && box.left >= 0 && box.right <= window.innerWidth &&
              links[i].contains(document.elementFromPoint(x, y));
            if (seen) {
              links[i].focus();
              return;
            }
          }
          if (Date.now() < until) window.requestAnimationFrame(focusFirstLink);
        })();
      });
    });
    document.addEventListener("keydown", function (event) {
      var drawer = document.getElementById("__drawer");
      if (event.key !== "Escape" || !drawer || !drawer.checked) return;
      drawer.click();
      var button = document.querySelector('[data-golf-for="__drawer"]');
      if (button) { button.setAttribute("aria-expanded", "false"); button.focus(); }
    });
  }
  /* Closed, the drawer is off-screen but its links stayed in the Tab order: a keyboard
     user tabbed through a dozen links nobody sees. Where it is a drawer (Material's
     76.25em), it is inert while closed. */
  function drawer() {
    var toggle = document.getElementById("__drawer");
    var sidebar = document.querySelector(".md-sidebar--primary");
    if (!toggle || !sidebar || !window.matchMedia) return;
    var narrow = window.matchMedia("(max-width: 76.2344em)");
    var update = function () { sidebar.inert = narrow.matches && !toggle.checked; };
    update();
    toggle.addEventListener("change", update);
    if (narrow.addEventListener) narrow.addEventListener("change", update);
  }
  function setUp() { buttons(); drawer(); mark(); }
  if (typeof document$ !== "undefined" && document$.subscribe) {
    document$.subscribe(function () { window.requestAnimationFrame(setUp); });
  } else {
    document.addEventListener("DOMContentLoaded", setUp);
  }
  window.addEventListener("resize", mark);
})();
