/* The solver's search, in C: the same algorithm as generator/patience/solver.py's
 * pure-Python search (``_search_python``), which stays the reference that the
 * tests compare this against.  The rules reach it only as a table of which rank
 * fits onto which, so every rule decision stays in rules.py.
 *
 * _fastsolve.search(tableau_ranks: bytes[35], waste_rank: int,
 *                   stock_ranks: bytes[16], fits: bytes[14*14],
 *                   strict_draw: bool) -> (won, line, expanded)
 * where line lists deck positions in the order the cards reach the waste.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define COLUMNS 7
#define HEIGHT 5
#define TABLEAU (COLUMNS * HEIGHT)
#define STOCK 16
#define DECK (TABLEAU + 1 + STOCK)
#define RANKS 14
#define HEIGHT_BITS 3
#define STOCK_SHIFT (COLUMNS * HEIGHT_BITS)
#define WASTE_SHIFT (STOCK_SHIFT + 5)

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

static int set_has(const Set *s, uint32_t key) {
    size_t i = set_hash(key) & s->mask;
    while (s->slots[i]) {
        if (s->slots[i] == key + 1) return 1;
        i = (i + 1) & s->mask;
    }
    return 0;
}

static int set_add(Set *s, uint32_t key);

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

typedef struct {
    uint8_t rank[DECK];
    uint8_t fits[RANKS][RANKS];
    int strict_draw;
    int heights[COLUMNS];
    int hopes[TABLEAU];
    int watchers[DECK][DECK];
    int nwatchers[DECK];
    int line[DECK];
    int depth;
    long long expanded;
    Set dead;
    int oom;
} Search;

static int bury(Search *s, int t) {
    int stranded = 0;
    for (int i = 0; i < s->nwatchers[t]; i++) {
        int x = s->watchers[t][i];
        if (!--s->hopes[x] && s->heights[x / HEIGHT] > x % HEIGHT) stranded = 1;
    }
    return stranded;
}

static void unbury(Search *s, int t) {
    for (int i = 0; i < s->nwatchers[t]; i++) s->hopes[s->watchers[t][i]]++;
}

static int search(Search *s, uint32_t hkey, int drawn, int top, int waste, int left) {
    uint32_t key = hkey | (uint32_t)drawn << STOCK_SHIFT | (uint32_t)waste << WASTE_SHIFT;
    if (set_has(&s->dead, key)) return 0;
    s->expanded++;
    const uint8_t *fit = s->fits[waste];
    int removed_any = 0;
    /* Removals from the tallest columns first (ties: lower column first). */
    int order[COLUMNS];
    for (int c = 0; c < COLUMNS; c++) {
        int j = c;
        while (j > 0 && s->heights[order[j - 1]] < s->heights[c]) { order[j] = order[j - 1]; j--; }
        order[j] = c;
    }
    for (int k = 0; k < COLUMNS; k++) {
        int c = order[k], h = s->heights[c];
        if (!h) continue;
        int x = c * HEIGHT + h - 1;
        if (!fit[s->rank[x]]) continue;
        removed_any = 1;
        s->line[s->depth++] = x;
        if (left == 1) return 1;
        s->heights[c] = h - 1;
        if (!bury(s, top) &&
            search(s, hkey - (1u << (c * HEIGHT_BITS)), drawn, x, s->rank[x], left - 1))
            return 1;
        unbury(s, top);
        s->heights[c] = h;
        s->depth--;
    }
    if (drawn < STOCK && !(s->strict_draw && removed_any)) {
        int t = TABLEAU + 1 + drawn;
        s->line[s->depth++] = t;
        if (!bury(s, top) && search(s, hkey, drawn + 1, t, s->rank[t], left)) return 1;
        unbury(s, top);
        s->depth--;
    }
    if (!set_add(&s->dead, key)) s->oom = 1;
    return 0;
}

static PyObject *fastsolve_search(PyObject *self, PyObject *args) {
    Py_buffer tableau, stock, fits;
    int waste, strict_draw;
    if (!PyArg_ParseTuple(args, "y*iy*y*p", &tableau, &waste, &stock, &fits, &strict_draw))
        return NULL;
    PyObject *result = NULL;
    Search *s = NULL;
    if (tableau.len != TABLEAU || stock.len != STOCK || fits.len != RANKS * RANKS ||
        waste < 1 || waste >= RANKS) {
        PyErr_SetString(PyExc_ValueError, "search: expected 35 tableau ranks, a waste rank, 16 stock ranks and a 14x14 fits table");
        goto done;
    }
    s = calloc(1, sizeof(Search));
    if (!s || !set_init(&s->dead, 1 << 14)) { PyErr_NoMemory(); goto done; }
    memcpy(s->rank, tableau.buf, TABLEAU);
    s->rank[TABLEAU] = (uint8_t)waste;
    memcpy(s->rank + TABLEAU + 1, stock.buf, STOCK);
    memcpy(s->fits, fits.buf, RANKS * RANKS);
    s->strict_draw = strict_draw;
    for (int x = 0; x < TABLEAU; x++) {
        for (int t = 0; t < DECK; t++) {
            if (t == x || !s->fits[s->rank[t]][s->rank[x]]) continue;
            if (t / HEIGHT == x / HEIGHT && t < x) continue; /* above x in its column */
            s->watchers[t][s->nwatchers[t]++] = x;
            s->hopes[x]++;
        }
    }
    int possible = 1;
    for (int x = 0; x < TABLEAU; x++) if (!s->hopes[x]) possible = 0;
    uint32_t hkey = 0;
    for (int c = 0; c < COLUMNS; c++) { s->heights[c] = HEIGHT; hkey |= (uint32_t)HEIGHT << (c * HEIGHT_BITS); }
    int won = 0;
    Py_BEGIN_ALLOW_THREADS
    won = possible && search(s, hkey, 0, TABLEAU, waste, TABLEAU);
    Py_END_ALLOW_THREADS
    if (s->oom) { PyErr_NoMemory(); goto done; }
    PyObject *line = PyList_New(won ? s->depth : 0);
    if (!line) goto done;
    for (int i = 0; won && i < s->depth; i++) PyList_SET_ITEM(line, i, PyLong_FromLong(s->line[i]));
    result = Py_BuildValue("(ONL)", won ? Py_True : Py_False, line, s->expanded);
done:
    if (s) { free(s->dead.slots); free(s); }
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
