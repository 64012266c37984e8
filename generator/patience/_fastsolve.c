/* The solver's search, in C: the same algorithm as generator/patience/solver.py's
 * pure-Python search (``_search_python``), which stays the reference that the
 * tests compare this against.  The rules reach it only as a table of which rank
 * fits onto which, so every rule decision stays in rules.py.
 *
 * _fastsolve.search(tableau_ranks: bytes[35], waste_rank: int,
 *                   stock_ranks: bytes[16..19], fits: bytes[15*15],
 *                   strict_draw: bool, best: int) -> (won, line, expanded, best_removals)
 * Ranks are 1..13, 14 for a Joker; waste rank 0 is the empty waste.  line
 * lists deck positions (tableau 0..34, the waste 35, then the stock) in the
 * order the cards reach the waste: a winning line, or with best 1 a line
 * that ends stuck with ``best_removals`` tableau cards removed.  best 2 asks
 * the best result alone (no line), which takes less search: the most removed
 * at any position reached is that result, so the second search starts from
 * what the first reached and stops at 34 once the first found no win.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define COLUMNS 7
#define HEIGHT 5
#define TABLEAU (COLUMNS * HEIGHT)
#define MIN_STOCK 16
#define MAX_STOCK 19
#define DECK (TABLEAU + 1 + MAX_STOCK)
#define RANKS 15
#define HEIGHT_BITS 3
#define STOCK_SHIFT (COLUMNS * HEIGHT_BITS)
#define WASTE_SHIFT (STOCK_SHIFT + 5)
#define SET_LENGTH 7
#define MAX_SETS (13 * SET_LENGTH)
#define SET_SLOTS 96 /* MAX_SETS rounded up to whole vectors; a slot of no set has slack to spare */
#define NO_SET_SLACK 0x3fff

typedef struct {
    uint32_t *slots; /* key + 1; 0 is empty */
    size_t mask, used;
} Set;

static int set_init(Set *s, size_t capacity) {
    s->slots = calloc(capacity, sizeof(uint32_t));
    s->mask = capacity - 1;
    s->used = 0;
    return s->slots != NULL;
}

static inline size_t set_hash(uint32_t key) {
    uint64_t h = (uint64_t)key * 0x9E3779B97F4A7C15ULL;
    return (size_t)(h >> 32);
}

static int set_add(Set *s, uint32_t key);
static int set_grow(Set *s);

/* Look a position up and add it if it is not there: 1 if it was new, 0 if there, -1 out of
 * memory.  One probe where looking up and adding later took two: a position may be marked
 * searched as its search starts, since no line meets a position twice (every move removes or
 * draws a card) and so none meets it again before its search has ended. */
static int set_visit(Set *s, uint32_t key) {
    if ((s->used + 1) * 2 > s->mask + 1 && !set_grow(s)) return -1;
    size_t i = set_hash(key) & s->mask;
    while (s->slots[i]) {
        if (s->slots[i] == key + 1) return 0;
        i = (i + 1) & s->mask;
    }
    s->slots[i] = key + 1;
    s->used++;
    return 1;
}

/* Start fetching the slot of a position about to be looked up (the table is larger than
 * the caches: the lookup is most of a position's cost otherwise). */
static inline void set_prefetch(const Set *s, uint32_t hkey, int drawn, int waste) {
    uint32_t key = hkey | (uint32_t)drawn << STOCK_SHIFT | (uint32_t)waste << WASTE_SHIFT;
    __builtin_prefetch(&s->slots[set_hash(key) & s->mask]);
}

static int set_grow(Set *s) {
    Set bigger;
    if (!set_init(&bigger, (s->mask + 1) * 2)) return 0;
    for (size_t i = 0; i <= s->mask; i++)
        if (s->slots[i]) set_add(&bigger, s->slots[i] - 1);
    free(s->slots);
    *s = bigger;
    return 1;
}

static int set_add(Set *s, uint32_t key) {
    if ((s->used + 1) * 2 > s->mask + 1 && !set_grow(s)) return 0;
    size_t i = set_hash(key) & s->mask;
    while (s->slots[i]) i = (i + 1) & s->mask;
    s->slots[i] = key + 1;
    s->used++;
    return 1;
}

