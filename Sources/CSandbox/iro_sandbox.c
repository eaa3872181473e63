#define _GNU_SOURCE
#include "iro_sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <seccomp.h>
#include <signal.h>
#include <string.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/ioctl.h>
#include <unistd.h>

// O_TMPFILE without the O_DIRECTORY bit it includes: a directory may be opened to read.
#define __O_TMPFILE_ONLY 020000000

static int spawn_now(const char *path, char *const argv[], char *const envp[], int socket, pid_t *pid) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, socket, 3);
    posix_spawn_file_actions_addclosefrom_np(&actions, 4);
    // A process group of its own: killing the group ends the helper and any wrapper at once.
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    // And no signal blocked: the spawning thread blocks them all.
    sigset_t none;
    sigemptyset(&none);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK);
    posix_spawnattr_setpgroup(&attributes, 0);
    int status = posix_spawn(pid, path, &actions, &attributes, argv, envp);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    return status;
}

// Every helper is started from one thread that lives as long as Iro. bubblewrap's
// --die-with-parent (PR_SET_PDEATHSIG) kills the helper when the *thread* that started it
// ends, not the process: started from a worker thread, which the thread pool ends after a
// few idle seconds, a warm helper was killed while it waited for work.
struct spawn_job {
    const char *path;
    char *const *argv;
    char *const *envp;
    int socket;
    pid_t pid;
    int status;
    int done;
};
static pthread_mutex_t spawn_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t spawn_changed = PTHREAD_COND_INITIALIZER;
static struct spawn_job *spawn_pending;
static pthread_once_t spawner_once = PTHREAD_ONCE_INIT;
static int spawner_running;

static void *spawner(void *unused) {
    (void)unused;
    pthread_mutex_lock(&spawn_lock);
    for (;;) {
        while (spawn_pending == NULL) pthread_cond_wait(&spawn_changed, &spawn_lock);
        struct spawn_job *job = spawn_pending;
        job->status = spawn_now(job->path, job->argv, job->envp, job->socket, &job->pid);
        job->done = 1;
        spawn_pending = NULL;
        pthread_cond_broadcast(&spawn_changed);
    }
    return NULL;
}

static void start_spawner(void) {
    pthread_t thread;
    sigset_t all, previous;
    // The spawner takes no signals meant for the process.
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    spawner_running = pthread_create(&thread, NULL, spawner, NULL) == 0;
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    if (spawner_running) pthread_detach(thread);
}

int iro_spawn_with_socket(const char *path, char *const argv[], char *const envp[], int socket, pid_t *pid) {
    pthread_once(&spawner_once, start_spawner);
    if (!spawner_running) return spawn_now(path, argv, envp, socket, pid);
    struct spawn_job job = {.path = path, .argv = argv, .envp = envp, .socket = socket};
    pthread_mutex_lock(&spawn_lock);
    while (spawn_pending != NULL) pthread_cond_wait(&spawn_changed, &spawn_lock);
    spawn_pending = &job;
    pthread_cond_broadcast(&spawn_changed);
    while (!job.done) pthread_cond_wait(&spawn_changed, &spawn_lock);
    pthread_mutex_unlock(&spawn_lock);
    *pid = job.pid;
    return job.status;
}

int iro_send_message(int socket, const void *bytes, size_t size, int fd, int second) {
    struct iovec part = {.iov_base = (void *)bytes, .iov_len = size};
    union {
        struct cmsghdr header;
        char space[CMSG_SPACE(sizeof(int) * 2)];
    } control;
    memset(&control, 0, sizeof control);
    struct msghdr message = {.msg_iov = &part, .msg_iovlen = 1};
    int fds[2] = {fd, second};
    int count = fd < 0 ? 0 : second < 0 ? 1 : 2;
    if (count > 0) {
        message.msg_control = control.space;
        message.msg_controllen = CMSG_SPACE(sizeof(int) * count);
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(sizeof(int) * count);
        memcpy(CMSG_DATA(header), fds, sizeof(int) * count);
    }
    for (;;) {
        ssize_t sent = sendmsg(socket, &message, MSG_NOSIGNAL);
        if (sent >= 0) return 0;
        if (errno != EINTR) return errno;
    }
}

