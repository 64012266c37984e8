/* The Python binding of the solver's C search (golfcore.c, the engine's core in plain C, which
 * the site's WebAssembly module is built from too).
 *
 * _fastsolve.search(tableau_ranks: bytes[35], waste_rank: int,
 *                   stock_ranks: bytes[16..19], fits: bytes[15*15],
 *                   strict_draw: bool, best: int) -> (won, line, expanded, best_removals)
 * as golf_search (golfcore.h) takes and gives them; solver.py passes the fits table that
 * rules.py makes, so the Python engine's rules decide here. */
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

static PyMethodDef methods[] = {
    {"search", fastsolve_search, METH_VARARGS, "Exhaustive search of one deal; see solver.py."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_fastsolve", NULL, -1, methods};

PyMODINIT_FUNC PyInit__fastsolve(void) { return PyModule_Create(&module); }