static void set_clear(Set *s) {
    memset(s->slots, 0, (s->mask + 1) * sizeof(uint32_t));
    s->used = 0;
}

/* A position the first search left unsearched because a card in it can never be removed:
 * where the best result, when there is no win, may lie beyond what that search reached. */
typedef struct {
    uint32_t hkey, seq; /* seq: the order they came in, which a tie keeps */
    uint8_t drawn, top, left, bound;
} Unsearched;

typedef struct {
    uint8_t rank[DECK];
    uint8_t fits[RANKS][RANKS];
    int stock;
    int strict_draw;
    int heights[COLUMNS];
    int hopes[TABLEAU];
    uint64_t stranded; /* bit x: tableau card x has no hope left */
    int watchers[DECK][DECK];
    int nwatchers[DECK];
    int line[DECK];
    int depth;
    int best;          /* most tableau cards removed on a stuck line found (phase 2) */
    int most;          /* most tableau cards removed at any position searched (phase 1) */
    int reach;         /* most removed at any position reached, searched or not (phase 1) */
    int value_only;    /* best asked without its line: any position reached counts */
    int cap;           /* the most phase 2 may find: 34 once phase 1 found no win */
    int best_line[DECK];
    int best_depth;
    long long expanded;
    int nsets;
    /* a set's slack: its supply less its need, 16 bits a set so that a card's change to
     * every set, and their least, go a vector at a time */
    int16_t slack[SET_SLOTS] __attribute__((aligned(32)));
    int16_t need_of[RANKS][SET_SLOTS] __attribute__((aligned(32)));   /* 1: rank in the set */
    int16_t supply_of[RANKS][SET_SLOTS] __attribute__((aligned(32))); /* 1: rank a carrier */
    Set dead;
    int oom;
    int note_unsearched;        /* the first search keeps its unsearched positions */
    Unsearched *unsearched;
    size_t nunsearched, unsearched_room;
    int hopes0[TABLEAU];        /* the counts at the start, to set a kept position up again */
    uint64_t stranded0;
    int16_t slack0[SET_SLOTS];
} Search;

static int bury(Search *s, int t) {
    int stranded = 0;
    for (int i = 0; i < s->nwatchers[t]; i++) {
        int x = s->watchers[t][i];
        if (!--s->hopes[x]) {
            s->stranded |= 1ULL << x;
            if (s->heights[x / HEIGHT] > x % HEIGHT) stranded = 1;
        }
    }
    return stranded;
}

static void unbury(Search *s, int t) {
    for (int i = 0; i < s->nwatchers[t]; i++) {
        int x = s->watchers[t][i];
        if (!s->hopes[x]++) s->stranded &= ~(1ULL << x);
    }
}

/* Burying card t takes it from the carriers still to come: whether some set of
 * ranks is left with fewer carriers than tableau cards needing one. */
static int bury_supply(Search *s, int t) {
    const int16_t *supply = s->supply_of[s->rank[t]];
    int16_t least = NO_SET_SLACK;
    for (int i = 0; i < SET_SLOTS; i++) {
        s->slack[i] -= supply[i];
        least = s->slack[i] < least ? s->slack[i] : least;
    }
    return least < 0; /* no set was short before: a short one ends the line at once */
}

static void unbury_supply(Search *s, int t) {
    const int16_t *supply = s->supply_of[s->rank[t]];
    for (int i = 0; i < SET_SLOTS; i++) s->slack[i] += supply[i];
}

static void remove_need(Search *s, int x, int d) {
    const int16_t *need = s->need_of[s->rank[x]];
    if (d > 0)
        for (int i = 0; i < SET_SLOTS; i++) s->slack[i] += need[i];
    else
        for (int i = 0; i < SET_SLOTS; i++) s->slack[i] -= need[i];
}

/* Removals from the tallest columns first (ties: lower column first). */
static void column_order(const Search *s, int order[COLUMNS]) {
    for (int c = 0; c < COLUMNS; c++) {
        int j = c;
        while (j > 0 && s->heights[order[j - 1]] < s->heights[c]) { order[j] = order[j - 1]; j--; }
        order[j] = c;
    }
}