ssize_t iro_receive_message(int socket, void *bytes, size_t capacity, int *fd, int *second) {
    *fd = -1;
    if (second) *second = -1;
    struct iovec part = {.iov_base = bytes, .iov_len = capacity};
    union {
        struct cmsghdr header;
        char space[CMSG_SPACE(sizeof(int) * 4)];
    } control;
    struct msghdr message = {.msg_iov = &part, .msg_iovlen = 1, .msg_control = control.space,
                             .msg_controllen = sizeof control.space};
    ssize_t received;
    do {
        received = recvmsg(socket, &message, MSG_CMSG_CLOEXEC);
    } while (received < 0 && errno == EINTR);
    if (received < 0) return -errno;
    // Every descriptor that came is either handed over (the first, and the second when
    // asked for) or closed.
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        size_t count = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t i = 0; i < count; i++) {
            int each;
            memcpy(&each, CMSG_DATA(header) + i * sizeof(int), sizeof(int));
            if (*fd < 0) *fd = each;
            else if (second && *second < 0) *second = each;
            else close(each);
        }
    }
    if (message.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) {
        if (*fd >= 0) close(*fd);
        *fd = -1;
        if (second && *second >= 0) close(*second);
        if (second) *second = -1;
        return -EMSGSIZE;
    }
    return received;
}

int iro_message_waiting(int socket, int timeout_ms) {
    struct pollfd watched = {.fd = socket, .events = POLLIN};
    int ready = poll(&watched, 1, timeout_ms);
    if (ready < 0) return errno == EINTR ? 0 : -errno;
    return ready > 0 && (watched.revents & (POLLIN | POLLHUP | POLLERR)) ? 1 : 0;
}

int iro_memfd_create(const char *name, size_t size) {
    int fd = memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -errno;
    if (ftruncate(fd, (off_t)size) != 0) {
        int code = errno;
        close(fd);
        return -code;
    }
    return fd;
}

int iro_memfd_seal(int fd) {
    // FUTURE_WRITE rather than WRITE: the helper's own mapping, which the pixels were
    // decoded into, may stay; nothing can write through a new one.
    return fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_FUTURE_WRITE | F_SEAL_SEAL) == 0 ? 0 : -errno;
}

int iro_memfd_is_sealed(int fd) {
    int seals = fcntl(fd, F_GET_SEALS);
    int size = F_SEAL_SHRINK | F_SEAL_GROW;
    return seals >= 0 && (seals & size) == size && (seals & (F_SEAL_WRITE | F_SEAL_FUTURE_WRITE)) != 0;
}

// What decoding needs once the libraries are loaded: memory, the request socket, the file
// bytes already received, threads and time. Nothing that names a file, makes a socket or
// runs a program.
static const int allowed[] = {
    SCMP_SYS(read), SCMP_SYS(write), SCMP_SYS(pread64), SCMP_SYS(readv), SCMP_SYS(writev), SCMP_SYS(close),
    SCMP_SYS(fstat), SCMP_SYS(newfstatat), SCMP_SYS(lseek), SCMP_SYS(mmap), SCMP_SYS(munmap), SCMP_SYS(mremap),
    SCMP_SYS(mprotect), SCMP_SYS(madvise), SCMP_SYS(brk), SCMP_SYS(futex), SCMP_SYS(sched_yield),
    SCMP_SYS(getpid), SCMP_SYS(gettid), SCMP_SYS(getuid), SCMP_SYS(geteuid), SCMP_SYS(getgid), SCMP_SYS(getegid),
    SCMP_SYS(getrandom), SCMP_SYS(clock_gettime), SCMP_SYS(clock_getres), SCMP_SYS(gettimeofday),
    SCMP_SYS(clock_nanosleep), SCMP_SYS(nanosleep), SCMP_SYS(rt_sigaction), SCMP_SYS(rt_sigprocmask),
    SCMP_SYS(rt_sigreturn), SCMP_SYS(sigaltstack), SCMP_SYS(exit), SCMP_SYS(exit_group),
    SCMP_SYS(recvmsg), SCMP_SYS(sendmsg), SCMP_SYS(poll), SCMP_SYS(ppoll), SCMP_SYS(memfd_create),
    SCMP_SYS(fcntl), SCMP_SYS(ftruncate), SCMP_SYS(dup), SCMP_SYS(dup3), SCMP_SYS(set_robust_list),
    SCMP_SYS(rseq), SCMP_SYS(prlimit64), SCMP_SYS(getrlimit), SCMP_SYS(sched_getaffinity),
    SCMP_SYS(membarrier), SCMP_SYS(clone), SCMP_SYS(clone3), SCMP_SYS(set_tid_address), SCMP_SYS(uname),
    SCMP_SYS(getrusage), SCMP_SYS(eventfd2), SCMP_SYS(restart_syscall), SCMP_SYS(sysinfo),
    // What Fontconfig looks at when it checks its configuration and caches are current.
    SCMP_SYS(access), SCMP_SYS(faccessat), SCMP_SYS(faccessat2), SCMP_SYS(readlink), SCMP_SYS(readlinkat),
    SCMP_SYS(getdents64), SCMP_SYS(stat), SCMP_SYS(lstat), SCMP_SYS(statx), SCMP_SYS(statfs), SCMP_SYS(fstatfs),
    SCMP_SYS(fadvise64), SCMP_SYS(flock),
    // Exiv2 (photo metadata, loaded on first use) asks for the working directory; GLib's
    // log writer asks whether stderr is the journal's socket (an existing one: it makes none).
    SCMP_SYS(getcwd), SCMP_SYS(getpeername), SCMP_SYS(getsockname),
    // libnuma, loaded with the HEIF and AVIF loaders' codecs, reads and sets its own memory policy.
    SCMP_SYS(get_mempolicy), SCMP_SYS(set_mempolicy),
};

