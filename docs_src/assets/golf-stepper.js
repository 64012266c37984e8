/* The won game's stepper (docs_src/templates/won_game.md.j2): one board at a time.
   Without this script every move is a section addressed by #move-N, and the
   stylesheet shows the deal or the one the address names (the move list's
   links choose it); only the deal and the final position have a board there.
   With it, the same section stays shown (nothing moves while the page loads:
   each section keeps the board's room) and gets its board: the script draws the
   position after move N on one board of its own, a copy of the deal's, taking
   the move list's cards off the columns in turn and laying each played card on
   the waste (a drawn card copied from the page's sheet), and says it in the
   page's words (#golf-stepper-words), as the engine's pictures do (the browser
   tests hold every one to the engine's replay). No rule of the game is here: the
   page's moves are the engine's. Previous/next, the slider, the move list and the keys
   ArrowLeft/ArrowRight/Home/End (with the focus inside the stepper) choose
   another, the address follows with history.replaceState once the visitor
   steps (a page opened without #move-N keeps its address and its place at the
   top), and the live region reads the move's heading and score. A move picked
   in the list brings its board into view (on a phone the list is far below
   it). Every word comes from the page. */
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";

  function format(template, values) {
    return String(template).replace(/%\((\w+)\)s|%%/g, function (all, name) {
      return name === undefined ? "%" : String(values[name]);
    });
  }

  function cardOf(node) {
    for (var i = 0; i < node.classList.length; i++) {
      var name = node.classList[i];
      if (name.indexOf("card-") === 0) return name.slice(5);
    }
    return null;
  }

  /* The boards between the deal and the last move: drawn on a copy of the deal's board. */
  function Drawer(root, deal, moves) {
    var words = JSON.parse(document.getElementById("golf-stepper-words").textContent);
    var sheet = root.querySelector("svg.golf-sheet");
    var svg = deal.cloneNode(true);
    svg.id = "board-step";
    var title = svg.querySelector("title"), desc = svg.querySelector("desc");
    title.id = "board-step-title";
    desc.id = "board-step-desc";
    svg.setAttribute("aria-labelledby", "board-step-title");
    svg.setAttribute("aria-describedby", "board-step-desc");
    var columns = Array.prototype.slice.call(svg.querySelectorAll("g.column")).map(function (g) {
      return { group: g, cards: Array.prototype.slice.call(g.querySelectorAll("g.card")) };
    });
    var waste = svg.querySelector("g.waste");
    var caption = waste.querySelector("text.caption");
    var first = waste.querySelector("g.card");
    var wasteCard = cardOf(first);
    var at = place(first);
    var stock = svg.querySelector("g.stock");
    var count = stock.querySelector("text.count");
    var stockCards = parseInt(count.textContent, 10);
    waste.removeChild(first);

    function place(node) {
      var rect = node.querySelector("rect");
      return { x: +rect.getAttribute("x"), y: +rect.getAttribute("y") };
    }

    /* A card on the waste: the deal's own (a tableau card) or the sheet's (a drawn one). */
    function onWaste(card, played) {
      var source = deal.querySelector("g.column g.card-" + card) || deal.querySelector("g.waste g.card-" + card) ||
        sheet.querySelector("g.card-" + card);
      var copy = source.cloneNode(true), from = place(copy);
      copy.setAttribute("class", "card card-" + card + " top" + (played ? " move" : "") +
        (source.classList.contains("red") ? " red" : " black"));
      copy.setAttribute("transform", "translate(" + (at.x - from.x) + " " + (at.y - from.y) + ")");
      return copy;
    }

    function name(card) { return words.names[card]; }

    /* The position after move n: each column's height, the waste card, the stock's count. */
    function position(n) {
      var heights = columns.map(function (column) { return column.cards.length; });
      var top = wasteCard, left = stockCards;
      for (var i = 0; i < n; i++) {
        var move = moves[i];
        if (move.column) heights[move.column - 1] -= 1;
        else left -= 1;
        top = move.card;
      }
      return { heights: heights, waste: top, stock: left };
    }

    this.svg = svg;
    this.draw = function (n) {
      var p = position(n), parts = [];
      columns.forEach(function (column, c) {
        var shown = column.cards.slice(0, p.heights[c]);
        column.cards.forEach(function (card, i) {
          card.classList.toggle("free", i === shown.length - 1);
          if (i < shown.length) column.group.appendChild(card);
          else if (card.parentNode) card.parentNode.removeChild(card);
        });
        var names = shown.map(function (card) { return name(cardOf(card)); });
        var template = shown.length ? (c ? words.next_column : words.first_column)
          : (c ? words.empty : words.first_empty);
        parts.push(format(template, {
          number: c + 1, cards: names.join(words.separators.list), free: names[names.length - 1]
        }));
      });
      var old = waste.querySelector("g.card");
      if (old) waste.removeChild(old);
      waste.insertBefore(onWaste(p.waste, n > 0), caption);
      count.textContent = String(p.stock);
      stock.classList.toggle("empty", p.stock === 0);
      title.textContent = n ? format(words.title_after, { number: n }) : words.title_start;
      desc.textContent = [
        format(words.piles[String(p.stock)], { card: name(p.waste) }),
        format(words.parts, { parts: parts.join(words.separators.parts) })
      ].join(words.separators.sentences);
    };
  }

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
    var moves = links.slice(1).map(function (link) {
      var column = link.getAttribute("data-column");
      return { card: link.getAttribute("data-card"), column: column ? parseInt(column, 10) : 0 };
    });
    var drawer = new Drawer(root, steps[0].querySelector("svg.golf-board"), moves);

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
      var slot = steps[n].querySelector("[data-stepper-slot]");
      if (slot) {
        drawer.draw(n);
        slot.appendChild(drawer.svg);
      }
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
