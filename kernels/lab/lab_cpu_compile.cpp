// The CPU backend's compile: the student's kernel, the header and a call shim built into a .so by
// the host compiler at run time, cached on disk by a hash of everything that goes into it.
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cstdint>
#include <map>
#include <mutex>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "../common/error.h"
#include "lab_cpu.h"

extern char** environ;

namespace ws::lab {
namespace {

const char* const kCpuFlags[] = {"-std=c++17",
                                 "-O1",
                                 "-shared",
                                 "-fPIC",
                                 "-ffp-contract=off",
                                 "-Wall",
                                 "-Wno-sign-compare",
                                 "-fdiagnostics-color=never",
                                 "-x",
                                 "c++"};

std::string find_on_path(const std::string& name) {
  if (name.find('/') != std::string::npos) return access(name.c_str(), X_OK) == 0 ? name : "";
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "/usr/bin:/bin");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    const std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return "";
}

uint64_t source_hash(const std::string& text, uint64_t h = 1469598103934665603ull) {
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  return h;
}

void make_cache_dirs(const std::string& path) {
  for (size_t i = 1; i <= path.size(); ++i)
    if (i == path.size() || path[i] == '/') mkdir(path.substr(0, i).c_str(), 0700);
}

std::string cache_dir() {
  std::string dir;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    dir = std::string(xdg) + "/warpscope/lab";
  else if (const char* home = std::getenv("HOME"); home && *home)
    dir = std::string(home) + "/.cache/warpscope/lab";
  if (!dir.empty()) {
    make_cache_dirs(dir);
    if (access(dir.c_str(), W_OK) == 0) return dir;
  }
  dir = "/tmp/warpscope-lab-" + std::to_string(getuid());
  make_cache_dirs(dir);
  return dir;
}

bool cache_file_exists(const std::string& path) {
  return access(path.c_str(), F_OK) == 0;
}

std::string read_cached_log(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// "g++ 12.2.0" (the name on PATH and -dumpfullversion), asked once per compiler.
std::string compiler_version(const std::string& compiler) {
  static std::mutex mutex;
  static std::map<std::string, std::string> known;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = known.find(compiler);
  if (it != known.end()) return it->second;
  std::string version;
  if (compiler.find('\'') == std::string::npos) {
    if (FILE* p = popen(("'" + compiler + "' -dumpfullversion 2>/dev/null").c_str(), "r")) {
      char buf[64] = {};
      if (std::fgets(buf, sizeof buf, p)) version = buf;
      pclose(p);
    }
  }
  while (!version.empty() && std::isspace(static_cast<unsigned char>(version.back())))
    version.pop_back();
  const std::string name = compiler.substr(compiler.rfind('/') + 1);
  return known[compiler] = version.empty() ? name : name + " " + version;
}

// Runs the compiler with its output in `log_path`; returns its exit status (-1: not started).
int run_compiler(const std::string& compiler, const std::string& src, const std::string& out,
                 const std::string& log_path) {
  std::vector<std::string> words = {compiler};
  for (const char* f : kCpuFlags) words.push_back(f);
  words.insert(words.end(), {src, "-o", out});
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0600);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, compiler.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return -1;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// extern "C" void ws_lab_call(void* const* a): the kernel called with the job's arguments, after a
// static_assert that the student's signature is the exercise's (one clear error when it is not).
std::string call_shim(const Job& job) {
  std::ostringstream s;
  std::string types;
  for (size_t i = 0; i < job.args.size(); ++i) types += (i ? ", " : "") + param_type(job.args[i]);
  std::string message = job.kernel + " must be declared as " + kernel_signature(job);
  s << "\n#line 1 \"ws_lab_shim.cpp\"\n#include <type_traits>\n"
    << "static_assert(std::is_same<decltype(&" << job.kernel << "), void (*)(" << types
    << ")>::value, \"" << message << "\");\n"
    << "extern \"C\" void ws_lab_call(void* const* a) {\n"
    << "  auto kernel = reinterpret_cast<void (*)(" << types << ")>(&" << job.kernel << ");\n"
    << "  kernel(";
  for (size_t i = 0; i < job.args.size(); ++i) {
    const Arg& arg = job.args[i];
    const std::string t = param_type(arg);
    std::string elem = std::string(arg.writable ? "" : "const ") + elem_type_cpp(arg.type);
    if (i) s << ",\n         ";
    if (arg.is_array)
      s << t << "{static_cast<" << elem << "*>(static_cast<const ws::lab::LabArrayParam*>(a[" << i
        << "])->data), static_cast<const ws::lab::LabArrayParam*>(a[" << i
        << "])->size, static_cast<const ws::lab::LabArrayParam*>(a[" << i << "])->buffer, 0}";
    else
      s << "*static_cast<const " << t << "*>(a[" << i << "])";
  }
  s << ");\n}\n";
  return s.str();
}

}  // namespace

std::string cpu_source(const Job& job) {
  return prepend_header(job, "#define WS_LAB_CPU 1\n") + call_shim(job);
}

CpuCompile compile_cpu(const Job& job) {
  CpuCompile out;
  const char* override_cxx = std::getenv("WARPSCOPE_LAB_CXX");
  const std::string wanted = override_cxx && *override_cxx ? override_cxx : "c++";
  const std::string compiler = find_on_path(wanted);
  if (compiler.empty()) {
    Diagnostic d;
    d.kind = DiagKind::Missing;
    d.message = "the C++ compiler '" + wanted +
                "' was not found on PATH: the CPU backend of the kernel lab compiles kernels with "
                "it (install g++: apt install g++)";
    out.diagnostics.push_back(d);
    return out;
  }
  out.compiler = compiler_version(compiler);
  const std::string source = cpu_source(job);
  struct stat info {};
  stat(compiler.c_str(), &info);
  std::string key = source + "\n" + compiler + " " + std::to_string(info.st_size) + " " +
                    std::to_string(info.st_mtime);
  for (const char* f : kCpuFlags) key += std::string(" ") + f;
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(source_hash(key)));
  const std::string base = cache_dir() + "/" + hash;
  const std::string so = base + ".so", log = base + ".log";
  if (!cache_file_exists(log)) {
    // Built under unique names, then renamed: concurrent compiles of one source never collide.
    const std::string tmp = base + "." + std::to_string(getpid());
    {
      std::ofstream src(tmp + ".cpp", std::ios::binary);
      src << source;
    }
    const int status = run_compiler(compiler, tmp + ".cpp", tmp + ".so", tmp + ".log");
    if (status == -1) {
      Diagnostic d;
      d.kind = DiagKind::Missing;
      d.message = "could not start the C++ compiler " + compiler;
      out.diagnostics.push_back(d);
      return out;
    }
    if (status == 0) std::rename((tmp + ".so").c_str(), so.c_str());
    std::remove((tmp + ".so").c_str());
    std::remove((tmp + ".cpp").c_str());
    std::rename((tmp + ".log").c_str(), log.c_str());
  }
  out.log = read_cached_log(log);
  out.diagnostics = parse_gcc_diagnostics(job, out.log);
  out.ok = cache_file_exists(so);
  if (out.ok) {
    out.so_path = so;
  } else {
    bool any_error = false;
    for (const Diagnostic& d : out.diagnostics) any_error |= d.kind == DiagKind::CompileError;
    if (!any_error) {
      Diagnostic d;
      d.message = "the compiler failed: " + out.log.substr(0, 2000);
      out.diagnostics.push_back(d);
    }
  }
  return out;
}

}  // namespace ws::lab
