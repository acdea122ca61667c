/*
 * Ur, Variante 1: how far play can go against `random` when every decision is checked by playing
 * the game out to its end, many times, with an exact model of the opponent (it picks uniformly).
 *
 * Python is too slow for this (a decision needs thousands of whole games), so this is C, driven by
 * bench/bench_ur_v1_rollouts.py, which compiles it. The rules are the compact ones of
 * games/ai/ur_loop.py (positions 0 = reserve, 1..20 on the loop, 21 = off); the "moves" mode prints
 * the evaluation and legal moves of positions read from stdin, and tests/games/test_ai_ur_loop_c.py
 * compares them with ur_loop's.
 *
 * Usage: ur_v1_rollouts play GAMES POLICY [ROLLOUTS] [SEED] [Z] [MODEL]
 *          POLICY: random | greedy | rollouts. Seat 0 plays POLICY, seat 1 plays at random.
 *          greedy = the strong search at depth 0 (ur_loop.evaluate after each move).
 *          rollouts = for each move, ROLLOUTS games played out (greedy for us, uniform for the
 *          opponent) with the same dice for every move (common random numbers); the greedy move
 *          is kept unless another wins more often by Z standard errors of the paired difference.
 *          MODEL: how the rollouts play the opponent, "random" (the truth, the default) or "greedy"
 *          (as a sensible player would be assumed to play: what lookahead alone is worth).
 *        ur_v1_rollouts moves      (stdin: "m1..m7 t1..t7 roll" per line, sides sorted; stdout per line:
 *                                   the evaluation of the side to throw, then its moves as "frm-to")
 * Prints: the games seat 0 won, the games played, and the captures seat 0 made.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PIECES 7
#define ARRIVAL 20
#define OFF 21
#define MAX_ROLLOUTS 65536

/* ur_loop / games.ai.evaluate: turns each position saves, and the mobility bonus (fitted to the exact
 * solo race), the weights of ur_loop.Weights. */
static const double TURNS[22] = {0.0,  1.48, 1.96, 2.44, 2.93, 3.41, 3.86, 4.36, 4.88,  5.37,  5.86,
                                 6.33, 6.82, 7.31, 7.78, 8.31, 8.77, 9.24, 9.74, 10.25, 11.36, 13.44};
static const double MOBILITY[8] = {0.0, 1.36, 2.11, 2.77, 3.40, 4.00, 4.59, 5.15};
static const double TEMPO = 0.5, EXPOSED = 2.0, SPREAD = 2.4;

static int safe[22], capture[22];
static int own_same[22][3], n_own[22], opp_same[22][3], n_opp[22];

typedef struct {
    uint64_t s;
} Rng;

static inline uint64_t next(Rng *r) { /* xorshift64 */
    r->s ^= r->s << 13;
    r->s ^= r->s >> 7;
    r->s ^= r->s << 17;
    return r->s;
}

static Rng rng_from(uint64_t seed) {
    Rng r = {seed * 0x9E3779B97F4A7C15ULL + 0x2545F4914F6CDD1DULL};
    if (!r.s) r.s = 1;
    for (int i = 0; i < 4; i++) next(&r);
    return r;
}

/* 0 and 1 with 3/8 each, 4 and 5 with 1/8 each. */
static inline int throw_points(Rng *r) {
    int t = (int)(next(r) & 7);
    return t < 3 ? 0 : t < 6 ? 1 : t == 6 ? 4 : 5;
}

/* The squares of each seat's loop (A1..A8 = 0..7, B1..B8 = 8..15, C1..C8 = 16..23), as in
 * games.ur.loop.loop_path: A1-A4, B4-B7, A7, A8, B8, C8, C7, B7..B1 for seat 0, mirrored for seat 1. */
static void init_board(void) {
    static const int seat0[21] = {-1, 0, 1, 2, 3, 11, 12, 13, 14, 6, 7, 15, 23, 22, 14, 13, 12, 11, 10, 9, 8};
    int square[2][21];
    for (int p = 1; p <= ARRIVAL; p++) {
        int q = seat0[p];
        square[0][p] = q;
        square[1][p] = q < 8 ? q + 16 : q >= 16 ? q - 16 : q;
    }
    static const int rosettes[] = {1, 5, 9, 13, 17, ARRIVAL}; /* A1, B4, A7, C7, B4 again, and B1 */
    for (size_t i = 0; i < sizeof rosettes / sizeof *rosettes; i++) safe[rosettes[i]] = 1;
    capture[6] = capture[7] = capture[8] = 1; /* B5, B6, B7 while blue */
    for (int p = 1; p <= ARRIVAL; p++) {
        if (safe[p]) continue;
        for (int q = 1; q <= ARRIVAL; q++) {
            if (square[0][q] == square[0][p]) own_same[p][n_own[p]++] = q;
            if (square[1][q] == square[0][p]) opp_same[p][n_opp[p]++] = q;
        }
    }
}

