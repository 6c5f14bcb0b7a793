/* The lexicon beam search of puthi.normalize.garble, compiled.

   Decoder._search_lexicon (garble.py) is the reference: this file does the same steps in the same order,
   with the same floating-point sums, so both give the same readings (tests/normalize/test_lexsearch.py
   compares them token by token). Python keeps everything else: the channel rows of each token, the
   filtering of the rows that cannot win, and the step from node numbers back to words.

   The prefix table is a trie in flat arrays. Node numbers follow the sorted order of the prefix strings,
   so comparing two numbers compares the strings, as Python's heapq.nlargest does on ties. The children of
   node v are kid_node[kid_start[v] .. kid_start[v + 1]), richest first, with their letter in kid_letter.

   Built on first use by puthi.normalize.native (cc -O2 -shared); without a C compiler the Python search
   runs instead. */

#include <math.h>
#include <stdint.h>
#pragma STDC FP_CONTRACT OFF /* a + b * c as two roundings, as Python computes it (no fused multiply-add) */
#include <stdlib.h>
#include <string.h>

typedef struct {
    const int32_t *kid_start, *kid_letter, *kid_node;
    const double *mass;
    int32_t n_nodes;
} Trie;

typedef struct {
    int32_t node;
    double score;
} Entry;

typedef struct {
    Entry *items;
    int32_t n, cap;
} Stack;

typedef struct { /* (position, node) -> index in that position's stack; open addressing */
    int64_t *keys;
    int32_t *slots;
    int64_t cap, used;
} Index;

typedef struct {
    double rank, score;
    int32_t node;
} Hyp;

static int32_t child(const Trie *t, int32_t node, int32_t letter) {
    for (int32_t k = t->kid_start[node]; k < t->kid_start[node + 1]; k++)
        if (t->kid_letter[k] == letter) return t->kid_node[k];
    return -1;
}

static int32_t walk(const Trie *t, int32_t node, const int32_t *letters, int32_t n) {
    for (int32_t i = 0; i < n && node >= 0; i++) node = child(t, node, letters[i]);
    return node;
}

static uint64_t mix(int64_t key) {
    uint64_t x = (uint64_t)key * 0x9E3779B97F4A7C15ULL;
    return x ^ (x >> 29);
}

static int index_grow(Index *ix) {
    int64_t cap = ix->cap ? ix->cap * 2 : 1024;
    int64_t *keys = malloc(cap * sizeof *keys);
    int32_t *slots = malloc(cap * sizeof *slots);
    if (!keys || !slots) { free(keys); free(slots); return -1; }
    for (int64_t i = 0; i < cap; i++) keys[i] = -1;
    for (int64_t i = 0; i < ix->cap; i++) {
        if (ix->keys[i] < 0) continue;
        int64_t h = (int64_t)(mix(ix->keys[i]) & (uint64_t)(cap - 1));
        while (keys[h] >= 0) h = (h + 1) & (cap - 1);
        keys[h] = ix->keys[i];
        slots[h] = ix->slots[i];
    }
    free(ix->keys);
    free(ix->slots);
    ix->keys = keys;
    ix->slots = slots;
    ix->cap = cap;
    return 0;
}

/* The slot of key, or of the empty place where it would go. */
static int64_t index_find(const Index *ix, int64_t key) {
    int64_t h = (int64_t)(mix(key) & (uint64_t)(ix->cap - 1));
    while (ix->keys[h] >= 0 && ix->keys[h] != key) h = (h + 1) & (ix->cap - 1);
    return h;
}

typedef struct {
    const Trie *trie;
    Stack *stacks;
    double *floor;
    Index index;
    double margin;
    int failed;
} Search;

/* Python: stacks[t][q] = s in both searches' push, once it passed the floor: a new entry, or a better score for the
   one under key. Returns 1 when it was put, 0 when the entry there is as good, -1 when memory ran out. */
static int stack_put(Stack *st, Index *ix, int64_t key, int32_t q, double s) {
    int64_t h = index_find(ix, key);
    if (ix->keys[h] >= 0) {
        Entry *e = &st->items[ix->slots[h]];
        if (!(s > e->score)) return 0;
        e->score = s;
        return 1;
    }
    if (!(s > -INFINITY)) return 0; /* as Python: a new reading must beat "not there", -inf */
    if (st->n == st->cap) {
        int32_t cap = st->cap ? st->cap * 2 : 64;
        Entry *items = realloc(st->items, cap * sizeof *items);
        if (!items) return -1;
        st->items = items;
        st->cap = cap;
    }
    st->items[st->n] = (Entry){q, s};
    ix->keys[h] = key;
    ix->slots[h] = st->n++;
    if (++ix->used * 2 > ix->cap && index_grow(ix)) return -1;
    return 1;
}

