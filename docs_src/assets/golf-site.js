/* Every page: Material's header opens the navigation drawer (on a phone) and
   the search with <label for=...> elements, which a keyboard cannot reach:
   each is made a named button (its name is the label of what it opens, in the
   page's language: the navigation's aria-label, the search box's) that Enter
   (Material's own handler of a focused label) and Space work, the drawer's
   first link taking the focus, with aria-expanded; Escape closes the drawer and gives the
   focus back to its button.
   Also: a table wider than its column scrolls sideways in Material's
   wrapper (.md-typeset__scrollwrap), which a keyboard could not reach. Such a
   wrapper is made focusable (tabindex=0), so the arrow keys scroll it, and is
   named by the heading before its table (role=region), so a screen reader says
   what it is. Only wrappers that do scroll get a tab stop; the check runs again
   when the window's width changes. The script has no words of its own. */
(function () {
  "use strict";
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
      ["__drawer", "nav.md-nav--primary", "aria-label"],
      ["__search", ".md-search__input", "aria-label"]
    ];
    pairs.forEach(function (pair) {
      var toggle = document.getElementById(pair[0]);
      var named = document.querySelector(pair[1]);
      var label = document.querySelector('.md-header__button[for="' + pair[0] + '"]');
      if (!toggle || !label || label.hasAttribute("tabindex")) return;
      label.setAttribute("role", "button");
      label.setAttribute("tabindex", "0");
      if (named && named.getAttribute(pair[2])) {
        label.setAttribute("aria-label", named.getAttribute(pair[2]));
      }
      var state = function () { label.setAttribute("aria-expanded", String(toggle.checked)); };
      state();
      toggle.addEventListener("change", state);
      label.addEventListener("keydown", function (event) {
        if (event.key !== "Enter" && event.key !== " ") return;
        // Material's own keyboard handler clicks a focused label on Enter
        if (event.key === " ") {
          event.preventDefault();
          label.click();
        }
        window.setTimeout(function () {
          state();
          if (pair[0] !== "__drawer" || !toggle.checked) return;
          // the first link the drawer shows (it opens at the page's own section)
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
        }, 350);  // after the drawer has slid in
      });
    });
    document.addEventListener("keydown", function (event) {
      var drawer = document.getElementById("__drawer");
      if (event.key !== "Escape" || !drawer || !drawer.checked) return;
      drawer.click();
      var button = document.querySelector('.md-header__button[for="__drawer"]');
      if (button) { button.setAttribute("aria-expanded", "false"); button.focus(); }
    });
  }
  function setUp() { buttons(); mark(); }
  if (typeof document$ !== "undefined" && document$.subscribe) {
    document$.subscribe(function () { window.requestAnimationFrame(setUp); });
  } else {
    document.addEventListener("DOMContentLoaded", setUp);
  }
  window.addEventListener("resize", mark);
})();
