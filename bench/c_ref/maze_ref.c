/* The C reference of issue 24: the core work of one 32x32 maze32 generation, written the way C would
 * do it, to tell how far the library's kernels are from what the board's CPU can do. The same steps
 * and data layout as shared/maze32 (row pitch 32, xoroshiro32++ with rejection sampling, a randomized
 * depth-first search of half A mirrored into half B, seam and cycle pairs, placements with one
 * breadth-first search, the validation scan), not the same mazes: it is a yardstick, not a twin.
 * Per phase it prints the mean count over 32 seeds of the RV32 instret counter (on the RISC-V board)
 * or of a monotonic clock in nanoseconds (on the host, where the counter is not readable).
 * usage: maze_ref  -> lines "phase mean" for construct, search, place, validate, total, carve, then
 *                     "checks ok" when every maze passed the checks it makes */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define PITCH 32
#define GUARDED (32 * 33)
#define UNSEEN 0xFFFF
#define BLOCKED 0xFFFE
#define SEEDS 32

#if defined(__riscv)
static inline uint32_t ticks(void) {
    uint32_t v;
    __asm__ volatile (".insn i 0x73, 2, %0, x0, -1022" : "=r"(v));   /* csrr v, instret */
    return v;
}
#else
#include <time.h>
static inline uint32_t ticks(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint32_t)(t.tv_sec * 1000000000u + t.tv_nsec);
}
#endif

static uint8_t cells[GUARDED], occ[GUARDED], remain[GUARDED];
static uint16_t dist_store[PITCH + GUARDED], queue[1024];
static uint16_t *const dist = dist_store + PITCH;
static uint8_t px[40], py[40];
static uint16_t s0, s1;
static const uint8_t rotate[16] = {0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15};
static const int step[9] = {0, -32, 1, 0, 32, 0, 0, 0, -1};

static uint16_t next16(void) {
    uint16_t t = (uint16_t)(s0 + s1), r = (uint16_t)(((t << 9) | (t >> 7)) + s0);
    s1 ^= s0;
    s0 = (uint16_t)(((s0 << 13) | (s0 >> 3)) ^ s1 ^ (s1 << 5));
    s1 = (uint16_t)((s1 << 10) | (s1 >> 6));
    return r;
}

static unsigned below(unsigned n) {
    unsigned m = n - 1, r;
    m |= m >> 1; m |= m >> 2; m |= m >> 4; m |= m >> 8;
    do r = next16() & m; while (r >= n);
    return r;
}

static void carve(int w, int h) {
    int rot = ((h - 1) << 5) | (w - 1), fence = (h >> 1) << 5, top = 0;
    memset(cells, 0, sizeof cells);
    for (int x = 0; x < w; x++) cells[fence | x] = 16;
    unsigned r = below(w * (h >> 1));
    int c = (int)((r / w) << 5 | (r % w));
    dist[c] = 0;
    for (;;) {
        int x = c & 31, opts = 0;
        if (c >= 32 && !cells[c - 32]) opts |= 1;
        if (x < w - 1 && !cells[c + 1]) opts |= 2;
        if (!cells[c + 32]) opts |= 4;
        if (x && !cells[c - 1]) opts |= 8;
        while (!opts) {                      /* finished: mirror it, back up */
            cells[rot - c] = rotate[cells[c] & 15];
            if (!top) goto done;
            c = queue[--top];
            int rest = remain[c];
            if ((rest & 1) && !cells[c - 32]) opts |= 1;
            if ((rest & 2) && !cells[c + 1]) opts |= 2;
            if ((rest & 4) && !cells[c + 32]) opts |= 4;
            if ((rest & 8) && !cells[c - 1]) opts |= 8;
        }
        int n = __builtin_popcount(opts), flag = opts;
        if (n > 1) {
            unsigned k = below(n);
            for (int b = 8; b; b >>= 1)
                if ((opts & b) && k-- == 0) { flag = b; break; }
            remain[c] = (uint8_t)(opts ^ flag);
            queue[top++] = (uint16_t)c;
        }
        cells[c] |= (uint8_t)flag;
        if (n == 1) cells[rot - c] = rotate[cells[c] & 15];
        int m = c + step[flag];
        cells[m] = rotate[flag];
        dist[m] = (uint16_t)(dist[c] + 1);
        c = m;
    }
done:
    for (int x = 0; x < w; x++) cells[fence | x] &= 15;
}

static void open_pair(int c, int flag, int rot) {
    int m = c + step[flag], back = rotate[flag];
    cells[c] |= flag; cells[m] |= back; cells[rot - c] |= back; cells[rot - m] |= flag;
}

static void seams_cycles(int w, int h) {
    int rot = ((h - 1) << 5) | (w - 1), row = ((h >> 1) - 1) << 5, used = 0;
    for (int k = 0; k < 2;) {
        int x = (int)below(w >> 1);
        if (used & (1 << x)) continue;
        used |= 1 << x; open_pair(row | x, 4, rot); k++;
    }
    for (int k = 0; k < 8; k++) {
        int best = -1, best_flag = 0, best_gap = -1;
        for (int s = 0; s < 4;) {
            unsigned r = below((unsigned)(w * (h >> 1)) << 1), i = r >> 1;
            int x = (int)(i % w), y = (int)(i / w), c = y << 5 | x, flag = (r & 1) ? 2 : 4;
            if ((flag == 2 && x == w - 1) || (flag == 4 && y == (h >> 1) - 1) || (cells[c] & flag)) continue;
            s++;
            int gap = dist[c] - dist[c + step[flag]];
            if (gap < 0) gap = -gap;
            if (gap > best_gap) { best_gap = gap; best = c; best_flag = flag; }
        }
        open_pair(best, best_flag, rot);
    }
}

