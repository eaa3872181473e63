// The decoder helper's process plumbing (BEHAVIOUR F5), in C where Swift cannot reach:
// control messages that carry file descriptors, sealed memfds, and the confinement
// (no new privileges, a seccomp filter, resource limits).
#pragma once
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/// Starts `path` with `argv` and `envp`, its descriptor 3 being `socket` and no other of
/// this process's descriptors open in it, in a process group of its own (posix_spawn),
/// from a thread that lasts as long as the process (see iro_sandbox.c). 0 and the pid, or
/// an errno.
int iro_spawn_with_socket(const char *path, char *const argv[], char *const envp[], int socket, pid_t *pid);

/// Sends `size` bytes on a SOCK_SEQPACKET socket as one message, with `fd` attached when it
/// is not -1, and `second` after it when that is not -1 either. 0 on success, else errno.
int iro_send_message(int socket, const void *bytes, size_t size, int fd, int second);

/// Receives one message of at most `capacity` bytes, and the file descriptor attached to
/// it (CLOEXEC; -1 without one), and a second one into `second` unless that is NULL (any
/// other is closed). The message's length, 0 at end of stream, -errno on failure
/// (-EMSGSIZE for a message longer than `capacity`, whose descriptors are closed).
ssize_t iro_receive_message(int socket, void *bytes, size_t capacity, int *fd, int *second);

/// Whether a message is waiting, without reading it (0: no, 1: yes, -errno).
int iro_message_waiting(int socket, int timeout_ms);

/// A memfd of `size` bytes that can be sealed; -errno on failure.
int iro_memfd_create(const char *name, size_t size);

/// Seals a memfd against any change of size, writes through new mappings, further seals.
int iro_memfd_seal(int fd);

/// Whether `fd` is a memfd sealed against growing, shrinking and writing (1), not (0).
int iro_memfd_is_sealed(int fd);

/// The helper's confinement, once its libraries are loaded and before it reads a byte of
/// any file: PR_SET_NO_NEW_PRIVS, then a seccomp filter that kills the process on any
/// system call outside what decoding needs: no opening a file to write or create, no socket,
/// connect, execve, ptrace … (opening to read stays: fonts are opened lazily).
/// With `trap`, a denied call raises SIGSYS instead (diagnosis: which call was it).
/// 0 on success, else a negative errno.
int iro_sandbox_confine(int trap);

/// The hard address-space limit (RLIMIT_AS), which nothing in the process can raise.
int iro_sandbox_limit_address_space(uint64_t bytes);

/// Sets the soft address-space limit (within the hard one), for the request at hand.
int iro_sandbox_set_soft_address_space(uint64_t bytes);

/// Lets the process use `seconds` more of CPU time from now (RLIMIT_CPU's soft limit;
/// past it the kernel sends SIGXCPU).
int iro_sandbox_allow_cpu_seconds(uint64_t seconds);
