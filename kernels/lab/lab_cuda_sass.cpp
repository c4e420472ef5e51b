// Finds and runs the disassembler on a lab kernel's CUBIN. See lab_cuda_sass.h.
#include "lab_cuda_sass.h"

#include <glob.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>

namespace ws::lab {

#ifdef GLOB_ONLYDIR
constexpr int kOnlyFolders = GLOB_ONLYDIR;
#else
constexpr int kOnlyFolders = 0;  // the browser's libc has no GLOB_ONLYDIR (and no CUDA tools)
#endif

namespace {

std::string sass_quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// stdout and stderr of `command`; `status` its exit status (-1 when it could not start).
std::string sass_run_command(const std::string& command, int& status) {
  std::string out;
  status = -1;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return out;
  char buffer[4096];
  for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  const int raw = pclose(pipe);
  status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return out;
}

}  // namespace

std::vector<std::string> cuda_tool_dirs() {
  std::vector<std::string> dirs;
  if (const char* home = std::getenv("CUDA_HOME")) dirs.push_back(std::string(home) + "/bin");
  dirs.push_back("/usr/local/cuda/bin");
  if (const char* path = std::getenv("PATH")) {
    std::string all = path;
    for (size_t start = 0; start <= all.size();) {
      const size_t end = std::min(all.find(':', start), all.size());
      if (end > start) dirs.push_back(all.substr(start, end - start));
      start = end + 1;
    }
  }
  if (const char* home = std::getenv("HOME")) {
    glob_t found{};
    const std::string pattern = std::string(home) + "/.cache/warpscope/tools/*/bin";
    if (glob(pattern.c_str(), kOnlyFolders, nullptr, &found) == 0)
      for (size_t i = 0; i < found.gl_pathc; ++i) dirs.push_back(found.gl_pathv[i]);
    globfree(&found);
  }
  return dirs;
}

std::string find_cuda_tool(const std::string& name) {
  for (const std::string& dir : cuda_tool_dirs()) {
    const std::string path = dir + "/" + name;
    if (access(path.c_str(), X_OK) == 0) return path;
  }
  return {};
}

SassListing disassemble_cubin(const std::vector<char>& cubin, const std::string& lowered_name,
                              const std::string& file_name) {
  SassListing none;
  const std::string nvdisasm = find_cuda_tool("nvdisasm");
  const std::string cuobjdump = nvdisasm.empty() ? find_cuda_tool("cuobjdump") : "";
  if (nvdisasm.empty() && cuobjdump.empty()) {
    none.note =
        "no SASS: neither nvdisasm nor cuobjdump (the CUDA toolkit's disassemblers) was found in "
        "$CUDA_HOME/bin, /usr/local/cuda/bin, $PATH or ~/.cache/warpscope/tools/*/bin";
    return none;
  }
  if (cubin.empty()) {
    none.note = "no SASS: NVRTC made PTX only (the device is newer than this NVRTC)";
    return none;
  }
  // Remembered per tool and CUBIN (the lab reruns a kernel unchanged at several sizes).
  static std::mutex mutex;
  static std::map<std::string, SassListing> listings;
  const std::string key = nvdisasm + '\n' + cuobjdump + '\n' + lowered_name + '\n' + file_name +
                          '\n' + std::string(cubin.begin(), cubin.end());
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = listings.find(key);
    if (it != listings.end()) return it->second;
  }
  const char* tmp = std::getenv("TMPDIR");
  std::string path = std::string(tmp != nullptr && *tmp ? tmp : "/tmp") + "/ws_lab_XXXXXX";
  const int fd = mkstemp(path.data());
  if (fd < 0) {
    none.note = "no SASS: could not write the CUBIN to a temporary file (" + path + ")";
    return none;
  }
  close(fd);
  std::ofstream(path, std::ios::binary).write(cubin.data(), std::streamsize(cubin.size()));
  int status = 0;
  SassListing listing;
  if (!nvdisasm.empty()) {
    // -gi: line info through inlined functions (the views' operators); older tools know -g only.
    std::string out =
        sass_run_command(sass_quoted(nvdisasm) + " -gi -c " + sass_quoted(path), status);
    if (status != 0)
      out = sass_run_command(sass_quoted(nvdisasm) + " -g -c " + sass_quoted(path), status);
    listing = parse_nvdisasm(out, lowered_name, file_name);
    listing.tool = nvdisasm;
  } else {
    const std::string out =
        sass_run_command(sass_quoted(cuobjdump) + " -sass " + sass_quoted(path), status);
    listing = parse_cuobjdump(out, lowered_name);
    listing.tool = cuobjdump;
  }
  std::remove(path.c_str());
  if (status != 0 || !listing.known) {
    none.note = "no SASS: " + listing.tool + " failed (exit status " + std::to_string(status) + ")";
    return none;
  }
  std::lock_guard<std::mutex> lock(mutex);
  if (listings.size() >= 32) listings.clear();
  listings.emplace(key, listing);
  return listing;
}

}  // namespace ws::lab