/* The stacks of positions 0..n, their floors and their index, given back. */
static void free_stacks(Stack *stacks, int32_t n, double *floor, Index *ix) {
    if (stacks)
        for (int32_t t = 0; t <= n; t++) free(stacks[t].items);
    free(stacks);
    free(floor);
    free(ix->keys);
    free(ix->slots);
}

/* Python: push(t, q, s, rank) in Decoder._search_lexicon. */
static void push(Search *S, int32_t t, int32_t q, double s, double rank) {
    if (S->failed || !(rank >= S->floor[t])) return;
    int put = stack_put(&S->stacks[t], &S->index, (int64_t)t * S->trie->n_nodes + q, q, s);
    if (put < 0) S->failed = 1;
    if (put <= 0) return;
    if (rank - S->margin > S->floor[t]) S->floor[t] = rank - S->margin;
}

static int by_rank_then_node(const void *a, const void *b) { /* descending, as sorted(..., reverse=True) */
    const Hyp *x = a, *y = b;
    if (x->rank != y->rank) return x->rank < y->rank ? 1 : -1;
    return (x->node < y->node) - (x->node > y->node);
}

/* Python: best(j). The hypotheses at j whose rank reaches the floor; when more than beam, the beam best
   sorted, otherwise all of them in the order they were first pushed. Returns how many, or -1. */
static int32_t best(Search *S, int32_t j, int32_t beam, Hyp **out) {
    Stack *st = &S->stacks[j];
    Hyp *h = malloc((st->n ? st->n : 1) * sizeof *h);
    if (!h) return -1;
    int32_t n = 0;
    for (int32_t i = 0; i < st->n; i++) {
        double r = st->items[i].score + S->trie->mass[st->items[i].node];
        if (r >= S->floor[j]) h[n++] = (Hyp){r, st->items[i].score, st->items[i].node};
    }
    if (n > beam) {
        qsort(h, n, sizeof *h, by_rank_then_node);
        n = beam;
    }
    *out = h;
    return n;
}

/* The search. The channel rows of garble position j are rows [pos_row[j], pos_row[j + 1]), each a record
   of ``stride`` ints in row_int (garble signs consumed, number of Bengali letters, the letters padded
   with -1) and a weighted score in row_lc. The dropped segments are records drop_int / drop_lc alike.
   Letters below n_trie_letters are the trie's, the others letters no lexicon word has. Writes the nodes
   reached at the end of the token and their channel scores; returns how many, -1 when out_cap is too
   small, -2 when memory ran out. */
