/* The 6-Card Golf engine's C core: a hole of 6-, 4- or 9-Card Golf (the deal, the turns, the
 * end, the scores), the strong player and the greedy player, for the page's WebAssembly module
 * (generator/sixcard/wasm.py compiles it; the page plays 6-Card Golf with it).
 *
 * The Python engine (generator/sixcard/) is the reference, and this file follows it function by
 * function; tests/wasm/test_sixcard_differential.py plays both side by side and holds them to
 * the same actions, cards and scores. Each rule value comes from the Python engine as a -D flag
 * of the compiler (generator/sixcard/cvalues.py); without them this file does not compile.
 *
 * The deal is Python's: random.Random(seed) (the Mersenne Twister, seeded as Python seeds it
 * from an int or a str, SHA-512 included), its shuffle and its sample, so a seed deals the
 * same cards here as in the Python engine.
 *
 * Cards are golfcore.h's bytes (one card type for both games): rank << 2 | suit (clubs,
 * diamonds, hearts, spades), a Joker 0, no card 0xff.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#if !defined(SIX_RULE_CARD_VALUES) || !defined(SIX_RULE_WILD_TWO_VALUE) ||                       \
    !defined(SIX_RULE_KNOCK_PENALTY) || !defined(SIX_RULE_TURN_LIMIT) ||                          \
    !defined(SIX_RULE_JOKERS_PER_DECK) || !defined(SIX_STRONG_TURN_UP_VALUE) ||                   \
    !defined(SIX_STRONG_PICTURE_VALUE) || !defined(SIX_GREEDY_LOW_CARD) ||                        \
    !defined(SIX_GREEDY_KNOCK_MARGIN)
#error "compile with the rule values of generator/sixcard/cvalues.py (-D flags)"
#endif

#define EXPORT(name) __attribute__((export_name(#name))) name

enum { MAX_PLAYERS = 7, MAX_SLOTS = 9, MAX_CARDS = 108, RANKS = 14, NO_CARD = 0xff, KING = 13 };

/* Option flags (generator/sixcard/wasm.py: option_bits). */
enum {
    OPT_JOKERS = 1,
    OPT_WILD_TWOS = 2,
    OPT_JOKER_PAIR_MINUS_FOUR = 4,
    OPT_KNOCK = 8,
    OPT_PEEK = 16,
    OPT_COLUMN_PAIRS = 32,
};
enum { ROW_NONE = 0, ROW_PAIRS = 1, ROW_WHOLE = 2 };
/* Actions: kind << 4 | slot. */
enum { DRAW_STOCK = 0, DRAW_DISCARD = 1, REPLACE = 2, DISCARD = 3, KNOCK_ACTION = 4 };
/* Why an action is refused: generator.sixcard.errors.Reason, in its order, from 1. */
enum {
    NOT_YOUR_TURN = 1,
    DRAW_FIRST,
    ALREADY_DRAWN,
    ANTI_STALL,
    NOT_FACE_DOWN,
    NO_SUCH_SLOT,
    NO_KNOCKING,
    ALREADY_ENDING,
    HOLE_OVER,
};
enum { ENDED_NONE = 0, ENDED_OUT = 1, ENDED_KNOCK = 2, ENDED_LIMIT = 3 };
/* How a player takes a tip (generator.sixcard.strong.Setting). */
enum { FOLLOWS = 0, REVERSED = 1, NEUTRAL = 2 };
/* The tips, in Habits' order: each takes 2 bits of a player's habits. */
enum { H_PAIRS = 0, H_KINGS, H_JOKERS, H_HIGH_FIRST, H_WATCH, H_END, TIPS };

static const int CARD_VALUE[RANKS] = SIX_RULE_CARD_VALUES;

static int rank_of(int card) { return card >> 2; }

/* -- Python's random.Random ------------------------------------------------------------------ */

typedef struct {
    uint32_t mt[624];
    int index;
} Random;

static void init_genrand(Random *r, uint32_t s) {
    r->mt[0] = s;
    for (int i = 1; i < 624; i++)
        r->mt[i] = 1812433253u * (r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) + (uint32_t)i;
    r->index = 624;
}

