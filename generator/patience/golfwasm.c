/* The page's WebAssembly module: golfcore.c's engine exported to the page's script
 * (docs_src/assets/golf-play.js) and to the tests (tests/wasm/), a function each for what they
 * ask, on plain numbers.  Built by `python -m generator build` (generator/site/wasm.py) with
 * the C compiler of the ziglang package:
 *   zig cc --target=wasm32-wasi -mexec-model=reactor -O3 golfcore.c golfwasm.c
 * It imports nothing: no I/O, no clock; memory grows as the search needs it. */
#include <stdlib.h>
#include <string.h>

#include "golfcore.h"

#define EXPORT(name) __attribute__((export_name(#name)))

static char text[64];           /* a deal code in (golf_code), or a card's or code's text out */
static char code_letter;
static uint64_t code_number;
static GolfSearchResult result; /* the last golf_solve's */

EXPORT(golf_text) char *golf_text(void) { return text; }

/* Read the deal code of `length` bytes at golf_text(): a GOLF_CODE_ kind (0 when it reads). */
EXPORT(golf_code) int golf_code(int length) {
    if (length < 0 || length > (int)sizeof text) return GOLF_CODE_PARTS;
    return golf_parse_code(text, length, &code_letter, &code_number);
}
EXPORT(golf_code_letter) int golf_code_letter(void) { return code_letter; }
/* Deal numbers reach 26^7 - 1, below 2^53: a double carries them exactly. */
EXPORT(golf_code_number) double golf_code_number(void) { return (double)code_number; }
/* The code of letter and number, at golf_text() (13 characters and a NUL). */
EXPORT(golf_code_text) char *golf_code_text(int letter, double number) {
    golf_format_code((char)letter, (uint64_t)number, text);
    return text;
}
/* A card's notation ("6H", "JK") at golf_text(), two characters and a NUL. */
EXPORT(golf_card_text) char *golf_card_text(int card) {
    static const char ranks[] = "A23456789TJQK", suits[] = "CDHS";
    if (card == GOLF_JOKER) memcpy(text, "JK", 3);
    else if (card >= 4 && card < 56) { text[0] = ranks[(card >> 2) - 1]; text[1] = suits[card & 3]; text[2] = 0; }
    else text[0] = 0;
    return text;
}
/* rules.py's Reason values, by the codes golf_play and golf_undo return. */
EXPORT(golf_reason_name) const char *golf_reason_name(int reason) {
    static const char *names[GOLF_REASONS] = {
        "", "not-adjacent", "blocked", "nothing-on-king", "not-there",
        "stock-empty", "must-remove", "game-over", "nothing-to-undo"};
    return reason >= 0 && reason < GOLF_REASONS ? names[reason] : "";
}
EXPORT(golf_rule_accepts) int golf_rule_accepts(int rules, int variants, int waste, int rank) {
    return golf_accepts(rules, variants, waste, rank);
}
EXPORT(golf_rule_refusal) int golf_rule_refusal(int rules, int variants, int waste, int rank) {
    return golf_refusal(rules, variants, waste, rank);
}

/* A game of deal `number` under rules and variants; NULL for a number or variants out of range. */
EXPORT(golf_new) GolfGame *golf_new(int rules, int variants, double number) {
    uint8_t deck[GOLF_DECK];
    if (!(number >= 0 && number <= 8031810175.0) || number != (double)(uint64_t)number) return NULL;
    if (golf_deal((uint64_t)number, variants, deck) < 0) return NULL;
    GolfGame *g = malloc(sizeof *g);
    if (g && golf_game_start(g, rules, variants, deck) != GOLF_OK) { free(g); return NULL; }
    return g;
}
EXPORT(golf_free) void golf_free(GolfGame *g) { free(g); }
/* Deal game g anew (what golf_new does, without the allocation); 0, or -2 for bad input. */
EXPORT(golf_redeal) int golf_redeal(GolfGame *g, int rules, int variants, double number) {
    uint8_t deck[GOLF_DECK];
    if (!(number >= 0 && number <= 8031810175.0) || number != (double)(uint64_t)number) return GOLF_ERR_INPUT;
    if (golf_deal((uint64_t)number, variants, deck) < 0) return GOLF_ERR_INPUT;
    return golf_game_start(g, rules, variants, deck);
}

EXPORT(golf_card) int golf_card(const GolfGame *g, int position) {
    return position >= 0 && position < GOLF_TABLEAU + 1 + g->stock_len ? g->deck[position] : GOLF_NO_CARD;
}
EXPORT(golf_height) int golf_height(const GolfGame *g, int column) { return g->heights[column - 1]; }
EXPORT(golf_drawn) int golf_drawn(const GolfGame *g) { return g->drawn; }
EXPORT(golf_stock_length) int golf_stock_length(const GolfGame *g) { return g->stock_len; }
EXPORT(golf_waste_top) int golf_waste_top(const GolfGame *g) { return golf_game_waste_top(g); }
EXPORT(golf_score) int golf_score(const GolfGame *g) { return golf_game_score(g); }
EXPORT(golf_move_count) int golf_move_count(const GolfGame *g) { return g->move_count; }
EXPORT(golf_undoable) int golf_undoable(const GolfGame *g) { return g->undoable; }
EXPORT(golf_removed) int golf_removed(const GolfGame *g) { return golf_game_removed(g); }
EXPORT(golf_won) int golf_won(const GolfGame *g) { return golf_game_won(g); }
EXPORT(golf_stuck) int golf_stuck(const GolfGame *g) { return golf_game_stuck(g); }
/* Why removing card from column (1..7), or drawing card (column 0), is refused; 0 if it is not. */
EXPORT(golf_refusal) int golf_refusal_of(const GolfGame *g, int column, int card) {
    return golf_game_refusal(g, column, card);
}
EXPORT(golf_play) int golf_play(GolfGame *g, int column, int card) { return golf_game_play(g, column, card); }
EXPORT(golf_undo) int golf_undo(GolfGame *g) { return golf_game_undo(g); }

