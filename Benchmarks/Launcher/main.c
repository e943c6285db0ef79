// flowgraph-benchmark-launcher: runs one command and prints what it cost, as /usr/bin/time does,
// but with microseconds.
//
//   flowgraph-benchmark-launcher STDOUT_FILE STDERR_FILE COMMAND [ARGUMENT...]
//
// Prints "WALL_SECONDS CPU_SECONDS PEAK_KILOBYTES EXIT_STATUS" on standard output; the command's
// standard output and error go to the two files, its standard input is /dev/null.
//
// Why a launcher in C: on Linux a child's ru_maxrss starts from the peak of the process that
// forked it (the address space is copied, and exec keeps the larger figure), so a benchmark that
// has read a large program would lend its own peak to every command it starts. This process stays
// at about a megabyte.
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double seconds(struct timeval time) { return (double)time.tv_sec + (double)time.tv_usec / 1e6; }

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: flowgraph-benchmark-launcher STDOUT_FILE STDERR_FILE COMMAND [ARGUMENT...]\n");
        return 2;
    }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid = fork();
    if (pid < 0) { perror("fork"); return 2; }
    if (pid == 0) {
        int input = open("/dev/null", O_RDONLY);
        int output = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int errors = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (input < 0 || output < 0 || errors < 0) _exit(126);
        dup2(input, 0);
        dup2(output, 1);
        dup2(errors, 2);
        execvp(argv[3], argv + 3);
        _exit(127);
    }
    int status = 0;
    struct rusage usage;
    while (wait4(pid, &status, 0, &usage) < 0) {}
    clock_gettime(CLOCK_MONOTONIC, &end);
    double wall = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    printf("%.6f %.6f %ld %d\n", wall, seconds(usage.ru_utime) + seconds(usage.ru_stime), usage.ru_maxrss, code);
    return 0;
}