int32_t lexsearch(const int32_t *kid_start, const int32_t *kid_letter, const int32_t *kid_node,
                  const double *mass, int32_t n_nodes, int32_t n_letters,
                  int32_t n, int32_t stride, const int32_t *pos_row, const int32_t *row_int, const double *row_lc,
                  int32_t n_drops, const int32_t *drop_int, const double *drop_lc,
                  double sub, double skip, double margin, int32_t beam,
                  int32_t *out_node, double *out_score, int32_t out_cap) {
    Trie trie = {kid_start, kid_letter, kid_node, mass, n_nodes};
    Search S = {&trie, calloc(n + 1, sizeof(Stack)), malloc((n + 1) * sizeof(double)), {0}, margin, 0};
    if (beam < 0) beam = 0;
    int32_t most = 1; /* the most rows at one position */
    for (int32_t j = 0; j < n; j++)
        if (pos_row[j + 1] - pos_row[j] > most) most = pos_row[j + 1] - pos_row[j];
    /* Rows of a position grouped by their first letter (key n_letters: no letter), the groups in the
       order their first row comes, the rows of a group in their own order: Python's _by_first_letter. */
    int32_t *group_of = malloc((size_t)(n_letters + 1) * sizeof *group_of);
    int32_t *group_key = malloc(most * sizeof *group_key), *group_at = malloc((most + 1) * sizeof *group_at);
    int32_t *row_group = malloc(most * sizeof *row_group), *order = malloc(most * sizeof *order);
    int32_t *next = malloc((most + 1) * sizeof *next);
    int32_t result = -2;
    if (!S.stacks || !S.floor || !group_of || !group_key || !group_at || !row_group || !order || !next
        || index_grow(&S.index))
        goto done;
    for (int32_t t = 0; t <= n; t++) S.floor[t] = -INFINITY;
    for (int32_t l = 0; l <= n_letters; l++) group_of[l] = -1;

    push(&S, 0, 0, 0.0, 0.0);
    for (int32_t j = 0; j < n && !S.failed; j++) {
        Hyp *hyps;
        int32_t nh = best(&S, j, beam, &hyps);
        if (nh < 0) goto done;
        for (int32_t i = 0; i < nh; i++) { /* Bengali segments the OCR dropped (no garble consumed) */
            double c = hyps[i].score;
            for (int32_t d = 0; d < n_drops; d++) {
                const int32_t *rec = drop_int + (size_t)d * stride;
                int32_t q = walk(&trie, hyps[i].node, rec + 2, rec[1]);
                if (q >= 0) push(&S, j, q, c + drop_lc[d], c + drop_lc[d] + mass[q]);
            }
        }
        free(hyps);
        nh = best(&S, j, beam, &hyps);
        if (nh < 0) goto done;

        int32_t r0 = pos_row[j], nr = pos_row[j + 1] - r0, ng = 0, nothing = -1;
        for (int32_t r = 0; r < nr; r++) {
            const int32_t *rec = row_int + (size_t)(r0 + r) * stride;
            int32_t key = rec[1] ? rec[2] : n_letters;
            if (group_of[key] < 0) {
                group_of[key] = ng;
                group_key[ng++] = key;
            }
            row_group[r] = group_of[key];
        }
        for (int32_t g = 0; g <= ng; g++) group_at[g] = 0;
        for (int32_t r = 0; r < nr; r++) group_at[row_group[r] + 1]++;
        for (int32_t g = 0; g < ng; g++) group_at[g + 1] += group_at[g];
        memcpy(next, group_at, (ng + 1) * sizeof *next);
        for (int32_t r = 0; r < nr; r++) order[next[row_group[r]]++] = r0 + r;
        if (group_of[n_letters] >= 0) nothing = group_of[n_letters];

        for (int32_t i = 0; i < nh; i++) {
            double rank = hyps[i].rank, c = hyps[i].score;
            int32_t out = hyps[i].node, k0 = kid_start[out], k1 = kid_start[out + 1];
            /* the shorter of the two lists is walked, in its own order, as Python builds ``pairs`` */
            int by_groups = ng < (k1 - k0);
            int32_t steps = by_groups ? ng : k1 - k0;
            for (int32_t p = 0; p < steps; p++) {
                int32_t g, q1;
                if (by_groups) {
                    g = p;
                    if (group_key[g] == n_letters || (q1 = child(&trie, out, group_key[g])) < 0) continue;
                } else {
                    q1 = kid_node[k0 + p];
                    if ((g = group_of[kid_letter[k0 + p]]) < 0) continue;
                }
                double m1 = mass[q1];
                for (int32_t o = group_at[g]; o < group_at[g + 1]; o++) {
                    const int32_t *rec = row_int + (size_t)order[o] * stride;
                    int32_t b = rec[0];
                    double s = c + row_lc[order[o]];
                    if (s + m1 < S.floor[j + b]) continue;
                    if (rec[1] == 1) {
                        push(&S, j + b, q1, s, s + m1);
                    } else {
                        int32_t q = walk(&trie, out, rec + 2, rec[1]);
                        if (q >= 0) push(&S, j + b, q, s, s + mass[q]);
                    }
                }
            }
            if (nothing >= 0) /* garble read as nothing */
                for (int32_t o = group_at[nothing]; o < group_at[nothing + 1]; o++)
                    push(&S, j + row_int[(size_t)order[o] * stride], out, c + row_lc[order[o]],
                         rank + row_lc[order[o]]);
            /* any letter the lexicon allows next, at the floor cost; a sign the OCR invented */
            double s = c - sub;
            if (s + mass[out] >= S.floor[j + 1]) {
                for (int32_t k = k0; k < k1; k++) {
                    if (s + mass[kid_node[k]] < S.floor[j + 1]) break;
                    push(&S, j + 1, kid_node[k], s, s + mass[kid_node[k]]);
                }
            }
            push(&S, j + 1, out, c - skip, rank - skip);
        }
        free(hyps);
        for (int32_t g = 0; g < ng; g++) group_of[group_key[g]] = -1;
    }
    if (S.failed) goto done;
    result = 0;
    for (int32_t i = 0; i < S.stacks[n].n; i++) {
        Entry e = S.stacks[n].items[i];
        if (!(e.score + mass[e.node] >= S.floor[n])) continue;
        if (result == out_cap) { result = -1; break; }
        out_node[result] = e.node;
        out_score[result++] = e.score;
    }
done:
    free_stacks(S.stacks, n, S.floor, &S.index);
    free(group_of);
    free(group_key);
    free(group_at);
    free(row_group);
    free(order);
    free(next);
    return result;
}