static inline int destination(int p, int roll) {
    if (roll <= 0 || p >= OFF) return -1;
    if (p == 0) return roll >= 4 ? 1 : -1;
    if (p == ARRIVAL) return roll >= 4 ? OFF : -1;
    return p + roll > ARRIVAL ? ARRIVAL : p + roll;
}

static inline int holds(const int *side, int q) {
    for (int i = 0; i < PIECES; i++)
        if (side[i] == q) return 1;
    return 0;
}

/* The legal moves of `me` with `roll`, one per occupied position, as ur_loop.moves. */
static int legal_moves(const int *me, const int *them, int roll, int *frm, int *to) {
    int n = 0, seen[22] = {0};
    for (int i = 0; i < PIECES; i++) {
        int p = me[i], t;
        if (seen[p]) continue;
        seen[p] = 1;
        if ((t = destination(p, roll)) < 0) continue;
        if (!(safe[t] || t == OFF)) {
            int blocked = 0, hits = 0, hit_at = -1;
            for (int k = 0; k < n_own[t]; k++) blocked |= holds(me, own_same[t][k]);
            if (blocked) continue;
            for (int k = 0; k < n_opp[t]; k++)
                if (holds(them, opp_same[t][k])) hits++, hit_at = opp_same[t][k];
            /* Only a blue piece landing on a blue piece on an O square captures; anything else blocks. */
            if (hits && !(capture[t] && hits == 1 && hit_at == t)) continue;
        }
        frm[n] = p, to[n] = t, n++;
    }
    return n;
}

/* Plays frm -> to; returns 1 when it captured. */
static inline int play(int *me, int *them, int frm, int to) {
    for (int i = 0; i < PIECES; i++)
        if (me[i] == frm) {
            me[i] = to;
            break;
        }
    if (capture[to])
        for (int i = 0; i < PIECES; i++)
            if (them[i] == to) {
                them[i] = 0;
                return 1;
            }
    return 0;
}

static inline int finished(const int *side) {
    for (int i = 0; i < PIECES; i++)
        if (side[i] != OFF) return 0;
    return 1;
}

static double saved(const int *side) {
    int movable = 0;
    double total = 0;
    for (int i = 0; i < PIECES; i++) {
        total += TURNS[side[i]];
        movable += side[i] > 0 && side[i] < ARRIVAL;
    }
    return total + MOBILITY[movable];
}

static double exposure(const int *side, const int *hunters) {
    static const int rolls[3] = {1, 4, 5};
    static const double odds[3] = {0.375, 0.125, 0.125};
    double loss = 0;
    for (int i = 0; i < PIECES; i++) {
        int p = side[i];
        double chance = 0;
        if (!capture[p]) continue;
        for (int k = 0; k < 3; k++)
            if (p - rolls[k] > 0 && holds(hunters, p - rolls[k])) chance += odds[k];
        loss += (chance > 0.75 ? 0.75 : chance) * (TURNS[p] - MOBILITY[1] * 0.5);
    }
    return loss;
}

/* ur_loop.evaluate: the side to throw's chances in (-1, 1). */
static double evaluate(const int *me, const int *them) {
    if (finished(me)) return 1;
    if (finished(them)) return -1;
    double mine = saved(me), theirs = saved(them);
    double left = 2 * PIECES * TURNS[OFF] - mine - theirs;
    double margin = mine - theirs + TEMPO + EXPOSED * (exposure(them, me) - exposure(me, them));
    return tanh(margin / (SPREAD * sqrt(left < 1 ? 1 : left)));
}

/* The strong search at depth 0: the best evaluation after the move (first best on ties). */
static int greedy(const int *me, const int *them, int roll, int n, const int *frm, const int *to) {
    int best = 0;
    double best_value = -9;
    for (int i = 0; i < n; i++) {
        int a[PIECES], b[PIECES];
        memcpy(a, me, sizeof a), memcpy(b, them, sizeof b);
        play(a, b, frm[i], to[i]);
        double v = finished(a) ? 2 : roll >= 4 ? evaluate(a, b) : -evaluate(b, a);
        if (v > best_value) best_value = v, best = i;
    }
    return best;
}

/* How the rollouts play the opponent: 0 = at random (the truth), 1 = as greedy as us. */
static int opponent_model = 0;

/* Plays to the end, `turn` to throw: seat `smart` greedy, the other by `opponent_model`. Returns the
 * winner. */
static int playout(int pieces[2][PIECES], int turn, int smart, Rng *dice, Rng *choices) {
    int frm[PIECES], to[PIECES];
    for (;;) {
        int roll = throw_points(dice);
        int n = roll ? legal_moves(pieces[turn], pieces[1 - turn], roll, frm, to) : 0;
        if (n) {
            int k = turn == smart || opponent_model ? greedy(pieces[turn], pieces[1 - turn], roll, n, frm, to)
                                  : (int)(next(choices) % (uint64_t)n);
            play(pieces[turn], pieces[1 - turn], frm[k], to[k]);
            if (finished(pieces[turn])) return turn;
        }
        if (roll < 4) turn = 1 - turn;
    }
}

