/* The engine's core in plain C: see golfcore.h.  The search is the same algorithm as
 * solver.py's pure-Python search (_search_python), which stays the reference that the tests
 * compare this against.  The rules reach the search only as a table of which rank fits onto
 * which; golf_fits builds that table from this file's own port of rules.py, for the page's
 * WebAssembly build (the Python extension is given the table by rules.py itself).
 *
 * The search: ranks are 1..13, 14 for a Joker; waste rank 0 is the empty waste.  The line
 * lists deck positions (tableau 0..34, the waste 35, then the stock) in the order the cards
 * reach the waste: a winning line, or with best 1 a line that ends stuck with best_removals
 * tableau cards removed.  best 2 asks the best result alone (no line, not even a winning one),
 * which takes less search: the most removed at any position reached is that result.  Without
 * the strict draw rule and from the deal, the best result comes from one sweep over the
 * tableau's shapes ("the best result in one sweep" below); under the strict rules the second
 * search starts from what the first reached and stops at 34 once the first found no win. */
#include "golfcore.h"

#include <limits.h>
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
    /* the pause (see "Pausing and resuming" below) */
    long long stop_at;    /* the entry check: a slice's end, or 0 while walking back */
    long long slice_end;  /* the slice's end while walking back */
    int stopped;          /* paused: every frame takes its move back and returns */
    int resume_depth;     /* after a pause: line[0..resume_depth) leads back to where it stopped */
} Search;

/* Pausing and resuming.  The page cannot wait for a long search in one call: it asks for a
 * slice of positions at a time (golf_search_step), and in the end must get exactly the whole
 * search's result.  The two searches below stay recursive; a slice's end is one check at the
 * entry of a position, before it is looked up: once s->expanded reaches s->stop_at, the
 * position is left unentered (limit() records the line that leads to it, s->line[0..depth))
 * and every frame between it and the search's root returns at once, taking its move back as on
 * a normal return (the counts, heights and depth are the root's again) and leaving the set,
 * the results so far and s->line as they are.
 *
 * The next slice calls the same search from the same root, with s->stop_at 0 so that every
 * frame takes the check's rare way.  Each frame on the recorded line (s->depth <
 * s->resume_depth) walks back down: it does not look itself up or count itself (it is in the
 * set, counted once, when first entered), and it goes straight to the move it was making
 * (s->line[s->depth]), passing over the moves before it without making them and without the
 * tests that chose them (those moves were searched, or noted as unsearched, before the pause;
 * a prune by s->best, which has grown since, must not cut the line the whole search was on:
 * with today's bound it could not, as the bound never grows along a line, but the walk does
 * not rest on that).
 * The last frame on the line puts the slice's end back into s->stop_at as it makes its move.
 * Each frame on the line so takes up its loop where it was, with the locals it had (the column
 * order, whether it removed a card, its bound), and the position where the slice stopped is
 * entered as the whole search entered it: with the same set, counts, line, results so far
 * (most, reach, best, the unsearched positions noted) and count of positions.  From there on
 * the search is the whole search's, to the next pause; so the result, the line and the number
 * of positions are the same as in one call, for every best and for a start under way.  Each
 * slice enters at least one new position, and walking back costs a step per move of the
 * line.  A new search adopts the pause with the entry check (limit), the skip of the moves
 * before the recorded one (walked_back), a return after a child that paused, and a stage of
 * golf_search_step. */

/* The entry check's rare way (s->expanded reached s->stop_at): walking back, the move this
 * position made before the pause; else the slice ends here (-1): the line to it is recorded. */
static int limit(Search *s) {
    if (s->depth < s->resume_depth) return s->line[s->depth];
    s->stopped = 1;
    s->resume_depth = s->depth;
    return -1;
}

/* A frame walking back makes its recorded move: the last one ends the walk, and the position
 * its move leads to is entered as a new one. */
static inline int walked_back(Search *s) {
    if (s->depth + 1 == s->resume_depth) {
        s->resume_depth = 0;
        s->stop_at = s->slice_end;
    }
    return -1;
}

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

/* Phase 1: is there a winning line (1; 0 if not, -1 paused)?  A position with a stranded card
 * is dead. */
