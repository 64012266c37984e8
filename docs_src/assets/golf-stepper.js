/* The won game's stepper (docs_src/templates/won_game.md.j2): one board at a time.
   Without this script every position is a section addressed by #move-N, and the
   stylesheet shows the deal or the one the address names (the move list's
   links choose it). With it, the same section stays shown (nothing moves while
   the page loads); previous/next, the slider, the move list and the keys
   ArrowLeft/ArrowRight/Home/End (with the focus inside the stepper) choose
   another, the address follows with history.replaceState once the visitor
   steps (a page opened without #move-N keeps its address and its place at the
   top), and the live region reads the move's heading and score. A move picked
   in the list brings its board into view (on a phone the list is far below
   it). Every word comes from the page. */
(function () {
  "use strict";
  function setUp(root) {
    var steps = Array.prototype.slice.call(root.querySelectorAll(".golf-step"));
    var slider = root.querySelector("[data-stepper-slider]");
    var prev = root.querySelector("[data-stepper-prev]");
    var next = root.querySelector("[data-stepper-next]");
    var status = root.querySelector("[data-stepper-status]");
    var bar = root.querySelector("[data-stepper-bar]");
    var links = Array.prototype.slice.call(root.querySelectorAll('.golf-moves a[href^="#move-"]'));
    var last = steps.length - 1;
    var current = -1;

    function fromHash(hash) {
      var match = /^#move-(\d+)$/.exec(hash || "");
      if (!match) return null;
      var n = parseInt(match[1], 10);
      return n >= 0 && n <= last ? n : null;
    }

    /* What a screen reader would read of an element: its text, without what is aria-hidden. */
    function text(node) {
      if (node.nodeType === 3) return node.nodeValue;
      if (node.nodeType !== 1 || node.getAttribute("aria-hidden") === "true") return "";
      var parts = [];
      for (var child = node.firstChild; child; child = child.nextSibling) parts.push(text(child));
      return parts.join("");
    }

    function words(step) {
      var parts = [];
      var blocks = step.querySelectorAll("h2, p");
      for (var i = 0; i < blocks.length; i++) parts.push(text(blocks[i]));
      return parts.join(" ").replace(/\s+/g, " ").trim();
    }

    /* Show position n; with announce, the visitor stepped: say it and name it in the address. */
    function show(n, announce) {
      n = Math.max(0, Math.min(last, n));
      if (n === current) return;
      current = n;
      steps.forEach(function (step, i) {
        step.classList.toggle("golf-current", i === n);
      });
      links.forEach(function (link) {
        if (fromHash(link.getAttribute("href")) === n) {
          link.setAttribute("aria-current", "step");
        } else {
          link.removeAttribute("aria-current");
        }
      });
      var heading = steps[n].querySelector("h2");
      slider.value = String(n);
      slider.setAttribute("aria-valuetext", heading ? heading.textContent : String(n));
      /* aria-disabled, not disabled: a disabled button would drop the keyboard focus. */
      prev.setAttribute("aria-disabled", String(n === 0));
      next.setAttribute("aria-disabled", String(n === last));
      if (announce) {
        if (location.hash !== "#move-" + n) history.replaceState(null, "", "#move-" + n);
        status.textContent = words(steps[n]);
      }
    }

    /* The bar and the board in view, below the sticky header (the bar's scroll-margin-top),
       unless they are already; the board first where both do not fit. */
    function reveal() {
      var board = steps[current].querySelector("svg") || steps[current];
      var header = document.querySelector(".md-header");
      var top = header ? header.getBoundingClientRect().bottom : 0;
      var from = bar.getBoundingClientRect().top;
      var to = board.getBoundingClientRect().bottom;
      if (from >= top && to <= window.innerHeight) return;
      if (to - from <= window.innerHeight - top) {
        bar.scrollIntoView({ block: "start" });
      } else {
        board.scrollIntoView({ block: "end" });
      }
    }

    /* How far above the shown section the bar starts: what the section's scroll-margin-top
       adds to the header's height, so that a visit to #move-N shows the bar too. */
    function measure() {
      var above = steps[current].getBoundingClientRect().top - bar.getBoundingClientRect().top;
      root.style.setProperty("--golf-above", Math.max(0, Math.ceil(above)) + "px");
    }

    root.classList.add("golf-js");
    show(fromHash(location.hash) || 0, false);
    measure();
    window.addEventListener("resize", measure);

    prev.addEventListener("click", function () { show(current - 1, true); });
    next.addEventListener("click", function () { show(current + 1, true); });
    slider.addEventListener("input", function () { show(parseInt(slider.value, 10), true); });
    links.forEach(function (link) {
      link.addEventListener("click", function (event) {
        event.preventDefault();
        show(fromHash(link.getAttribute("href")), true);
        reveal();
      });
    });
    window.addEventListener("hashchange", function () {
      var n = fromHash(location.hash);
      if (n !== null) show(n, true);
    });
    root.addEventListener("keydown", function (event) {
      if (event.target === slider || event.altKey || event.ctrlKey || event.metaKey) return;
      var keys = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last };
      if (!(event.key in keys)) return;
      event.preventDefault();
      show(keys[event.key], true);
    });
  }
  var roots = document.querySelectorAll("[data-stepper]");
  for (var i = 0; i < roots.length; i++) setUp(roots[i]);
})();