static unsigned char outcome[PIECES][MAX_ROLLOUTS];

static int rollout_choice(int pieces[2][PIECES], int turn, int roll, int n, const int *frm, const int *to,
                          Rng *rng, int rollouts, double z_needed) {
    int kept = greedy(pieces[turn], pieces[1 - turn], roll, n, frm, to);
    uint64_t base = next(rng);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < rollouts; k++) {
            int copy[2][PIECES];
            memcpy(copy, pieces, sizeof copy);
            play(copy[turn], copy[1 - turn], frm[i], to[i]);
            if (finished(copy[turn])) {
                outcome[i][k] = 1;
                continue;
            }
            /* The same dice and the same opponent choices for every move: only the move differs. */
            Rng dice = rng_from(base ^ (uint64_t)k * 2654435761u), choices = rng_from(~base + (uint64_t)k);
            outcome[i][k] = playout(copy, roll >= 4 ? turn : 1 - turn, turn, &dice, &choices) == turn;
        }
    int best = kept;
    double best_z = z_needed;
    for (int i = 0; i < n; i++) {
        double sum = 0, squares = 0;
        if (i == kept) continue;
        for (int k = 0; k < rollouts; k++) {
            double d = (double)outcome[i][k] - outcome[kept][k];
            sum += d, squares += d * d;
        }
        double mean = sum / rollouts, var = squares / rollouts - mean * mean;
        double z = var > 0 ? mean / sqrt(var / rollouts) : mean > 0 ? 1e9 : 0;
        if (z > best_z) best_z = z, best = i;
    }
    return best;
}

static int play_games(int games, const char *policy, int rollouts, int seed, double z_needed) {
    int wins = 0;
    long captures = 0;
    for (int g = 0; g < games; g++) {
        Rng dice = rng_from((uint64_t)seed * 1000003u + (uint64_t)g), rng = rng_from(~((uint64_t)seed * 7919u + g));
        int pieces[2][PIECES] = {{0}}, frm[PIECES], to[PIECES], turn = (int)(next(&dice) & 1), winner = -1;
        while (winner < 0) {
            int roll = throw_points(&dice);
            int n = roll ? legal_moves(pieces[turn], pieces[1 - turn], roll, frm, to) : 0;
            if (n) {
                int k;
                if (turn == 1 || !strcmp(policy, "random"))
                    k = (int)(next(&rng) % (uint64_t)n);
                else if (!strcmp(policy, "greedy") || n == 1)
                    k = greedy(pieces[0], pieces[1], roll, n, frm, to);
                else
                    k = rollout_choice(pieces, 0, roll, n, frm, to, &rng, rollouts, z_needed);
                int took = play(pieces[turn], pieces[1 - turn], frm[k], to[k]);
                if (turn == 0) captures += took;
                if (finished(pieces[turn])) winner = turn;
            }
            if (roll < 4) turn = 1 - turn;
        }
        wins += winner == 0;
        if (!strcmp(policy, "rollouts")) fprintf(stderr, "game %d/%d: %d won\n", g + 1, games, wins);
    }
    printf("%s: %d of %d won, %ld captures\n", policy, wins, games, captures);
    return 0;
}

static int print_moves(void) {
    int me[PIECES], them[PIECES], roll, frm[PIECES], to[PIECES];
    for (;;) {
        for (int i = 0; i < PIECES; i++)
            if (scanf("%d", &me[i]) != 1) return 0;
        for (int i = 0; i < PIECES; i++)
            if (scanf("%d", &them[i]) != 1) return 1;
        if (scanf("%d", &roll) != 1) return 1;
        int n = legal_moves(me, them, roll, frm, to);
        printf("%.12f", evaluate(me, them));
        for (int i = 0; i < n; i++) printf(" %d-%d", frm[i], to[i]);
        printf("\n");
    }
}

int main(int argc, char **argv) {
    init_board();
    if (argc >= 2 && !strcmp(argv[1], "moves")) return print_moves();
    if (argc < 4 || strcmp(argv[1], "play")) {
        fprintf(stderr, "usage: %s play GAMES random|greedy|rollouts [ROLLOUTS] [SEED] [Z] [random|greedy] | moves\n", argv[0]);
        return 2;
    }
    int rollouts = argc > 4 ? atoi(argv[4]) : 1024;
    opponent_model = argc > 7 && !strcmp(argv[7], "greedy");
    if (rollouts < 1 || rollouts > MAX_ROLLOUTS) return 2;
    return play_games(atoi(argv[2]), argv[3], rollouts, argc > 5 ? atoi(argv[5]) : 1, argc > 6 ? atof(argv[6]) : 2.0);
}
