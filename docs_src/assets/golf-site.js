/* Every page: a table wider than its column scrolls sideways in Material's
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
  if (typeof document$ !== "undefined" && document$.subscribe) {
    document$.subscribe(function () { window.requestAnimationFrame(mark); });
  } else {
    document.addEventListener("DOMContentLoaded", mark);
  }
  window.addEventListener("resize", mark);
})();
