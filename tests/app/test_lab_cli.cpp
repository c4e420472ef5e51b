// `warpscope lab`, the grading command, as a teacher's script runs it (CPU backend): the reduce
// exercise's solution passes with its JSON complete; the planted missing guard fails naming the
// thread and the line; an endless loop is stopped by --timeout; a folder of submissions is graded
// in one call; usage errors exit 2 with a message; --list, --starter and the hidden worker.
#include <chrono>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "lab/exercise.h"
#include "test_paths.h"

namespace {

namespace fs = std::filesystem;

const std::string kLabExe = WS_WARPSCOPE_EXE;
const std::string kLabOut = std::string(WS_APP_OUT_DIR) + "/cli";
const std::string kReduceFolder = std::string(WS_SOURCE_ROOT) + "/assets/lab/reduce";

struct LabRun {
  int code;
  std::string out, err;
};

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

LabRun lab_cli(const std::string& args) {
  fs::create_directories(kLabOut);
  static int calls = 0;
  const std::string base =
      kLabOut + "/call_" + std::to_string(getpid()) + "_" + std::to_string(++calls);
  // XDG_CACHE_HOME: the compiled kernels' cache (shared by the calls of this suite).
  const int status =
      std::system(("XDG_CONFIG_HOME=" + kLabOut + " XDG_CACHE_HOME=" + kLabOut + "/cache " +
                   kLabExe + " " + args + " >" + base + ".out 2>" + base + ".err")
                      .c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(base + ".out"), slurp(base + ".err")};
}

nlohmann::json lab_json(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

// A submission for the reduce exercise whose body is `body`, with the exercise's own signature.
std::string reduce_submission(const std::string& name, const std::string& body) {
  const ws::lab::Exercise& reduce = ws::lab::find_exercise("reduce");
  const ws::lab::Size size = ws::lab::size_for(reduce.sizes.front(), ws::Backend::Cpu);
  const ws::lab::Job job = reduce.make(ws::Backend::Cpu, "", size, reduce.inputs(size, 1));
  const std::string path = kLabOut + "/" + name;
  fs::create_directories(kLabOut);
  std::ofstream(path) << ws::lab::kernel_signature(job) << " {\n" << body << "}\n";
  return path;
}

// Line `line` (1-based) of a file.
std::string line_of(const std::string& path, int line) {
  std::ifstream in(path);
  std::string text;
  for (int i = 0; i < line && std::getline(in, text); ++i) {
  }
  return text;
}

TEST(LabCli, TheReduceSolutionPassesWithEveryJsonField) {
  const std::string json = kLabOut + "/solution.json";
  const LabRun r = lab_cli("lab --exercise reduce --kernel " + kReduceFolder +
                           "/solution.cu --backend cpu --sizes teach,odd --json " + json);
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const auto j = lab_json(json);
  EXPECT_EQ(j["exercise"], "reduce");
  EXPECT_EQ(j["kernel_file"], "solution.cu");
  EXPECT_EQ(j["backend"], "cpu");
  EXPECT_EQ(j["passed"], true);
  EXPECT_EQ(j["compile"]["ok"], true);
  ASSERT_EQ(j["sizes"].size(), 2u);
  EXPECT_EQ(j["sizes"][0]["name"], "teach");
  EXPECT_EQ(j["sizes"][1]["name"], "odd");
  // The teach run's trace, counted by hand for the solution: each block of B threads sums 2B
  // inputs; every thread reads two inputs and writes one partial sum, the tree's log2(B) levels
  // read two partials and write one for B - 1 active threads in all, thread 0 reads the last
  // partial and writes the output. Steps: the load, one per level, the write (barrier phases).
  const ws::lab::Exercise& reduce = ws::lab::find_exercise("reduce");
  const ws::lab::Launch teach = reduce.launch(ws::lab::size_for(reduce.sizes[0], ws::Backend::Cpu));
  ASSERT_EQ(reduce.sizes[0].dims[0], 2 * teach.blocks() * teach.block_x);  // every input in range
  int levels = 0;
  for (int b = teach.block_x; b > 1; b /= 2) ++levels;
  const auto& counted = j["sizes"][0];
  EXPECT_EQ(counted["counters"]["steps"], levels + 2);
  EXPECT_EQ(counted["events"], teach.blocks() * (3 * teach.block_x + 3 * (teach.block_x - 1) + 2));
  for (const auto& size : j["sizes"]) {
    EXPECT_EQ(size["passed"], true);
    EXPECT_TRUE(size["diagnostics"].empty()) << size["diagnostics"].dump();
    ASSERT_TRUE(size["counters"].is_object());
    EXPECT_TRUE(size["ms"].is_null());  // timed on CUDA only
  }
  EXPECT_NE(r.out.find("teach: PASS"), std::string::npos) << r.out;
}

TEST(LabCli, AMissingGuardFailsNamingTheThreadAndTheLine) {
  const std::string json = kLabOut + "/no_guard.json";
  const std::string file = kReduceFolder + "/bug_no_guard.cu";
  const LabRun r = lab_cli("lab --exercise reduce --kernel " + file +
                           " --backend cpu --sizes teach,odd --json " + json);
  ASSERT_EQ(r.code, 1) << r.out << r.err;
  const auto j = lab_json(json);
  EXPECT_EQ(j["passed"], false);
  ASSERT_EQ(j["sizes"].size(), 2u);
  EXPECT_EQ(j["sizes"][0]["passed"], true);  // 2 * blockDim divides the teaching size
  const auto& odd = j["sizes"][1];
  ASSERT_EQ(odd["passed"], false);
  ASSERT_FALSE(odd["diagnostics"].empty());
  const auto& d = odd["diagnostics"][0];
  ASSERT_EQ(d["kind"], "out-of-bounds") << d.dump();
  // The first thread past the end, by hand: thread t of block b reads in[i] and, unguarded,
  // in[i + B] for i = 2bB + t < n; the first with i + B >= n, in launch order, is the culprit.
  const ws::lab::Exercise& reduce = ws::lab::find_exercise("reduce");
  const ws::lab::Size size = ws::lab::size_for(reduce.sizes[1], ws::Backend::Cpu);
  const ws::lab::Launch launch = reduce.launch(size);
  const int64_t n = size.dims[0], block = launch.block_x;
  int64_t culprit = -1;
  for (int64_t thread = 0; thread < launch.threads() && culprit < 0; ++thread) {
    const int64_t i = 2 * (thread / block) * block + thread % block;
    if (i < n && i + block >= n) culprit = thread;
  }
  EXPECT_EQ(d["thread"], culprit);
  EXPECT_EQ(d["block"], culprit / block);
  EXPECT_EQ(d["index"], n);  // the first index past the end
  // The line is the unguarded read's.
  EXPECT_NE(line_of(file, d["line"]).find("in[i + BLOCK_DIM]"), std::string::npos)
      << "line " << d["line"] << ": " << line_of(file, d["line"]);
  EXPECT_NE(r.out.find("line " + std::to_string(d["line"].get<int>()) + ": thread " +
                       std::to_string(culprit)),
            std::string::npos)
      << r.out;
}

TEST(LabCli, AnEndlessLoopWithoutViewAccessesIsStoppedByTheTimeout) {
  const std::string json = kLabOut + "/loop.json";
  const std::string file = reduce_submission("loop.cu", "  while (1) {}\n");
  const LabRun r = lab_cli("lab --exercise reduce --kernel " + file +
                           " --backend cpu --sizes teach --timeout 2 --json " + json);
  ASSERT_EQ(r.code, 1) << r.out << r.err;
  const auto d = lab_json(json)["sizes"][0]["diagnostics"];
  ASSERT_EQ(d.size(), 1u) << d.dump();
  EXPECT_EQ(d[0]["kind"], "timeout");
  EXPECT_NE(d[0]["message"].get<std::string>().find("did not finish in 2 s"), std::string::npos);
}

// The budget ends the traced sizes of vector-add's endless loop; its untraced size is then not
// run at all (it has no budget and would only wait for the timeout), and says why.
TEST(LabCli, AnUntracedSizeIsNotRunAfterTheBudgetStoppedATracedOne) {
  const ws::lab::Exercise& exercise = ws::lab::find_exercise("vector-add");
  std::string untraced;
  for (const ws::lab::Size& size : exercise.sizes)
    if (!ws::lab::size_for(size, ws::Backend::Cpu).traced) untraced = size.name;
  ASSERT_FALSE(untraced.empty()) << "vector-add has no untraced size on the CPU";
  const std::string json = kLabOut + "/endless.json";
  const std::string file = std::string(WS_SOURCE_ROOT) + "/assets/lab/vector-add/bug_endless.cu";
  const auto start = std::chrono::steady_clock::now();
  const LabRun r = lab_cli("lab --exercise vector-add --kernel " + file +
                           " --backend cpu --sizes teach," + untraced + " --json " + json);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(r.code, 1) << r.out << r.err;
  const auto sizes = lab_json(json)["sizes"];
  ASSERT_EQ(sizes.size(), 2u) << sizes.dump();
  EXPECT_EQ(sizes[0]["diagnostics"][0]["kind"], "budget") << sizes.dump();
  ASSERT_EQ(sizes[1]["diagnostics"].size(), 1u) << sizes.dump();
  EXPECT_NE(sizes[1]["diagnostics"][0]["message"].get<std::string>().find("not run untraced"),
            std::string::npos);
  EXPECT_LT(seconds, 9.0);  // well under the 10 s timeout the untraced run would have waited for
}

TEST(LabCli, AFolderOfSubmissionsIsGradedInOneCall) {
  const std::string folder = kLabOut + "/class", grades = kLabOut + "/grades";
  fs::remove_all(folder);
  fs::remove_all(grades);
  fs::create_directories(folder);
  // The names of the files the other tests grade: the compiled kernels' cache serves them.
  fs::copy_file(kReduceFolder + "/solution.cu", folder + "/solution.cu");
  fs::copy_file(kReduceFolder + "/bug_no_guard.cu", folder + "/bug_no_guard.cu");
  std::ofstream(folder + "/notes.txt") << "not a kernel\n";
  const LabRun r = lab_cli("lab --exercise reduce --kernel " + folder +
                           " --backend cpu --sizes odd --json-dir " + grades + " --json " +
                           kLabOut + "/class.json");
  ASSERT_EQ(r.code, 1) << r.out << r.err;  // the bug fails
  EXPECT_EQ(lab_json(grades + "/solution.json")["passed"], true);
  EXPECT_EQ(lab_json(grades + "/bug_no_guard.json")["passed"], false);
  EXPECT_FALSE(fs::exists(grades + "/notes.json"));
  const auto all = lab_json(kLabOut + "/class.json");
  ASSERT_EQ(all["submissions"].size(), 2u);
  EXPECT_EQ(all["submissions"][0]["kernel_file"], "bug_no_guard.cu");  // sorted by name
  EXPECT_EQ(all["submissions"][1]["kernel_file"], "solution.cu");
  // The summary table after the reports: one row per file.
  const size_t table = r.out.rfind("bug_no_guard.cu");
  ASSERT_NE(table, std::string::npos);
  EXPECT_NE(r.out.find("FAIL", table), std::string::npos);
  EXPECT_NE(r.out.find("solution.cu", table), std::string::npos);
}

TEST(LabCli, UsageErrorsExit2WithAMessage) {
  const std::string solution = kReduceFolder + "/solution.cu";
  LabRun r = lab_cli("lab --exercise reduce --kernel /nonexistent/student.cu --backend cpu");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("/nonexistent/student.cu"), std::string::npos) << r.err;
  r = lab_cli("lab --exercise reduction --kernel " + solution + " --backend cpu");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("reduction"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("vector-add"), std::string::npos) << r.err;  // the ids are listed
  r = lab_cli("lab --exercise reduce --kernel " + solution + " --backend cpu --sizes huge");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("huge"), std::string::npos) << r.err;
  r = lab_cli("lab --exercise reduce --kernel " + solution + " --frobnicate");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("frobnicate"), std::string::npos) << r.err;
  r = lab_cli("lab --kernel " + solution);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--exercise"), std::string::npos) << r.err;
}

TEST(LabCli, ListStarterAndTheHiddenWorker) {
  LabRun r = lab_cli("lab --list");
  ASSERT_EQ(r.code, 0) << r.err;
  for (const ws::lab::Exercise& exercise : ws::lab::exercises())
    EXPECT_NE(r.out.find(exercise.id), std::string::npos) << exercise.id;
  r = lab_cli("lab --exercise reduce --starter");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, slurp(kReduceFolder + "/starter.cu"));
  r = lab_cli("--help");
  EXPECT_NE(r.out.find("lab"), std::string::npos);
  EXPECT_EQ(r.out.find("lab-worker"), std::string::npos) << r.out;
}

}  // namespace
