// A timing driver for tdoku's solver (TdokuSolverDpllTriadSimd), for
// scripts/bench-tdoku: the same measure as 'sudokit-lab bench solve'. It links against
// tdoku's own sources, which are not part of this repository (see bench-tdoku).
//
// usage: tdoku-driver PUZZLE_FILE [--every N] [--runs R] [--verify]
//
//   - one puzzle per line, first 81 chars used, '.' or '0' = empty, '#' lines skipped
//   - --every N keeps non-comment lines with index 0, N, 2N, ...
//   - each puzzle solved with limit 2 (count up to 2 solutions), configuration 0
//   - one untimed warm-up pass, then R timed passes (CLOCK_MONOTONIC)
//   - --verify additionally (untimed) asks for a solution (limit 1) and checks it is a
//     valid grid consistent with the givens
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

extern "C" size_t TdokuSolverDpllTriadSimd(const char *input, size_t limit,
                                           uint32_t configuration, char *solution,
                                           size_t *num_guesses);

static constexpr size_t kStride = 96;  // 81 chars + NUL terminator + padding

static double now_us() {
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static bool valid_solution(const char *puzzle, const char *sol) {
    for (int i = 0; i < 81; i++) {
        if (sol[i] < '1' || sol[i] > '9') return false;
        if (puzzle[i] != '.' && puzzle[i] != sol[i]) return false;
    }
    for (int u = 0; u < 9; u++) {
        int rmask = 0, cmask = 0, bmask = 0;
        for (int k = 0; k < 9; k++) {
            rmask |= 1 << (sol[u * 9 + k] - '1');
            cmask |= 1 << (sol[k * 9 + u] - '1');
            int r = (u / 3) * 3 + k / 3, c = (u % 3) * 3 + k % 3;
            bmask |= 1 << (sol[r * 9 + c] - '1');
        }
        if (rmask != 0x1ff || cmask != 0x1ff || bmask != 0x1ff) return false;
    }
    return true;
}

int main(int argc, char **argv) {
    const char *path = nullptr;
    int every = 1, runs = 5;
    bool verify = false;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--every" && i + 1 < argc) every = std::atoi(argv[++i]);
        else if (a == "--runs" && i + 1 < argc) runs = std::atoi(argv[++i]);
        else if (a == "--verify") verify = true;
        else if (!path) path = argv[i];
        else { std::fprintf(stderr, "unexpected argument: %s\n", argv[i]); return 2; }
    }
    if (!path || every < 1 || runs < 1) {
        std::fprintf(stderr, "usage: %s PUZZLE_FILE [--every N] [--runs R] [--verify]\n", argv[0]);
        return 2;
    }

    std::ifstream in(path);
    if (!in) { std::fprintf(stderr, "cannot open %s\n", path); return 2; }
    std::vector<char> buf;
    std::string line;
    size_t index = 0, n = 0;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        size_t this_index = index++;
        if (this_index % every != 0) continue;
        if (line.size() < 81) {
            std::fprintf(stderr, "short line (non-comment index %zu), skipped\n", this_index);
            continue;
        }
        buf.resize((n + 1) * kStride, '\0');
        char *p = &buf[n * kStride];
        for (int i = 0; i < 81; i++) p[i] = (line[i] == '0') ? '.' : line[i];
        p[81] = '\0';  // input[81] < '.' => vanilla (not pencilmark) puzzle
        n++;
    }
    if (n == 0) { std::fprintf(stderr, "no puzzles\n"); return 2; }

    char solution[128];
    size_t guesses = 0;

    // warm-up pass (also gathers the per-puzzle counts)
    size_t total_guesses = 0, count_one = 0, count_zero = 0, count_multi = 0;
    for (size_t i = 0; i < n; i++) {
        size_t s = TdokuSolverDpllTriadSimd(&buf[i * kStride], 2, 0, solution, &guesses);
        total_guesses += guesses;
        if (s == 1) count_one++; else if (s == 0) count_zero++; else count_multi++;
    }

    std::vector<double> us_per_puzzle;
    bool consistent = true;
    for (int r = 0; r < runs; r++) {
        size_t run_guesses = 0, run_one = 0;
        double t0 = now_us();
        for (size_t i = 0; i < n; i++) {
            size_t s = TdokuSolverDpllTriadSimd(&buf[i * kStride], 2, 0, solution, &guesses);
            run_guesses += guesses;
            run_one += (s == 1);
        }
        double t1 = now_us();
        us_per_puzzle.push_back((t1 - t0) / n);
        if (run_guesses != total_guesses || run_one != count_one) consistent = false;
    }
    std::vector<double> sorted = us_per_puzzle;
    std::sort(sorted.begin(), sorted.end());
    double median = (runs % 2) ? sorted[runs / 2]
                               : 0.5 * (sorted[runs / 2 - 1] + sorted[runs / 2]);

    std::printf("file: %s\n", path);
    std::printf("puzzles: %zu (every %d)\n", n, every);
    std::printf("median_us_per_puzzle: %.3f\n", median);
    std::printf("runs_us_per_puzzle:");
    for (double v : us_per_puzzle) std::printf(" %.3f", v);
    std::printf("\n");
    std::printf("guesses_per_puzzle: %.3f\n", (double) total_guesses / n);
    std::printf("exactly_1_solution: %zu / %zu (0 solutions: %zu, 2+: %zu)\n",
                count_one, n, count_zero, count_multi);
    if (!consistent) std::printf("WARNING: results differed between runs\n");

    if (verify) {
        size_t ok = 0;
        for (size_t i = 0; i < n; i++) {
            const char *p = &buf[i * kStride];
            std::memset(solution, 0, sizeof(solution));
            size_t s = TdokuSolverDpllTriadSimd(p, 1, 1, solution, &guesses);
            if (s == 1 && valid_solution(p, solution)) ok++;
        }
        std::printf("verified_valid_solutions: %zu / %zu\n", ok, n);
    }
    return 0;
}