static int must_stay(const Search *s);

/* Keep a position the first search leaves (see Unsearched), if it might beat what that
 * search has reached so far; called with the position's counts in place. */
static void note_unsearched(Search *s, uint32_t hkey, int drawn, int top, int left) {
    int bound = TABLEAU - must_stay(s);
    if (bound > TABLEAU - 1) bound = TABLEAU - 1;
    if (bound <= s->reach || bound <= s->most) return;
    if (s->nunsearched == s->unsearched_room) {
        size_t room = s->unsearched_room ? s->unsearched_room * 2 : 1024;
        Unsearched *more = realloc(s->unsearched, room * sizeof(Unsearched));
        if (!more) { s->oom = 1; return; }
        s->unsearched = more;
        s->unsearched_room = room;
    }
    Unsearched u = {hkey, (uint32_t)s->nunsearched, (uint8_t)drawn, (uint8_t)top, (uint8_t)left,
                    (uint8_t)bound};
    s->unsearched[s->nunsearched++] = u;
}

/* Phase 1: is there a winning line?  A position with a stranded card is dead. */
static int search(Search *s, uint32_t hkey, int drawn, int top, int waste, int left) {
    uint32_t key = hkey | (uint32_t)drawn << STOCK_SHIFT | (uint32_t)waste << WASTE_SHIFT;
    int fresh = set_visit(&s->dead, key);
    if (fresh <= 0) { if (fresh < 0) s->oom = 1; return 0; }
    s->expanded++;
    if (TABLEAU - left > s->most) s->most = TABLEAU - left;
    const uint8_t *fit = s->fits[waste];
    int removed_any = 0;
    int order[COLUMNS];
    column_order(s, order);
    for (int k = 0; k < COLUMNS; k++) {
        int c = order[k], h = s->heights[c];
        if (!h) continue;
        int x = c * HEIGHT + h - 1;
        if (!fit[s->rank[x]]) continue;
        removed_any = 1;
        s->line[s->depth++] = x;
        if (left == 1) return 1;
        if (TABLEAU - left + 1 > s->reach) s->reach = TABLEAU - left + 1;
        set_prefetch(&s->dead, hkey - (1u << (c * HEIGHT_BITS)), drawn, s->rank[x]);
        s->heights[c] = h - 1;
        remove_need(s, x, 1);
        int dead_end = bury(s, top) | bury_supply(s, top);
        if (dead_end && s->note_unsearched)
            note_unsearched(s, hkey - (1u << (c * HEIGHT_BITS)), drawn, x, left - 1);
        if (!dead_end &&
            search(s, hkey - (1u << (c * HEIGHT_BITS)), drawn, x, s->rank[x], left - 1))
            return 1;
        unbury(s, top);
        unbury_supply(s, top);
        remove_need(s, x, -1);
        s->heights[c] = h;
        s->depth--;
    }
    if (drawn < s->stock && !(s->strict_draw && removed_any && waste)) {
        int t = TABLEAU + 1 + drawn;
        set_prefetch(&s->dead, hkey, drawn + 1, s->rank[t]);
        s->line[s->depth++] = t;
        int dead_end = bury(s, top) | bury_supply(s, top);
        if (dead_end && s->note_unsearched) note_unsearched(s, hkey, drawn + 1, t, left);
        if (!dead_end && search(s, hkey, drawn + 1, t, s->rank[t], left)) return 1;
        unbury(s, top);
        unbury_supply(s, top);
        s->depth--;
    }
    return 0;
}

/* The fewest tableau cards that must stay: in each column, its topmost
 * stranded card and the cards under it (a stranded card never leaves, nor what
 * it covers); or, if more, the most a set of ranks lacks carriers for. */
