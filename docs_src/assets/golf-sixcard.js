/* Playing 6-Card Golf in the page against the computer, with the 6-Card Golf engine's own C core
   compiled to WebAssembly (generator/sixcard/sixcore.c; built by generator/site/wasm.py).
   This script holds no rule of the game: the deal, the legal actions, the end of a hole with
   one last turn each, the column pairs, every score, every computer move and every hint come
   from the module. It has no words either: generator/site/sixplay.py puts them into the page
   (#six-words), and this script puts them in as text, never as markup. It draws the grids as
   generator/site/sixcard_pictures.py draws the page's pictures (the sizes and the suits'
   shapes come with the words).
   The module comes as sixcard-wasm.js (its bytes in a script beside this one), which a page
   opened from disk can load too; nothing comes from outside the site.
   The address holds the game (#six=1.<seed>.<computers>.<holes>.<grid>.<options>.<moves>...,
   the player's own actions hole by hole; the computer's follow from them): a reload continues
   it, and the link "Link to this deal" opens the same deal from its start.
   A computer move takes well under a millisecond; each is shown for a moment before the next
   (window.golfSixDelay, in milliseconds, for the tests).
   window.GolfSix is the loaded player, for the browser tests. */
(function () {
  "use strict";

  var root = document.querySelector("[data-six-play]");
  var wordsElement = document.getElementById("six-words");
  if (!root || !wordsElement) return;
  var W = JSON.parse(wordsElement.textContent);
  var SVG = "http://www.w3.org/2000/svg";
  var NO_CARD = 255;
  var RANKS = "A23456789TJQK", SUITS = "CDHS";
  var DRAW_STOCK = 0, DRAW_DISCARD = 1, REPLACE = 2, DISCARD = 3, KNOCK = 4;
  var FLAG_JOKERS = 1, FLAG_MINUS_FOUR = 4, FLAG_KNOCK = 8;
  var ENDED = [null, "out", "knock", "limit"];
  var IDS = { stock: "six-stock", discard: "six-discard", hand: "six-hand" };
  var REVERSED = 1;
  var MARK = "\u0000"; /* where a link goes into a message's text */
  var here = document.currentScript ? document.currentScript.src.replace(/[^\/]*$/, "") : "";

  function delay() {
    return typeof window.golfSixDelay === "number" ? window.golfSixDelay : 900;
  }

  /* --- words ------------------------------------------------------------------------------ */

  function format(template, values) {
    return template.replace(/%\((\w+)\)s|%%/g, function (all, name) {
      return name ? String(values[name]) : "%";
    });
  }
  function integer(n) { return n < 0 ? "\u2212" + (-n) : String(n); }
  /* A message (a template of the words' JSON, W.text.x) with its values filled in. */
  function say(template, values) { return format(template, values || {}); }
  /* A counted message (its forms, W.counted.x) at the count n, in n's plural form. */
  function counted(forms, n, values) {
    var at = Math.abs(n) - W.plural.first;
    var form = at >= 0 && at < W.plural.forms.length ? +W.plural.forms[at] : forms.length - 1;
    var all = {};
    for (var name in values || {}) all[name] = values[name];
    all.count = integer(n);
    return format(forms[Math.min(form, forms.length - 1)], all);
  }
  function notation(card) {
    if (card === 0) return "JK";
    return RANKS.charAt((card >> 2) - 1) + SUITS.charAt(card & 3);
  }
  function cardName(card) { return W.card_names[notation(card)]; }
  function playerName(seat) { return seat === 0 ? say(W.text.you) : say(W.text.computer, { number: seat }); }

  /* --- the pictures, as generator/site/sixcard_pictures.py draws them -------------------- */

  var P = W.picture;
  function num(value) { return value.toFixed(1).replace(/0+$/, "").replace(/\.$/, ""); }
  function el(parent, tag, attrs, text) {
    var node = document.createElementNS(SVG, tag);
    for (var i = 0; i < attrs.length; i += 2) node.setAttribute(attrs[i], attrs[i + 1]);
    if (text !== undefined) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }
  function rect(parent, x, y, w, h, rx, cls) {
    el(parent, "rect", ["x", num(x), "y", num(y), "width", num(w), "height", num(h), "rx", String(rx), "class", cls]);
  }
  function cardGroup(parent, card, classes) {
    /* a card the reader may not see (null) is a back, named by nothing of its card */
    if (card === null) return el(parent, "g", ["class", ["six-card"].concat(classes).join(" ")]);
    var colour = card !== 0 && P.red.indexOf(SUITS.charAt(card & 3)) >= 0 ? "red" : "black";
    return el(parent, "g", ["class", ["six-card", "six-card-" + notation(card)].concat(classes, [colour]).join(" ")]);
  }
  function pip(parent, card, cx, cy, size) {
    var g = el(parent, "g", ["class", "six-pip", "transform", "translate(" + num(cx) + " " + num(cy) + ") scale(" + size / 100 + ")"]);
    var shapes = P.shapes[card === 0 ? "JK" : SUITS.charAt(card & 3)];
    shapes.forEach(function (shape) {
      var attrs = [];
      for (var name in shape[1]) attrs.push(name, shape[1][name]);
      el(g, shape[0], attrs);
    });
  }
  function back(parent, x, y) {
    rect(parent, x, y, P.card_w, P.card_h, 6, "six-back");
    rect(parent, x + 5, y + 5, P.card_w - 10, P.card_h - 10, 3, "six-back-frame");
    var d = "";
    for (var row = 0; row < 5; row++) {
      for (var col = 0; col < 3; col++) {
        var cx = x + 15 + col * 15 + (row % 2 ? 7.5 : 0), cy = y + 14 + row * 14;
        if (cx > x + P.card_w - 12) continue;
        d += "M" + num(cx) + " " + num(cy - 5) + "l4 5-4 5-4-5z";
      }
    }
    el(parent, "path", ["d", d, "class", "six-back-pattern"]);
  }
  function face(group, card, x, y) {
    rect(group, x, y, P.card_w, P.card_h, 6, "six-face");
    el(group, "text", ["x", num(x + 6), "y", num(y + 21), "class", "six-corner"], W.card_labels[notation(card)]);
    pip(group, card, x + P.card_w / 2, y + 54, 36);
  }
  function root_(kind, width, height, title, desc, ident) {
    var svg = el(null, "svg", ["xmlns", SVG, "viewBox", "0 0 " + width + " " + height, "width", String(width),
      "height", String(height), "class", kind, "id", ident, "role", "img", "aria-labelledby", ident + "-title"]);
    el(svg, "title", ["id", ident + "-title"], title);
    if (desc) {
      svg.setAttribute("aria-describedby", ident + "-desc");
      el(svg, "desc", ["id", ident + "-desc"], desc);
    }
    return svg;
  }

  /* grid_picture: cards[row][column] (card bytes), up[row][column], marks {"r,c": class},
     scores (one per column, null for none drawn). */
  function gridPicture(cards, up, marks, scores, title, desc, ident) {
    var rows = cards.length, columns = cards[0].length;
    var width = P.col_gap + columns * (P.card_w + P.col_gap) - P.col_gap + P.right;
    var bottom = P.top + rows * (P.card_h + P.row_gap) - P.row_gap;
    var height = bottom + (scores ? P.score_row : P.top);
    var svg = root_("six-grid", width, height, title, desc, ident);
    function left(column) { return P.col_gap + column * (P.card_w + P.col_gap); }
    function top(row) { return P.top + row * (P.card_h + P.row_gap); }
    for (var c = 0; c < columns; c++) {
      var joined = [];
      for (var r = 0; r < rows; r++) if (marks[r + "," + c] === "pair") joined.push(r);
      if (joined.length < 2) continue;
      var x = left(c);
      var centres = joined.map(function (row) { return top(row) + Math.floor(P.card_h / 2); });
      var d = "M" + (x - 3) + " " + centres[0] + "H" + (x - 13) + "V" + centres[centres.length - 1] + "H" + (x - 3);
      centres.slice(1, -1).forEach(function (y) { d += "M" + (x - 13) + " " + y + "H" + (x - 3); });
      el(svg, "path", ["d", d, "class", "six-join six-join-pair"]);
    }
    for (var row = 0; row < rows; row++) {
      for (var column = 0; column < columns; column++) {
        var card = cards[row][column], shown = up[row][column];
        var classes = [shown ? "up" : "down"];
        if (marks[row + "," + column]) classes.push(marks[row + "," + column]);
        var group = cardGroup(svg, card, classes);
        if (shown) face(group, card, left(column), top(row));
        else back(group, left(column), top(row));
      }
    }
    if (scores) {
      scores.forEach(function (score, column) {
        if (score === null) return;
        el(svg, "text", ["x", num(left(column) + P.card_w / 2), "y", String(bottom + 24),
          "class", "six-score six-score-" + (column + 1), "text-anchor", "middle"], integer(score));
      });
    }
    return svg;
  }

  /* One card alone (the discard pile's top, the card in hand), or a back with the stock's count. */
  function onePicture(card, title, ident, count) {
    var svg = root_("six-grid six-one", P.card_w + 8, P.card_h + 8, title, "", ident);
    if (card === NO_CARD) {
      rect(svg, 4, 4, P.card_w, P.card_h, 6, "six-empty");
      return svg;
    }
    var group = cardGroup(svg, card, [card === null ? "down" : "up"]);
    if (card === null) back(group, 4, 4);
    else face(group, card, 4, 4);
    if (count !== undefined) el(svg, "text", ["x", num(4 + P.card_w / 2), "y", "58", "class", "six-count", "text-anchor", "middle"], integer(count));
    return svg;
  }

  /* --- the module ------------------------------------------------------------------------- */

  function loadBytes() {
    return new Promise(function (resolve, reject) {
      if (window.sixcardWasmBase64) return resolve(window.sixcardWasmBase64);
      var script = document.createElement("script");
      script.src = here + "sixcard-wasm.js";
      script.onload = function () { resolve(window.sixcardWasmBase64); };
      script.onerror = function () { reject(new Error("sixcard-wasm.js did not load")); };
      document.head.appendChild(script);
    });
  }

  function Engine(e) {
    var io = e.six_io();
    function bytes(n) { return new Uint8Array(e.memory.buffer, io, n); }
    function int16(b, at) { var v = b[at] | b[at + 1] << 8; return v >= 32768 ? v - 65536 : v; }
    return {
      deal: function (game, hole) {
        var layout = game.layout, players = game.computers + 1;
        var text = new TextEncoder().encode(game.seed + "/" + hole);
        bytes(text.length).set(text);
        var flags = (game.jokers ? FLAG_JOKERS : 0) | (game.minusFour ? FLAG_MINUS_FOUR : 0) | (game.knock ? FLAG_KNOCK : 0);
        var decks = W.decks[layout.value][String(players)];
        var dealer = (players - 1 + hole) % players;
        return e.six_new_text(players, dealer, layout.rows, layout.columns, decks, layout.start, flags, 0, text.length);
      },
      state: function () {
        var n = e.six_state(), b = bytes(n).slice();
        var s = {
          players: b[0], rows: b[1], columns: b[2], current: b[3], hand: b[4], fromDiscard: !!b[5],
          over: !!b[6], ender: b[7] === 255 ? null : b[7], endedBy: ENDED[b[8]], stock: b[9],
          discards: b[10], top: b[11], grids: [], up: [], cancelled: [], scores: [], columnScores: [], turns: []
        };
        var slots = s.rows * s.columns, at = 13;
        for (var p = 0; p < s.players; p++) {
          var cards = [], up = [], gone = [];
          for (var i = 0; i < slots; i++) {
            cards.push(b[at + 2 * i]);
            up.push(!!(b[at + 2 * i + 1] & 1));
            gone.push(!!(b[at + 2 * i + 1] & 4));
          }
          s.grids.push(cards); s.up.push(up); s.cancelled.push(gone);
          at += 2 * slots;
        }
        for (p = 0; p < s.players; p++) {
          s.scores.push(int16(b, at));
          var columns = [];
          for (var c = 0; c < s.columns; c++) columns.push(int16(b, at + 2 + 2 * c));
          s.columnScores.push(columns);
          s.turns.push(b[at + 2 * (s.columns + 1)]);
          at += 2 * (s.columns + 1) + 1;
        }
        return s;
      },
      legal: function () { var n = e.six_legal(); return Array.prototype.slice.call(bytes(n)); },
      play: function (seat, action) { return e.six_play(seat, action); },
      choose: function () { return e.six_choose(0, 0); },
      hint: function () {
        var list = W.tip_order.map(function (habit) { return W.habits.indexOf(habit) | REVERSED << 4; });
        bytes(list.length).set(list);
        var result = e.six_hint(list.length);
        return { action: result & 255, tip: result >> 8 ? W.tip_order[(result >> 8) - 1] : null };
      }
    };
  }

  /* --- the game --------------------------------------------------------------------------- */

  var form = root.querySelector("[data-six-form]");
  var table = root.querySelector("[data-six-table]");
  /* the table's parts, by the name of their data-six- attribute */
  var parts = {};
  ["hole", "seed", "share", "others", "middle", "mine", "actions", "stock", "take", "turn", "knock",
    "hint-button", "message", "hint", "scores", "end", "next", "new"].forEach(function (name) {
    parts[name] = root.querySelector("[data-six-" + name + "]");
  });
  var engine = null, game = null, state = null, choosingTurn = false, timer = null;

  function layoutOf(value) {
    for (var i = 0; i < W.layouts.length; i++) if (W.layouts[i].value === value) return W.layouts[i];
    return null;
  }

  /* The choices' limits come from the engine's layouts: a grid's fewest players. */
  function fitChoices() {
    var layout = layoutOf(form.elements.layout.value), select = form.elements.opponents;
    Array.prototype.forEach.call(select.options, function (option) {
      var players = +option.value + 1;
      option.disabled = players < layout.players[0] || players > layout.players[1];
    });
    if (select.selectedOptions[0] && select.selectedOptions[0].disabled) {
      var first = Array.prototype.find.call(select.options, function (o) { return !o.disabled; });
      if (first) select.value = first.value;
    }
    form.elements.joker_pair.disabled = !form.elements.jokers.checked;
  }

  function hashOf(withMoves) {
    var options = (game.jokers ? "1" : "0") + (game.minusFour ? "1" : "0") + (game.knock ? "1" : "0");
    var parts = ["1", game.seed, game.computers, game.holes, game.layout.value.charAt(0), options];
    if (withMoves) {
      parts = parts.concat(game.moves.map(function (list) {
        return list.map(function (code) { return (code < 16 ? "0" : "") + code.toString(16); }).join("");
      }));
    }
    return "#six=" + parts.join(".");
  }

  function readHash() {
    var match = /^#six=1\.(\d{1,9})\.([1-3])\.(\d{1,2})\.([649])\.([01]{3})((?:\.[0-9a-f]*)*)$/.exec(location.hash);
    if (!match) return null;
    var layout = null;
    W.layouts.forEach(function (l) { if (l.value.charAt(0) === match[4]) layout = l; });
    var holes = +match[3], players = +match[2] + 1;
    if (!layout || (holes !== 1 && holes !== W.holes)) return null;
    /* the engine's layouts say who may play them: an address edited by hand is no game */
    if (players < layout.players[0] || players > layout.players[1]) return null;
    var moves = match[6] ? match[6].slice(1).split(".") : [];
    return {
      seed: match[1], computers: +match[2], holes: holes, layout: layout,
      jokers: match[5].charAt(0) === "1", minusFour: match[5].charAt(1) === "1", knock: match[5].charAt(2) === "1",
      moves: moves.map(function (text) {
        var list = [];
        for (var i = 0; i + 1 < text.length; i += 2) list.push(parseInt(text.substr(i, 2), 16));
        return list;
      })
    };
  }

  function writeHash() {
    try { history.replaceState(null, "", hashOf(true)); } catch (ignored) { location.hash = hashOf(true); }
    var share = parts.share;
    share.href = location.href.replace(/#.*$/, "") + hashOf(false);
  }

  /* Deal hole `hole` and play it as recorded: the player's recorded actions, the computer's
     own moves between them; stops at the player's turn past the record. */
  function replayHole(hole, record) {
    if (!engine.deal(game, hole)) throw new Error("the module refused the deal");
    var used = 0;
    for (;;) {
      var s = engine.state();
      if (s.over) return;
      if (s.current === 0) {
        if (used >= record.length) return;
        if (engine.play(0, record[used])) throw new Error("a recorded move is refused");
        used++;
      } else {
        engine.play(s.current, engine.choose());
      }
    }
  }

  function start(settings) {
    clearTimeout(timer);
    game = settings;
    game.results = [];
    if (!game.moves.length) game.moves = [[]];
    try {
      for (var hole = 0; hole < game.moves.length; hole++) {
        replayHole(hole, game.moves[hole]);
        var s = engine.state();
        if (hole < game.moves.length - 1) {
          if (!s.over) throw new Error("an unfinished hole before the last");
          game.results.push(s.scores);
        }
      }
    } catch (error) {
      game.moves = [[]];
      game.results = [];
      engine.deal(game, 0);
    }
    game.hole = game.moves.length - 1;
    table.hidden = false;
    choosingTurn = false;
    parts.hint.textContent = "";
    say_("");
    writeHash();
    render();
    proceed();
  }

  function say_(text) { parts.message.textContent = text; }

  /* What the move `action` of `seat` did, from the position before it (`before`) and after. */
  function moveWords(seat, drawn, fromDiscard, action, before) {
    var kind = action >> 4, slot = action & 15, columns = before.columns;
    var values = { player: playerName(seat), row: Math.floor(slot / columns) + 1, column: slot % columns + 1 };
    if (kind === REPLACE) {
      values.card = cardName(drawn);
      values.old = cardName(before.grids[seat][slot]);
      return say(fromDiscard ? W.text.replace_discard : W.text.replace_stock, values);
    }
    values.card = cardName(drawn);
    values.old = cardName(before.grids[seat][slot]);
    return say(W.text.turn_up, values);
  }

  /* A message of what `seat` did: the reader's own (`mine`: "You knock") or a computer's
     (`theirs`, named); templates, or a counted message's forms with values.count. */
  function sayOf(seat, mine, theirs, values) {
    var all = {};
    for (var name in values || {}) all[name] = values[name];
    if (seat !== 0) all.player = playerName(seat);
    var template = seat === 0 ? mine : theirs;
    return all.count !== undefined ? counted(template, all.count, all) : say(template, all);
  }

  function endWords(before, after, seat) {
    if (before.ender === null && after.ender !== null && !after.over) {
      return " " + (after.endedBy === "knock"
        ? sayOf(seat, W.text.you_knocked, W.text.knocked)
        : sayOf(seat, W.text.you_went_out, W.text.went_out));
    }
    return "";
  }

  /* The computer's seats play, one turn at a time, each shown for a moment. */
  function proceed() {
    clearTimeout(timer);
    state = engine.state();
    if (state.over) return finishHole();
    if (state.current === 0) {
      /* the player's turn, said after what the others did; the focus where the next action
         is, unless the reader has put it elsewhere on the page */
      if (state.hand === NO_CARD && state.top !== NO_CARD) {
        var before = parts.message.textContent;
        say_((before ? before + " " : "") + say(W.text.your_turn, { card: cardName(state.top) }));
      }
      var focused = document.activeElement;
      if (!focused || focused === document.body || root.contains(focused)) focusTurn();
      return;
    }
    say_(say(W.text.thinking, { player: playerName(state.current) }));
    timer = setTimeout(computerTurn, delay());
  }

  function computerTurn() {
    var before = engine.state(), seat = before.current, first = engine.choose(), text;
    engine.play(seat, first);
    if (first >> 4 === KNOCK) {
      text = sayOf(seat, W.text.you_knocked, W.text.knocked);
    } else {
      var holding = engine.state(), second = engine.choose();
      engine.play(seat, second);
      text = moveWords(seat, holding.hand, holding.fromDiscard, second, before);
      text += endWords(before, engine.state(), seat);
    }
    say_(text);
    render();
    proceed();
  }

  function finishHole() {
    state = engine.state();
    var text;
    if (state.endedBy === "limit") text = counted(W.counted.turn_limit, W.turn_limit);
    else text = state.ender === 0 ? say(W.text.you_ended) : say(W.text.hole_over, { player: playerName(state.ender) });
    if (state.ender !== null) {
      /* the engine's score less the grid's: the knock variant's penalty, when it gave one */
      var grid = state.columnScores[state.ender].reduce(function (a, b) { return a + b; }, 0);
      var penalty = state.scores[state.ender] - grid;
      if (penalty) text += " " + sayOf(state.ender, W.counted.you_penalty, W.counted.penalty, { count: penalty });
    }
    var last = game.results.length + 1 >= game.holes;
    if (last) {
      var totals = totalsWith(state.scores), lowest = Math.min.apply(null, totals);
      var winners = [];
      totals.forEach(function (total, seat) { if (total === lowest) winners.push(seat); });
      if (winners.length > 1) text += " " + counted(W.counted.tie, lowest);
      else if (winners[0] === 0) text += " " + counted(W.counted.you_win, lowest);
      else text += " " + counted(W.counted.they_win, lowest, { player: playerName(winners[0]) });
    }
    var previous = parts.message.textContent;
    say_((previous ? previous + " " : "") + text);
    render();
    parts.next.hidden = last;
    parts.end.hidden = false;
    (last ? parts.new : parts.next).focus();
  }

  function totalsWith(current) {
    var totals = [];
    for (var seat = 0; seat <= game.computers; seat++) {
      var sum = current ? current[seat] : 0;
      game.results.forEach(function (scores) { sum += scores[seat]; });
      totals.push(sum);
    }
    return totals;
  }

  function nextHole() {
    game.results.push(engine.state().scores);
    game.moves.push([]);
    game.hole = game.moves.length - 1;
    engine.deal(game, game.hole);
    parts.end.hidden = true;
    parts.hint.textContent = "";
    say_("");
    writeHash();
    render();
    proceed();
    focusTurn();
  }

  /* The player's action `code`: played by the engine, recorded in the address. */
  function act(code) {
    var before = engine.state();
    if (before.over || before.current !== 0) return;
    var holding = before.hand, fromDiscard = before.fromDiscard;
    if (engine.play(0, code)) return;
    game.moves[game.hole].push(code);
    choosingTurn = false;
    parts.hint.textContent = "";
    var after = engine.state(), kind = code >> 4;
    if (kind === DRAW_STOCK || kind === DRAW_DISCARD) {
      say_(say(kind === DRAW_DISCARD ? W.text.holding_discard : W.text.holding_stock, { card: cardName(after.hand) }));
    } else if (kind === KNOCK) {
      say_(sayOf(0, W.text.you_knocked, W.text.knocked));
    } else {
      say_(moveWords(0, holding, fromDiscard, code, before) + endWords(before, after, 0));
    }
    writeHash();
    render();
    if (kind === DRAW_STOCK || kind === DRAW_DISCARD) focusGrid();
    proceed();
  }

  function hint() {
    var s = engine.state();
    if (s.over || s.current !== 0) return;
    var found = engine.hint(), action = found.action, kind = action >> 4, slot = action & 15;
    var place = { row: Math.floor(slot / s.columns) + 1, column: slot % s.columns + 1 };
    var move;
    if (kind === DRAW_STOCK) move = say(W.text.move_stock);
    else if (kind === DRAW_DISCARD) move = say(W.text.move_discard, { card: cardName(s.top) });
    else if (kind === REPLACE) move = say(W.text.move_replace, { card: cardName(s.hand), row: place.row, column: place.column });
    else if (kind === DISCARD) move = say(W.text.move_turn, place);
    else move = say(W.text.move_knock);
    var box = parts.hint;
    box.textContent = "";
    if (!found.tip) {
      box.textContent = say(W.text.hint_move, { move: move });
      return;
    }
    /* the tip is a link to the tips of the 6-Card Golf page; the words stay text */
    var text = say(W.text.hint_tip, { move: move, tip: MARK }), at = text.indexOf(MARK);
    box.appendChild(document.createTextNode(text.slice(0, at)));
    var link = document.createElement("a");
    link.href = window.golfTopicHref ? window.golfTopicHref(W.tips_topic) : "";
    link.textContent = W.tips[found.tip];
    link.setAttribute("data-six-tip", found.tip);
    box.appendChild(link);
    box.appendChild(document.createTextNode(text.slice(at + 1)));
  }

  /* --- drawing ---------------------------------------------------------------------------- */

  /* A grid as its seat's neighbours see it: a column's pair and score once it is all face up. */
  function seatPicture(seat, ident) {
    var s = state, rows = s.rows, columns = s.columns, cards = [], up = [], marks = {}, scores = [];
    for (var r = 0; r < rows; r++) {
      var row = [];
      for (var c0 = 0; c0 < columns; c0++) {
        var at = r * columns + c0;
        row.push(s.up[seat][at] ? s.grids[seat][at] : null);
      }
      cards.push(row);
      up.push(s.up[seat].slice(r * columns, (r + 1) * columns));
    }
    for (var c = 0; c < columns; c++) {
      var whole = true;
      for (r = 0; r < rows; r++) whole = whole && s.up[seat][r * columns + c];
      scores.push(whole ? s.columnScores[seat][c] : null);
      for (r = 0; r < rows && whole; r++) if (s.cancelled[seat][r * columns + c]) marks[r + "," + c] = "pair";
    }
    var title = say(W.text.grid_of, { player: playerName(seat) });
    return gridPicture(cards, up, marks, scores, title, describe(seat), ident);
  }

  function describe(seat) {
    var s = state, names = [];
    for (var i = 0; i < s.rows * s.columns; i++) {
      names.push(slotName(seat, i));
    }
    return names.join("; ");
  }

  function slotName(seat, slot) {
    var s = state, place = { row: Math.floor(slot / s.columns) + 1, column: slot % s.columns + 1 };
    if (!s.up[seat][slot]) return say(W.text.slot_down, place);
    place.card = cardName(s.grids[seat][slot]);
    return say(W.text.slot_up, place);
  }

  function render() {
    state = engine.state();
    var s = state, legal = s.current === 0 && !s.over ? engine.legal() : [];
    parts.hole.textContent = format(W.text.hole_of, { number: game.hole + 1, count: game.holes });
    parts.seed.textContent = say(W.text.deal_number, { seed: game.seed });

    var others = parts.others;
    others.textContent = "";
    for (var seat = 1; seat < s.players; seat++) {
      var figure = document.createElement("figure");
      figure.className = "six-seat" + (s.current === seat && !s.over ? " six-turn" : "");
      var caption = document.createElement("figcaption");
      caption.textContent = playerName(seat) + (s.over || game.results.length ? ": " + integer(totalsWith(s.over ? s.scores : null)[seat]) : "");
      figure.appendChild(caption);
      figure.appendChild(seatPicture(seat, "six-grid-" + seat));
      others.appendChild(figure);
    }

    var middle = parts.middle;
    middle.textContent = "";
    function pile(picture, caption) {
      var figure = document.createElement("figure"), words = document.createElement("figcaption");
      figure.className = "six-pile";
      words.textContent = caption;
      figure.appendChild(picture);
      figure.appendChild(words);
      middle.appendChild(figure);
    }
    var stockTitle = counted(W.counted.stock, s.stock);
    pile(onePicture(null, stockTitle, IDS.stock, s.stock), W.text.stock_caption);
    var discardTitle = s.top === NO_CARD ? say(W.text.discard_empty) : say(W.text.discard_top, { card: cardName(s.top) });
    pile(onePicture(s.top, discardTitle, IDS.discard), W.text.discard_caption);
    if (s.hand !== NO_CARD && s.current === 0) {
      var handTitle = say(s.fromDiscard ? W.text.holding_discard : W.text.holding_stock, { card: cardName(s.hand) });
      pile(onePicture(s.hand, handTitle, IDS.hand), W.text.hand_caption);
    }

    var mine = parts.mine;
    mine.textContent = "";
    var frame = document.createElement("div");
    frame.className = "six-frame" + (s.current === 0 && !s.over ? " six-turn" : "");
    var picture = seatPicture(0, "six-grid-0");
    frame.appendChild(picture);
    var width = +picture.getAttribute("width"), height = +picture.getAttribute("height");
    for (var slot = 0; slot < s.rows * s.columns; slot++) {
      var row = Math.floor(slot / s.columns), column = slot % s.columns;
      var code = (choosingTurn ? DISCARD : REPLACE) << 4 | slot;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "six-slot";
      button.setAttribute("data-six-slot", String(slot));
      button.setAttribute("aria-label", slotName(0, slot));
      var x = P.col_gap + column * (P.card_w + P.col_gap), y = P.top + row * (P.card_h + P.row_gap);
      button.style.left = (100 * x / width) + "%";
      button.style.top = (100 * y / height) + "%";
      button.style.width = (100 * P.card_w / width) + "%";
      button.style.height = (100 * P.card_h / height) + "%";
      var allowed = s.hand !== NO_CARD && legal.indexOf(code) >= 0;
      button.disabled = !allowed;
      if (allowed) button.addEventListener("click", act.bind(null, code));
      frame.appendChild(button);
    }
    var caption2 = document.createElement("p");
    caption2.className = "six-you";
    caption2.textContent = playerName(0) + (s.over || game.results.length ? ": " + integer(totalsWith(s.over ? s.scores : null)[0]) : "");
    mine.appendChild(caption2);
    mine.appendChild(frame);

    var drawStock = parts.stock, take = parts.take, turn = parts.turn, knock = parts.knock;
    drawStock.textContent = counted(W.counted.draw_stock, s.stock);
    drawStock.disabled = legal.indexOf(DRAW_STOCK << 4) < 0;
    take.textContent = s.top === NO_CARD ? say(W.text.discard_empty) : say(W.text.take_discard, { card: cardName(s.top) });
    take.disabled = legal.indexOf(DRAW_DISCARD << 4) < 0;
    var canTurn = legal.some(function (c) { return c >> 4 === DISCARD; });
    turn.hidden = !canTurn;
    turn.setAttribute("aria-pressed", choosingTurn ? "true" : "false");
    knock.hidden = !game.knock;
    knock.disabled = legal.indexOf(KNOCK << 4) < 0;
    parts["hint-button"].disabled = s.over || s.current !== 0;
    renderScores();
  }

  function renderScores() {
    var box = parts.scores;
    box.textContent = "";
    var s = state;
    if (!s.over && !game.results.length) return;
    var tableElement = document.createElement("table"), head = tableElement.createTHead().insertRow();
    var headings = [say(W.text.player), say(W.text.hole_score), say(W.text.total)];
    headings.forEach(function (text) {
      var th = document.createElement("th");
      th.scope = "col";
      th.textContent = text;
      head.appendChild(th);
    });
    var body = tableElement.createTBody(), totals = totalsWith(s.over ? s.scores : null);
    for (var seat = 0; seat < s.players; seat++) {
      var row = body.insertRow(), name = document.createElement("th");
      name.scope = "row";
      name.textContent = playerName(seat);
      row.appendChild(name);
      row.insertCell().textContent = s.over ? integer(s.scores[seat]) : "";
      row.insertCell().textContent = integer(totals[seat]);
    }
    box.appendChild(tableElement);
  }

  function focusGrid() {
    var first = parts.mine.querySelector("button:not([disabled])");
    if (first) first.focus();
  }
  function focusTurn() {
    var s = engine.state();
    if (s.current !== 0 || s.over) return;
    if (s.hand !== NO_CARD) return focusGrid();
    var next = parts.stock.disabled ? parts.take : parts.stock;
    next.focus();
  }

  /* --- wiring ----------------------------------------------------------------------------- */

  function settingsFromForm() {
    var seed = String(1 + Math.floor(Math.random() * 999999));
    if (window.crypto && window.crypto.getRandomValues) {
      var value = new Uint32Array(1);
      window.crypto.getRandomValues(value);
      seed = String(1 + value[0] % 999999);
    }
    return {
      seed: seed,
      computers: +form.elements.opponents.value,
      holes: +form.elements.holes.value,
      layout: layoutOf(form.elements.layout.value),
      jokers: form.elements.jokers.checked,
      minusFour: form.elements.jokers.checked && form.elements.joker_pair.value === "minus-four",
      knock: form.elements.knock.checked,
      moves: []
    };
  }

  function setForm(settings) {
    form.elements.opponents.value = String(settings.computers);
    form.elements.holes.value = String(settings.holes);
    form.elements.layout.value = settings.layout.value;
    form.elements.jokers.checked = settings.jokers;
    form.elements.joker_pair.value = settings.minusFour ? "minus-four" : "zero";
    form.elements.knock.checked = settings.knock;
    fitChoices();
  }

  form.addEventListener("change", fitChoices);
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    if (!engine) return;
    start(settingsFromForm());
    focusTurn();
  });
  fitChoices();

  loadBytes().then(function (base64) {
    var text = atob(base64), bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return WebAssembly.instantiate(bytes, {});
  }).then(function (result) {
    var e = result.instance.exports;
    e._initialize();
    engine = Engine(e);
    parts.stock.addEventListener("click", function () { act(DRAW_STOCK << 4); });
    parts.take.addEventListener("click", function () { act(DRAW_DISCARD << 4); });
    parts.knock.addEventListener("click", function () { act(KNOCK << 4); });
    parts.turn.addEventListener("click", function () {
      choosingTurn = !choosingTurn;
      say_(choosingTurn ? say(W.text.choose_turn) : say(W.text.holding_stock, { card: cardName(engine.state().hand) }));
      render();
      if (choosingTurn) focusGrid();
    });
    parts["hint-button"].addEventListener("click", hint);
    parts.next.addEventListener("click", nextHole);
    parts.new.addEventListener("click", function () {
      clearTimeout(timer);
      table.hidden = true;
      form.querySelector("button[type=submit]").focus();
    });
    var saved = readHash();
    if (saved) {
      setForm(saved);
      start(saved);
    }
    root.setAttribute("data-six-ready", "");
    window.GolfSix = { engine: engine, gridPicture: gridPicture, state: function () { return engine.state(); } };
  });
})();