/* Search from the game's position; the result stays for golf_result_*. */
EXPORT(golf_solve) int golf_solve(const GolfGame *g, int best) {
    memset(&result, 0, sizeof result);
    if (!g->nmoves && best == GOLF_BEST_VALUE) best = GOLF_BEST_VALUE;
    else if (g->nmoves && best == GOLF_BEST_VALUE) return GOLF_ERR_INPUT;
    return golf_game_solve(g, best, &result);
}
/* The same search a slice at a time, for a page that must not wait for it (golfcore.h's
 * golf_search_begin...): however it is sliced, the result is golf_solve's, line and positions
 * searched included.
 *   golf_solve_begin(game, best) -> a handle, or 0 for bad input (best 2 in a game under way,
 *     best out of 0..2) or no memory: golf_solve_error() says which (-2, -1; 0 after a handle).
 *     The search copies the game's position: the game may be played on or freed meanwhile.
 *   golf_solve_step(handle, budget) -> 1 done, 0 paused after exactly `budget` more positions
 *     (budget 0: no limit; step again to go on), or an error (-1 out of memory, -2 a budget
 *     below 0): the handle then gives that error again and wants golf_solve_end or _cancel.
 *   golf_solve_expanded(handle) -> the positions searched so far (a double), each counted once.
 *   golf_solve_end(handle) -> 0 once step said 1, the result then where golf_result_* read it
 *     (as after golf_solve); else the error (-2 before the search is done).  Frees the handle.
 *   golf_solve_cancel(handle) frees the handle; the result of an earlier search stays.
 * A handle of 0 (a begin that failed) is refused (-2; expanded 0; cancel does nothing). */
static int begin_status;
EXPORT(golf_solve_begin) GolfSearchState *golf_solve_begin(const GolfGame *g, int best) {
    return golf_game_solve_begin(g, best, &begin_status);
}
EXPORT(golf_solve_error) int golf_solve_error(void) { return begin_status; }
EXPORT(golf_solve_step) int golf_solve_step(GolfSearchState *search, int budget) {
    if (!search) return GOLF_ERR_INPUT;
    return budget < 0 ? GOLF_ERR_INPUT : golf_search_step(search, budget);
}
EXPORT(golf_solve_expanded) double golf_solve_expanded(const GolfSearchState *search) {
    return search ? (double)golf_search_expanded(search) : 0;
}
EXPORT(golf_solve_end) int golf_solve_end(GolfSearchState *search) {
    memset(&result, 0, sizeof result);
    if (!search) return GOLF_ERR_INPUT;
    int status = golf_search_finish(search, &result);
    if (status != GOLF_OK) memset(&result, 0, sizeof result);
    golf_search_free(search);
    return status;
}
EXPORT(golf_solve_cancel) void golf_solve_cancel(GolfSearchState *search) { golf_search_free(search); }

EXPORT(golf_result_won) int golf_result_won(void) { return result.won; }
EXPORT(golf_result_length) int golf_result_length(void) { return result.length; }
/* The line's i-th move: the deck position of the card that goes onto the waste. */
EXPORT(golf_result_move) int golf_result_move(int i) {
    return i >= 0 && i < result.length ? result.line[i] : -1;
}
EXPORT(golf_result_best) int golf_result_best(void) { return result.best_removals; }
EXPORT(golf_result_expanded) double golf_result_expanded(void) { return (double)result.expanded; }

/* For the tests: play `n` actions at `actions` (3 bytes each: 0 remove, 1 draw, 2 undo; the
 * column; the card) and write after each what the Python engine's Game is compared on (STATE
 * ints each: the refusal, the 7 heights, drawn, the waste's top card, score, move counter,
 * undoable, won, stuck, removed). */
#define STATE 16
EXPORT(golf_state_size) int golf_state_size(void) { return STATE; }
EXPORT(golf_run) void golf_run(GolfGame *g, const uint8_t *actions, int n, int32_t *out) {
    for (int i = 0; i < n; i++, actions += 3, out += STATE) {
        int kind = actions[0];
        out[0] = kind == 2 ? golf_game_undo(g) : golf_game_play(g, kind == 1 ? 0 : actions[1], actions[2]);
        for (int c = 0; c < GOLF_COLUMNS; c++) out[1 + c] = g->heights[c];
        out[8] = g->drawn;
        out[9] = golf_game_waste_top(g);
        out[10] = golf_game_score(g);
        out[11] = g->move_count;
        out[12] = g->undoable;
        out[13] = golf_game_won(g);
        out[14] = golf_game_stuck(g);
        out[15] = golf_game_removed(g);
    }
}
EXPORT(golf_alloc) void *golf_alloc(int size) { return malloc((size_t)size); }
EXPORT(golf_release) void golf_release(void *p) { free(p); }