static int must_stay(const Search *s) {
    int blocked = 0;
    int16_t slack[SET_SLOTS] __attribute__((aligned(32)));
    int adjusted = 0;
    for (int c = 0; c < COLUMNS; c++) {
        /* the column's stranded cards still in it: the topmost is the highest bit */
        uint32_t here = (uint32_t)(s->stranded >> (c * HEIGHT)) & ((1u << s->heights[c]) - 1);
        if (!here) continue;
        int rows = 32 - __builtin_clz(here);
        blocked += rows;
        /* the blocked cards never reach the waste: they need no carrier and carry none */
        if (!adjusted) { memcpy(slack, s->slack, sizeof slack); adjusted = 1; }
        for (int x = c * HEIGHT; x < c * HEIGHT + rows; x++) {
            const int16_t *need = s->need_of[s->rank[x]], *supply = s->supply_of[s->rank[x]];
            for (int i = 0; i < SET_SLOTS; i++) slack[i] += need[i] - supply[i];
        }
    }
    const int16_t *from = adjusted ? slack : s->slack;
    int16_t least = 0;
    for (int i = 0; i < SET_SLOTS; i++) least = from[i] < least ? from[i] : least;
    return blocked - least;
}

/* Phase 2: a stuck line removing more than s->best cards, if there is one.  A
 * position is dead once no line from it can beat s->best (which only grows). */
static void search_best(Search *s, uint32_t hkey, int drawn, int top, int waste, int left) {
    uint32_t key = hkey | (uint32_t)drawn << STOCK_SHIFT | (uint32_t)waste << WASTE_SHIFT;
    int fresh = set_visit(&s->dead, key);
    if (fresh <= 0) { if (fresh < 0) s->oom = 1; return; }
    s->expanded++;
    /* without its line, the best result is the most removed at any position reached: a
     * line goes on from it until stuck, and removed cards never come back */
    if (s->value_only && TABLEAU - left > s->best) s->best = TABLEAU - left;
    int bound = TABLEAU - must_stay(s);
    if (bound > s->cap) bound = s->cap;
    if (bound > s->best) {
        const uint8_t *fit = s->fits[waste];
        int moved = 0;
        int order[COLUMNS];
        column_order(s, order);
        for (int k = 0; k < COLUMNS && bound > s->best; k++) {
            int c = order[k], h = s->heights[c];
            if (!h) continue;
            int x = c * HEIGHT + h - 1;
            if (!fit[s->rank[x]]) continue;
            moved = 1;
            set_prefetch(&s->dead, hkey - (1u << (c * HEIGHT_BITS)), drawn, s->rank[x]);
            s->line[s->depth++] = x;
            s->heights[c] = h - 1;
            remove_need(s, x, 1);
            bury(s, top);
            bury_supply(s, top);
            search_best(s, hkey - (1u << (c * HEIGHT_BITS)), drawn, x, s->rank[x], left - 1);
            unbury(s, top);
            unbury_supply(s, top);
            remove_need(s, x, -1);
            s->heights[c] = h;
            s->depth--;
        }
        if (drawn < s->stock && !(s->strict_draw && moved && waste) && bound > s->best) {
            int t = TABLEAU + 1 + drawn;
            moved = 1;
            set_prefetch(&s->dead, hkey, drawn + 1, s->rank[t]);
            s->line[s->depth++] = t;
            bury(s, top);
            bury_supply(s, top);
            search_best(s, hkey, drawn + 1, t, s->rank[t], left);
            unbury(s, top);
            unbury_supply(s, top);
            s->depth--;
        }
        if (!moved && !s->value_only && TABLEAU - left > s->best) { /* stuck, the best so far */
            s->best = TABLEAU - left;
            s->best_depth = s->depth;
            memcpy(s->best_line, s->line, sizeof(int) * (size_t)s->depth);
        }
    }
}

/* The counts of a kept position, as the search along any line to it leaves them: every card
 * that went to the waste is buried but its top, every removed card needs no carrier. */
static void set_up(Search *s, const Unsearched *u) {
    memcpy(s->hopes, s->hopes0, sizeof s->hopes);
    memcpy(s->slack, s->slack0, sizeof s->slack);
    s->stranded = s->stranded0;
    for (int c = 0; c < COLUMNS; c++) {
        s->heights[c] = (int)(u->hkey >> (c * HEIGHT_BITS)) & 7;
        for (int row = s->heights[c]; row < HEIGHT; row++) {
            int x = c * HEIGHT + row;
            remove_need(s, x, 1);
            if (x != u->top) { bury(s, x); bury_supply(s, x); }
        }
    }
    for (int t = TABLEAU; t < TABLEAU + 1 + u->drawn; t++)
        if (t != u->top) { bury(s, t); bury_supply(s, t); }
    s->depth = 0;
}