// With `trap`: names the forbidden call on stderr, then ends the process as the filter would.
static void report_forbidden(int signal, siginfo_t *info, void *context) {
    (void)signal;
    (void)context;
    char text[64];
    int number = info->si_syscall, length = 0;
    const char prefix[] = "iro-decoder: forbidden system call ";
    char digits[16];
    int count = 0;
    do {
        digits[count++] = (char)('0' + number % 10);
        number /= 10;
    } while (number > 0 && count < 15);
    memcpy(text, prefix, sizeof prefix - 1);
    length = sizeof prefix - 1;
    while (count > 0) text[length++] = digits[--count];
    text[length++] = '\n';
    (void)!write(2, text, (size_t)length);
    _exit(159);
}

int iro_sandbox_confine(int trap) {
    if (trap) {
        struct sigaction action = {.sa_sigaction = report_forbidden, .sa_flags = SA_SIGINFO};
        sigaction(SIGSYS, &action, NULL);
    }
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -errno;
    scmp_filter_ctx filter = seccomp_init(trap ? SCMP_ACT_TRAP : SCMP_ACT_KILL_PROCESS);
    if (!filter) return -ENOMEM;
    int result = 0;
    for (size_t i = 0; i < sizeof allowed / sizeof *allowed && result == 0; i++) {
        result = seccomp_rule_add(filter, SCMP_ACT_ALLOW, allowed[i], 0);
    }
    // Reading a file, never writing or creating one: cairo and FreeType open font files
    // when an SVG draws text, and may close and open them again at any time. (Under
    // bubblewrap, only fonts and libraries are there to be read.)
    if (result == 0)
        result = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(openat), 1,
                                  SCMP_A2(SCMP_CMP_MASKED_EQ, O_ACCMODE | O_CREAT | O_TRUNC | O_APPEND | __O_TMPFILE_ONLY, O_RDONLY));
    // A signal to one of its own threads only (abort() raises SIGABRT so).
    if (result == 0) result = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(tgkill), 1, SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)getpid()));
    // Threads name themselves (librsvg's, GLib's); no other prctl.
    if (result == 0) result = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(prctl), 1, SCMP_A0(SCMP_CMP_EQ, PR_SET_NAME));
    if (result == 0) result = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(prctl), 1, SCMP_A0(SCMP_CMP_EQ, PR_GET_NAME));
    // GLib's log writer asks whether stderr is a terminal (isatty); no other ioctl (TIOCSTI
    // would type into the terminal Iro was started from).
    if (result == 0) result = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(ioctl), 1, SCMP_A1(SCMP_CMP_EQ, TCGETS));
    if (result == 0) result = seccomp_load(filter);
    seccomp_release(filter);
    return result;
}

int iro_sandbox_limit_address_space(uint64_t bytes) {
    struct rlimit space = {.rlim_cur = bytes, .rlim_max = bytes};
    return setrlimit(RLIMIT_AS, &space) == 0 ? 0 : -errno;
}

int iro_sandbox_set_soft_address_space(uint64_t bytes) {
    struct rlimit space;
    if (getrlimit(RLIMIT_AS, &space) != 0) return -errno;
    space.rlim_cur = bytes < space.rlim_max ? bytes : space.rlim_max;
    return setrlimit(RLIMIT_AS, &space) == 0 ? 0 : -errno;
}

int iro_sandbox_allow_cpu_seconds(uint64_t seconds) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return -errno;
    struct rlimit cpu;
    if (getrlimit(RLIMIT_CPU, &cpu) != 0) return -errno;
    cpu.rlim_cur = (rlim_t)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + 1) + seconds;
    if (cpu.rlim_max != RLIM_INFINITY && cpu.rlim_cur > cpu.rlim_max) cpu.rlim_cur = cpu.rlim_max;
    return setrlimit(RLIMIT_CPU, &cpu) == 0 ? 0 : -errno;
}