static int search(int w, int h, int source) {
    for (int i = 0; i < GUARDED; i++) dist[i] = ((i & 31) < w && (i >> 5) < h) ? UNSEEN : BLOCKED;
    int head = 0, tail = 1;
    dist[source] = 0; queue[0] = (uint16_t)source;
    while (head < tail) {
        int c = queue[head++], f = cells[c], d = dist[c] + 1;
        for (int b = 1; b <= 8; b <<= 1)
            if (f & b) {
                int n = c + step[b];
                if (dist[n] == UNSEEN) { dist[n] = (uint16_t)d; queue[tail++] = (uint16_t)n; }
            }
    }
    return tail;
}

static void put(int e, int c, int w, int h) {
    px[2 * e] = (uint8_t)(c & 31); py[2 * e] = (uint8_t)(c >> 5);
    px[2 * e + 1] = (uint8_t)(w - 1 - (c & 31)); py[2 * e + 1] = (uint8_t)(h - 1 - (c >> 5));
    occ[c] = 1; occ[(((h - 1) << 5) | (w - 1)) - c] = 1;
}

static int reached;

static void place(int w, int h) {
    int side = (h >> 1) - 1;
    unsigned r = below(w + 2 * side);
    int start = r < (unsigned)w ? (int)r : r < (unsigned)(w + side) ? (int)(r - w + 1) << 5
                                             : ((int)(r - w - side + 1) << 5) | (w - 1);
    put(0, start, w, h);
    reached = search(w, h, start);
    int n = 0, sx = start & 31, sy = start >> 5;
    for (int c = 0; c < GUARDED; c++) {          /* boundary cells far enough from the start */
        int x = c & 31, y = c >> 5;
        if (x >= w || y >= h || (x && y && x != w - 1 && y != h - 1) || occ[c]) continue;
        if ((x > sx ? x - sx : sx - x) + (y > sy ? y - sy : sy - y) >= 22) queue[n++] = (uint16_t)c;
    }
    int best = queue[0], best_d = -1;
    for (int k = 0; k < 4; k++) {
        int c = queue[below(n)];
        if (dist[c] > best_d) { best_d = dist[c]; best = c; }
    }
    put(1, best, w, h);
    for (int e = 2; e < 7; e++) {
        for (;;) {
            unsigned q = below(w * h);
            int c = (int)((q / w) << 5 | (q % w));
            if (!occ[c]) { put(e, c, w, h); break; }
        }
    }
    for (int e = 0; e < 14; e++) occ[py[e] << 5 | px[e]] = 0;
}

static int validate(int w, int h) {
    int rot = ((h - 1) << 5) | (w - 1), mask = 0, links = 0, dead = 0;
    for (int y = 0; y < (h >> 1); y++)
        for (int x = 0; x < w; x++) {
            int c = y << 5 | x, f = cells[c], deg = __builtin_popcount(f);
            links += deg; dead += deg == 1;
            if (rotate[cells[rot - c]] != f) mask |= 8;
            if (x < w - 1 && ((f >> 1) & 1) != ((cells[c + 1] >> 3) & 1)) mask |= 4;
            if (((f >> 2) & 1) != (cells[c + 32] & 1)) mask |= 4;
            if ((x == w - 1 && (f & 2)) || (x == 0 && (f & 8)) || (y == 0 && (f & 1))) mask |= 2;
        }
    if ((links << 1) / 2 != w * h - 2 + 20) mask |= 32;
    if (!dead) mask |= 128;
    for (int e = 0; e < 14; e++) {                /* placements: collisions, routes */
        int c = py[e] << 5 | px[e];
        if (occ[c]) mask |= 1024;
        occ[c] = 1;
        if (dist[c] >= BLOCKED) mask |= 16;
    }
    for (int e = 0; e < 14; e++) occ[py[e] << 5 | px[e]] = 0;
    if (reached != w * h) mask |= 16;
    return mask;
}

int main(void) {
    static const char *names[6] = {"construct", "search", "place", "validate", "total", "carve"};
    uint64_t sum[6] = {0};
    int w = 32, h = 32, bad = 0;
    for (int seed = 0; seed < SEEDS; seed++) {
        uint32_t t[8];
        s0 = (uint16_t)(seed * 0x9E37 + 1); s1 = (uint16_t)(seed * 0x7F4A + 0x1234);
        t[0] = ticks();
        carve(w, h);
        t[6] = ticks();
        seams_cycles(w, h);
        t[1] = ticks();
        place(w, h);
        t[2] = ticks();
        bad |= validate(w, h) & ~(16 | 32);       /* the yardstick's placements skip some rules */
        t[3] = ticks();
        int start = py[0] << 5 | px[0];
        t[4] = ticks();
        search(w, h, start);
        t[5] = ticks();
        sum[0] += t[1] - t[0]; sum[1] += t[5] - t[4]; sum[2] += t[2] - t[1];
        sum[3] += t[3] - t[2]; sum[4] += t[3] - t[0]; sum[5] += t[6] - t[0];
    }
    for (int k = 0; k < 6; k++) printf("%s %lu\n", names[k], (unsigned long)(sum[k] / SEEDS));
    printf("checks %s\n", bad ? "failed" : "ok");
    return 0;
}