static int by_promise(const void *a, const void *b) {
    const Unsearched *u = a, *v = b;
    if (u->bound != v->bound) return (int)v->bound - (int)u->bound;
    if (u->left != v->left) return (int)u->left - (int)v->left;
    return u->seq < v->seq ? -1 : u->seq > v->seq;
}

static PyObject *fastsolve_search(PyObject *self, PyObject *args) {
    Py_buffer tableau, stock, fits;
    int waste, strict_draw, best;
    if (!PyArg_ParseTuple(args, "y*iy*y*pi", &tableau, &waste, &stock, &fits, &strict_draw, &best))
        return NULL;
    PyObject *result = NULL;
    Search *s = NULL;
    int ranks_ok = 1;
    for (Py_ssize_t i = 0; i < tableau.len; i++) {
        uint8_t r = ((const uint8_t *)tableau.buf)[i];
        if (r < 1 || r >= RANKS) ranks_ok = 0;
    }
    for (Py_ssize_t i = 0; i < stock.len; i++) {
        uint8_t r = ((const uint8_t *)stock.buf)[i];
        if (r < 1 || r >= RANKS) ranks_ok = 0;
    }
    if (tableau.len != TABLEAU || stock.len < MIN_STOCK || stock.len > MAX_STOCK ||
        fits.len != RANKS * RANKS || waste < 0 || waste >= RANKS || !ranks_ok || best < 0 || best > 2) {
        PyErr_SetString(PyExc_ValueError, "search: expected 35 tableau ranks, a waste rank, 16 to 19 stock ranks (1..14), a 15x15 fits table and best 0, 1 or 2");
        goto done;
    }
    s = calloc(1, sizeof(Search));
    if (!s || !set_init(&s->dead, 1 << 14)) { PyErr_NoMemory(); goto done; }
    s->stock = (int)stock.len;
    memcpy(s->rank, tableau.buf, TABLEAU);
    s->rank[TABLEAU] = (uint8_t)waste;
    memcpy(s->rank + TABLEAU + 1, stock.buf, (size_t)s->stock);
    memcpy(s->fits, fits.buf, RANKS * RANKS);
    s->strict_draw = strict_draw;
    /* Card t is a hope of tableau card x when x may go onto t: the rank fits,
     * and t may be the waste card while x is free: not under x in its column
     * nor above the card right above x (whatever lies between would bury t),
     * and the waste card only for the cards free at the start. */
    for (int x = 0; x < TABLEAU; x++) {
        for (int t = 0; t < TABLEAU + 1 + s->stock; t++) {
            if (t == x || !s->fits[s->rank[t]][s->rank[x]]) continue;
            if (t / HEIGHT == x / HEIGHT && t < TABLEAU && t != x + 1) continue;
            if (t == TABLEAU && x % HEIGHT != HEIGHT - 1) continue;
            s->watchers[t][s->nwatchers[t]++] = x;
            s->hopes[x]++;
        }
    }
    int possible = 1;
    for (int x = 0; x < TABLEAU; x++)
        if (!s->hopes[x]) { possible = 0; s->stranded |= 1ULL << x; }
    /* Every tableau card needs a carrier of its own: a card it fits onto, not
     * yet buried (a card carries only the one card that covers it on the
     * waste).  So for a set of ranks, the cards still to come that fit a rank
     * of the set (its supply) must be at least its tableau cards (its need).
     * The sets: ranks a, a+2, ... (1..13, on from 13 to 1), up to 7 of them;
     * each set once, and none whose supply counts its own need. */
    int seen[MAX_SETS];
    for (int a = 1; a <= 13; a++) {
        int members = 0;
        for (int len = 1; len <= SET_LENGTH; len++) {
            members |= 1 << ((a - 1 + 2 * (len - 1)) % 13 + 1);
            int carriers = 0, fresh = 1;
            for (int c = 0; c < RANKS; c++)
                for (int r = 1; r < RANKS; r++)
                    if ((members >> r & 1) && s->fits[c][r]) carriers |= 1 << c;
            for (int i = 0; i < s->nsets; i++) if (seen[i] == members) fresh = 0;
            if (!fresh || (members & ~carriers) == 0) continue;
            int set = s->nsets++;
            seen[set] = members;
            s->slack[set] = 0;
            for (int r = 0; r < RANKS; r++) {
                s->need_of[r][set] = members >> r & 1;
                s->supply_of[r][set] = carriers >> r & 1;
            }
            for (int t = 0; t < TABLEAU + 1 + s->stock; t++) {
                if (carriers >> s->rank[t] & 1) s->slack[set]++;
                if (t < TABLEAU && (members >> s->rank[t] & 1)) s->slack[set]--;
            }
            if (s->slack[set] < 0) possible = 0;
        }
    }
    for (int set = s->nsets; set < SET_SLOTS; set++) s->slack[set] = NO_SET_SLACK;
    memcpy(s->hopes0, s->hopes, sizeof s->hopes);
    memcpy(s->slack0, s->slack, sizeof s->slack);
    s->stranded0 = s->stranded;
    s->note_unsearched = best == 2;
    uint32_t hkey = 0;
    for (int c = 0; c < COLUMNS; c++) { s->heights[c] = HEIGHT; hkey |= (uint32_t)HEIGHT << (c * HEIGHT_BITS); }
    int won = 0;
    Py_BEGIN_ALLOW_THREADS
    won = possible && search(s, hkey, 0, TABLEAU, waste, TABLEAU);
    if (!won && best == 1 && !s->oom) {
        for (int c = 0; c < COLUMNS; c++) s->heights[c] = HEIGHT;
        s->depth = 0;
        s->best = s->most - 1; /* phase 1 reached a position with s->most removed */
        s->cap = TABLEAU;
        set_clear(&s->dead);
        search_best(s, hkey, 0, TABLEAU, waste, TABLEAU);
    } else if (!won && best == 2 && !s->oom) {
        /* the value alone: phase 1 reached s->reach removed and proved 35 out of reach */
        s->best = s->reach > s->most ? s->reach : s->most;
        s->cap = TABLEAU - 1;
        s->value_only = 1;
        if (s->best < s->cap && !possible) { /* no first search: the second from the start */
            for (int c = 0; c < COLUMNS; c++) s->heights[c] = HEIGHT;
            s->depth = 0;
            set_clear(&s->dead);
            search_best(s, hkey, 0, TABLEAU, waste, TABLEAU);
        } else if (s->best < s->cap) {
            /* every position reached is one the first search searched (it reached no more
             * than s->best there, nor from there but through positions it left), or lies past
             * one it left: search those, the most promising first, keeping what it searched */
            qsort(s->unsearched, s->nunsearched, sizeof(Unsearched), by_promise);
            for (size_t i = 0; i < s->nunsearched && s->unsearched[i].bound > s->best; i++) {
                const Unsearched *u = &s->unsearched[i];
                set_up(s, u);
                search_best(s, u->hkey, u->drawn, u->top, s->rank[u->top], u->left);
            }
        }
    }
    Py_END_ALLOW_THREADS
    if (s->oom) { PyErr_NoMemory(); goto done; }
    int n = won ? s->depth : best == 1 ? s->best_depth : 0;
    int *moves = won ? s->line : s->best_line;
    PyObject *line = PyList_New(n);
    if (!line) goto done;
    for (int i = 0; i < n; i++) PyList_SET_ITEM(line, i, PyLong_FromLong(moves[i]));
    result = Py_BuildValue("(ONLi)", won ? Py_True : Py_False, line, s->expanded,
                           won ? TABLEAU : best ? s->best : -1);
done:
    if (s) { free(s->dead.slots); free(s->unsearched); free(s); }
    PyBuffer_Release(&tableau);
    PyBuffer_Release(&stock);
    PyBuffer_Release(&fits);
    return result;
}


static PyMethodDef methods[] = {
    {"search", fastsolve_search, METH_VARARGS, "Exhaustive search of one deal; see solver.py."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_fastsolve", NULL, -1, methods};

PyMODINIT_FUNC PyInit__fastsolve(void) { return PyModule_Create(&module); }