/* ------------------------------------------------------------------------------------------------------
   The open-vocabulary search: Decoder._search_open (garble.py), step for step, with the character model of
   puthi.normalize.charlm.CharLM computed as CharLM.logp computes it (the same products in the same order,
   then one log), so that both give the same readings to the last bit.

   The model's contexts are a trie read from the newest letter back: the child of context h by letter a is
   the context a h. Seen contexts are closed under dropping their oldest letter, so the contexts a history
   has are the nodes on one path from the root. Each node keeps its row (the letters seen after it, sorted,
   with their interpolated probabilities) and its count and number of types, for the unseen share.

   A hypothesis is a node of a tree of spellings made during the search (node 0 is the empty spelling). */

#define MAX_ORDER 32 /* as native.MAX_ORDER: a longer model runs in Python */

typedef struct {
    const int32_t *kid_start, *kid_letter, *kid_node; /* children of a context, sorted by letter */
    const int32_t *row_start, *row_letter;             /* letters seen after it, sorted */
    const double *row_p, *count, *types;
    int32_t order, start, end;                          /* n-gram order; letter numbers of < and > */
    double uniform;
} LM;

typedef struct {
    int32_t *parent, *letter, *depth;
    int32_t n, cap;
    Index kids; /* (node, letter) -> child */
} Spellings;

