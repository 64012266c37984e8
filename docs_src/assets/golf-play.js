/* Playing the examples and any deal, and solving a deal in the page, with the engine's own C core
   compiled to WebAssembly (generator/patience/golfcore.c, golfwasm.c; built by
   generator/site/wasm.py).
   This script holds no rule of the game: whether a move is allowed and why not, the score, the
   move counter, undo, won and stuck, the deals and the solver's lines all come from the module.
   It has no words either: generator/site/play.py puts them into the page (#golf-words), and
   this script puts them in as text, never as markup. The cards it draws are copies of the
   page's card sheet (.golf-sheet), drawn by generator/site/pictures.py as every board is.
   The module comes as golf-wasm.js (its bytes in a script beside this one), which a page
   opened from disk can load too (a browser fetches no file:// address); nothing comes from
   outside the site.
   The search never holds the page: it runs in a Web Worker made from this script's own code and
   the module's bytes (a blob: address, which a page opened from disk may use too), and where
   the browser makes no worker, on the page in slices of a few milliseconds, the C search
   pausing between them (golf_solve_step). Either way the page shows which rule set is being
   searched and the positions so far, and Stop ends the search at once.
   The address holds what the page shows (#GO1-C-AAAAAAE, or #code=...&variants=...&play=...
   &moves=...), written with history.replaceState: a reload, a link or the language switcher
   opens the same deal, line or game.
   window.GolfEngine is the loaded module, for the browser tests. */