static void init_by_array(Random *r, const uint32_t *key, int length) {
    init_genrand(r, 19650218u);
    int i = 1, j = 0;
    for (int k = 624 > length ? 624 : length; k; k--) {
        r->mt[i] = (r->mt[i] ^ ((r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) * 1664525u)) + key[j] + (uint32_t)j;
        i++, j++;
        if (i >= 624) r->mt[0] = r->mt[623], i = 1;
        if (j >= length) j = 0;
    }
    for (int k = 623; k; k--) {
        r->mt[i] = (r->mt[i] ^ ((r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
        i++;
        if (i >= 624) r->mt[0] = r->mt[623], i = 1;
    }
    r->mt[0] = 0x80000000u;
    r->index = 624;
}

static uint32_t genrand(Random *r) {
    if (r->index >= 624) {
        for (int k = 0; k < 624; k++) {
            uint32_t y = (r->mt[k] & 0x80000000u) | (r->mt[(k + 1) % 624] & 0x7fffffffu);
            r->mt[k] = r->mt[(k + 397) % 624] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
        }
        r->index = 0;
    }
    uint32_t y = r->mt[r->index++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    return y ^ (y >> 18);
}

/* Random._randbelow (n >= 1, n < 2**32). */
static int randbelow(Random *r, uint32_t n) {
    int k = 0;
    while (k < 32 && (n >> k)) k++;
    uint32_t x;
    do x = genrand(r) >> (32 - k);
    while (x >= n);
    return (int)x;
}

static void shuffle(Random *r, uint8_t *cards, int n) {
    for (int i = n - 1; i > 0; i--) {
        int j = randbelow(r, (uint32_t)i + 1);
        uint8_t t = cards[i];
        cards[i] = cards[j], cards[j] = t;
    }
}

/* -- SHA-512, for Python's seeding from a str ---------------------------------------------- */

static const uint64_t SHA_K[80] = {
    0x428a2f98d728ae22ull, 0x7137449123ef65cdull, 0xb5c0fbcfec4d3b2full, 0xe9b5dba58189dbbcull,
    0x3956c25bf348b538ull, 0x59f111f1b605d019ull, 0x923f82a4af194f9bull, 0xab1c5ed5da6d8118ull,
    0xd807aa98a3030242ull, 0x12835b0145706fbeull, 0x243185be4ee4b28cull, 0x550c7dc3d5ffb4e2ull,
    0x72be5d74f27b896full, 0x80deb1fe3b1696b1ull, 0x9bdc06a725c71235ull, 0xc19bf174cf692694ull,
    0xe49b69c19ef14ad2ull, 0xefbe4786384f25e3ull, 0x0fc19dc68b8cd5b5ull, 0x240ca1cc77ac9c65ull,
    0x2de92c6f592b0275ull, 0x4a7484aa6ea6e483ull, 0x5cb0a9dcbd41fbd4ull, 0x76f988da831153b5ull,
    0x983e5152ee66dfabull, 0xa831c66d2db43210ull, 0xb00327c898fb213full, 0xbf597fc7beef0ee4ull,
    0xc6e00bf33da88fc2ull, 0xd5a79147930aa725ull, 0x06ca6351e003826full, 0x142929670a0e6e70ull,
    0x27b70a8546d22ffcull, 0x2e1b21385c26c926ull, 0x4d2c6dfc5ac42aedull, 0x53380d139d95b3dfull,
    0x650a73548baf63deull, 0x766a0abb3c77b2a8ull, 0x81c2c92e47edaee6ull, 0x92722c851482353bull,
    0xa2bfe8a14cf10364ull, 0xa81a664bbc423001ull, 0xc24b8b70d0f89791ull, 0xc76c51a30654be30ull,
    0xd192e819d6ef5218ull, 0xd69906245565a910ull, 0xf40e35855771202aull, 0x106aa07032bbd1b8ull,
    0x19a4c116b8d2d0c8ull, 0x1e376c085141ab53ull, 0x2748774cdf8eeb99ull, 0x34b0bcb5e19b48a8ull,
    0x391c0cb3c5c95a63ull, 0x4ed8aa4ae3418acbull, 0x5b9cca4f7763e373ull, 0x682e6ff3d6b2b8a3ull,
    0x748f82ee5defb2fcull, 0x78a5636f43172f60ull, 0x84c87814a1f0ab72ull, 0x8cc702081a6439ecull,
    0x90befffa23631e28ull, 0xa4506cebde82bde9ull, 0xbef9a3f7b2c67915ull, 0xc67178f2e372532bull,
    0xca273eceea26619cull, 0xd186b8c721c0c207ull, 0xeada7dd6cde0eb1eull, 0xf57d4f7fee6ed178ull,
    0x06f067aa72176fbaull, 0x0a637dc5a2c898a6ull, 0x113f9804bef90daeull, 0x1b710b35131c471bull,
    0x28db77f523047d84ull, 0x32caab7b40c72493ull, 0x3c9ebe0a15c9bebcull, 0x431d67c49c100d4cull,
    0x4cc5d4becb3e42b6ull, 0x597f299cfc657e2aull, 0x5fcb6fab3ad6faecull, 0x6c44198c4a475817ull,
};

static uint64_t rotr(uint64_t x, int n) { return (x >> n) | (x << (64 - n)); }

static void sha512_block(uint64_t *h, const uint8_t *block) {
    uint64_t w[80];
    for (int t = 0; t < 16; t++) {
        w[t] = 0;
        for (int b = 0; b < 8; b++) w[t] = w[t] << 8 | block[t * 8 + b];
    }
    for (int t = 16; t < 80; t++) {
        uint64_t s0 = rotr(w[t - 15], 1) ^ rotr(w[t - 15], 8) ^ (w[t - 15] >> 7);
        uint64_t s1 = rotr(w[t - 2], 19) ^ rotr(w[t - 2], 61) ^ (w[t - 2] >> 6);
        w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    uint64_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
    for (int t = 0; t < 80; t++) {
        uint64_t t1 = k + (rotr(e, 14) ^ rotr(e, 18) ^ rotr(e, 41)) + ((e & f) ^ (~e & g)) +
                      SHA_K[t] + w[t];
        uint64_t t2 = (rotr(a, 28) ^ rotr(a, 34) ^ rotr(a, 39)) + ((a & b) ^ (a & c) ^ (b & c));
        k = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += k;
}

static void sha512(const uint8_t *data, int n, uint8_t *digest) {
    uint64_t h[8] = {0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull,
                     0xa54ff53a5f1d36f1ull, 0x510e527fade682d1ull, 0x9b05688c2b3e6c1full,
                     0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull};
    uint8_t block[128];
    int done = 0;
    for (; n - done >= 128; done += 128) sha512_block(h, data + done);
    int rest = n - done;
    memset(block, 0, sizeof block);
    memcpy(block, data + done, (size_t)rest);
    block[rest] = 0x80;
    if (rest >= 112) {
        sha512_block(h, block);
        memset(block, 0, sizeof block);
    }
    uint64_t bits = (uint64_t)n * 8;
    for (int b = 0; b < 8; b++) block[127 - b] = (uint8_t)(bits >> (8 * b));
    sha512_block(h, block);
    for (int i = 0; i < 8; i++)
        for (int b = 0; b < 8; b++) digest[i * 8 + b] = (uint8_t)(h[i] >> (56 - 8 * b));
}

enum { MAX_SEED_TEXT = 200, MAX_KEY = (MAX_SEED_TEXT + 64) / 4 + 1 };

/* random.Random(text): the int of the text's bytes followed by their SHA-512, as key words. */
static int key_of_text(const uint8_t *text, int n, uint32_t *key) {
    uint8_t bytes[MAX_SEED_TEXT + 64];
    memcpy(bytes, text, (size_t)n);
    sha512(text, n, bytes + n);
    int total = n + 64, words = 0;
    int start = 0;
    while (start < total && bytes[start] == 0) start++;
    for (int end = total; end > start; end -= 4) {
        uint32_t word = 0;
        for (int b = end - 4 < start ? start : end - 4; b < end; b++) word = word << 8 | bytes[b];
        key[words++] = word;
    }
    if (words == 0) key[words++] = 0;
    return words;
}

/* -- A hole ---------------------------------------------------------------------------------- */

typedef struct {
    int players, rows, columns, size, decks, start, flags, row_rule, dealer;
    int ndeck;
    uint8_t deck[MAX_CARDS];
    uint8_t grid[MAX_PLAYERS][MAX_SLOTS];
    uint8_t up[MAX_PLAYERS][MAX_SLOTS];
    uint8_t known[MAX_PLAYERS][MAX_SLOTS];
    uint8_t discard[MAX_CARDS];
    int ndiscard;
    uint8_t stock[MAX_CARDS]; /* top card last */
    int nstock;
    int hand, from_discard, current, ender, ended_by, over, rebuilds;
    int turns[MAX_PLAYERS];
    int last[MAX_PLAYERS];
    int nlast;
    Random rng;
} Hole;

static Hole H;

static int ending(const Hole *h) { return h->ender >= 0; }

static int value_of(int card, int flags) {
    int rank = rank_of(card);
    if ((flags & OPT_WILD_TWOS) && rank == 2) return SIX_RULE_WILD_TWO_VALUE;
    return CARD_VALUE[rank];
}

static int rank_value(int rank, int flags) { return value_of(rank << 2, flags); }

static int cancels(int rank, int flags) {
    return !(rank == 0 && (flags & OPT_JOKER_PAIR_MINUS_FOUR));
}

/* scoring.score_grid: the grid's score; each column's into columns and which slots cancel into
 * gone (each when not NULL). */
static int score_grid(const uint8_t *cards, int rows, int cols, int flags, int row_rule,
                      int *columns, uint8_t *cancelled) {
    uint8_t gone[MAX_SLOTS] = {0};
    int alike = (flags & OPT_COLUMN_PAIRS) ? 2 : rows;
    for (int c = 0; c < cols; c++)
        for (int r = 0; r < rows; r++) {
            int rank = rank_of(cards[r * cols + c]), count = 0;
            for (int q = 0; q < rows; q++) count += rank_of(cards[q * cols + c]) == rank;
            if (count >= alike && cancels(rank, flags)) gone[r * cols + c] = 1;
        }
    if (row_rule != ROW_NONE) {
        int row_alike = row_rule == ROW_WHOLE ? cols : 2;
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++) {
                int rank = rank_of(cards[r * cols + c]), count = 0;
                for (int q = 0; q < cols; q++) count += rank_of(cards[r * cols + q]) == rank;
                if (count >= row_alike && cancels(rank, flags)) gone[r * cols + c] = 1;
            }
    }
    int total = 0;
    for (int c = 0; c < cols; c++) {
        int sum = 0;
        for (int r = 0; r < rows; r++)
            if (!gone[r * cols + c]) sum += value_of(cards[r * cols + c], flags);
        if (columns) columns[c] = sum;
        total += sum;
    }
    if (cancelled) memcpy(cancelled, gone, sizeof gone);
    return total;
}

static void new_hole(Hole *h, int players, int dealer, int rows, int cols, int decks, int start,
                     int flags, int row_rule, const uint32_t *key, int nkey) {
    memset(h, 0, sizeof *h);
    h->players = players, h->dealer = dealer, h->rows = rows, h->columns = cols;
    h->size = rows * cols, h->decks = decks, h->start = start, h->flags = flags;
    h->row_rule = row_rule;
    init_by_array(&h->rng, key, nkey);
    for (int d = 0; d < decks; d++) {
        for (int suit = 0; suit < 4; suit++)
            for (int rank = 1; rank <= KING; rank++) h->deck[h->ndeck++] = (uint8_t)(rank << 2 | suit);
        if (flags & OPT_JOKERS)
            for (int j = 0; j < SIX_RULE_JOKERS_PER_DECK; j++) h->deck[h->ndeck++] = 0;
    }
    shuffle(&h->rng, h->deck, h->ndeck);
    int dealt = players * h->size;
    for (int i = 0; i < dealt; i++)
        h->grid[(dealer + 1 + i) % players][i / players] = h->deck[i];
    h->discard[h->ndiscard++] = h->deck[dealt];
    for (int i = h->ndeck - 1; i > dealt; i--) h->stock[h->nstock++] = h->deck[i];
    for (int seat = 0; seat < players; seat++) {
        /* Random.sample(range(size), start): the pool method (size <= 21) */
        int pool[MAX_SLOTS];
        for (int i = 0; i < h->size; i++) pool[i] = i;
        for (int i = 0; i < start; i++) {
            int j = randbelow(&h->rng, (uint32_t)(h->size - i));
            int slot = pool[j];
            pool[j] = pool[h->size - i - 1];
            if (flags & OPT_PEEK)
                h->known[seat][slot] = 1;
            else
                h->up[seat][slot] = 1;
        }
    }
    h->current = (dealer + 1) % players;
    h->hand = NO_CARD;
    h->ender = -1;
}

static int refusal(const Hole *h, int player, int action) {
    int kind = action >> 4, slot = action & 15;
    if (h->over) return HOLE_OVER;
    if (player != h->current) return NOT_YOUR_TURN;
    if (kind == DRAW_STOCK || kind == DRAW_DISCARD || kind == KNOCK_ACTION) {
        if (h->hand != NO_CARD) return ALREADY_DRAWN;
        if (kind == KNOCK_ACTION) {
            if (!(h->flags & OPT_KNOCK)) return NO_KNOCKING;
            if (ending(h)) return ALREADY_ENDING;
        }
        /* the set-up keeps a discard in sight whenever a player is to draw */
        return 0;
    }
    if (h->hand == NO_CARD) return DRAW_FIRST;
    if (kind > KNOCK_ACTION || slot >= h->size) return NO_SUCH_SLOT;
    if (kind == DISCARD) {
        if (h->from_discard) return ANTI_STALL;
        if (h->up[h->current][slot]) return NOT_FACE_DOWN;
    }
    return 0;
}

static int legal_actions(const Hole *h, uint8_t *out) {
    int n = 0;
    if (h->over) return 0;
    if (h->hand == NO_CARD) {
        out[n++] = DRAW_STOCK << 4, out[n++] = DRAW_DISCARD << 4;
        if ((h->flags & OPT_KNOCK) && !ending(h)) out[n++] = KNOCK_ACTION << 4;
        return n;
    }
    for (int s = 0; s < h->size; s++) out[n++] = (uint8_t)(REPLACE << 4 | s);
    if (!h->from_discard)
        for (int s = 0; s < h->size; s++)
            if (!h->up[h->current][s]) out[n++] = (uint8_t)(DISCARD << 4 | s);
    return n;
}

static void start_ending(Hole *h, int seat, int how) {
    h->ender = seat, h->ended_by = how, h->nlast = 0;
    for (int k = 1; k < h->players; k++) h->last[h->nlast++] = (seat + k) % h->players;
}

static void finish(Hole *h) {
    for (int s = 0; s < h->players; s++)
        for (int i = 0; i < h->size; i++) h->up[s][i] = 1;
    h->over = 1;
}

static void end_turn(Hole *h) {
    int seat = h->current;
    h->turns[seat]++;
    if (h->nlast && h->last[0] == seat && h->ender != seat) {
        memmove(h->last, h->last + 1, sizeof(int) * (size_t)(--h->nlast));
        if (!h->nlast) {
            finish(h);
            return;
        }
    }
    if (!ending(h)) {
        int fewest = h->turns[0];
        for (int s = 1; s < h->players; s++)
            if (h->turns[s] < fewest) fewest = h->turns[s];
        if (fewest >= SIX_RULE_TURN_LIMIT) {
            h->ended_by = ENDED_LIMIT;
            finish(h);
            return;
        }
    }
    if (!h->nstock) {
        uint8_t top = h->discard[--h->ndiscard];
        memcpy(h->stock, h->discard, (size_t)h->ndiscard);
        h->nstock = h->ndiscard;
        h->discard[0] = top, h->ndiscard = 1;
        shuffle(&h->rng, h->stock, h->nstock);
        h->rebuilds++;
    }
    h->current = (seat + 1) % h->players;
}

static int play(Hole *h, int player, int action) {
    int reason = refusal(h, player, action);
    if (reason) return reason;
    int kind = action >> 4, slot = action & 15, seat = h->current;
    if (kind == DRAW_STOCK) {
        h->hand = h->stock[--h->nstock], h->from_discard = 0;
        return 0;
    }
    if (kind == DRAW_DISCARD) {
        h->hand = h->discard[--h->ndiscard], h->from_discard = 1;
        return 0;
    }
    if (kind == KNOCK_ACTION) {
        start_ending(h, seat, ENDED_KNOCK);
        end_turn(h);
        return 0;
    }
    if (kind == REPLACE) {
        h->discard[h->ndiscard++] = h->grid[seat][slot];
        h->grid[seat][slot] = (uint8_t)h->hand;
    } else {
        h->discard[h->ndiscard++] = (uint8_t)h->hand;
    }
    h->up[seat][slot] = 1, h->known[seat][slot] = 0, h->hand = NO_CARD;
    int all_up = 1;
    for (int i = 0; i < h->size; i++) all_up &= h->up[seat][i];
    if (!ending(h) && all_up) start_ending(h, seat, ENDED_OUT);
    end_turn(h);
    return 0;
}

/* Each seat's hole score (Hole.scores): the grid score plus any knock penalty. */
static void scores(const Hole *h, int *out, int *columns, uint8_t *cancelled) {
    for (int s = 0; s < h->players; s++)
        out[s] = score_grid(h->grid[s], h->rows, h->columns, h->flags, h->row_rule,
                            columns ? columns + s * MAX_SLOTS : 0,
                            cancelled ? cancelled + s * MAX_SLOTS : 0);
    if ((h->flags & OPT_KNOCK) && h->ender >= 0) {
        int lowest = 1;
        for (int s = 0; s < h->players; s++)
            if (s != h->ender && out[s] <= out[h->ender]) lowest = 0;
        if (!lowest) out[h->ender] += SIX_RULE_KNOCK_PENALTY;
    }
}

/* -- The strong player (generator/sixcard/strong.py) ---------------------------------------- */

typedef struct {
    int habit[TIPS];
    int flags, rows, columns, players, seat, knock;
    int nodds;
    int odds_rank[RANKS];
    double odds[RANKS];
    double mean, variance;
} Reckoning;

/* Column values by (known ranks, unknown): a cache stamped per reckoning. */
enum { KEYS = 15 * 15 * 15 * 4 };
static double column_cache[KEYS];
static uint32_t column_stamp[KEYS];
static uint32_t stamp;

static double reckon_value(const Reckoning *k, int rank) {
    if (rank == KING && k->habit[H_KINGS] == REVERSED) return SIX_STRONG_PICTURE_VALUE;
    return rank_value(rank, k->flags);
}

/* _column_points: a column's points by the rules' scoring, without the row rule. */
static int column_points(const Reckoning *k, const int *ranks, int n) {
    int alike = (k->flags & OPT_COLUMN_PAIRS) ? 2 : k->rows, sum = 0;
    for (int i = 0; i < n; i++) {
        int count = 0;
        for (int j = 0; j < n; j++) count += ranks[j] == ranks[i];
        if (!(count >= alike && cancels(ranks[i], k->flags))) sum += rank_value(ranks[i], k->flags);
    }
    return sum;
}

static double points(const Reckoning *k, const int *ranks, int n) {
    if (k->habit[H_PAIRS] == REVERSED) {
        double sum = 0;
        for (int i = 0; i < n; i++) sum += reckon_value(k, ranks[i]);
        return sum;
    }
    double value = column_points(k, ranks, n);
    if (k->habit[H_KINGS] == REVERSED) {
        int kings = 0;
        for (int i = 0; i < n; i++) kings += ranks[i] == KING;
        value += SIX_STRONG_PICTURE_VALUE * (kings == 1);
    }
    return value;
}

static void sort_ranks(int *ranks, int n) {
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && ranks[j - 1] > ranks[j]; j--) {
            int t = ranks[j];
            ranks[j] = ranks[j - 1], ranks[j - 1] = t;
        }
}

/* Reckoning.column: the expected points of a column of known ranks (sorted) and unknown cards. */
static double column(const Reckoning *k, const int *known, int nknown, int unknown) {
    int key = unknown;
    for (int i = 0; i < nknown; i++) key = key * 15 + known[i] + 1;
    for (int i = nknown; i < 3; i++) key = key * 15;
    if (column_stamp[key] == stamp) return column_cache[key];
    double value;
    if (unknown == 0) {
        value = points(k, known, nknown);
    } else if (k->habit[H_PAIRS] == NEUTRAL) {
        int sum = 0;
        for (int i = 0; i < nknown; i++) sum += (int)reckon_value(k, known[i]);
        value = sum + unknown * k->mean;
    } else {
        value = 0.0;
        int pick[3] = {0, 0, 0};
        for (;;) {
            double p = 1.0;
            int ranks[MAX_SLOTS];
            for (int i = 0; i < nknown; i++) ranks[i] = known[i];
            for (int u = 0; u < unknown; u++) {
                p *= k->odds[pick[u]];
                ranks[nknown + u] = k->odds_rank[pick[u]];
            }
            sort_ranks(ranks, nknown + unknown);
            value += p * points(k, ranks, nknown + unknown);
            int u = unknown - 1; /* itertools.product: the last position turns fastest */
            while (u >= 0 && ++pick[u] == k->nodds) pick[u--] = 0;
            if (u < 0) break;
        }
    }
    column_stamp[key] = stamp, column_cache[key] = value;
    return value;
}

typedef struct {
    int ranks[MAX_SLOTS]; /* -1: unknown */
    int unknown;
    int have[4];
    double values[4];
} Grid;

static void make_grid(Grid *g, const Hole *h, int seat, int viewer) {
    g->unknown = 0;
    for (int i = 0; i < h->size; i++) {
        int seen = h->up[seat][i] || (seat == viewer && h->known[seat][i]);
        g->ranks[i] = seen ? rank_of(h->grid[seat][i]) : -1;
        g->unknown += !seen;
    }
    memset(g->have, 0, sizeof g->have);
}

static double column_value(const Reckoning *k, Grid *g, int c) {
    if (g->have[c]) return g->values[c];
    int known[3], n = 0, unknown = 0;
    for (int r = 0; r < k->rows; r++) {
        int rank = g->ranks[r * k->columns + c];
        if (rank < 0)
            unknown++;
        else
            known[n++] = rank;
    }
    sort_ranks(known, n);
    g->have[c] = 1;
    return g->values[c] = column(k, known, n, unknown);
}

static double grid_value(const Reckoning *k, Grid *g) {
    double total = 0.0;
    for (int c = 0; c < k->columns; c++) total += column_value(k, g, c);
    return total;
}

/* Grid.change: how the grid's expected value changes when a card of rank goes to slot. */
static double change(const Reckoning *k, Grid *g, int slot, int rank) {
    int c = slot % k->columns, known[3], n = 0, unknown = 0;
    for (int r = 0; r < k->rows; r++) {
        int at = r * k->columns + c;
        if (at == slot) continue;
        if (g->ranks[at] < 0)
            unknown++;
        else
            known[n++] = g->ranks[at];
    }
    known[n++] = rank;
    sort_ranks(known, n);
    return column(k, known, n, unknown) - column_value(k, g, c);
}

typedef struct {
    double change;
    int action; /* kind << 4 | slot */
    int left;   /* the rank left on the discard pile; -1: a card nobody has seen */
} Choice;

typedef struct {
    const Hole *h;
    Reckoning k;
    Grid grids[MAX_PLAYERS];
    double giving[RANKS];
    int have_giving[RANKS];
    double next_stock;
    int have_next_stock;
    double after_mean[16][MAX_PLAYERS], after_spread[16][MAX_PLAYERS];
    int have_after[16];
} Decision;

static double last_turn_best(Decision *d, Grid *g, int rank, int may_discard) {
    int size = d->h->size;
    double best = 0;
    for (int s = 0; s < size; s++) {
        double c = change(&d->k, g, s, rank);
        if (s == 0 || c < best) best = c;
    }
    if (may_discard && 0.0 < best) best = 0.0;
    return best;
}

/* _last_turn_gain: an opponent's expected change from one turn (top: -1, none). */
static double last_turn_gain(Decision *d, Grid *g, int top) {
    double stock = 0.0;
    for (int i = 0; i < d->k.nodds; i++)
        stock += d->k.odds[i] * last_turn_best(d, g, d->k.odds_rank[i], 1);
    if (top < 0) return stock;
    double take = last_turn_best(d, g, top, 0);
    return take < stock ? take : stock;
}

/* _giving: what leaving a card of rank left on the discard pile is worth to the opponents. */
static double giving(Decision *d, int left) {
    if (left < 0) return 0.0;
    if (d->have_giving[left]) return d->giving[left];
    int players = d->h->players;
    Grid *next = &d->grids[(d->k.seat + 1) % players];
    if (!d->have_next_stock) d->next_stock = last_turn_gain(d, next, -1), d->have_next_stock = 1;
    double taking = 0;
    for (int s = 0; s < d->h->size; s++) {
        double c = change(&d->k, next, s, left);
        if (s == 0 || c < taking) taking = c;
    }
    double gain = d->next_stock - taking;
    double value = (0.0 < gain ? gain : 0.0) / (players - 1);
    d->have_giving[left] = 1;
    return d->giving[left] = value;
}

static double normal_above(double mean, double spread, double score) {
    return 0.5 * erfc((score + 0.5 - mean) / (spread * sqrt(2.0)));
}

/* _hard_to_beat (left_on_top: -1 none). */
static int hard_to_beat(Decision *d, double final, int left_on_top) {
    int look_ahead = d->k.habit[H_END] != NEUTRAL;
    int key = look_ahead ? (left_on_top < 0 ? 14 : left_on_top) : 15;
    int n = 0;
    if (!d->have_after[key]) {
        for (int s = 0; s < d->h->players; s++) {
            if (s == d->k.seat) continue;
            Grid *g = &d->grids[s];
            double now = grid_value(&d->k, g);
            double gain = look_ahead ? last_turn_gain(d, g, left_on_top) : 0.0;
            d->after_mean[key][n] = now + gain;
            d->after_spread[key][n] = sqrt(g->unknown * d->k.variance + 1.0);
            n++;
        }
        d->have_after[key] = 1;
    }
    n = d->h->players - 1;
    double expected = final;
    if (d->k.knock) {
        double lowest = 1.0;
        for (int i = 0; i < n; i++)
            lowest *= normal_above(d->after_mean[key][i], d->after_spread[key][i], final);
        expected += SIX_RULE_KNOCK_PENALTY * (1.0 - lowest);
    }
    for (int i = 0; i < n; i++)
        if (!(expected < d->after_mean[key][i])) return 0;
    return 1;
}

static int first_min(const Choice *c, int n) {
    int best = 0;
    for (int i = 1; i < n; i++)
        if (c[i].change < c[best].change) best = i;
    return best;
}

/* _placing: the best thing to do with a card of rank in hand. */
static Choice placing(Decision *d, int rank, int from_discard) {
    const Hole *h = d->h;
    int seat = d->k.seat, cols = h->columns;
    const uint8_t *up = h->up[seat];
    Grid *mine = &d->grids[seat];
    int down[MAX_SLOTS], ndown = 0;
    for (int i = 0; i < h->size; i++)
        if (!up[i]) down[ndown++] = i;
    int last = ndown == 1 && !ending(h);
    Choice choices[MAX_SLOTS + 2], ends[MAX_SLOTS + 2];
    int nc = 0, ne = 0;
    for (int slot = 0; slot < h->size; slot++) {
        int left = mine->ranks[slot];
        Choice c = {change(&d->k, mine, slot, rank) + giving(d, left), REPLACE << 4 | slot, left};
        if (last && !up[slot])
            ends[ne++] = c;
        else
            choices[nc++] = c;
    }
    if (!from_discard && ndown) {
        int slot = down[0];
        if (d->k.habit[H_PAIRS] != NEUTRAL) {
            int best_partner = -1;
            for (int j = 0; j < ndown; j++) {
                int i = down[j], partner = 0;
                for (int r = 0; r < h->rows; r++) partner |= up[r * cols + i % cols];
                if (partner > best_partner) best_partner = partner, slot = i;
            }
        }
        Choice c = {SIX_STRONG_TURN_UP_VALUE + giving(d, rank), DISCARD << 4 | slot, rank};
        if (last)
            ends[ne++] = c;
        else
            choices[nc++] = c;
    }
    if (ne) {
        Choice best_end = ends[first_min(ends, ne)];
        double mine_change = (best_end.action >> 4) == DISCARD
                                 ? 0.0
                                 : change(&d->k, mine, best_end.action & 15, rank);
        double final = grid_value(&d->k, mine) + mine_change;
        if (d->k.habit[H_END] == REVERSED) return best_end;
        if (hard_to_beat(d, final, best_end.left)) choices[nc++] = best_end;
    }
    if (!nc) {
        memcpy(choices, ends, sizeof(Choice) * (size_t)ne);
        nc = ne;
    }
    Choice best = choices[first_min(choices, nc)];
    int high = d->k.habit[H_HIGH_FIRST];
    if (high == FOLLOWS) return best;
    if (high == NEUTRAL) {
        if ((best.action >> 4) != REPLACE) return best;
        int first = -1;
        for (int i = 0; i < nc; i++)
            if ((choices[i].action >> 4) == REPLACE && choices[i].change < 0 &&
                (first < 0 || (choices[i].action & 15) < (choices[first].action & 15)))
                first = i;
        return first >= 0 ? choices[first] : best;
    }
    int most = -1;
    for (int i = 0; i < nc; i++)
        if (choices[i].change < 0 && (most < 0 || choices[i].change > choices[most].change))
            most = i;
    return most >= 0 ? choices[most] : best;
}

static int strong_choose(const Hole *h, const int *habit) {
    static Decision d;
    memset(&d, 0, sizeof d);
    d.h = h;
    Reckoning *k = &d.k;
    memcpy(k->habit, habit, sizeof k->habit);
    k->flags = h->flags, k->rows = h->rows, k->columns = h->columns, k->players = h->players;
    k->seat = h->current, k->knock = (h->flags & OPT_KNOCK) != 0;
    /* unseen_cards */
    int unseen[RANKS] = {0}, any = 0;
    for (int i = 0; i < h->ndeck; i++) unseen[rank_of(h->deck[i])]++;
    int watch = habit[H_WATCH];
    for (int s = 0; s < h->players; s++) {
        if (watch == REVERSED && s != k->seat) continue;
        for (int i = 0; i < h->size; i++)
            if (h->up[s][i] || (s == k->seat && h->known[s][i])) unseen[rank_of(h->grid[s][i])]--;
    }
    if (watch == FOLLOWS)
        for (int i = 0; i < h->ndiscard; i++) unseen[rank_of(h->discard[i])]--;
    else if (watch == NEUTRAL && h->ndiscard)
        unseen[rank_of(h->discard[h->ndiscard - 1])]--;
    if (h->hand != NO_CARD) unseen[rank_of(h->hand)]--;
    for (int r = 0; r < RANKS; r++) any |= unseen[r] > 0;
    if (!any) {
        memset(unseen, 0, sizeof unseen);
        for (int i = 0; i < h->ndeck; i++) unseen[rank_of(h->deck[i])]++;
    }
    int total = 0;
    for (int r = 0; r < RANKS; r++)
        if (unseen[r] > 0) total += unseen[r];
    for (int r = 0; r < RANKS; r++)
        if (unseen[r] > 0) {
            k->odds_rank[k->nodds] = r;
            k->odds[k->nodds++] = (double)unseen[r] / total;
        }
    k->mean = 0.0;
    for (int i = 0; i < k->nodds; i++) k->mean += reckon_value(k, k->odds_rank[i]) * k->odds[i];
    k->variance = 0.0;
    for (int i = 0; i < k->nodds; i++) {
        double x = reckon_value(k, k->odds_rank[i]) - k->mean;
        k->variance += x * x * k->odds[i];
    }
    stamp++;
    for (int s = 0; s < h->players; s++) make_grid(&d.grids[s], h, s, k->seat);
    int seat = k->seat;
    if (h->hand != NO_CARD) return placing(&d, rank_of(h->hand), h->from_discard).action;
    int top = h->ndiscard ? h->discard[h->ndiscard - 1] : -1;
    int top_rank = top < 0 ? -1 : rank_of(top);
    if (k->knock && !ending(h) && hard_to_beat(&d, grid_value(k, &d.grids[seat]), top_rank))
        return KNOCK_ACTION << 4;
    int take = 0;
    Choice taken = {0, 0, 0};
    if (top >= 0 && !(top_rank == 0 && habit[H_JOKERS] == REVERSED))
        take = 1, taken = placing(&d, top_rank, 1);
    double stock = 0.0;
    for (int i = 0; i < k->nodds; i++) stock += k->odds[i] * placing(&d, k->odds_rank[i], 0).change;
    int always = habit[H_JOKERS] == FOLLOWS && top_rank == 0;
    if (take && (taken.change < stock || always)) return DRAW_DISCARD << 4;
    return DRAW_STOCK << 4;
}

/* -- The greedy player (generator/sixcard/players.py) ---------------------------------------- */

static double estimate(const int *cells, const Hole *h, double unseen) {
    double total = 0.0;
    int rows = h->rows, cols = h->columns;
    int alike = (h->flags & OPT_COLUMN_PAIRS) ? 2 : rows;
    for (int c = 0; c < cols; c++) {
        int n = 0;
        for (int r = 0; r < rows; r++) {
            int card = cells[r * cols + c];
            if (card < 0) continue;
            n++;
            int count = 0;
            for (int q = 0; q < rows; q++) {
                int other = cells[q * cols + c];
                count += other >= 0 && rank_of(other) == rank_of(card);
            }
            int paired = count >= alike && cancels(rank_of(card), h->flags);
            total += paired ? 0 : value_of(card, h->flags);
        }
        total += unseen * (rows - n);
    }
    return total;
}

static double others_best(const Hole *h, double unseen) {
    double best = 0;
    int first = 1;
    for (int s = 0; s < h->players; s++) {
        if (s == h->current) continue;
        int cells[MAX_SLOTS];
        for (int i = 0; i < h->size; i++) cells[i] = h->up[s][i] ? h->grid[s][i] : -1;
        double e = estimate(cells, h, unseen);
        if (first || e < best) best = e, first = 0;
    }
    return best;
}

static int best_place(const Hole *h, const int *own, int card, double now, double unseen,
                      int any_slot, double *gain) {
    const uint8_t *up = h->up[h->current];
    int ndown = 0;
    for (int i = 0; i < h->size; i++) ndown += !up[i];
    int last_down = ndown == 1 && !ending(h), slot = -1;
    double best = -INFINITY;
    for (int i = 0; i < h->size; i++) {
        int trial[MAX_SLOTS];
        memcpy(trial, own, sizeof trial);
        trial[i] = card;
        double score = estimate(trial, h, unseen);
        if (last_down && !up[i] && (any_slot || !(score < others_best(h, unseen)))) continue;
        if (now - score > best) best = now - score, slot = i;
    }
    *gain = best;
    return slot;
}

static int greedy_choose(const Hole *h) {
    int seat = h->current, cols = h->columns, own[MAX_SLOTS], deck_sum = 0;
    for (int i = 0; i < h->ndeck; i++) deck_sum += value_of(h->deck[i], h->flags);
    double unseen = (double)deck_sum / h->ndeck;
    for (int i = 0; i < h->size; i++)
        own[i] = h->up[seat][i] || h->known[seat][i] ? h->grid[seat][i] : -1;
    double now = estimate(own, h, unseen), gain;
    if (h->hand == NO_CARD) {
        int unknown = 0;
        for (int i = 0; i < h->size; i++) unknown += own[i] < 0;
        if ((h->flags & OPT_KNOCK) && !ending(h) && unknown <= 1 &&
            now + SIX_GREEDY_KNOCK_MARGIN <= others_best(h, unseen))
            return KNOCK_ACTION << 4;
        if (h->ndiscard) {
            int top = h->discard[h->ndiscard - 1];
            best_place(h, own, top, now, unseen, 0, &gain);
            int in_grid = 0;
            for (int i = 0; i < h->size; i++) in_grid |= own[i] >= 0 && rank_of(own[i]) == rank_of(top);
            if (gain > 0 && (value_of(top, h->flags) <= SIX_GREEDY_LOW_CARD || in_grid))
                return DRAW_DISCARD << 4;
        }
        return DRAW_STOCK << 4;
    }
    int slot = best_place(h, own, h->hand, now, unseen, 0, &gain);
    if (slot >= 0 && (gain > 0 || h->from_discard)) return REPLACE << 4 | slot;
    if (!h->from_discard) {
        int down[MAX_SLOTS], ndown = 0;
        for (int i = 0; i < h->size; i++)
            if (!h->up[seat][i]) down[ndown++] = i;
        int ends = ndown == 1 && !ending(h);
        if (!ends || now < others_best(h, unseen)) {
            int choice = down[0], best_partner = -1;
            for (int j = 0; j < ndown; j++) {
                int i = down[j], partner = 0;
                for (int r = 0; r < h->rows; r++) partner |= h->up[seat][r * cols + i % cols];
                if (partner > best_partner) best_partner = partner, choice = i;
            }
            return DISCARD << 4 | choice;
        }
    }
    slot = best_place(h, own, h->hand, now, unseen, 1, &gain);
    return REPLACE << 4 | slot;
}

/* -- The module's exports ------------------------------------------------------------------- */

enum { PLAYER_STRONG = 0, PLAYER_GREEDY = 1 };

static uint8_t io[1024];

uint8_t *EXPORT(six_io)(void) { return io; }

static int habits_of(uint32_t bits, int *habit) {
    for (int t = 0; t < TIPS; t++) {
        habit[t] = (int)(bits >> (2 * t) & 3);
        if (habit[t] > NEUTRAL) return 0;
    }
    return 1;
}

static int check_shape(int players, int dealer, int rows, int cols, int decks, int start,
                       int row_rule) {
    if (rows < 2 || rows > 3 || cols < 2 || cols > 3 || players < 2 || players > MAX_PLAYERS)
        return 0;
    if (dealer < 0 || dealer >= players || decks < 1 || decks > 2 || start < 0 ||
        start >= rows * cols || row_rule < ROW_NONE || row_rule > ROW_WHOLE)
        return 0;
    int cards = decks * (52 + 2);
    return players * rows * cols + 2 <= cards;
}

/* A new hole from a seed given as key words (io: nkey little-endian uint32, Python's int). */
int EXPORT(six_new)(int players, int dealer, int rows, int cols, int decks, int start, int flags,
                    int row_rule, int nkey) {
    if (!check_shape(players, dealer, rows, cols, decks, start, row_rule) || nkey < 1 ||
        nkey > 256)
        return 0;
    uint32_t key[256];
    memcpy(key, io, sizeof(uint32_t) * (size_t)nkey);
    new_hole(&H, players, dealer, rows, cols, decks, start, flags, row_rule, key, nkey);
    return players * rows * cols + 2 <= H.ndeck;
}

/* A new hole from a seed given as text (io: its UTF-8 bytes, as Python seeds from a str). */
int EXPORT(six_new_text)(int players, int dealer, int rows, int cols, int decks, int start,
                         int flags, int row_rule, int length) {
    if (!check_shape(players, dealer, rows, cols, decks, start, row_rule) || length < 0 ||
        length > MAX_SEED_TEXT)
        return 0;
    uint32_t key[MAX_KEY];
    uint8_t text[MAX_SEED_TEXT];
    memcpy(text, io, (size_t)length);
    int nkey = key_of_text(text, length, key);
    new_hole(&H, players, dealer, rows, cols, decks, start, flags, row_rule, key, nkey);
    return players * rows * cols + 2 <= H.ndeck;
}

int EXPORT(six_legal)(void) { return legal_actions(&H, io); }

int EXPORT(six_refusal)(int player, int action) { return refusal(&H, player, action); }

int EXPORT(six_play)(int player, int action) { return play(&H, player, action); }

/* The action of the seat to move: the strong player with the given habits, or the greedy. */
int EXPORT(six_choose)(int player, uint32_t habits) {
    int habit[TIPS];
    if (H.over || !habits_of(habits, habit)) return -1;
    return player == PLAYER_GREEDY ? greedy_choose(&H) : strong_choose(&H, habit);
}

/* The strong player's action for the seat to move, and the first tip (in the order of the
 * tips' list given in io, one byte each: a tip's index and the setting of its player without
 * it) whose player would act otherwise: action | (1 + list position) << 8, or the action alone. */
int EXPORT(six_hint)(int ntips) {
    int follows[TIPS] = {0}, habit[TIPS];
    if (H.over || ntips < 0 || ntips > TIPS) return -1;
    uint8_t list[TIPS];
    memcpy(list, io, (size_t)ntips);
    int action = strong_choose(&H, follows);
    for (int i = 0; i < ntips; i++) {
        int tip = list[i] & 15, setting = list[i] >> 4;
        if (tip >= TIPS || setting == FOLLOWS || setting > NEUTRAL) return -1;
        memcpy(habit, follows, sizeof habit);
        habit[tip] = setting;
        if (strong_choose(&H, habit) != action) return action | (i + 1) << 8;
    }
    return action;
}

/* The position as the page draws it, into io (see generator/sixcard/wasm.py: State):
 * players, rows, columns, current, hand, from_discard, over, ender (0xff none), ended_by,
 * stock count, discard count, top discard, rebuilds, then per seat its cards and a byte each
 * (1 face up, 2 known, 4 cancelled by the scoring rules), then per seat the score (int16) and
 * each column's (int16), as if every card were turned up, and the turns taken. Returns the
 * length. The page shows a column's score and its cancelled cards only when the whole column is
 * face up (without the row rule, which the page does not offer, a column scores by its own
 * cards alone). */
int EXPORT(six_state)(void) {
    int n = 0, all[MAX_PLAYERS], columns[MAX_PLAYERS * MAX_SLOTS];
    uint8_t gone[MAX_PLAYERS * MAX_SLOTS];
    scores(&H, all, columns, gone);
    io[n++] = (uint8_t)H.players, io[n++] = (uint8_t)H.rows, io[n++] = (uint8_t)H.columns;
    io[n++] = (uint8_t)H.current, io[n++] = (uint8_t)H.hand, io[n++] = (uint8_t)H.from_discard;
    io[n++] = (uint8_t)H.over, io[n++] = (uint8_t)(H.ender < 0 ? 0xff : H.ender);
    io[n++] = (uint8_t)H.ended_by, io[n++] = (uint8_t)H.nstock, io[n++] = (uint8_t)H.ndiscard;
    io[n++] = H.ndiscard ? H.discard[H.ndiscard - 1] : NO_CARD, io[n++] = (uint8_t)H.rebuilds;
    for (int s = 0; s < H.players; s++)
        for (int i = 0; i < H.size; i++)
            io[n++] = H.grid[s][i],
            io[n++] = (uint8_t)(H.up[s][i] | H.known[s][i] << 1 | gone[s * MAX_SLOTS + i] << 2);
    for (int s = 0; s < H.players; s++) {
        io[n++] = (uint8_t)(all[s] & 0xff), io[n++] = (uint8_t)((all[s] >> 8) & 0xff);
        for (int c = 0; c < H.columns; c++) {
            int v = columns[s * MAX_SLOTS + c];
            io[n++] = (uint8_t)(v & 0xff), io[n++] = (uint8_t)((v >> 8) & 0xff);
        }
        io[n++] = (uint8_t)H.turns[s];
    }
    return n;
}

/* Play the hole to its end, each seat by the player io names (one byte per seat: 0 strong,
 * 1 greedy); the actions into io from byte 16 on, one byte each; their count, -1 if too many. */
int EXPORT(six_play_out)(void) {
    uint8_t who[MAX_PLAYERS];
    memcpy(who, io, MAX_PLAYERS);
    int follows[TIPS] = {0}, n = 0;
    while (!H.over) {
        int action = who[H.current] == PLAYER_GREEDY ? greedy_choose(&H) : strong_choose(&H, follows);
        if (play(&H, H.current, action)) return -1;
        if (16 + n < (int)sizeof io) io[16 + n] = (uint8_t)action;
        n++;
    }
    return 16 + n <= (int)sizeof io ? n : -1;
}