static int32_t find_sorted(const int32_t *keys, int32_t lo, int32_t hi, int32_t key) {
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        if (keys[mid] < key) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* CharLM.logp: P(letter | history), history[0..k) oldest first, k = order - 1 (start-padded). */
static double lm_logp(const LM *m, const int32_t *history, int32_t letter) {
    int32_t path[64], depth = 0, node = 0, k = m->order - 1;
    path[0] = 0;
    for (int32_t i = k - 1; i >= 0 && depth < 63; i--) {
        int32_t lo = m->kid_start[node], hi = m->kid_start[node + 1];
        int32_t at = find_sorted(m->kid_letter, lo, hi, history[i]);
        if (at == hi || m->kid_letter[at] != history[i]) break;
        node = m->kid_node[at];
        path[++depth] = node;
    }
    double p = m->uniform;
    int32_t found = -1;
    for (int32_t d = depth; d >= 0; d--) { /* the longest context that saw the letter */
        int32_t v = path[d], lo = m->row_start[v], hi = m->row_start[v + 1];
        int32_t at = find_sorted(m->row_letter, lo, hi, letter);
        if (at < hi && m->row_letter[at] == letter) {
            p = m->row_p[at];
            found = d;
            break;
        }
    }
    /* the contexts passed on the way, shortest first, each adding its unseen share */
    for (int32_t d = found + 1; d <= depth; d++)
        p = m->types[path[d]] * p / (m->count[path[d]] + m->types[path[d]]);
    return log(p);
}

/* The last order - 1 letters of spelling v, oldest first, start-padded. */
static void history_of(const LM *m, const Spellings *sp, int32_t v, int32_t *history) {
    int32_t k = m->order - 1;
    for (int32_t i = k - 1; i >= 0; i--) {
        if (v > 0) {
            history[i] = sp->letter[v];
            v = sp->parent[v];
        } else {
            history[i] = m->start;
        }
    }
}

/* CharLM.extend: log P(seg | spelling v), summed letter by letter from 0. */
static double lm_extend(const LM *m, const Spellings *sp, int32_t v, const int32_t *seg, int32_t len) {
    int32_t history[64], k = m->order - 1;
    history_of(m, sp, v, history);
    double total = 0.0;
    for (int32_t i = 0; i < len; i++) {
        total += lm_logp(m, history, seg[i]);
        if (k > 0) {
            memmove(history, history + 1, (k - 1) * sizeof *history);
            history[k - 1] = seg[i];
        }
    }
    return total;
}

/* The spelling v + seg, made when missing; -1 when memory ran out. */
static int32_t spell(Spellings *sp, int32_t v, const int32_t *seg, int32_t len, int32_t n_letters) {
    for (int32_t i = 0; i < len; i++) {
        int64_t key = (int64_t)v * n_letters + seg[i];
        int64_t h = index_find(&sp->kids, key);
        if (sp->kids.keys[h] >= 0) {
            v = sp->kids.slots[h];
            continue;
        }
        if (sp->n == sp->cap) {
            int32_t cap = sp->cap * 2;
            int32_t *p = realloc(sp->parent, cap * sizeof *p);
            if (p) sp->parent = p;
            int32_t *l = realloc(sp->letter, cap * sizeof *l);
            if (l) sp->letter = l;
            int32_t *d = realloc(sp->depth, cap * sizeof *d);
            if (d) sp->depth = d;
            if (!p || !l || !d) return -1;
            sp->cap = cap;
        }
        int32_t w = sp->n++;
        sp->parent[w] = v;
        sp->letter[w] = seg[i];
        sp->depth[w] = sp->depth[v] + 1;
        sp->kids.keys[h] = key;
        sp->kids.slots[h] = w;
        if (++sp->kids.used * 2 > sp->kids.cap && index_grow(&sp->kids)) return -1;
        v = w;
    }
    return v;
}

typedef struct {
    Spellings sp;
    Stack *stacks;
    double *floor;
    Index index; /* (spelling, position) -> index in that position's stack */
    int32_t positions;
    double margin;
    int failed;
} Open;

/* Python: push(t, q, s) in Decoder._search_open, with q the spelling v + seg. */
static void open_push(Open *S, int32_t t, int32_t v, const int32_t *seg, int32_t len, int32_t n_letters, double s) {
    if (S->failed || !(s >= S->floor[t])) return;
    int32_t q = spell(&S->sp, v, seg, len, n_letters);
    if (q < 0) { S->failed = 1; return; }
    int put = stack_put(&S->stacks[t], &S->index, (int64_t)q * S->positions + t, q, s);
    if (put < 0) S->failed = 1;
    if (put <= 0) return;
    if (s - S->margin > S->floor[t]) S->floor[t] = s - S->margin;
}

/* Python compares the spellings as strings when two scores tie: letter by letter by code point, a prefix
   before the longer spelling. */
static int compare_spellings(const Spellings *sp, const int32_t *code, int32_t a, int32_t b) {
    if (a == b) return 0;
    int32_t da = sp->depth[a], db = sp->depth[b];
    int32_t x = a, y = b;
    while (sp->depth[x] > db) x = sp->parent[x];
    while (sp->depth[y] > da) y = sp->parent[y];
    if (x == y) return da < db ? -1 : 1; /* one spells the start of the other */
    while (sp->parent[x] != sp->parent[y]) {
        x = sp->parent[x];
        y = sp->parent[y];
    }
    return code[sp->letter[x]] < code[sp->letter[y]] ? -1 : 1;
}

static int better(const Spellings *sp, const int32_t *code, Entry x, Entry y) { /* as heapq.nlargest ranks */
    if (x.score != y.score) return x.score > y.score;
    return compare_spellings(sp, code, x.node, y.node) > 0;
}

/* Python: best(j) in Decoder._search_open. The entries at j that reach the floor; when more than beam,
   the beam best, best first (kept sorted by insertion), otherwise all in the order they were first pushed. */
static int32_t open_best(Open *S, const int32_t *code, int32_t j, int32_t beam, Entry **out) {
    Stack *st = &S->stacks[j];
    Entry *h = malloc((st->n ? st->n : 1) * sizeof *h);
    if (!h) return -1;
    int32_t n = 0;
    for (int32_t i = 0; i < st->n; i++)
        if (st->items[i].score >= S->floor[j]) h[n++] = st->items[i];
    if (n > beam && beam == 0) {
        n = 0;
    } else if (n > beam) {
        int32_t kept = 0;
        for (int32_t i = 0; i < n; i++) {
            Entry e = h[i];
            if (kept == beam && !better(&S->sp, code, e, h[kept - 1])) continue;
            int32_t at = kept < beam ? kept++ : beam - 1;
            while (at > 0 && better(&S->sp, code, e, h[at - 1])) {
                h[at] = h[at - 1];
                at--;
            }
            h[at] = e;
        }
        n = beam;
    }
    *out = h;
    return n;
}

/* The search. Channel rows and dropped segments come as in lexsearch (records of ``stride`` ints), their
   letters numbered as the model's (letters the model never saw have numbers of their own, below
   n_letters; ``code`` gives each letter's code point). Writes each spelling that ends the token: its
   letters into out_letters from out_start[i] to out_start[i + 1], its score (channel, plus lm_weight times
   the model, with the end mark) into out_score. Returns how many, -1 when the output buffers are too
   small, -2 when memory ran out. */
int32_t opensearch(const LM *m, int32_t n_letters, const int32_t *code,
                   int32_t n, int32_t stride, const int32_t *pos_row, const int32_t *row_int, const double *row_lc,
                   int32_t n_drops, const int32_t *drop_int, const double *drop_lc,
                   double margin, double lm_weight, int32_t beam,
                   int32_t *out_letters, int32_t letters_cap, int32_t *out_start, double *out_score, int32_t out_cap) {
    Open S = {{malloc(1024 * sizeof(int32_t)), malloc(1024 * sizeof(int32_t)), malloc(1024 * sizeof(int32_t)), 1, 1024, {0}},
              calloc(n + 1, sizeof(Stack)), malloc((n + 1) * sizeof(double)), {0}, n + 1, margin, 0};
    int32_t result = -2, end = m->end;
    if (beam < 0) beam = 0;
    if (m->order < 1 || m->order > MAX_ORDER) goto done; /* histories are kept in arrays of 64 */
    if (!S.sp.parent || !S.sp.letter || !S.sp.depth || !S.stacks || !S.floor || index_grow(&S.index)
        || index_grow(&S.sp.kids))
        goto done;
    S.sp.parent[0] = -1;
    S.sp.letter[0] = -1;
    S.sp.depth[0] = 0;
    for (int32_t t = 0; t <= n; t++) S.floor[t] = -INFINITY;

    open_push(&S, 0, 0, NULL, 0, n_letters, 0.0);
    for (int32_t j = 0; j < n && !S.failed; j++) {
        Entry *hyps;
        int32_t nh = open_best(&S, code, j, beam, &hyps);
        if (nh < 0) goto done;
        for (int32_t i = 0; i < nh; i++) /* Bengali segments the OCR dropped (no garble consumed) */
            for (int32_t d = 0; d < n_drops; d++) {
                const int32_t *rec = drop_int + (size_t)d * stride;
                double s = hyps[i].score + drop_lc[d] + lm_weight * lm_extend(m, &S.sp, hyps[i].node, rec + 2, rec[1]);
                open_push(&S, j, hyps[i].node, rec + 2, rec[1], n_letters, s);
            }
        free(hyps);
        nh = open_best(&S, code, j, beam, &hyps);
        if (nh < 0) goto done;
        for (int32_t i = 0; i < nh; i++)
            for (int32_t r = pos_row[j]; r < pos_row[j + 1]; r++) {
                const int32_t *rec = row_int + (size_t)r * stride;
                double s = hyps[i].score + row_lc[r] + lm_weight * lm_extend(m, &S.sp, hyps[i].node, rec + 2, rec[1]);
                open_push(&S, j + rec[0], hyps[i].node, rec + 2, rec[1], n_letters, s);
            }
        free(hyps);
    }
    if (S.failed) goto done;
    result = 0;
    int32_t used = 0;
    out_start[0] = 0;
    for (int32_t i = 0; i < S.stacks[n].n; i++) {
        Entry e = S.stacks[n].items[i];
        if (e.node == 0 || !(e.score >= S.floor[n])) continue;
        int32_t len = S.sp.depth[e.node];
        if (result == out_cap || used + len > letters_cap) { result = -1; break; }
        int32_t history[64];
        history_of(m, &S.sp, e.node, history);
        for (int32_t v = e.node, k = len - 1; v > 0; v = S.sp.parent[v], k--) out_letters[used + k] = S.sp.letter[v];
        used += len;
        out_score[result] = e.score + lm_weight * lm_logp(m, history, end);
        out_start[++result] = used;
    }
done:
    free_stacks(S.stacks, n, S.floor, &S.index);
    free(S.sp.parent);
    free(S.sp.letter);
    free(S.sp.depth);
    free(S.sp.kids.keys);
    free(S.sp.kids.slots);
    return result;
}