static int search(Search *s, uint32_t hkey, int drawn, int top, int waste, int left) {
    int resume = -1; /* walking back after a pause: the move made here before it */
    if (s->expanded >= s->stop_at) {
        if ((resume = limit(s)) < 0) return -1;
    } else {
        uint32_t key = hkey | (uint32_t)drawn << STOCK_SHIFT | (uint32_t)waste << WASTE_SHIFT;
        int fresh = set_visit(&s->dead, key);
        if (fresh <= 0) { if (fresh < 0) s->oom = 1; return 0; }
        s->expanded++;
        if (TABLEAU - left > s->most) s->most = TABLEAU - left;
    }
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
        if (resume >= 0) {
            if (x != resume) continue; /* searched before the pause */
            resume = walked_back(s);
        }
        s->line[s->depth++] = x;
        if (left == 1) return 1;
        if (TABLEAU - left + 1 > s->reach) s->reach = TABLEAU - left + 1;
        set_prefetch(&s->dead, hkey - (1u << (c * HEIGHT_BITS)), drawn, s->rank[x]);
        s->heights[c] = h - 1;
        remove_need(s, x, 1);
        int dead_end = bury(s, top) | bury_supply(s, top);
        if (dead_end && s->note_unsearched)
            note_unsearched(s, hkey - (1u << (c * HEIGHT_BITS)), drawn, x, left - 1);
        int found = dead_end ? 0 : search(s, hkey - (1u << (c * HEIGHT_BITS)), drawn, x,
                                          s->rank[x], left - 1);
        if (found > 0) return 1;
        unbury(s, top);
        unbury_supply(s, top);
        remove_need(s, x, -1);
        s->heights[c] = h;
        s->depth--;
        if (found < 0) return -1;
    }
    if (drawn < s->stock && !(s->strict_draw && removed_any && waste)) {
        int t = TABLEAU + 1 + drawn;
        if (resume >= 0) resume = walked_back(s);
        set_prefetch(&s->dead, hkey, drawn + 1, s->rank[t]);
        s->line[s->depth++] = t;
        int dead_end = bury(s, top) | bury_supply(s, top);
        if (dead_end && s->note_unsearched) note_unsearched(s, hkey, drawn + 1, t, left);
        int found = dead_end ? 0 : search(s, hkey, drawn + 1, t, s->rank[t], left);
        if (found > 0) return 1;
        unbury(s, top);
        unbury_supply(s, top);
        s->depth--;
        return found;
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

/* Phase 2: a stuck line removing more than s->best cards, if there is one (1: paused).  A
 * position is dead once no line from it can beat s->best (which only grows). */
static int search_best(Search *s, uint32_t hkey, int drawn, int top, int waste, int left) {
    int resume = -1; /* walking back after a pause: the move made here before it */
    if (s->expanded >= s->stop_at) {
        if ((resume = limit(s)) < 0) return 1;
    } else {
        uint32_t key = hkey | (uint32_t)drawn << STOCK_SHIFT | (uint32_t)waste << WASTE_SHIFT;
        int fresh = set_visit(&s->dead, key);
        if (fresh <= 0) { if (fresh < 0) s->oom = 1; return 0; }
        s->expanded++;
        /* without its line, the best result is the most removed at any position reached: a
         * line goes on from it until stuck, and removed cards never come back */
        if (s->value_only && TABLEAU - left > s->best) s->best = TABLEAU - left;
    }
    int bound = TABLEAU - must_stay(s);
    if (bound > s->cap) bound = s->cap;
    if (bound > s->best || resume >= 0) { /* walking back: the test passed before the pause */
        const uint8_t *fit = s->fits[waste];
        int moved = 0;
        int order[COLUMNS];
        column_order(s, order);
        for (int k = 0; k < COLUMNS && (bound > s->best || resume >= 0); k++) {
            int c = order[k], h = s->heights[c];
            if (!h) continue;
            int x = c * HEIGHT + h - 1;
            if (!fit[s->rank[x]]) continue;
            moved = 1;
            if (resume >= 0) {
                if (x != resume) continue; /* searched before the pause */
                resume = walked_back(s);
            }
            set_prefetch(&s->dead, hkey - (1u << (c * HEIGHT_BITS)), drawn, s->rank[x]);
            s->line[s->depth++] = x;
            s->heights[c] = h - 1;
            remove_need(s, x, 1);
            bury(s, top);
            bury_supply(s, top);
            int paused = search_best(s, hkey - (1u << (c * HEIGHT_BITS)), drawn, x, s->rank[x],
                                     left - 1);
            unbury(s, top);
            unbury_supply(s, top);
            remove_need(s, x, -1);
            s->heights[c] = h;
            s->depth--;
            if (paused) return 1;
        }
        if (drawn < s->stock && !(s->strict_draw && moved && waste) &&
            (bound > s->best || resume >= 0)) {
            int t = TABLEAU + 1 + drawn;
            moved = 1;
            if (resume >= 0) resume = walked_back(s);
            set_prefetch(&s->dead, hkey, drawn + 1, s->rank[t]);
            s->line[s->depth++] = t;
            bury(s, top);
            bury_supply(s, top);
            int paused = search_best(s, hkey, drawn + 1, t, s->rank[t], left);
            unbury(s, top);
            unbury_supply(s, top);
            s->depth--;
            if (paused) return 1;
        }
        if (!moved && !s->value_only && TABLEAU - left > s->best) { /* stuck, the best so far */
            s->best = TABLEAU - left;
            s->best_depth = s->depth;
            memcpy(s->best_line, s->line, sizeof(int) * (size_t)s->depth);
        }
    }
    return 0;
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


/* --- the best result in one sweep ------------------------------------------------------- */

/* Without the strict draw rule, the best result of a deal (and its verdict) comes from one pass
 * over the tableau's shapes, with no set of positions, no recursion and no bound.
 *
 * Why it is exact.  Call W_0 the waste card of the deal and W_1..W_S the stock in drawing order;
 * phase p is the time while W_p, or a tableau card removed onto it, tops the waste.
 *  1. Inside a phase, once a tableau card has been removed, the waste card is that card: the
 *     card right above the gap in the column it came from.  So a position is the 7 column
 *     heights h and where its waste card came from: a column c (a node (h, c)) or the phase's
 *     own stock card (a node (h, start)).  The phase only says which stock cards can still come.
 *  2. Without the strict rule a player may always draw.  Whatever can be done from a node
 *     reached in a later phase q can be done from the same node reached in phase p < q: the
 *     same tableau and waste card, so the same removals, and drawing on from p reaches the
 *     start of phase q with the same tableau.  So for every node only the EARLIEST phase at
 *     which it is reached matters: one byte a node, its label (0x7f when no line reaches it).
 * A removal from column c2 leads from (h, c) at phase g to (h - 1 in c2, c2) at phase g when
 * the free card of c2 fits the card gone from c, and from (h, start) at phase f to the same node
 * at the first phase q >= f whose card W_q takes it; (h, c) at g reaches (h, start) at g + 1 by
 * a draw.  Every removal lowers the mixed-radix index sum h_c 6^c, so the indexes from 6^7 - 1
 * down to 0 are a topological order: by the time the sweep comes to a node, every node that
 * leads to it has been swept, and its labels are final.  The deal can be won when a node with
 * no card left is reached; the best result is 35 less the fewest cards left at a node reached
 * (a line goes on from there until stuck, and removed cards never come back).
 *
 * The rules reach the sweep only as the fits table, as they reach the searches: Jokers (rank
 * 14) and the empty waste (W_0 of rank 0, which takes any card) need nothing of their own.
 * The strict rules (a draw only when nothing fits) break point 2: a node reached earlier may be
 * unable to draw where one reached later can.  Under them, and from a game under way (the
 * hint), the searches are the two of before the sweep (strict ones are cheap: few lines are
 * legal).
 *
 * A node's 8 labels are one 64-bit word (byte c: (h, c); byte 7: (h, start)), 6^7 words
 * (2.24 MB) allocated for a search that needs them and freed with it.  The words are taken in
 * blocks of 216 (columns 0-2; the index's block is columns 3-6): a block no removal reached is
 * neither set up nor swept.  The sweep is paused like the searches: it stops before the node
 * that would pass the slice's end and goes on from that node. */

#define SWEEP_NODES 279936 /* 6^7 column heights */
#define SWEEP_LOW 216      /* 6^3: the heights of columns 0-2, inside a block */
#define SWEEP_BLOCKS (SWEEP_NODES / SWEEP_LOW)
#define NO_PHASE 0x7f /* not reached; under 0x80, as every label, for bytes_min */
#define NOT_REACHED 0x7f7f7f7f7f7f7f7fULL
#define START_LABEL 7 /* the byte of (h, start) */
#define EVERY_BYTE 0x0101010101010101ULL

static const int POWER6[COLUMNS] = {1, 6, 36, 216, 1296, 7776, 46656};

typedef struct {
    uint64_t *label;               /* SWEEP_NODES words; a block's words are set when reached */
    uint8_t reached[SWEEP_BLOCKS]; /* a block a removal or the root reached */
    int phases;                    /* S + 1: phases 0..S */
    uint8_t next_fit[MAX_STOCK + 2][RANKS]; /* the first phase >= p whose W takes rank r */
    uint8_t free_rank[COLUMNS][HEIGHT + 1]; /* the rank of a column's free card (0: none) */
    /* the columns 0-2 (bits 0-2; 3-6: bits 0-3) whose free card takes waste rank r, by heights */
    uint8_t low_fits[RANKS][SWEEP_LOW], high_fits[RANKS][SWEEP_BLOCKS];
    uint8_t low_heights[SWEEP_LOW][3];
    uint64_t bytes_of[1 << COLUMNS]; /* a mask of columns as bytes 0xff */
    int block, low; /* the next node: block * SWEEP_LOW + low */
    int fewest;     /* the fewest cards left at a node swept */
    int stop_at_one; /* the deal is known unwinnable: one card left is the best there is */
} Sweep;

/* Each byte's least of two words of bytes under 0x80 (the labels), without a branch. */
static inline uint64_t bytes_min(uint64_t a, uint64_t b) {
    uint64_t a_not_less = ((a | 0x8080808080808080ULL) - b) & 0x8080808080808080ULL;
    uint64_t take_b = (a_not_less >> 7) * 0xff;
    return (a & ~take_b) | (b & take_b);
}

/* Lower a node's labels to the phases of word (NO_PHASE: leave it). */
static inline void sweep_lower(Sweep *w, int node, uint64_t word) {
    int block = node / SWEEP_LOW;
    if (!w->reached[block]) {
        w->reached[block] = 1;
        memset(&w->label[block * SWEEP_LOW], NO_PHASE, SWEEP_LOW * sizeof(uint64_t));
    }
    w->label[node] = bytes_min(w->label[node], word);
}

/* The sweep of the search's deal, its root the deal's start (every column full, W_0 on the
 * waste); NULL when out of memory. */
static Sweep *sweep_begin(const Search *s, int stop_at_one) {
    Sweep *w = malloc(sizeof *w);
    if (!w) return NULL;
    w->label = malloc(SWEEP_NODES * sizeof(uint64_t));
    if (!w->label) { free(w); return NULL; }
    memset(w->reached, 0, sizeof w->reached);
    const uint8_t *phase_rank = s->rank + TABLEAU; /* W_0, then the stock */
    w->phases = s->stock + 1;
    for (int r = 0; r < RANKS; r++) {
        w->next_fit[w->phases][r] = NO_PHASE;
        for (int p = w->phases - 1; p >= 0; p--)
            w->next_fit[p][r] = r && s->fits[phase_rank[p]][r] ? (uint8_t)p : w->next_fit[p + 1][r];
    }
    for (int c = 0; c < COLUMNS; c++)
        for (int h = 0; h <= HEIGHT; h++) w->free_rank[c][h] = h ? s->rank[c * HEIGHT + h - 1] : 0;
    for (int i = 0; i < SWEEP_LOW; i++)
        for (int c = 0, rest = i; c < 3; c++, rest /= 6) w->low_heights[i][c] = (uint8_t)(rest % 6);
    for (int r = 0; r < RANKS; r++) {
        for (int i = 0; i < SWEEP_LOW; i++) {
            int mask = 0;
            for (int c = 0; c < 3; c++) {
                int h = w->low_heights[i][c];
                if (h && s->fits[r][w->free_rank[c][h]]) mask |= 1 << c;
            }
            w->low_fits[r][i] = (uint8_t)mask;
        }
        for (int i = 0; i < SWEEP_BLOCKS; i++) {
            int mask = 0;
            for (int c = 3, rest = i; c < COLUMNS; c++, rest /= 6)
                if (rest % 6 && s->fits[r][w->free_rank[c][rest % 6]]) mask |= 1 << (c - 3);
            w->high_fits[r][i] = (uint8_t)mask;
        }
    }
    for (int m = 0; m < 1 << COLUMNS; m++) {
        w->bytes_of[m] = 0;
        for (int c = 0; c < COLUMNS; c++)
            if (m >> c & 1) w->bytes_of[m] |= 0xffULL << (8 * c);
    }
    sweep_lower(w, SWEEP_NODES - 1, NOT_REACHED & ~(0xffULL << (8 * START_LABEL)));
    w->block = SWEEP_BLOCKS - 1;
    w->low = SWEEP_LOW - 1;
    w->fewest = TABLEAU;
    w->stop_at_one = stop_at_one;
    return w;
}

static void sweep_free(Sweep *w) {
    if (!w) return;
    free(w->label);
    free(w);
}

/* The labels a node passes on by its removals (heights h).  Byte c2 of `to` is the earliest
 * phase of the removal from column c2: from (h, c) at phase g when c2's free card fits the
 * card gone from c (every c at once, the columns a word of bytes), and from (h, start) at the
 * first phase from the node's start on whose card takes it. */
static void sweep_node(Sweep *w, const Search *s, int node, const int h[COLUMNS]) {
    uint64_t word = w->label[node], to = NOT_REACHED;
    int low = node % SWEEP_LOW, block = node / SWEEP_LOW;
    int start = (int)(word >> (8 * START_LABEL)); /* the earliest phase of (h, start) */
    for (int c = 0; c < COLUMNS; c++) {
        int g = (int)(word >> (8 * c) & 0xff); /* NO_PHASE: lowers nothing */
        start = g + 1 < start ? g + 1 : start; /* a draw ends the chain */
        int gone = s->rank[c * HEIGHT + h[c]]; /* the waste card: the one removed from c */
        uint64_t fit = w->bytes_of[w->low_fits[gone][low] | w->high_fits[gone][block] << 3];
        to = bytes_min(to, (EVERY_BYTE * (uint64_t)g & fit) | (NOT_REACHED & ~fit));
    }
    if (start < w->phases) {
        uint64_t drawn = (uint64_t)NO_PHASE << (8 * START_LABEL);
        for (int c2 = 0; c2 < COLUMNS; c2++)
            drawn |= (uint64_t)w->next_fit[start][w->free_rank[c2][h[c2]]] << (8 * c2);
        to = bytes_min(to, drawn);
    }
    for (int c2 = 0; c2 < COLUMNS; c2++) {
        uint64_t phase = to >> (8 * c2) & 0xff;
        if (phase != NO_PHASE)
            sweep_lower(w, node - POWER6[c2], (NOT_REACHED & ~(0xffULL << (8 * c2))) | phase << (8 * c2));
    }
}

/* Sweep on until done (1) or until s->expanded reaches end (0: paused; the next call goes on
 * from the same node).  Each node reached counts as a position searched. */
static int sweep_run(Search *s, Sweep *w, long long end) {
    for (; w->block >= 0; w->block--, w->low = SWEEP_LOW - 1) {
        if (!w->reached[w->block]) continue;
        int h[COLUMNS], high = 0;
        for (int c = 3, rest = w->block; c < COLUMNS; c++, rest /= 6) high += h[c] = rest % 6;
        for (; w->low >= 0; w->low--) {
            int node = w->block * SWEEP_LOW + w->low;
            if (w->label[node] == NOT_REACHED) continue;
            if (s->expanded >= end) return 0;
            s->expanded++;
            int left = high;
            for (int c = 0; c < 3; c++) left += h[c] = w->low_heights[w->low][c];
            if (left < w->fewest) {
                w->fewest = left;
                if (!left || (w->stop_at_one && left == 1)) {
                    w->block = -1;
                    return 1;
                }
            }
            sweep_node(w, s, node, h);
        }
    }
    return 1;
}

/* --- the rules (rules.py) ---------------------------------------------------------------- */

#define ACE 1
#define KING 13

static int rule_nothing_on_king(int rules) { return rules == GOLF_STRICT; }

/* Rules.accepts, on the engine's ranks (a Joker 0) */
static int rules_accepts(int rules, int w, int r) {
    if (rule_nothing_on_king(rules) && w == KING) return 0;
    if (w == 0 || r == 0) return 1;
    if (w - r == 1 || r - w == 1) return 1;
    return rules == GOLF_EASY && ((w == ACE && r == KING) || (w == KING && r == ACE));
}

static int rules_refusal(int rules, int w, int r) {
    if (rules_accepts(rules, w, r)) return GOLF_ALLOWED;
    if (rule_nothing_on_king(rules) && w == KING && (w - r == 1 || r - w == 1 || r == 0))
        return GOLF_REASON_NOTHING_ON_KING;
    return GOLF_NOT_ADJACENT;
}

/* The engine's rank (Joker 0) of a search rank (Joker 14). */
static int engine_rank(int search_rank) { return search_rank == GOLF_JOKER_RANK ? 0 : search_rank; }

int golf_accepts(int rules, int variants, int waste_rank, int rank) {
    if (waste_rank == 0) return 1; /* the empty waste takes any card */
    int w = engine_rank(waste_rank), r = engine_rank(rank);
    if ((variants & GOLF_NOTHING_ON_KING) && w == KING) return 0;
    return rules_accepts(rules, w, r);
}

int golf_refusal(int rules, int variants, int waste_rank, int rank) {
    if (waste_rank == 0) return GOLF_ALLOWED;
    int w = engine_rank(waste_rank), r = engine_rank(rank);
    int reason = rules_refusal(rules, w, r);
    if (reason == GOLF_ALLOWED && (variants & GOLF_NOTHING_ON_KING) && w == KING)
        reason = GOLF_REASON_NOTHING_ON_KING;
    return reason;
}

void golf_fits(int rules, int variants, uint8_t fits[GOLF_RANKS * GOLF_RANKS]) {
    for (int w = 0; w < GOLF_RANKS; w++) {
        fits[w * GOLF_RANKS] = 0;
        for (int r = 1; r < GOLF_RANKS; r++)
            fits[w * GOLF_RANKS + r] = (uint8_t)golf_accepts(rules, variants, w, r);
    }
}

int golf_variants_ok(int variants) {
    return !(variants & ~15) && (variants & (GOLF_JOKERS_1 | GOLF_JOKERS_2)) !=
                                    (GOLF_JOKERS_1 | GOLF_JOKERS_2);
}

int golf_jokers(int variants) {
    return (variants & GOLF_JOKERS_1 ? 1 : 0) + (variants & GOLF_JOKERS_2 ? 2 : 0);
}

int golf_stock_size(int variants) {
    return GOLF_MIN_STOCK + golf_jokers(variants) + (variants & GOLF_EMPTY_WASTE ? 1 : 0);
}

int golf_search_rank(int card) {
    if (card == GOLF_NO_CARD) return 0;
    return card == GOLF_JOKER ? GOLF_JOKER_RANK : card >> 2;
}

/* --- deals (deal.py) --------------------------------------------------------------------- */

/* deal.py's STARTING_DECK: the deck's order before it is shuffled (tests/wasm/ check that the
 * two are the same). */
static const char STARTING_DECK[] =
    "6S KD 2D AD 9S 3S 7S 9H 5S 2H 8C 7C 3C 4C 5D TD QS TC 4S 6C 6H JD 4H KC 6D AH"
    " 5C JC QC AS 3D 8S QH TS KH 8H JS 5H 7D 3H QD 4D 8D 2S JH KS 7H 2C 9C TH 9D AC";
static const char RANK_LETTERS[] = "A23456789TJQK";
static const char SUIT_LETTERS[] = "CDHS";

static int card_of(char rank, char suit) {
    const char *r = strchr(RANK_LETTERS, rank), *s = strchr(SUIT_LETTERS, suit);
    return (int)(r - RANK_LETTERS + 1) << 2 | (int)(s - SUIT_LETTERS);
}

int golf_deal(uint64_t number, int variants, uint8_t deck[GOLF_DECK]) {
    if (!golf_variants_ok(variants) || number > 8031810175ULL) return GOLF_ERR_INPUT;
    int jokers = golf_jokers(variants), size = 52 + jokers;
    uint8_t start[54];
    for (int i = 0; i < 52; i++) start[i] = (uint8_t)card_of(STARTING_DECK[3 * i], STARTING_DECK[3 * i + 1]);
    for (int i = 52; i < size; i++) start[i] = GOLF_JOKER;
    /* shuffle_permutation: Fisher-Yates over SplitMix64, j drawn below i + 1 by rejection */
    int order[54];
    for (int i = 0; i < size; i++) order[i] = i;
    uint64_t state = number;
    for (int i = size - 1; i > 0; i--) {
        uint64_t bound = (uint64_t)i + 1, rest = (UINT64_MAX % bound + 1) % bound, value;
        do {
            state += 0x9E3779B97F4A7C15ULL;
            uint64_t z = state;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
            value = z ^ (z >> 31);
        } while (rest && value >= 0 - rest); /* 2^64 - rest: the largest multiple of bound */
        int j = (int)(value % bound), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    int n = 0;
    for (int i = 0; i < size; i++) {
        if (n == GOLF_TABLEAU && (variants & GOLF_EMPTY_WASTE)) deck[n++] = GOLF_NO_CARD;
        deck[n++] = start[order[i]];
    }
    return n;
}

static const char ALPHABET[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

static int is_space(char c) { /* what str.strip() strips, of ASCII */
    return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f);
}

int golf_parse_code(const char *text, int length, char *letter, uint64_t *number) {
    int from = 0, to = length;
    while (from < to && is_space(text[from])) from++;
    while (to > from && is_space(text[to - 1])) to--;
    int dashes[3], ndashes = 0;
    for (int i = from; i < to; i++)
        if (text[i] == '-') {
            if (ndashes == 2) return GOLF_CODE_PARTS;
            dashes[ndashes++] = i;
        }
    if (ndashes != 2) return GOLF_CODE_PARTS;
    if (dashes[0] - from != 3 || memcmp(text + from, "GO1", 3)) return GOLF_CODE_PREFIX;
    int letter_at = dashes[0] + 1;
    if (dashes[1] - letter_at != 1) return GOLF_CODE_LETTER;
    char l = text[letter_at] == 'N' ? 'E' : text[letter_at];
    if (l != 'E' && l != 'C') return GOLF_CODE_LETTER;
    if (to - dashes[1] - 1 != 7) return GOLF_CODE_DIGITS;
    uint64_t n = 0;
    for (int i = dashes[1] + 1; i < to; i++) {
        if (text[i] < 'A' || text[i] > 'Z') return GOLF_CODE_DIGITS;
        n = n * 26 + (uint64_t)(text[i] - 'A');
    }
    *letter = l;
    *number = n;
    return GOLF_CODE_OK;
}

void golf_format_code(char letter, uint64_t number, char out[14]) {
    memcpy(out, "GO1-", 4);
    out[4] = letter;
    out[5] = '-';
    for (int i = 12; i >= 6; i--) { out[i] = ALPHABET[number % 26]; number /= 26; }
    out[13] = 0;
}

/* --- the game (game.py) ------------------------------------------------------------------ */

int golf_game_start(GolfGame *g, int rules, int variants, const uint8_t *deck) {
    if (rules < GOLF_EASY || rules > GOLF_STRICT || !golf_variants_ok(variants)) return GOLF_ERR_INPUT;
    int stock = golf_stock_size(variants), jokers = 0;
    int empty = (variants & GOLF_EMPTY_WASTE) != 0;
    if ((deck[GOLF_TABLEAU] == GOLF_NO_CARD) != empty) return GOLF_ERR_INPUT;
    int seen[56] = {0};
    for (int i = 0; i < GOLF_TABLEAU + 1 + stock; i++) {
        int card = deck[i];
        if (i == GOLF_TABLEAU && empty) continue;
        if (card == GOLF_JOKER) { jokers++; continue; }
        if ((card >> 2) < 1 || (card >> 2) > 13 || seen[card]++) return GOLF_ERR_INPUT;
    }
    if (jokers != golf_jokers(variants)) return GOLF_ERR_INPUT;
    memset(g, 0, sizeof *g);
    g->rules = rules;
    g->variants = variants;
    memcpy(g->deck, deck, (size_t)(GOLF_TABLEAU + 1 + stock));
    g->stock_len = stock;
    for (int c = 0; c < GOLF_COLUMNS; c++) g->heights[c] = GOLF_HEIGHT;
    if (!empty) g->waste[g->waste_len++] = deck[GOLF_TABLEAU];
    golf_fits(rules, variants, g->fits);
    return GOLF_OK;
}

int golf_game_waste_top(const GolfGame *g) {
    return g->waste_len ? g->waste[g->waste_len - 1] : GOLF_NO_CARD;
}

static int free_card(const GolfGame *g, int c) {
    return g->heights[c] ? g->deck[c * GOLF_HEIGHT + g->heights[c] - 1] : GOLF_NO_CARD;
}

int golf_game_removed(const GolfGame *g) {
    int left = 0;
    for (int c = 0; c < GOLF_COLUMNS; c++) left += g->heights[c];
    return GOLF_TABLEAU - left;
}

int golf_game_won(const GolfGame *g) { return golf_game_removed(g) == GOLF_TABLEAU; }

int golf_game_has_removal(const GolfGame *g) {
    int waste = golf_search_rank(golf_game_waste_top(g));
    for (int c = 0; c < GOLF_COLUMNS; c++) {
        int card = free_card(g, c);
        if (card != GOLF_NO_CARD && g->fits[waste * GOLF_RANKS + golf_search_rank(card)]) return 1;
    }
    return 0;
}

int golf_game_stuck(const GolfGame *g) {
    return g->drawn == g->stock_len && !golf_game_won(g) && !golf_game_has_removal(g);
}

/* Scoring (rules.py's SCORING, through cvalues.py): so much a removal and a draw, so much a
 * card left when stuck, never below the floor. */
int golf_game_score(const GolfGame *g) {
    int removed = golf_game_removed(g);
    int raw = removed * GOLF_RULE_PER_REMOVAL + (g->nmoves - removed) * GOLF_RULE_PER_DRAW;
    if (golf_game_stuck(g)) raw += (GOLF_TABLEAU - removed) * GOLF_RULE_PER_CARD_LEFT_WHEN_STUCK;
    return raw > GOLF_RULE_SCORE_FLOOR ? raw : GOLF_RULE_SCORE_FLOOR;
}

static int draw_waits(const GolfGame *g) {
    return g->rules == GOLF_STRICT && golf_game_waste_top(g) != GOLF_NO_CARD;
}

int golf_game_refusal(const GolfGame *g, int column, int card) {
    if (golf_game_won(g) || golf_game_stuck(g)) return GOLF_GAME_OVER;
    if (column == 0) {
        if (g->drawn == g->stock_len) return GOLF_STOCK_EMPTY;
        if (draw_waits(g) && golf_game_has_removal(g)) return GOLF_MUST_REMOVE;
        return card == g->deck[GOLF_TABLEAU + 1 + g->drawn] ? GOLF_ALLOWED : GOLF_NOT_THERE;
    }
    if (column < 1 || column > GOLF_COLUMNS) return GOLF_NOT_THERE;
    int c = column - 1, there = 0;
    for (int row = 0; row < g->heights[c]; row++)
        if (g->deck[c * GOLF_HEIGHT + row] == card) there = 1;
    if (!there) return GOLF_NOT_THERE;
    if (card != free_card(g, c)) return GOLF_BLOCKED;
    return golf_refusal(g->rules, g->variants, golf_search_rank(golf_game_waste_top(g)),
                        golf_search_rank(card));
}

int golf_game_play(GolfGame *g, int column, int card) {
    int reason = golf_game_refusal(g, column, card);
    if (reason != GOLF_ALLOWED) return reason;
    if (column == 0) g->drawn++;
    else g->heights[column - 1]--;
    g->waste[g->waste_len++] = (uint8_t)card;
    g->moves[g->nmoves] = column;
    g->undo_stack[g->nmoves++] = g->undoable;
    g->undoable = g->undoable + 1 < GOLF_UNDO_LIMIT ? g->undoable + 1 : GOLF_UNDO_LIMIT;
    g->move_count++;
    return GOLF_ALLOWED;
}

int golf_game_undo(GolfGame *g) {
    if (!g->undoable) return GOLF_NOTHING_TO_UNDO;
    int undoable = g->undoable, column = g->moves[--g->nmoves];
    g->waste_len--;
    if (column == 0) g->drawn--;
    else g->heights[column - 1]++;
    g->undoable = undoable - 1; /* game.py's pop() restores the stack's value; undo then sets this */
    return GOLF_ALLOWED;
}

/* The search's arguments for the game's position: the ranks, and where it is when under way. */
typedef struct {
    uint8_t tableau[GOLF_TABLEAU], stock[GOLF_MAX_STOCK];
    int waste, strict;
    GolfStart at;
    const GolfStart *start; /* NULL at the deal */
} GameSearch;

static void game_search(const GolfGame *g, GameSearch *a) {
    for (int i = 0; i < GOLF_TABLEAU; i++) a->tableau[i] = (uint8_t)golf_search_rank(g->deck[i]);
    for (int i = 0; i < g->stock_len; i++)
        a->stock[i] = (uint8_t)golf_search_rank(g->deck[GOLF_TABLEAU + 1 + i]);
    a->waste = golf_search_rank(g->deck[GOLF_TABLEAU]);
    a->strict = g->rules == GOLF_STRICT;
    a->start = NULL;
    if (!g->nmoves) return;
    memcpy(a->at.heights, g->heights, sizeof a->at.heights);
    a->at.drawn = g->drawn;
    /* the top card's deck position: the last move's card */
    int last = g->moves[g->nmoves - 1];
    a->at.top = last ? (last - 1) * GOLF_HEIGHT + g->heights[last - 1] : GOLF_TABLEAU + g->drawn;
    a->start = &a->at;
}

int golf_game_solve(const GolfGame *g, int best, GolfSearchResult *out) {
    GameSearch a;
    game_search(g, &a);
    return golf_search(a.tableau, a.waste, a.stock, g->stock_len, g->fits, a.strict, best,
                       a.start, out);
}

GolfSearchState *golf_game_solve_begin(const GolfGame *g, int best, int *status) {
    GameSearch a;
    game_search(g, &a);
    return golf_search_begin(a.tableau, a.waste, a.stock, g->stock_len, g->fits, a.strict, best,
                             a.start, status);
}

/* --- the search from the outside: begun, stepped a slice at a time, finished ------------- */

/* What golf_search_step does next: the first search (is there a win?), the sweep (the best
 * result; the verdict too when the first search ran out of its budget), the second search (the
 * best result, or its line once the sweep gave the value, from the root), or the second from
 * each position the first left unsearched.
 *
 * Without the strict draw rule, from the deal, the best result comes from the sweep: the first
 * search is given WIN_BUDGET positions (most deals that can be won are won within them, faster
 * than by a sweep), then paused, and the sweep decides.  Won there, the first search goes on
 * from where it paused when a line is asked (the line is then the whole first search's, as if
 * never paused); not won, the second search asked for a line starts knowing the best result
 * (from best - 1, capped at best) and ends at the first stuck line that reaches it. */
enum { STAGE_WIN, STAGE_SWEEP, STAGE_BEST, STAGE_UNSEARCHED, STAGE_DONE };

#define WIN_BUDGET 20000

struct GolfSearchState {
    Search s;
    Unsearched root; /* where the search starts: the deal, or a game under way */
    int best;        /* what was asked: GOLF_NO_BEST... */
    int possible;    /* no card stranded nor set short at the deal */
    int won;
    int stage;
    size_t next;     /* STAGE_UNSEARCHED: the position being searched */
    int status;      /* GOLF_OK, or the error that ended the search */
    int sweeps;      /* the best result comes from the sweep (not strict, from the deal) */
    long long win_end; /* where the first search pauses for the sweep (LLONG_MAX: it does not) */
    int swept;       /* the sweep has run */
    Sweep *sweep;    /* STAGE_SWEEP: the sweep under way */
};

static void set_up(Search *s, const Unsearched *u);
static int by_promise(const void *a, const void *b);

/* The sweep next; stop_at_one when the deal is known unwinnable. */
static void start_sweep(GolfSearchState *g, int stop_at_one) {
    g->sweep = sweep_begin(&g->s, stop_at_one);
    if (!g->sweep) g->s.oom = 1;
    g->stage = STAGE_SWEEP;
}

/* The sweep has ended: the verdict is known, and the best result. */
/* A stage's search has ended (or, for the first, was never needed): set the next one up. */
static void next_stage(GolfSearchState *g) {
    Search *s = &g->s;
    if (g->stage == STAGE_SWEEP) {
        int fewest = g->sweep->fewest;
        sweep_free(g->sweep);
        g->sweep = NULL;
        g->swept = 1;
        if (!fewest && g->best == GOLF_BEST_LINE) { /* the first search goes on to its line */
            g->win_end = LLONG_MAX;
            g->stage = STAGE_WIN;
            return;
        }
        g->stage = STAGE_DONE;
        g->won = !fewest;
        s->resume_depth = 0; /* the first search, if paused, is not taken up again */
        s->best = TABLEAU - fewest;
        if (g->won || g->best == GOLF_BEST_VALUE) return;
        set_up(s, &g->root);
        s->best = TABLEAU - fewest - 1;
        s->cap = TABLEAU - fewest;
        set_clear(&s->dead);
        g->stage = STAGE_BEST;
        return;
    }
    if (g->stage == STAGE_WIN) {
        g->stage = STAGE_DONE;
        if (g->won || g->best == GOLF_NO_BEST) return;
        if (g->sweeps && !g->swept) { /* no win, proved: the best is 34 at most */
            start_sweep(g, 1);
            return;
        }
        if (g->best == GOLF_BEST_LINE) {
            /* the first search reached a position with s->most removed (or the start has more) */
            int most = TABLEAU - g->root.left;
            set_up(s, &g->root);
            s->best = (s->most > most ? s->most : most) - 1;
            s->cap = TABLEAU;
            set_clear(&s->dead);
            g->stage = STAGE_BEST;
            return;
        }
        /* the value alone: the first search reached s->reach removed and proved 35 out of reach */
        s->best = s->reach > s->most ? s->reach : s->most;
        s->cap = TABLEAU - 1;
        s->value_only = 1;
        if (s->best >= s->cap) return;
        if (!g->possible) { /* no first search: the second from the start */
            set_up(s, &g->root);
            set_clear(&s->dead);
            g->stage = STAGE_BEST;
            return;
        }
        /* every position reached is one the first search searched (it reached no more than
         * s->best there, nor from there but through positions it left), or lies past one it
         * left: search those, the most promising first, keeping what it searched */
        qsort(s->unsearched, s->nunsearched, sizeof(Unsearched), by_promise);
        g->stage = STAGE_UNSEARCHED;
        g->next = 0;
    } else if (g->stage == STAGE_UNSEARCHED) {
        g->next++;
    } else {
        g->stage = STAGE_DONE;
        return;
    }
    if (g->next < s->nunsearched && s->unsearched[g->next].bound > s->best)
        set_up(s, &s->unsearched[g->next]);
    else
        g->stage = STAGE_DONE;
}

GolfSearchState *golf_search_begin(const uint8_t *tableau, int waste, const uint8_t *stock,
                                   int stock_len, const uint8_t *fits, int strict_draw, int best,
                                   const GolfStart *start, int *status) {
    int ranks_ok = 1;
    for (int i = 0; i < TABLEAU; i++)
        if (tableau[i] < 1 || tableau[i] >= RANKS) ranks_ok = 0;
    for (int i = 0; i < stock_len && ranks_ok; i++)
        if (stock[i] < 1 || stock[i] >= RANKS) ranks_ok = 0;
    *status = GOLF_ERR_INPUT;
    if (stock_len < MIN_STOCK || stock_len > MAX_STOCK || waste < 0 || waste >= RANKS ||
        !ranks_ok || best < 0 || best > 2 || (start && best == GOLF_BEST_VALUE))
        return NULL;
    if (start) {
        for (int c = 0; c < COLUMNS; c++)
            if (start->heights[c] < 0 || start->heights[c] > HEIGHT) return NULL;
        if (start->drawn < 0 || start->drawn > stock_len || start->top < 0 ||
            start->top > TABLEAU + start->drawn)
            return NULL;
        if (start->top < TABLEAU && start->top % HEIGHT < start->heights[start->top / HEIGHT])
            return NULL; /* the waste's top card is still in its column */
    }
    *status = GOLF_ERR_MEMORY;
    GolfSearchState *g = calloc(1, sizeof(GolfSearchState));
    if (!g) return NULL;
    Search *s = &g->s;
    if (!set_init(&s->dead, 1 << 14)) { free(g); return NULL; }
    *status = GOLF_OK;
    g->best = best;
    s->stop_at = LLONG_MAX;
    s->stock = stock_len;
    memcpy(s->rank, tableau, TABLEAU);
    s->rank[TABLEAU] = (uint8_t)waste;
    memcpy(s->rank + TABLEAU + 1, stock, (size_t)s->stock);
    memcpy(s->fits, fits, RANKS * RANKS);
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
    g->sweeps = !strict_draw && !start && best != GOLF_NO_BEST;
    g->win_end = g->sweeps ? WIN_BUDGET : LLONG_MAX;
    s->note_unsearched = best == GOLF_BEST_VALUE && !g->sweeps;
    g->possible = possible;
    /* the root: the deal (every column full, nothing drawn, the waste card on top), or a
     * position of a game under way, with its counts as any line to it leaves them (set_up) */
    Unsearched *root = &g->root;
    root->drawn = (uint8_t)(start ? start->drawn : 0);
    root->top = (uint8_t)(start ? start->top : TABLEAU);
    int left = 0;
    for (int c = 0; c < COLUMNS; c++) {
        int h = start ? start->heights[c] : HEIGHT;
        root->hkey |= (uint32_t)h << (c * HEIGHT_BITS);
        left += h;
    }
    root->left = (uint8_t)left;
    set_up(s, root);
    /* no set short nor card stranded at the root, or it cannot be won (at the deal: possible) */
    int short_set = 0;
    for (int i = 0; i < SET_SLOTS; i++) if (s->slack[i] < 0) short_set = 1;
    g->stage = STAGE_WIN;
    if (!left) {
        g->won = 1; /* nothing left to remove: the line is empty */
        next_stage(g);
    } else if (!(possible && !short_set && must_stay(s) == 0)) {
        next_stage(g);
    }
    if (s->oom) { /* the sweep's labels */
        *status = GOLF_ERR_MEMORY;
        golf_search_free(g);
        return NULL;
    }
    return g;
}

int golf_search_step(GolfSearchState *g, long long budget) {
    Search *s = &g->s;
    if (g->status != GOLF_OK) return g->status;
    int limited = budget > 0 && budget < LLONG_MAX - s->expanded;
    long long end = limited ? s->expanded + budget : LLONG_MAX;
    while (g->stage != STAGE_DONE) {
        if (g->stage == STAGE_SWEEP) {
            if (!sweep_run(s, g->sweep, end)) return 0;
            next_stage(g);
            if (s->oom) return g->status = GOLF_ERR_MEMORY;
            continue;
        }
        /* the first search's budget ends it as a slice's end would */
        s->slice_end = g->stage == STAGE_WIN && g->win_end < end ? g->win_end : end;
        s->stop_at = s->resume_depth ? 0 : s->slice_end; /* 0: walk back first (limit) */
        const Unsearched *u = g->stage == STAGE_UNSEARCHED ? &s->unsearched[g->next] : &g->root;
        if (g->stage == STAGE_WIN)
            g->won = search(s, u->hkey, u->drawn, u->top, s->rank[u->top], u->left) > 0;
        else
            search_best(s, u->hkey, u->drawn, u->top, s->rank[u->top], u->left);
        if (s->oom) return g->status = GOLF_ERR_MEMORY;
        if (s->stopped) { /* the same call again, next slice, walks back to where it stopped */
            s->stopped = 0;
            if (g->stage != STAGE_WIN || s->expanded < g->win_end) return 0;
            start_sweep(g, 0); /* out of its budget: kept paused, the sweep decides */
            if (s->oom) return g->status = GOLF_ERR_MEMORY;
            continue;
        }
        next_stage(g);
        if (s->oom) return g->status = GOLF_ERR_MEMORY;
    }
    return 1;
}

long long golf_search_expanded(const GolfSearchState *g) { return g->s.expanded; }

int golf_search_finish(GolfSearchState *g, GolfSearchResult *out) {
    const Search *s = &g->s;
    if (g->status != GOLF_OK) return g->status;
    if (g->stage != STAGE_DONE) return GOLF_ERR_INPUT;
    memset(out, 0, sizeof *out);
    int won = g->won, n = g->best == GOLF_BEST_VALUE ? 0 : won ? s->depth
                                                     : g->best == GOLF_BEST_LINE ? s->best_depth : 0;
    const int *moves = won ? s->line : s->best_line;
    out->won = won;
    out->length = n;
    memcpy(out->line, moves, sizeof(int) * (size_t)n);
    out->expanded = s->expanded;
    out->best_removals = won ? TABLEAU : g->best ? s->best : -1;
    return GOLF_OK;
}

void golf_search_free(GolfSearchState *g) {
    if (!g) return;
    free(g->s.dead.slots);
    free(g->s.unsearched);
    sweep_free(g->sweep);
    free(g);
}

int golf_search(const uint8_t *tableau, int waste, const uint8_t *stock, int stock_len,
                const uint8_t *fits, int strict_draw, int best, const GolfStart *start,
                GolfSearchResult *out) {
    int status;
    GolfSearchState *g = golf_search_begin(tableau, waste, stock, stock_len, fits, strict_draw,
                                           best, start, &status);
    if (!g) {
        if (status == GOLF_ERR_MEMORY) memset(out, 0, sizeof *out);
        return status;
    }
    status = golf_search_step(g, 0);
    if (status >= 0) status = golf_search_finish(g, out);
    else memset(out, 0, sizeof *out);
    golf_search_free(g);
    return status;
}
