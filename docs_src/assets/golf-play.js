/* Playing the examples and solving a deal in the page, with the engine's own C core compiled to
   WebAssembly (generator/patience/golfcore.c, golfwasm.c; built by generator/site/wasm.py).
   This script holds no rule of the game: whether a move is allowed and why not, the score, the
   move counter, undo, won and stuck, the deals and the solver's lines all come from the module.
   It has no words either: generator/site/play.py puts them into the page (#golf-words), and
   this script puts them in as text, never as markup. The cards it draws are copies of the
   page's card sheet (.golf-sheet), drawn by generator/site/pictures.py as every board is.
   The module comes as golf-wasm.js (its bytes in a script beside this one), which a page
   opened from disk can load too (a browser fetches no file:// address); nothing comes from
   outside the site. window.GolfEngine is the loaded module, for the browser tests. */
(function () {
  "use strict";
  var NO_CARD = 255, TABLEAU = 35, HEIGHT = 5;
  var RULES = { easy: 0, classic: 1, strict: 2 };
  var VARIANTS = { "nothing-on-king": 1, "jokers=1": 2, "jokers=2": 4, "empty-waste": 8 };
  var CODE_ERRORS = [null, "code_parts", "code_prefix", "code_letter", "code_digits"];
  var here = document.currentScript ? document.currentScript.src.replace(/[^\/]*$/, "") : "";

  function loadModule() {
    return new Promise(function (resolve, reject) {
      if (window.golfWasmBase64) return resolve(window.golfWasmBase64);
      var script = document.createElement("script");
      script.src = here + "golf-wasm.js";
      script.onload = function () { resolve(window.golfWasmBase64); };
      script.onerror = function () { reject(new Error("golf-wasm.js did not load")); };
      document.head.appendChild(script);
    }).then(function (base64) {
      var text = atob(base64), bytes = new Uint8Array(text.length);
      for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
      return WebAssembly.instantiate(bytes, {});
    }).then(function (result) {
      var e = result.instance.exports;
      e._initialize();
      return engine(e);
    });
  }

  /* The module's exports, with the little this script needs around them. */
  function engine(e) {
    function text(pointer) {
      var bytes = new Uint8Array(e.memory.buffer, pointer, 64), s = "";
      for (var i = 0; i < 64 && bytes[i]; i++) s += String.fromCharCode(bytes[i]);
      return s;
    }
    var api = {
      exports: e,
      rules: RULES,
      variantBits: function (names) {
        return names.reduce(function (bits, name) { return bits | (VARIANTS[name] || 0); }, 0);
      },
      cardText: function (card) { return text(e.golf_card_text(card)); },
      reasonName: function (code) { return text(e.golf_reason_name(code)); },
      /* A deal code read by the module: {letter, number} or {error: 1..4}. */
      readCode: function (code) {
        var bytes = [];
        for (var i = 0; i < code.length && bytes.length < 64; i++) {
          var c = code.charCodeAt(i);
          bytes.push(c < 128 ? c : 0x7f); /* a character the codes have not: refused as such */
        }
        if (code.length > 64) return { error: 1 };
        new Uint8Array(e.memory.buffer, e.golf_text(), 64).set(bytes);
        var kind = e.golf_code(bytes.length);
        if (kind) return { error: kind };
        return { letter: String.fromCharCode(e.golf_code_letter()), number: e.golf_code_number() };
      },
      game: function (rules, variants, number) {
        var g = e.golf_new(RULES[rules], api.variantBits(variants), number);
        if (!g) throw new Error("no such deal");
        return g;
      },
      /* Solve deal `number` at its start: {won, best, expanded, line: [deck positions]}. */
      solve: function (rules, variants, number, best) {
        var g = api.game(rules, variants, number);
        try { return api.solveGame(g, best); } finally { e.golf_free(g); }
      },
      solveGame: function (g, best) {
        if (e.golf_solve(g, best) !== 0) throw new Error("the search ran out of memory");
        var line = [];
        for (var i = 0; i < e.golf_result_length(); i++) line.push(e.golf_result_move(i));
        return { won: !!e.golf_result_won(), best: e.golf_result_best(),
                 expanded: e.golf_result_expanded(), line: line };
      },
      /* The move that brings deck position p onto the waste: [column or 0 for a draw, card]. */
      moveAt: function (g, p) {
        return [p < TABLEAU ? Math.floor(p / HEIGHT) + 1 : 0, e.golf_card(g, p)];
      }
    };
    return api;
  }

  function format(template, values) {
    return String(template).replace(/%\((\w+)\)s|%%/g, function (all, name) {
      return name === undefined ? "%" : String(values[name]);
    });
  }

  /* A board: the page's picture (pictures.py), its cards redrawn from the module's game. */
  function Board(svg, sheet, overlap) {
    this.svg = svg;
    this.sheet = sheet;
    this.overlap = overlap;
    this.columns = Array.prototype.slice.call(svg.querySelectorAll("g.column"));
    this.slots = this.columns.map(function (column) {
      var slot = column.querySelector("rect.slot");
      return { x: +slot.getAttribute("x"), y: +slot.getAttribute("y") };
    });
    this.stock = svg.querySelector("g.stock");
    this.count = svg.querySelector("g.stock text.count");
    this.waste = svg.querySelector("g.waste");
    var first = this.waste.querySelector("rect");
    this.wasteAt = { x: +first.getAttribute("x"), y: +first.getAttribute("y") };
  }
  Board.prototype.card = function (E, card, x, y, classes) {
    var source = this.sheet.querySelector(".card-" + E.cardText(card));
    var copy = source.cloneNode(true);
    copy.setAttribute("transform", "translate(" + x + " " + y + ")");
    classes.forEach(function (name) { copy.classList.add(name); });
    copy.setAttribute("data-card", String(card));
    return copy;
  };
  /* Draw game g; marks: {card: class} (the hint's card, the line's last move). */
  Board.prototype.draw = function (E, g, marks) {
    var e = E.exports, self = this;
    marks = marks || {};
    this.columns.forEach(function (column, c) {
      Array.prototype.slice.call(column.querySelectorAll("g.card")).forEach(function (old) {
        column.removeChild(old);
      });
      var height = e.golf_height(g, c + 1);
      for (var row = 0; row < height; row++) {
        var card = e.golf_card(g, c * HEIGHT + row), classes = row === height - 1 ? ["free"] : [];
        if (marks[card]) classes.push(marks[card]);
        var drawn = self.card(E, card, self.slots[c].x, self.slots[c].y + row * self.overlap, classes);
        drawn.setAttribute("data-column", String(c + 1));
        column.appendChild(drawn);
      }
    });
    var left = e.golf_stock_length(g) - e.golf_drawn(g);
    this.count.textContent = String(left);
    this.stock.classList.toggle("empty", left === 0);
    var caption = this.waste.querySelector("text.caption");
    Array.prototype.slice.call(this.waste.children).forEach(function (child) {
      if (child !== caption) self.waste.removeChild(child);
    });
    var top = e.golf_waste_top(g), node;
    if (top === NO_CARD) {
      node = document.createElementNS("http://www.w3.org/2000/svg", "rect");
      [["x", this.wasteAt.x], ["y", this.wasteAt.y], ["width", 60], ["height", 84], ["rx", 6],
       ["class", "empty"], ["fill", "none"]].forEach(function (a) { node.setAttribute(a[0], a[1]); });
    } else {
      node = this.card(E, top, this.wasteAt.x, this.wasteAt.y, ["top"].concat(marks[top] ? [marks[top]] : []));
    }
    this.waste.insertBefore(node, caption);
  };

  function wordsOf() {
    var node = document.getElementById("golf-words");
    return node ? JSON.parse(node.textContent) : null;
  }

  /* --- playing an example -------------------------------------------------------------- */

  function Play(root, E, words, sheet) {
    var e = E.exports;
    var picture = document.getElementById(root.getAttribute("data-board"));
    var figure = picture.closest("figure");
    var legend = figure.nextElementSibling && figure.nextElementSibling.classList.contains("golf-legend")
      ? figure.nextElementSibling : null;
    var area = root.querySelector("[data-play-area]");
    var start = root.querySelector("[data-play-start]");
    var select = root.querySelector("[data-play-rules]");
    var score = root.querySelector("[data-play-score]");
    var moves = root.querySelector("[data-play-moves]");
    var message = root.querySelector("[data-play-message]");
    var number = +root.getAttribute("data-number");
    var svg = null, board = null, stockButton = null, g = 0, marks = {};

    function say(text) { message.textContent = text || ""; }

    function update() {
      board.draw(E, g, marks);
      score.textContent = String(e.golf_score(g));
      moves.textContent = String(e.golf_move_count(g));
      /* the free cards and the stock are the board's buttons */
      Array.prototype.slice.call(svg.querySelectorAll("g.card.free")).forEach(function (node) {
        var card = +node.getAttribute("data-card");
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
        node.setAttribute("aria-label", format(words.free_card, {
          card: words.cards[E.cardText(card)], number: node.getAttribute("data-column") }));
      });
      var left = e.golf_stock_length(g) - e.golf_drawn(g);
      stockButton.setAttribute("aria-label", words.stock[String(left)]);
    }

    function deal() {
      if (g) e.golf_free(g);
      g = E.game(select.value.split("+")[0], select.value.split("+").slice(1), number);
      marks = {};
      say("");
      update();
    }

    function after(reason) {
      marks = {};
      if (reason) say(words.reasons[E.reasonName(reason)]);
      else if (e.golf_won(g)) say(words.won[String(e.golf_score(g))] || "");
      else if (e.golf_stuck(g)) say(words.stuck);
      else say("");
      update();
    }

    function act(column, card) { after(e.golf_play(g, column, card)); }

    function draw() {
      var next = TABLEAU + 1 + e.golf_drawn(g);
      act(0, next < TABLEAU + 1 + e.golf_stock_length(g) ? e.golf_card(g, next) : NO_CARD);
    }

    function open() {
      svg = picture.cloneNode(true);
      svg.removeAttribute("id");
      svg.removeAttribute("aria-hidden");
      svg.setAttribute("role", "group");
      svg.setAttribute("aria-label", words.board);
      svg.classList.add("golf-playing");
      var title = svg.querySelector("title");
      if (title) title.removeAttribute("id");
      board = new Board(svg, sheet, 24);
      /* the stock's card and count are the button (its caption beside it is not: a button's
         name holds the text it shows) */
      stockButton = document.createElementNS("http://www.w3.org/2000/svg", "g");
      stockButton.setAttribute("class", "stock-button");
      board.stock.insertBefore(stockButton, board.stock.firstChild);
      stockButton.appendChild(board.stock.querySelector("rect.back"));
      stockButton.appendChild(board.count);
      stockButton.setAttribute("tabindex", "0");
      stockButton.setAttribute("role", "button");
      area.insertBefore(svg, area.firstChild);
      svg.addEventListener("click", function (event) {
        var card = event.target.closest("g.card");
        if (card && card.getAttribute("data-column")) {
          act(+card.getAttribute("data-column"), +card.getAttribute("data-card"));
        } else if (event.target.closest("g.stock")) {
          draw();
        }
      });
      svg.addEventListener("keydown", function (event) {
        if (event.key !== "Enter" && event.key !== " ") return;
        var target = event.target;
        if (!target.getAttribute || target.getAttribute("role") !== "button") return;
        event.preventDefault();
        var column = target.getAttribute("data-column");
        var focusColumn = column;
        if (column) act(+column, +target.getAttribute("data-card"));
        else draw();
        /* the focus stays where it was: on the column's new free card, or the stock */
        var again = focusColumn ? svg.querySelector('g.card.free[data-column="' + focusColumn + '"]') : stockButton;
        (again || stockButton).focus();
      });
      figure.hidden = true;
      if (legend) legend.hidden = true;
      start.hidden = true;
      area.hidden = false;
      deal();
      var first = svg.querySelector("g.card.free");
      if (first) first.focus();
    }

    function close() {
      if (g) e.golf_free(g);
      g = 0;
      area.removeChild(svg);
      figure.hidden = false;
      if (legend) legend.hidden = false;
      area.hidden = true;
      start.hidden = false;
      start.querySelector("button").focus();
    }

    start.querySelector("button").addEventListener("click", open);
    root.querySelector("[data-play-stop]").addEventListener("click", close);
    root.querySelector("[data-play-restart]").addEventListener("click", deal);
    select.addEventListener("change", deal);
    root.querySelector("[data-play-undo]").addEventListener("click", function () {
      after(e.golf_undo(g));
    });
    root.querySelector("[data-play-hint]").addEventListener("click", function () {
      /* over: the engine's refusal of any move says so */
      if (e.golf_won(g) || e.golf_stuck(g)) return after(e.golf_refusal(g, 0, NO_CARD));
      var found = E.solveGame(g, 0);
      marks = {};
      if (!found.won) {
        update();
        return say(words.no_win);
      }
      var move = E.moveAt(g, found.line[0]);
      if (move[0]) {
        marks[move[1]] = "target";
        update();
        say(format(words.hint_remove, { card: words.cards[E.cardText(move[1])], number: move[0] }));
      } else {
        update();
        say(words.hint_draw);
      }
    });
    start.hidden = false;
  }

  /* --- solving a deal ------------------------------------------------------------------ */

  function Solve(root, E, words, sheet) {
    var e = E.exports;
    var form = root.querySelector("[data-solve-form]");
    var error = root.querySelector("[data-solve-error]");
    var result = root.querySelector("[data-solve-result]");
    var rows = root.querySelector("[data-solve-rows]");
    var title = root.querySelector("[data-solve-title]");
    var slider = root.querySelector("[data-solve-slider]");
    var prev = root.querySelector("[data-solve-prev]");
    var next = root.querySelector("[data-solve-next]");
    var stepText = root.querySelector("[data-solve-step]");
    var scoreText = root.querySelector("[data-solve-score]");
    var svg = root.querySelector("svg.golf-board");
    svg.setAttribute("role", "img");
    svg.removeAttribute("aria-hidden");
    var board = new Board(svg, sheet, 24);
    var shown = null; /* {rules, variants, number, line} */
    var current = 0;

    function variants() {
      var names = [];
      if (form.elements["nothing-on-king"].checked) names.push("nothing-on-king");
      var jokers = form.querySelector('input[name="jokers"]:checked');
      if (jokers && jokers.value) names.push(jokers.value);
      if (form.elements["empty-waste"].checked) names.push("empty-waste");
      return names;
    }

    function name(rules, names) {
      return words.rule_sets[[rules].concat(names.slice().sort()).join("+")];
    }

    function show(n) {
      var line = shown.line;
      n = Math.max(0, Math.min(line.length, n));
      current = n;
      var g = E.game(shown.rules, shown.variants, shown.number), marks = {}, last = null;
      try {
        for (var i = 0; i < n; i++) {
          last = E.moveAt(g, line[i]);
          if (e.golf_play(g, last[0], last[1]) !== 0) throw new Error("the line is refused at move " + (i + 1));
        }
        if (last) marks[last[1]] = "move";
        board.draw(E, g, marks);
        svg.setAttribute("aria-label", words.board);
        var label = n === 0 ? words.step_deal : last[0]
          ? format(words.step_remove, { number: n, card: words.cards[E.cardText(last[1])], column: last[0] })
          : format(words.step_draw, { number: n, card: words.cards[E.cardText(last[1])] });
        stepText.textContent = label;
        scoreText.textContent = words.score + " " + e.golf_score(g) +
          (e.golf_won(g) ? " · " + (words.won[String(e.golf_score(g))] || "") :
           e.golf_stuck(g) ? " · " + words.stuck : "");
        slider.value = String(n);
        slider.setAttribute("aria-valuetext", label);
        prev.setAttribute("aria-disabled", String(n === 0));
        next.setAttribute("aria-disabled", String(n === line.length));
      } finally {
        e.golf_free(g);
      }
    }

    function choose(entry) {
      shown = entry;
      title.textContent = format(entry.won ? words.line_won : words.line_best, { rules: entry.name });
      slider.max = String(entry.line.length);
      Array.prototype.slice.call(rows.querySelectorAll("tr")).forEach(function (tr) {
        tr.classList.toggle("golf-chosen", tr.getAttribute("data-rules") === entry.rules);
      });
      show(0);
    }

    function solve() {
      var code = form.elements.code.value;
      var read = E.readCode(code.trim());
      error.textContent = "";
      root.setAttribute("data-solved", code.trim()); /* what was solved last (for the tests) */
      if (read.error) {
        result.hidden = true;
        error.textContent = format(words[CODE_ERRORS[read.error]], { code: code.trim() });
        return;
      }
      var names = variants(), first = read.letter === "E" ? "easy" : "classic";
      var entries = ["easy", "classic", "strict"].map(function (rules) {
        var found = E.solve(rules, names, read.number, 1);
        return { rules: rules, variants: names, number: read.number, line: found.line,
                 won: found.won, best: found.best, name: name(rules, names) };
      });
      rows.textContent = "";
      entries.forEach(function (entry) {
        var tr = document.createElement("tr");
        tr.setAttribute("data-rules", entry.rules);
        var cells = [entry.name, entry.won ? words.winnable[String(entry.line.length)]
                                            : words.unwinnable[String(entry.best)]];
        cells.forEach(function (text) {
          var td = document.createElement("td");
          td.textContent = text;
          tr.appendChild(td);
        });
        var td = document.createElement("td"), button = document.createElement("button");
        button.type = "button";
        button.className = "md-button";
        button.textContent = words.show;
        button.setAttribute("aria-label", words.show + ": " + entry.name);
        button.addEventListener("click", function () { choose(entry); });
        td.appendChild(button);
        tr.appendChild(td);
        rows.appendChild(tr);
      });
      result.hidden = false;
      choose(entries.filter(function (entry) { return entry.rules === first; })[0]);
    }

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      /* a hard deal takes a moment: say so first, then search */
      error.textContent = "";
      stepText.textContent = words.solving;
      setTimeout(solve, 0);
    });
    prev.addEventListener("click", function () { show(current - 1); });
    next.addEventListener("click", function () { show(current + 1); });
    slider.addEventListener("input", function () { show(+slider.value); });
    result.addEventListener("keydown", function (event) {
      if (event.target === slider || event.target.tagName === "BUTTON" && event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      var keys = { ArrowLeft: current - 1, ArrowRight: current + 1 };
      if (!(event.key in keys)) return;
      event.preventDefault();
      show(keys[event.key]);
    });
    var nojs = root.previousElementSibling;
    if (nojs && nojs.tagName === "P") nojs.hidden = true;
    root.hidden = false;
    var fromAddress = /^#(GO1-[A-Z]-[A-Z]{7})$/.exec(location.hash);
    if (fromAddress) form.elements.code.value = fromAddress[1];
    solve();
  }

  var plays = document.querySelectorAll("[data-golf-play]");
  var solves = document.querySelectorAll("[data-golf-solve]");
  if (!plays.length && !solves.length) return;
  window.GolfEngine = loadModule().then(function (E) {
    var words = wordsOf(), sheet = document.querySelector("svg.golf-sheet");
    for (var i = 0; i < plays.length; i++) Play(plays[i], E, words, sheet);
    for (var j = 0; j < solves.length; j++) Solve(solves[j], E, words, sheet);
    window.golfReadyAt = performance.now(); /* for the browser tests' timing */
    document.documentElement.setAttribute("data-golf-engine", "ready");
    return E;
  });
})();
