// run_isolated and the worker's side of it: a job folder, posix_spawn in a new process group, a
// poll loop with a deadline, SIGKILL to the group, and the result read back.
#include "lab_isolated.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

#include "common/error.h"
#include "job_io.h"

extern char** environ;

namespace ws::lab {

namespace {

namespace fs = std::filesystem;

// A fresh folder under the system's temporary folder, removed with everything in it at the end.
class JobFolder {
 public:
  JobFolder() {
    std::string pattern = (fs::temp_directory_path() / "warpscope-lab-XXXXXX").string();
    WS_REQUIRE(::mkdtemp(pattern.data()) != nullptr, "lab: cannot make a temporary folder in " +
                                                         fs::temp_directory_path().string() + ": " +
                                                         std::strerror(errno));
    path_ = pattern;
  }
  ~JobFolder() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  JobFolder(const JobFolder&) = delete;
  JobFolder& operator=(const JobFolder&) = delete;
  std::string file(const char* name) const { return path_ + "/" + name; }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

const char* worker_signal_name(int sig) {
  switch (sig) {
    case SIGSEGV:
      return "SIGSEGV (segmentation fault: a raw pointer out of bounds?)";
    case SIGBUS:
      return "SIGBUS (bus error: a misaligned or unmapped address)";
    case SIGFPE:
      return "SIGFPE (arithmetic error: an integer divided by zero?)";
    case SIGILL:
      return "SIGILL (illegal instruction)";
    case SIGABRT:
      return "SIGABRT (aborted)";
    case SIGKILL:
      return "SIGKILL (killed from outside, e.g. out of memory)";
    case SIGTERM:
      return "SIGTERM (terminated)";
    default:
      return nullptr;
  }
}

// The last `count` non-empty lines of a text file, joined with newlines ("" when unreadable).
std::string log_last_lines(const std::string& path, size_t count) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(line);
  std::string text;
  for (size_t i = lines.size() > count ? lines.size() - count : 0; i < lines.size(); ++i)
    text += (text.empty() ? "" : "\n") + lines[i];
  return text;
}

std::string timeout_text(double s) {
  std::ostringstream out;
  out << s;
  return out.str();
}

Result worker_failure(DiagKind kind, const std::string& message) {
  Result result;
  result.compiled = true;
  Diagnostic d;
  d.kind = kind;
  d.message = message;
  result.diagnostics.push_back(d);
  return result;
}

// posix_spawn `exe lab-worker dir` in a process group of its own, stdout and stderr to `log`.
pid_t spawn_worker(const std::string& exe, const std::string& dir, const std::string& log) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setpgroup(&attr, 0);  // its own group: a kill reaches g++ and every child too
  sigset_t none, defaults;
  sigemptyset(&none);
  sigfillset(&defaults);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setflags(&attr,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  std::string subcommand = "lab-worker", folder = dir, program = exe;
  char* argv[] = {program.data(), subcommand.data(), folder.data(), nullptr};
  pid_t pid = -1;
  const int err = posix_spawn(&pid, exe.c_str(), &actions, &attr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  WS_REQUIRE(err == 0, "lab: cannot start the worker '" + exe + "': " + std::strerror(err));
  return pid;
}

// Waits for `pid`; kills its group on the deadline or a cancel. The wait status, or nothing when
// it was killed by us (`timed_out` says which).
bool wait_worker(pid_t pid, double timeout_s, const std::function<bool()>& cancelled, int& status,
                 bool& timed_out) {
  using clock = std::chrono::steady_clock;
  const auto deadline = clock::now() + std::chrono::duration<double>(timeout_s);
  timed_out = false;
  for (;;) {
    const pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid) return true;
    WS_REQUIRE(done == 0 || errno == EINTR,
               std::string("lab: lost the worker: ") + std::strerror(errno));
    const bool cancel = cancelled && cancelled();
    if (cancel || clock::now() >= deadline) {
      timed_out = !cancel;
      ::kill(-pid, SIGKILL);
      while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

}  // namespace

std::string self_executable() {
  std::error_code error;
  const fs::path exe = fs::read_symlink("/proc/self/exe", error);
  WS_REQUIRE(!error, "lab: cannot find this program's path (/proc/self/exe): " + error.message());
  return exe.string();
}

Result run_isolated(const Job& job, const std::string& worker_exe, double timeout_s,
                    const std::function<bool()>& cancelled) {
  WS_REQUIRE(
      timeout_s > 0 && std::isfinite(timeout_s),
      "lab: the timeout must be a positive number of seconds, got " + timeout_text(timeout_s));
  const JobFolder folder;
  write_job(folder.file(kWorkerJobFile), job);
  const std::string log = folder.file(kWorkerLogFile);
  const pid_t pid = spawn_worker(worker_exe, folder.path(), log);
  int status = 0;
  bool timed_out = false;
  if (!wait_worker(pid, timeout_s, cancelled, status, timed_out)) {
    if (!timed_out) {
      Result result;
      result.compile_log = "cancelled";
      return result;
    }
    return worker_failure(
        DiagKind::Timeout,
        "the kernel did not finish in " + timeout_text(timeout_s) + " s: a loop that never ends?");
  }
  // The worker renames its result into place when it is complete: a result there is whole, even
  // when something went wrong after it (a sanitizer's leak report at exit).
  if (fs::exists(folder.file(kWorkerResultFile)))
    return read_result(folder.file(kWorkerResultFile));
  const std::string tail = log_last_lines(log, 8);
  const std::string output = tail.empty() ? "" : "; its last output:\n" + tail;
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    const char* name = worker_signal_name(sig);
    return worker_failure(DiagKind::Crash, std::string("the kernel crashed with ") +
                                               (name ? name : "signal " + std::to_string(sig)) +
                                               output);
  }
  return worker_failure(DiagKind::Crash, "the lab worker stopped with exit status " +
                                             std::to_string(WEXITSTATUS(status)) +
                                             " and no result" + output);
}

int run_worker(const std::string& dir) {
  const Job job = read_job(dir + "/" + kWorkerJobFile);
  // A fault in the student's code ends the worker by its signal, which the app names. A
  // sanitizer's handler (the sanitized test build) would catch it, print its report and exit 1,
  // so the app could only say "no result".
  for (const int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL}) std::signal(sig, SIG_DFL);
  Result result;
  try {
    result = run(job);
  } catch (const std::exception& e) {
    result = Result();
    Diagnostic d;
    d.kind = DiagKind::LaunchError;
    d.message = e.what();
    result.diagnostics.push_back(d);
  }
  const std::string path = dir + "/" + kWorkerResultFile;
  write_result(path + ".partial", result);
  std::filesystem::rename(path + ".partial", path);  // whole, or not there
  return 0;
}

}  // namespace ws::lab
