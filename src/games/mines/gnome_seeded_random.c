/* A preload for gnome-mines' fixture captures and live tests (src/games/mines/capture_gnome_tests.rs):
 * gnome-mines places its mines with GLib's g_random_int_range, from a seed no option sets. Loaded
 * with LD_PRELOAD, this answers the game's own calls (those from the program itself, not from its
 * libraries) from a splitmix64 sequence seeded by GAMEBOT_RANDOM_SEED, and appends each call's
 * range and answer ("begin end value") to the file GAMEBOT_RANDOM_LOG. The same seed gives the
 * same draws, and the log is what the game drew: replayed through the game's placement rule it gives
 * the layout. Calls from libraries go to GLib's own function. Built by the tests with
 * `cc -shared -fPIC -o gnome_seeded_random.so gnome_seeded_random.c -ldl`. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state;
static int seeded;

static uint64_t next_draw(void) {
    if (!seeded) {
        const char *seed = getenv("GAMEBOT_RANDOM_SEED");
        state = seed ? strtoull(seed, NULL, 10) : 1;
        seeded = 1;
    }
    state += 0x9e3779b97f4a7c15ULL;
    uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

int32_t g_random_int_range(int32_t begin, int32_t end) {
    Dl_info caller;
    int from_library = !dladdr(__builtin_return_address(0), &caller) || !caller.dli_fname ||
                       strstr(caller.dli_fname, ".so") != NULL;
    if (from_library || end <= begin) {
        int32_t (*glib)(int32_t, int32_t) = (int32_t(*)(int32_t, int32_t))dlsym(RTLD_NEXT, "g_random_int_range");
        return glib(begin, end);
    }
    int32_t value = begin + (int32_t)(next_draw() % (uint64_t)((int64_t)end - begin));
    const char *log = getenv("GAMEBOT_RANDOM_LOG");
    if (log != NULL) {
        FILE *file = fopen(log, "a");
        if (file != NULL) {
            fprintf(file, "%d %d %d\n", begin, end, value);
            fclose(file);
        }
    }
    return value;
}