(function () {
  "use strict";

  /* --- the module, here and in the worker ------------------------------------------------ */

  /* Everything the worker needs, in one function that uses nothing outside it: the worker's
     code is this function's text. */
  function searchCore() {
    var NO_CARD = 255, TABLEAU = 35, HEIGHT = 5;
    var RULES = { easy: 0, classic: 1, strict: 2 };
    var VARIANTS = { "nothing-on-king": 1, "jokers=1": 2, "jokers=2": 4, "empty-waste": 8 };

    function instantiate(base64) {
      var text = atob(base64), bytes = new Uint8Array(text.length);
      for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
      return WebAssembly.instantiate(bytes, {}).then(function (result) {
        var e = result.instance.exports;
        e._initialize();
        return engine(e);
      });
    }

    /* The module's exports, with the little the page needs around them. */
    function engine(e) {
      function text(pointer) {
        var bytes = new Uint8Array(e.memory.buffer, pointer, 64), s = "";
        for (var i = 0; i < 64 && bytes[i]; i++) s += String.fromCharCode(bytes[i]);
        return s;
      }
      var api = {
        exports: e,
        rules: RULES,
        NO_CARD: NO_CARD,
        TABLEAU: TABLEAU,
        HEIGHT: HEIGHT,
        variantBits: function (names) {
          return names.reduce(function (bits, name) { return bits | (VARIANTS[name] || 0); }, 0);
        },
        cardText: function (card) { return text(e.golf_card_text(card)); },
        reasonName: function (code) { return text(e.golf_reason_name(code)); },
        codeText: function (letter, number) { return text(e.golf_code_text(letter.charCodeAt(0), number)); },
        /* A deal code (already normalised, ASCII) read by the module: {letter, number} or
           {error: 1..4}. */
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
        /* Play the actions of an address ("3", "0" a draw, "u" an undo) on game g, up to the first
           the engine refuses; returns how many it played. */
        replay: function (g, actions) {
          for (var i = 0; i < actions.length; i++) {
            var a = actions.charAt(i), done;
            if (a === "u") done = e.golf_undo(g);
            else if (a === "0") {
              var next = TABLEAU + 1 + e.golf_drawn(g);
              done = e.golf_play(g, 0, next < TABLEAU + 1 + e.golf_stock_length(g) ? e.golf_card(g, next) : NO_CARD);
            } else {
              var column = +a, height = column >= 1 && column <= 7 ? e.golf_height(g, column) : 0;
              done = height ? e.golf_play(g, column, e.golf_card(g, (column - 1) * HEIGHT + height - 1)) : 1;
            }
            if (done !== 0) return i;
          }
          return actions.length;
        },
        /* Solve deal `number` at its start in one call (what the sliced search gives in
           steps; the browser tests time the module with it): {won, best, expanded, line}. */
        solve: function (rules, variants, number, best) {
          var g = api.game(rules, variants, number);
          try {
            if (e.golf_solve(g, best) !== 0) throw new Error("the search ran out of memory");
          } finally {
            e.golf_free(g);
          }
          var line = [];
          for (var i = 0; i < e.golf_result_length(); i++) line.push(e.golf_result_move(i));
          return { won: !!e.golf_result_won(), best: e.golf_result_best(),
                   expanded: e.golf_result_expanded(), line: line };
        },
        /* A search of task {rules, variants, number, actions, best} from the position its
           actions reach: step(budget) searches about budget more positions and says whether
           it is done; result() gives {won, best, line: [deck positions]} and frees it. */
        search: function (task) {
          var g = api.game(task.rules, task.variants, task.number);
          api.replay(g, task.actions || "");
          var handle = e.golf_solve_begin(g, task.best);
          e.golf_free(g);
          if (!handle) throw new Error("the search refused its task");
          var done = false;
          return {
            step: function (budget) {
              var status = e.golf_solve_step(handle, budget);
              if (status < 0) { e.golf_solve_cancel(handle); handle = 0; throw new Error("the search ran out of memory"); }
              done = status === 1;
              return done;
            },
            expanded: function () { return handle ? e.golf_solve_expanded(handle) : 0; },
            result: function () {
              var expanded = e.golf_solve_expanded(handle);
              if (e.golf_solve_end(handle) !== 0) throw new Error("the search ran out of memory");
              handle = 0;
              var line = [];
              for (var i = 0; i < e.golf_result_length(); i++) line.push(e.golf_result_move(i));
              return { won: !!e.golf_result_won(), best: e.golf_result_best(), line: line,
                       expanded: expanded };
            },
            cancel: function () { if (handle) e.golf_solve_cancel(handle); handle = 0; }
          };
        },
        /* The move that brings deck position p onto the waste: [column or 0 for a draw, card]. */
        moveAt: function (g, p) {
          return [p < TABLEAU ? Math.floor(p / HEIGHT) + 1 : 0, e.golf_card(g, p)];
        }
      };
      return api;
    }

    /* The worker: the module's bytes first, then tasks; for each, progress every tenth of a
       second and the result. Stop is the page ending the worker. */
    function worker(scope) {
      var E = null;
      scope.onmessage = function (event) {
        var data = event.data;
        if (data.module) {
          instantiate(data.module).then(function (loaded) {
            E = loaded;
            scope.postMessage({ ready: true });
          }, function (error) { scope.postMessage({ failed: String(error) }); });
          return;
        }
        try {
          var search = E.search(data.task), said = Date.now();
          while (!search.step(20000)) {
            if (Date.now() - said > 100) {
              said = Date.now();
              scope.postMessage({ id: data.id, expanded: search.expanded() });
            }
          }
          scope.postMessage({ id: data.id, result: search.result() });
        } catch (error) {
          scope.postMessage({ id: data.id, failed: String(error) });
        }
      };
    }

    return { instantiate: instantiate, worker: worker };
  }

  var core = searchCore();
  var here = document.currentScript ? document.currentScript.src.replace(/[^\/]*$/, "") : "";

  function loadBytes() {
    return new Promise(function (resolve, reject) {
      if (window.golfWasmBase64) return resolve(window.golfWasmBase64);
      var script = document.createElement("script");
      script.src = here + "golf-wasm.js";
      script.onload = function () { resolve(window.golfWasmBase64); };
      script.onerror = function () { reject(new Error("golf-wasm.js did not load")); };
      document.head.appendChild(script);
    });
  }

  /* Runs searches off the page: in a worker where one can be made (and has said it is ready),
     otherwise here in slices of at most a few milliseconds. run(task, progress) gives
     {promise, stop}; stop ends the search at once and the promise never settles. */
  function Searcher(E, base64) {
    var worker = null, ready = null, tasks = {}, next = 1, self = this;
    this.mode = "slices";

    var address = null, realm = window;
    function makeWorker() {
      if (typeof Worker === "undefined" || typeof Blob === "undefined" || !window.URL) return null;
      var source = "(" + searchCore.toString() + ")().worker(self);";
      try {
        if (window.IFrameWorker && window.Worker === window.IFrameWorker) {
          /* Material's offline shim (a page opened from disk) puts its own Worker in the
             browser's place, which runs on the page's thread: a hidden frame's is the browser's */
          if (realm === window) {
            var frame = document.createElement("iframe");
            frame.hidden = true;
            frame.setAttribute("aria-hidden", "true");
            frame.tabIndex = -1;
            document.body.appendChild(frame);
            realm = frame.contentWindow;
          }
        }
        /* the address lives until the worker has said it is ready: a worker still fetching its
           script from a revoked address fails */
        address = realm.URL.createObjectURL(new realm.Blob([source], { type: "text/javascript" }));
        return new realm.Worker(address);
      } catch (error) {
        return null;
      }
    }

    function start() {
      worker = makeWorker();
      if (!worker) return Promise.resolve(false);
      return new Promise(function (resolve) {
        /* a worker that never answers (a browser that made it but runs nothing) is given up */
        var silent = setTimeout(function () { resolve(false); }, 10000);
        worker.onmessage = function (event) {
          var data = event.data;
          if (data.ready) {
            clearTimeout(silent);
            return resolve(true);
          }
          var task = tasks[data.id];
          if (!task) return resolve(false);
          if (data.expanded !== undefined) task.progress(data.expanded);
          else if (data.result) { delete tasks[data.id]; task.resolve(data.result); }
          else if (data.failed) { delete tasks[data.id]; task.reject(new Error(data.failed)); }
        };
        worker.onerror = function (event) {
          if (event.preventDefault) event.preventDefault();
          resolve(false);
        };
        worker.postMessage({ module: base64 });
      }).then(function (works) {
        if (address) realm.URL.revokeObjectURL(address);
        address = null;
        if (!works && worker) { worker.terminate(); worker = null; }
        self.mode = works ? "worker" : "slices";
        return works;
      });
    }

    function inSlices(task, progress) {
      var stopped = false, search = null;
      var promise = new Promise(function (resolve, reject) {
        var budget = 20000; /* about 8 ms on a desktop; the slices adapt from there */
        function slice() {
          if (stopped) return;
          try {
            if (!search) search = E.search(task);
            var begun = performance.now(), done = search.step(budget), took = performance.now() - begun;
            /* aim at 8 ms a slice, whatever the machine's speed */
            budget = Math.max(200, Math.min(budget * 4, Math.round(budget * 8 / Math.max(took, 0.5))));
            if (done) { var result = search.result(); search = null; return resolve(result); }
            progress(search.expanded());
            setTimeout(slice, 0);
          } catch (error) { search = null; reject(error); }
        }
        setTimeout(slice, 0);
      });
      return { promise: promise, stop: function () {
        stopped = true;
        if (search) search.cancel();
        search = null;
      } };
    }

    /* the way searches run, once the worker has said whether it works (for the tests) */
    this.started = function () {
      if (!ready) ready = start();
      return ready.then(function () { return self.mode; });
    };
    /* here: search on the page in slices without waiting for the worker (the page's own
       first deal at load, a matter of milliseconds: the worker starts meanwhile) */
    this.run = function (task, progress, here) {
      progress = progress || function () {};
      if (!ready) ready = start();
      if (here) return inSlices(task, progress);
      var stopped = false, inner = null;
      var promise = ready.then(function (works) {
        if (stopped) return new Promise(function () {});
        if (!works) { inner = inSlices(task, progress); return inner.promise; }
        var id = next++;
        return new Promise(function (resolve, reject) {
          tasks[id] = { resolve: resolve, reject: reject, progress: progress };
          worker.postMessage({ id: id, task: task });
        });
      });
      return { promise: promise, stop: function () {
        stopped = true;
        if (inner) inner.stop();
        if (worker && self.mode === "worker") {
          /* the worker is busy with this search: end it, and start afresh next time */
          worker.terminate();
          worker = null;
          tasks = {};
          ready = null;
        }
      } };
    };
  }

  /* --- words and codes ------------------------------------------------------------------- */

  var CODE_ERRORS = [null, "code_parts", "code_prefix", "code_letter", "code_digits"];
  /* the names of the app's messages at a game's end (docs_src/topics.yaml's messages) */
  var ENDS = ["won", "stuck"];
  var DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/g;

  function format(template, values) {
    return String(template).replace(/%\((\w+)\)s|%%/g, function (all, name) {
      return name === undefined ? "%" : String(values[name]);
    });
  }

  /* The address of the topic that explains the app's message `name` (words.topics: its page
     and topic, from docs_src/topics.yaml), in this page's language: a served site names a
     page by its folder (rules/#...), a site opened from disk by its file (rules.html#...), and
     this page's own address says which (a page that plays is never the home page: it ends in
     its folder, or in its .html file); resolved against the site's top, which the theme's
     config names. */
  function topicHref(words, name) {
    var topic = words.topics && words.topics[name];
    return topic && window.golfTopicHref ? window.golfTopicHref(topic) : "";
  }

  /* The message `text` into `element` as text, a link to the topic that explains it when
     the app's message `name` has one (the words stay text: never markup). */
  function sayLinked(element, text, name, words) {
    element.textContent = "";
    var href = text && name ? topicHref(words, name) : "";
    if (!href) {
      element.textContent = text || "";
      return;
    }
    var link = document.createElement("a");
    link.href = href;
    link.textContent = text;
    element.appendChild(link);
  }

  /* A code as people type it, read as the engine writes it (deal.py's typed_code): dashes of
     every kind made "-", spaces around the parts dropped, spaces between them read as a "-",
     small letters made capitals (a-z only). */
  function normalise(typed) {
    return typed.replace(DASHES, "-").replace(/\s*-\s*/g, "-").trim().replace(/\s+/g, "-")
      .replace(/[a-z]/g, function (c) { return c.toUpperCase(); });
  }

  /* What was typed, as a message quotes it (the command line's excerpt, errors.py): about 40
     characters, every character that shows nothing or moves the text (controls, format
     characters such as a right-to-left override, separators other than the space) and the
     backslash written as Python's repr writes them, clipped as excerpt clips. */
  var QUOTE_LIMIT = 40;
  var HIDDEN = /^(?:[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]|(?! )\p{Zs})$/u;
  function escaped(chars) {
    return chars.map(function (ch) {
      if (ch === "\\") return "\\\\";
      if (!HIDDEN.test(ch)) return ch;
      var code = ch.codePointAt(0), hex = code.toString(16);
      if (code === 9) return "\\t";
      if (code === 10) return "\\n";
      if (code === 13) return "\\r";
      return code < 0x100 ? "\\x" + ("0" + hex).slice(-2)
        : code < 0x10000 ? "\\u" + ("000" + hex).slice(-4) : "\\U" + ("0000000" + hex).slice(-8);
    }).join("");
  }
  function quoted(typed) {
    var chars = Array.from(typed), size = Math.min(chars.length, QUOTE_LIMIT);
    var text = escaped(chars.slice(0, size));
    /* excerpt measures the text with its two quotes */
    while (Array.from(text).length > QUOTE_LIMIT) {
      size = Math.max(1, Math.min(size - 1, Math.floor(size * QUOTE_LIMIT / (Array.from(text).length + 2))));
      text = escaped(chars.slice(0, size));
      if (size === 1) break;
    }
    return size < chars.length ? text + "…" : text;
  }

  /* The parts of an address's fragment or query: "#GO1-C-AAAAAAE" is {code}, "#code=...&..."
     its parameters. */
  function addressState() {
    var state = {}, hash = location.hash.slice(1);
    var query = new URLSearchParams(location.search);
    if (query.get("code") !== null) state.code = query.get("code");
    if (hash) {
      var decoded = hash;
      try { decoded = decodeURIComponent(hash); } catch (error) {}
      if (/^(code|play|moves|variants|line)=/.test(hash)) {
        new URLSearchParams(hash).forEach(function (value, key) { state[key] = value; });
      } else if (!document.getElementById(decoded)) {
        state.code = decoded;
      }
    }
    return state;
  }

  function writeAddress(state) {
    var keys = Object.keys(state).filter(function (key) { return state[key]; });
    var hash = keys.length === 1 && keys[0] === "code" ? state.code
      : keys.map(function (key) {
        return key + "=" + encodeURIComponent(state[key]).replace(/%2B/g, "+").replace(/%3D/g, "=");
      }).join("&");
    var address = location.pathname + (hash ? "#" + hash : "");
    if (location.pathname + location.search + location.hash !== address) {
      history.replaceState(null, "", address);
    }
    /* the language switcher keeps it (partials/alternate.html) */
    document.documentElement.setAttribute("data-golf-address", "");
  }

  function wordsOf() {
    var node = document.getElementById("golf-words");
    if (!node) return null;
    var words = JSON.parse(node.textContent);
    /* where each of the app's messages links to (#golf-topics: addresses, not words) */
    var topics = document.getElementById("golf-topics");
    words.topics = topics ? JSON.parse(topics.textContent) : {};
    return words;
  }

  function cardName(words, E, card) { return words.card_names[E.cardText(card)]; }

  /* --- a board ----------------------------------------------------------------------------- */

  /* A board: the page's picture (pictures.py), its cards redrawn from the module's game. Every
     card is named in words for a screen reader (each once: its own texts are hidden), the waste
     and the stock with their words. */
  /* Where node is drawn in the coordinates of ancestor: its x and y, moved by every
     translate() of the groups between them. */
  function placeOf(node, ancestor) {
    var x = +(node.getAttribute("x") || 0), y = +(node.getAttribute("y") || 0);
    for (var at = node; at && at !== ancestor.parentNode; at = at.parentNode) {
      var moved = /translate\(\s*(-?[\d.]+)[\s,]+(-?[\d.]+)\s*\)/.exec(at.getAttribute("transform") || "");
      if (moved) { x += +moved[1]; y += +moved[2]; }
    }
    return { x: x, y: y };
  }

  function Board(svg, sheet, overlap, words) {
    this.svg = svg;
    this.sheet = sheet;
    this.overlap = overlap;
    this.words = words;
    this.columns = Array.prototype.slice.call(svg.querySelectorAll("g.column"));
    this.slots = this.columns.map(function (column) {
      var slot = column.querySelector("rect.slot");
      return { x: +slot.getAttribute("x"), y: +slot.getAttribute("y") };
    });
    this.stock = svg.querySelector("g.stock");
    this.count = svg.querySelector("g.stock text.count");
    this.waste = svg.querySelector("g.waste");
    /* the waste slot: where the picture's waste card (or empty frame) lies, its x and y plus
       the translations of the groups it is drawn in (a stepper's card is a moved copy of the
       sheet's, its frame at 0,0) */
    this.wasteAt = placeOf(this.waste.querySelector("rect, use"), this.waste);
    Array.prototype.slice.call(svg.querySelectorAll("text.caption")).forEach(function (caption) {
      caption.setAttribute("aria-hidden", "true");
    });
  }
  Board.prototype.card = function (E, card, x, y, classes) {
    var source = this.sheet.querySelector(".card-" + E.cardText(card));
    var copy = source.cloneNode(true);
    copy.removeAttribute("id"); /* the sheet's card is named for the boards' <use>s */
    copy.setAttribute("transform", "translate(" + x + " " + y + ")");
    classes.forEach(function (name) { copy.classList.add(name); });
    copy.setAttribute("data-card", String(card));
    Array.prototype.slice.call(copy.children).forEach(function (child) {
      child.setAttribute("aria-hidden", "true");
    });
    copy.setAttribute("role", "img");
    copy.setAttribute("aria-label", cardName(this.words, E, card));
    return copy;
  };
  /* Draw game g; marks: {card: class} (the hint's card, the line's last move). */
  Board.prototype.draw = function (E, g, marks) {
    var e = E.exports, self = this, words = this.words;
    marks = marks || {};
    this.columns.forEach(function (column, c) {
      Array.prototype.slice.call(column.querySelectorAll(".card")).forEach(function (old) {
        column.removeChild(old);
      });
      var height = e.golf_height(g, c + 1);
      for (var row = 0; row < height; row++) {
        var card = e.golf_card(g, c * E.HEIGHT + row), classes = row === height - 1 ? ["free"] : [];
        if (marks[card]) classes.push(marks[card]);
        var drawn = self.card(E, card, self.slots[c].x, self.slots[c].y + row * self.overlap, classes);
        drawn.setAttribute("data-column", String(c + 1));
        column.appendChild(drawn);
      }
    });
    var left = e.golf_stock_length(g) - e.golf_drawn(g);
    this.count.textContent = String(left);
    this.count.setAttribute("aria-hidden", "true");
    this.stock.classList.toggle("empty", left === 0);
    this.stock.setAttribute("role", "img");
    this.stock.setAttribute("aria-label", words.stock_count[String(left)]);
    var caption = this.waste.querySelector("text.caption");
    Array.prototype.slice.call(this.waste.children).forEach(function (child) {
      if (child !== caption) self.waste.removeChild(child);
    });
    var top = e.golf_waste_top(g), node;
    if (top === E.NO_CARD) {
      node = document.createElementNS("http://www.w3.org/2000/svg", "rect");
      [["x", this.wasteAt.x], ["y", this.wasteAt.y], ["width", 60], ["height", 84], ["rx", 6],
       ["class", "empty"], ["fill", "none"], ["aria-hidden", "true"]].forEach(function (a) { node.setAttribute(a[0], a[1]); });
    } else {
      node = this.card(E, top, this.wasteAt.x, this.wasteAt.y, ["top"].concat(marks[top] ? [marks[top]] : []));
      node.removeAttribute("role");
      node.removeAttribute("aria-label");
    }
    this.waste.insertBefore(node, caption);
    this.waste.setAttribute("role", "img");
    this.waste.setAttribute("aria-label", top === E.NO_CARD ? words.waste_empty
      : format(words.waste_card, { card: cardName(words, E, top) }));
  };

  /* A status line with a Stop button: what a search is doing while it runs. watch(busy,
     message), if given, hears each start and end, with what is said at the end (the Solve page
     shows the line in its buttons' place while a search runs, and the end's message beside
     them). A quiet run says nothing: a search whose answer the page already shows. */
  function Progress(node, words, watch) {
    var text = node.querySelector("[data-search-status]");
    var stop = node.querySelector("[data-search-stop]");
    var running = null;
    watch = watch || function () {};
    function end(message) {
      stop.hidden = true;
      text.textContent = message;
      watch(false, message);
    }
    stop.addEventListener("click", function () {
      if (!running) return;
      var ending = running;
      running = null;
      ending.stop();
      end(words.stopped);
      if (ending.onStop) ending.onStop();
    });
    return {
      /* run a search, saying so: name is the rule set's name (or null) */
      run: function (searcher, task, name, onStop, quiet) {
        var search = searcher.run(task, function (expanded) {
          if (running === search && !quiet) {
            text.textContent = format(words.searching, { rules: name, count: Math.round(expanded) });
          }
        }, quiet);
        search.onStop = onStop;
        running = search;
        if (!quiet) {
          text.textContent = format(words.searching, { rules: name, count: 0 });
          stop.hidden = false;
          watch(true, "");
        }
        return search.promise.then(function (result) {
          if (running === search) running = null;
          return result;
        });
      },
      done: function (message) {
        running = null;
        end(message || "");
      },
      busy: function () { return running !== null; },
      cancel: function () {
        if (running) running.stop();
        running = null;
        end("");
      }
    };
  }

  /* --- playing a deal ---------------------------------------------------------------------- */

  /* The player of one [data-golf-play] box: an example's deal (data-number), or on the Solve page
     whatever deal the page gives it (setDeal). onChange(state) hears each move, for the address. */
  function Play(root, E, words, sheet, searcher, onChange) {
    var e = E.exports;
    var picture = document.getElementById(root.getAttribute("data-board"));
    var figure = picture.closest("figure") || picture;
    var legend = figure.nextElementSibling && figure.nextElementSibling.classList.contains("golf-legend")
      ? figure.nextElementSibling : null;
    var area = root.querySelector("[data-play-area]");
    var start = root.querySelector("[data-play-start]");
    var select = root.querySelector("[data-play-rules]");
    var score = root.querySelector("[data-play-score]");
    var moves = root.querySelector("[data-play-moves]");
    var message = root.querySelector("[data-play-message]");
    var offer = root.querySelector("[data-play-end]");
    var progress = Progress(root.querySelector("[data-search-progress]"), words);
    var number = +root.getAttribute("data-number");
    var extra = []; /* the variants the Solve page adds to the chosen rules */
    var svg = null, board = null, stockButton = null, g = 0, marks = {}, actions = "";
    var self = this;

    /* `name`: the app's message said (a refusal's reason, one of ENDS), which links to the
       rule that explains it */
    function say(text, name) { sayLinked(message, text, name, words); }

    function rulesOf() {
      var parts = select.value.split("+");
      return { rules: parts[0], variants: parts.slice(1).concat(extra) };
    }

    function update() {
      board.draw(E, g, marks);
      offer.hidden = !e.golf_stuck(g);
      score.textContent = String(e.golf_score(g));
      moves.textContent = String(e.golf_move_count(g));
      /* the free cards and the stock are the board's buttons: a free card's button lies over
         it (a button named "queen of spades, column 2" around a drawn "Q♠" would not hold the
         text it shows: the card is its picture, the button has no text of its own) */
      Array.prototype.slice.call(svg.querySelectorAll("g.card.free")).forEach(function (node) {
        var card = +node.getAttribute("data-card"), face = node.querySelector("rect");
        var hit = document.createElementNS("http://www.w3.org/2000/svg", "rect");
        node.removeAttribute("role");
        node.removeAttribute("aria-label");
        [["class", "hit"], ["x", 0], ["y", 0], ["width", face.getAttribute("width")],
         ["height", face.getAttribute("height")], ["rx", face.getAttribute("rx") || 0],
         ["fill", "transparent"], ["tabindex", "0"], ["role", "button"],
         ["data-column", node.getAttribute("data-column")], ["data-card", String(card)]
        ].forEach(function (a) { hit.setAttribute(a[0], a[1]); });
        hit.setAttribute("aria-label", format(words.free_card, {
          card: cardName(words, E, card), number: node.getAttribute("data-column") }));
        node.appendChild(hit);
      });
      var left = e.golf_stock_length(g) - e.golf_drawn(g);
      board.stock.removeAttribute("role");
      board.stock.removeAttribute("aria-label");
      stockButton.setAttribute("aria-label", words.stock[String(left)]);
      if (onChange) onChange(self.state());
    }

    function deal(played) {
      progress.cancel();
      if (g) e.golf_free(g);
      var chosen = rulesOf();
      g = E.game(chosen.rules, chosen.variants, number);
      actions = (played || "").slice(0, E.replay(g, played || ""));
      marks = {};
      say("");
      update();
    }

    /* What the app says when the game is over: a won game its score; a stuck game the app's
       message and its score as the rules page's scoring list counts it (cards removed, cards
       left, points), with Undo and Start again offered beside it. Nothing while it goes on. */
    function endName() {
      return e.golf_won(g) ? ENDS[0] : e.golf_stuck(g) ? ENDS[1] : "";
    }

    function ended() {
      if (e.golf_won(g)) return words.won[String(e.golf_score(g))] || "";
      if (!e.golf_stuck(g)) return "";
      var left = 0;
      for (var c = 1; c <= board.columns.length; c++) left += e.golf_height(g, c);
      return format(words.stuck_end, {
        message: words.stuck,
        removed: words.cards_removed[String(E.TABLEAU - left)],
        left: words.cards_left[String(left)],
        points: words.points[String(e.golf_score(g))]
      });
    }

    function after(reason, action) {
      progress.cancel();
      marks = {};
      var end;
      if (reason) {
        end = ended(); /* after the end, a move is refused and the end is said again */
        if (end) say(end, endName());
        else say(words.reasons[E.reasonName(reason)], E.reasonName(reason));
      } else {
        actions += action;
        say(ended(), endName());
      }
      update();
    }

    function act(column, card) { after(e.golf_play(g, column, card), String(column)); }

    function draw() {
      var next = E.TABLEAU + 1 + e.golf_drawn(g);
      act(0, next < E.TABLEAU + 1 + e.golf_stock_length(g) ? e.golf_card(g, next) : E.NO_CARD);
    }

    function open(played) {
      svg = picture.cloneNode(true);
      svg.removeAttribute("id");
      svg.removeAttribute("aria-hidden");
      svg.removeAttribute("aria-labelledby"); /* the picture's title and position, not the game's */
      svg.removeAttribute("aria-describedby");
      svg.setAttribute("role", "group");
      svg.setAttribute("aria-label", words.board);
      svg.classList.add("golf-playing");
      var title = svg.querySelector("title");
      if (title) {
        title.removeAttribute("id");
        title.textContent = words.board;
      }
      board = new Board(svg, sheet, 24, words);
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
        var again = focusColumn ? svg.querySelector('rect.hit[data-column="' + focusColumn + '"]') : stockButton;
        (again || stockButton).focus();
      });
      figure.hidden = true;
      if (legend) legend.hidden = true;
      start.hidden = true;
      area.hidden = false;
      deal(played);
      if (root.onOpen) root.onOpen();
    }

    function close() {
      progress.cancel();
      if (g) e.golf_free(g);
      g = 0;
      area.removeChild(svg);
      svg = null;
      figure.hidden = false;
      if (legend) legend.hidden = false;
      area.hidden = true;
      start.hidden = false;
      start.querySelector("button").focus();
      if (onChange) onChange(null);
      if (root.onClose) root.onClose();
    }

    function hint() {
      /* over: the engine's refusal of any move says so */
      if (e.golf_won(g) || e.golf_stuck(g)) return after(e.golf_refusal(g, 0, E.NO_CARD), "");
      var chosen = rulesOf(), at = e.golf_move_count(g);
      marks = {};
      say("");
      progress.run(searcher, { rules: chosen.rules, variants: chosen.variants, number: number,
                               actions: actions, best: 0 }, words.rule_sets[select.value.split("+")
                               .slice(0, 1).concat(chosen.variants.slice().sort()).join("+")])
        .then(function (found) {
          if (!g || e.golf_move_count(g) !== at) return; /* a move since: the hint is old */
          progress.done("");
          if (!found.won) {
            update();
            return say(e.golf_undoable(g) ? words.no_win : words.no_win_start);
          }
          var move = E.moveAt(g, found.line[0]);
          if (move[0]) {
            marks[move[1]] = "target";
            update();
            say(format(words.hint_remove, { card: cardName(words, E, move[1]), number: move[0] }));
          } else {
            update();
            say(words.hint_draw);
          }
        }, function () { progress.done(""); });
    }

    this.open = open;
    this.isOpen = function () { return svg !== null; };
    /* the deal to play (the Solve page's): a number, the rules' choice, the variants added */
    this.setDeal = function (newNumber, chosenRules, variants) {
      number = newNumber;
      extra = variants.filter(function (name) { return name !== "nothing-on-king"; });
      root.setAttribute("data-number", String(number));
      if (chosenRules && Array.prototype.some.call(select.options, function (o) { return o.value === chosenRules; })) {
        select.value = chosenRules;
      }
      if (svg) close();
    };
    this.choose = function (chosenRules) {
      if (Array.prototype.some.call(select.options, function (o) { return o.value === chosenRules; })) {
        select.value = chosenRules;
      }
    };
    this.number = function () { return number; };
    this.state = function () { return svg ? { play: select.value, moves: actions } : null; };

    start.querySelector("button").addEventListener("click", function () {
      open("");
      var first = svg.querySelector("rect.hit");
      if (first) first.focus();
    });
    root.querySelector("[data-play-stop]").addEventListener("click", close);
    root.querySelector("[data-play-restart]").addEventListener("click", function () { deal(""); });
    select.addEventListener("change", function () { deal(""); });
    root.querySelector("[data-play-undo]").addEventListener("click", function () {
      after(e.golf_undo(g), "u");
    });
    root.querySelector("[data-play-hint]").addEventListener("click", hint);
    root.querySelector("[data-play-end-undo]").addEventListener("click", function () {
      after(e.golf_undo(g), "u");
      var first = svg && svg.querySelector("rect.hit");
      if (first) first.focus(); /* the button is gone: the focus goes back to the board */
    });
    root.querySelector("[data-play-end-restart]").addEventListener("click", function () {
      deal("");
      var first = svg && svg.querySelector("rect.hit");
      if (first) first.focus();
    });
    start.hidden = false;
  }

  /* --- solving a deal ---------------------------------------------------------------------- */

  var SOLVED_RULES = [["easy", []], ["classic", []], ["classic", ["nothing-on-king"]], ["strict", []]];
  var LAST_NUMBER = 8031810175; /* GO1-C-ZZZZZZZ: 26^7 - 1 */
  var CENSUS_DEALS = 100000; /* the census's deals: a winnable one is drawn among them */

  function Solve(root, E, words, sheet, searcher, player) {
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
    var stepper = root.querySelector("[data-solve-stepper]");
    var actions = root.querySelector("[data-solve-actions]");
    var note = root.querySelector("[data-solve-note]");
    var starter = null; /* the button that started the search under way, to give the focus back */
    /* a search takes the buttons' place (golf.css stacks them), and gives it back: the focus
       follows, from the button pressed to Stop and back */
    var progress = Progress(root.querySelector("[data-search-progress]"), words, function (busy, message) {
      var focused = document.activeElement;
      if (busy) {
        if (actions.hasAttribute("data-searching")) return; /* the next rule set, or attempt */
        starter = actions.contains(focused) ? focused : null;
        actions.setAttribute("data-searching", "");
        if (starter) actions.querySelector("[data-search-stop]").focus();
      } else {
        actions.removeAttribute("data-searching");
        if (starter && (focused === document.body || actions.contains(focused))) starter.focus();
        starter = null;
      }
      note.textContent = message;
    });
    var svg = root.querySelector("svg.golf-board");
    svg.setAttribute("role", "group");
    svg.removeAttribute("aria-hidden");
    var board = new Board(svg, sheet, 24, words);
    var shown = null; /* {rules, variants, number, line} */
    var solved = null; /* {code, letter, number, variants} */
    var current = 0;
    var addressed = false; /* the page's own first deal stays out of the address until asked */

    function variants() {
      var names = [];
      var jokers = form.querySelector('input[name="jokers"]:checked');
      if (jokers && jokers.value) names.push(jokers.value);
      if (form.elements["empty-waste"].checked) names.push("empty-waste");
      return names;
    }

    function setVariants(names) {
      var jokers = names.filter(function (name) { return /^jokers=/.test(name); })[0] || "";
      Array.prototype.forEach.call(form.querySelectorAll('input[name="jokers"]'), function (input) {
        input.checked = input.value === jokers;
      });
      form.elements["empty-waste"].checked = names.indexOf("empty-waste") >= 0;
    }

    function key(rules, names) { return [rules].concat(names.slice().sort()).join("+"); }

    function remember() {
      if (!solved || !addressed) return;
      var state = { code: solved.code };
      if (solved.variants.length) state.variants = solved.variants.join("+");
      if (shown && shown.key !== key(solved.letter === "E" ? "easy" : "classic", solved.variants)) {
        state.line = shown.key;
      }
      var played = player && player.state();
      if (played) { state.play = played.play; state.moves = played.moves; }
      writeAddress(state);
    }

    function show(n) {
      if (!shown) return; /* the page's own answer, until the page's search has given its line */
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
        svg.setAttribute("aria-label", words.board_line);
        var label = n === 0 ? words.step_deal : last[0]
          ? format(words.step_remove, { number: n, card: cardName(words, E, last[1]), column: last[0] })
          : format(words.step_draw, { number: n, card: cardName(words, E, last[1]) });
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
        tr.classList.toggle("golf-chosen", tr.getAttribute("data-rules") === entry.key);
      });
      if (player) player.choose(key(entry.rules, entry.variants.filter(function (name) {
        return name === "nothing-on-king"; })));
      show(0);
      remember();
    }

    function row(entry) {
      var tr = document.createElement("tr");
      tr.setAttribute("data-rules", entry.key);
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
      button.addEventListener("click", function () {
        addressed = true;
        choose(entry);
      });
      td.appendChild(button);
      tr.appendChild(td);
      return tr;
    }

    /* Solve the code typed (or from the address: later, the line and the game it names). */
    function solve(typed, from) {
      from = from || {};
      if (!from.quiet) addressed = true;
      progress.cancel();
      root.setAttribute("data-solved", "");
      var read = E.readCode(normalise(typed));
      error.textContent = "";
      if (read.error) {
        /* no result of another deal stays beside the refused code (a result never filled
           keeps its place: nothing moves when the address holds a bad code at load) */
        if (rows.children.length) result.hidden = true;
        root.setAttribute("data-solved", typed); /* what was solved last (for the tests) */
        sayLinked(error, format(words[CODE_ERRORS[read.error]], { code: quoted(typed) }),
                  CODE_ERRORS[read.error].replace("_", "-"), words);
        return Promise.resolve(null);
      }
      var code = E.codeText(read.letter, read.number), names = variants();
      form.elements.code.value = code;
      solved = { code: code, letter: read.letter, number: read.number, variants: names };
      if (player) player.setDeal(read.number, null, names);
      remember();
      var entries = [], chain = Promise.resolve();
      SOLVED_RULES.forEach(function (pair) {
        var all = pair[1].concat(names);
        var entry = { rules: pair[0], variants: all, number: read.number, key: key(pair[0], all),
                      name: words.rule_sets[key(pair[0], all)] };
        chain = chain.then(function () {
          return progress.run(searcher, { rules: pair[0], variants: all, number: read.number, best: 1 },
                              entry.name, function () { root.setAttribute("data-solved", ""); },
                              from.quiet);
        }).then(function (found) {
          entry.line = found.line;
          entry.won = found.won;
          entry.best = found.best;
          entries.push(entry);
        });
      });
      return chain.then(function () {
        progress.done("");
        rows.textContent = "";
        entries.forEach(function (entry) { rows.appendChild(row(entry)); });
        result.hidden = false;
        var wanted = from.line || key(read.letter === "E" ? "easy" : "classic", names);
        choose(entries.filter(function (entry) { return entry.key === wanted; })[0] ||
               entries.filter(function (entry) { return entry.key === key(read.letter === "E" ? "easy" : "classic", names); })[0]);
        root.setAttribute("data-solved", code);
        if (player && from.play) {
          player.choose(from.play);
          player.open(from.moves || "");
          remember();
        }
        return entries;
      }, function (failure) {
        progress.done(String(failure && failure.message || failure));
      });
    }

    function randomNumber(below) {
      var words32 = new Uint32Array(2);
      (window.crypto || window.msCrypto).getRandomValues(words32);
      return (words32[0] * 4294967296 + words32[1]) % below;
    }

    function letter() {
      var read = E.readCode(normalise(form.elements.code.value));
      return read.error ? "E" : read.letter;
    }

    /* a new deal: any number the codes have */
    root.querySelector("[data-solve-new]").addEventListener("click", function () {
      solve(E.codeText(letter(), randomNumber(LAST_NUMBER + 1)));
    });
    /* a deal that can be won under the rules shown: drawn among the census's deals until the
       engine's search proves one winnable */
    root.querySelector("[data-solve-winnable]").addEventListener("click", function () {
      var rules = shown ? shown.rules : letter() === "E" ? "easy" : "classic";
      var names = shown ? shown.variants : variants();
      var name = words.rule_sets[key(rules, names)];
      error.textContent = "";
      root.setAttribute("data-solved", ""); /* another deal is coming: none is solved yet */
      (function attempt() {
        var number = 1 + randomNumber(CENSUS_DEALS);
        progress.run(searcher, { rules: rules, variants: names, number: number, best: 0 }, name)
          .then(function (found) {
            if (!found.won) return attempt();
            progress.done("");
            form.elements.code.value = E.codeText(rules === "easy" ? "E" : "C", number);
            var wanted = { line: key(rules, names) };
            solve(form.elements.code.value, wanted);
          });
      })();
    });

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      solve(form.elements.code.value);
    });
    prev.addEventListener("click", function () { show(current - 1); });
    next.addEventListener("click", function () { show(current + 1); });
    slider.addEventListener("input", function () { show(+slider.value); });
    result.addEventListener("keydown", function (event) {
      if (event.target === slider || event.target.tagName === "BUTTON" && event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      if (!stepper.contains(event.target) && event.target !== result) return;
      var keys = { ArrowLeft: current - 1, ArrowRight: current + 1 };
      if (!(event.key in keys)) return;
      event.preventDefault();
      show(keys[event.key]);
    });
    if (player) {
      /* playing takes the stepper's place, and gives it back */
      var playRoot = root.querySelector("[data-golf-play]");
      playRoot.onOpen = function () {
        stepper.hidden = true;
        addressed = true;
        remember();
      };
      playRoot.onClose = function () { stepper.hidden = false; remember(); };
    }
    this.fromAddress = function () {
      var state = addressState();
      if (state.code === undefined) return solve(form.elements.code.value, { quiet: true });
      setVariants((state.variants || "").split("+").filter(Boolean));
      form.elements.code.value = state.code;
      return solve(state.code, state);
    };
    this.remember = remember;
    var nojs = root.previousElementSibling;
    if (nojs && nojs.tagName === "P") nojs.hidden = true;
    root.hidden = false;
  }

  /* The examples' players: a game in the address (#code=...&play=...&moves=...) opens again. */
  function examplesFromAddress(players) {
    var state = addressState();
    if (!state.code || !state.play) return;
    var read = null;
    players.forEach(function (entry) {
      if (read || entry.code !== normalise(state.code)) return;
      read = entry;
      entry.player.choose(state.play);
      entry.player.open(state.moves || "");
    });
  }

  var plays = document.querySelectorAll("[data-golf-play]");
  var solves = document.querySelectorAll("[data-golf-solve]");
  if (!plays.length && !solves.length) return;
  window.GolfEngine = loadBytes().then(function (base64) {
    return core.instantiate(base64).then(function (E) {
      var words = wordsOf(), sheet = document.querySelector("svg.golf-sheet");
      var searcher = new Searcher(E, base64);
      var examples = [];
      for (var i = 0; i < plays.length; i++) {
        if (plays[i].closest("[data-golf-solve]")) continue;
        (function (root) {
          var code = root.getAttribute("data-code");
          var player = new Play(root, E, words, sheet, searcher, function (state) {
            writeAddress(state ? { code: code, play: state.play, moves: state.moves } : {});
          });
          examples.push({ code: code, player: player });
        })(plays[i]);
      }
      var solvers = [];
      for (var j = 0; j < solves.length; j++) {
        var box = solves[j].querySelector("[data-golf-play]"), solver = null;
        var player = box ? new Play(box, E, words, sheet, searcher, function () {
          if (solver) solver.remember();
        }) : null;
        solver = new Solve(solves[j], E, words, sheet, searcher, player);
        solvers.push(solver);
      }
      examplesFromAddress(examples);
      window.addEventListener("hashchange", function () {
        /* a deal typed into the address; a heading's anchor is no deal */
        if (addressState().code === undefined) return;
        solvers.forEach(function (s) { s.fromAddress(); });
        examplesFromAddress(examples);
      });
      E.searcher = searcher;
      document.documentElement.setAttribute("data-golf-engine", "ready");
      var first = solvers.map(function (s) { return s.fromAddress(); });
      return Promise.all(first).then(function () {
        window.golfReadyAt = performance.now(); /* for the browser tests' timing */
        document.documentElement.setAttribute("data-golf-solved", "ready");
        return E;
      });
    });
  });
})();
