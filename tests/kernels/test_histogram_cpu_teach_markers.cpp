// The code panel's view of teach mode: every step of every variant (with and without the race)
// names a marker comment that stands in the variant's "@variant <id>" section of
// kernels/histogram/histogram_teach.cu, or in one of its "@helper" sections, as the app's code
// panel looks them up.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

#include "histogram/histogram.h"
#include "histogram_teach_test_support.h"

namespace ws::histogram {
namespace {

// The kernel source: $WARPSCOPE_SOURCE_DIR, else found from the working directory upwards.
std::string teach_source() {
  std::vector<std::string> roots;
  if (const char* env = std::getenv("WARPSCOPE_SOURCE_DIR")) roots.push_back(env);
  std::string up = ".";
  for (int i = 0; i < 8; ++i, up += "/..") roots.push_back(up);
  for (const std::string& root : roots) {
    std::ifstream in(root + "/kernels/histogram/histogram_teach.cu");
    if (!in) continue;
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  return "";
}

// Section title ("variant x", "helper y") -> its lines.
std::map<std::string, std::vector<std::string>> sections(const std::string& source) {
  std::map<std::string, std::vector<std::string>> out;
  std::istringstream in(source);
  std::string line, open;
  while (std::getline(in, line)) {
    if (!open.empty()) {
      if (line.find("// @end") != std::string::npos)
        open.clear();
      else
        out[open].push_back(line);
      continue;
    }
    for (const char* kind : {"// @variant ", "// @helper "}) {
      const size_t at = line.find(kind);
      if (at != std::string::npos) open = line.substr(at + 4);
    }
  }
  return out;
}

bool has_marker(const std::vector<std::string>& lines, const std::string& marker) {
  for (const std::string& line : lines) {
    const size_t at = line.find("// " + marker);
    if (at == std::string::npos) continue;
    const size_t end = at + 3 + marker.size();
    if (end == line.size() || line[end] == ' ') return true;
  }
  return false;
}

TEST(HistogramCpuTeachMarkers, EveryStepHighlightsALineOfItsKernel) {
  const std::string source = teach_source();
  ASSERT_FALSE(source.empty()) << "kernels/histogram/histogram_teach.cu not found";
  const auto all = sections(source);
  const BinSpec b = test::bins(40, 0, 256);
  const Samples s = test::random_samples(100, SampleType::F32, b, 1);
  for (Variant v : test::kAllVariants) {
    EXPECT_STREQ(info(v).source, "histogram_teach.cu");
    const auto section = all.find(std::string("variant ") + info(v).id);
    ASSERT_NE(section, all.end()) << "no @variant " << info(v).id;
    for (bool race : {false, true}) {
      const TeachRun run = teach(test::params(v, 32, 2, 4, race), s, b, Backend::Cpu);
      for (const TraceStep& step : run.trace.steps) {
        bool found = has_marker(section->second, step.code_marker);
        for (const auto& [title, lines] : all)
          if (title.rfind("helper ", 0) == 0) found = found || has_marker(lines, step.code_marker);
        EXPECT_TRUE(found) << info(v).id << ": step '" << step.label << "' marker "
                           << step.code_marker;
      }
    }
  }
}

}  // namespace
}  // namespace ws::histogram
