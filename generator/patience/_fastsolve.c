/* The Python binding of the solver's C search (golfcore.c, the engine's core in plain C, which
 * the site's WebAssembly module is built from too).
 *
 * _fastsolve.search(tableau_ranks: bytes[35], waste_rank: int,
 *                   stock_ranks: bytes[16..19], fits: bytes[15*15],
 *                   strict_draw: bool, best: int) -> (won, line, expanded, best_removals)
 * as golf_search (golfcore.h) takes and gives them; solver.py passes the fits table that
 * rules.py makes, so the Python engine's rules decide here.  _fastsolve.sliced (below) runs
 * the same search a slice at a time, for the tests. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "golfcore.h"

static PyObject *fastsolve_search(PyObject *self, PyObject *args) {
    Py_buffer tableau, stock, fits;
    int waste, strict_draw, best;
    if (!PyArg_ParseTuple(args, "y*iy*y*pi", &tableau, &waste, &stock, &fits, &strict_draw, &best))
        return NULL;
    PyObject *result = NULL;
    GolfSearchResult *out = NULL;
    int status = GOLF_ERR_INPUT;
    if (tableau.len == GOLF_TABLEAU && stock.len >= GOLF_MIN_STOCK && stock.len <= GOLF_MAX_STOCK &&
        fits.len == GOLF_RANKS * GOLF_RANKS) {
        out = PyMem_Malloc(sizeof *out);
        if (!out) { PyErr_NoMemory(); goto done; }
        Py_BEGIN_ALLOW_THREADS
        status = golf_search(tableau.buf, waste, stock.buf, (int)stock.len, fits.buf, strict_draw,
                             best, NULL, out);
        Py_END_ALLOW_THREADS
    }
    if (status == GOLF_ERR_MEMORY) { PyErr_NoMemory(); goto done; }
    if (status != GOLF_OK) {
        PyErr_SetString(PyExc_ValueError, "search: expected 35 tableau ranks, a waste rank, 16 to 19 stock ranks (1..14), a 15x15 fits table and best 0, 1 or 2");
        goto done;
    }
    PyObject *line = PyList_New(out->length);
    if (!line) goto done;
    for (int i = 0; i < out->length; i++) PyList_SET_ITEM(line, i, PyLong_FromLong(out->line[i]));
    result = Py_BuildValue("(ONLi)", out->won ? Py_True : Py_False, line, out->expanded,
                           out->best_removals);
done:
    PyMem_Free(out);
    PyBuffer_Release(&tableau);
    PyBuffer_Release(&stock);
    PyBuffer_Release(&fits);
    return result;
}

/* _fastsolve.sliced(tableau, waste, stock, fits, strict_draw, best, budget, max_slices)
 *     -> (won, line, expanded, best_removals, counts)
 * The same search a slice of `budget` positions at a time (golf_search_step), for the tests:
 * counts holds the positions searched after each slice.  RuntimeError past max_slices (a
 * search that no longer ends). */
static PyObject *fastsolve_sliced(PyObject *self, PyObject *args) {
    Py_buffer tableau, stock, fits;
    int waste, strict_draw, best;
    long long budget, max_slices;
    if (!PyArg_ParseTuple(args, "y*iy*y*piLL", &tableau, &waste, &stock, &fits, &strict_draw, &best,
                          &budget, &max_slices))
        return NULL;
    PyObject *result = NULL, *counts = PyList_New(0);
    GolfSearchResult *out = PyMem_Malloc(sizeof *out);
    GolfSearchState *search = NULL;
    int status = GOLF_ERR_INPUT;
    if (!counts || !out) { if (!out) PyErr_NoMemory(); goto done; }
    if (tableau.len == GOLF_TABLEAU && stock.len >= GOLF_MIN_STOCK && stock.len <= GOLF_MAX_STOCK &&
        fits.len == GOLF_RANKS * GOLF_RANKS && budget >= 0)
        search = golf_search_begin(tableau.buf, waste, stock.buf, (int)stock.len, fits.buf,
                                   strict_draw, best, NULL, &status);
    while (search && (status = golf_search_step(search, budget)) == 0) {
        if (PyList_GET_SIZE(counts) >= max_slices) {
            PyErr_SetString(PyExc_RuntimeError, "sliced: more slices than max_slices");
            goto done;
        }
        PyObject *count = PyLong_FromLongLong(golf_search_expanded(search));
        if (!count || PyList_Append(counts, count) < 0) { Py_XDECREF(count); goto done; }
        Py_DECREF(count);
    }
    if (search && status == 1) {
        PyObject *count = PyLong_FromLongLong(golf_search_expanded(search));
        if (!count || PyList_Append(counts, count) < 0) { Py_XDECREF(count); goto done; }
        Py_DECREF(count);
        status = golf_search_finish(search, out);
    }
    if (status == GOLF_ERR_MEMORY) { PyErr_NoMemory(); goto done; }
    if (status != GOLF_OK) {
        PyErr_SetString(PyExc_ValueError, "sliced: expected search's arguments and a budget of 0 or more");
        goto done;
    }
    PyObject *line = PyList_New(out->length);
    if (!line) goto done;
    for (int i = 0; i < out->length; i++) PyList_SET_ITEM(line, i, PyLong_FromLong(out->line[i]));
    result = Py_BuildValue("(NNLiO)", PyBool_FromLong(out->won), line, out->expanded,
                           out->best_removals, counts);
done:
    golf_search_free(search);
    Py_XDECREF(counts);
    PyMem_Free(out);
    PyBuffer_Release(&tableau);
    PyBuffer_Release(&stock);
    PyBuffer_Release(&fits);
    return result;
}

/* The engine's rule values this module was compiled with (cvalues.py's c_values(), in order). */
static PyObject *fastsolve_rule_values(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    return Py_BuildValue("(iiiiiiii)", GOLF_RULE_PER_REMOVAL, GOLF_RULE_PER_DRAW,
                         GOLF_RULE_PER_CARD_LEFT_WHEN_STUCK, GOLF_RULE_SCORE_FLOOR,
                         GOLF_RULE_UNDO_LIMIT, GOLF_RULE_COLUMNS, GOLF_RULE_HEIGHT, GOLF_RULE_STOCK);
}

static PyMethodDef methods[] = {
    {"rule_values", fastsolve_rule_values, METH_NOARGS, "The rule values compiled in."},
    {"search", fastsolve_search, METH_VARARGS, "Exhaustive search of one deal; see solver.py."},
    {"sliced", fastsolve_sliced, METH_VARARGS, "The same search a slice of positions at a time."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_fastsolve", NULL, -1, methods};

PyMODINIT_FUNC PyInit__fastsolve(void) { return PyModule_Create(&module); }
