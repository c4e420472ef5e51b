// compare_with_twin: how the scene and the GPU tests judge a CUDA teach trace against the CPU
// twin. A look-back that read other predecessors (the GPU's schedule) is not a mismatch; any other
// difference is, and names itself.
#include <gtest/gtest.h>

#include "common/inputs.h"
#include "scan/scan_run.h"

namespace ws::scan {
namespace {

Params lookback(ValueType type) {
  Params p;
  p.variant = Variant::DecoupledLookback;
  p.type = type;
  p.block_dim = 4;
  p.coarsening = 2;
  return p;
}

size_t step_of_phase(const Trace& t, const std::string& phase) {
  for (size_t s = 0; s < t.steps.size(); ++s)
    if (t.steps[s].phase == phase && !t.steps[s].events.empty()) return s;
  ADD_FAILURE() << "no step of phase " << phase;
  return 0;
}

TEST(ScanCompareWithTwin, IdenticalTracesAgreeWithoutANote) {
  const Params p = lookback(ValueType::Int32);
  const auto x = generate_values(Distribution::Uniform, p.type, 100, 3);
  const Trace twin = teach(Backend::Cpu, p, x).trace;
  std::string note = "stale";
  EXPECT_EQ(compare_with_twin(p, twin, twin, &note), "");
  EXPECT_EQ(note, "");
}

TEST(ScanCompareWithTwin, ADifferentLookBackPathIsTheScheduleNotAMismatch) {
  const Params p = lookback(ValueType::Int32);
  const auto x = generate_values(Distribution::Uniform, p.type, 100, 3);
  const Trace twin = teach(Backend::Cpu, p, x).trace;
  Trace gpu = twin;
  const size_t s = step_of_phase(gpu, "look-back");
  gpu.steps[s].events.pop_back();  // this block found a prefix one predecessor sooner
  ASSERT_NE(compare_traces(twin, gpu), "");
  std::string note;
  EXPECT_EQ(compare_with_twin(p, twin, gpu, &note), "");
  EXPECT_NE(note.find("schedule"), std::string::npos) << note;
}

TEST(ScanCompareWithTwin, ADifferenceOutsideTheLookBackIsReported) {
  for (ValueType type : {ValueType::Int32, ValueType::Float32}) {
    const Params p = lookback(type);
    const auto x = generate_values(Distribution::Uniform, p.type, 100, 4);
    const Trace twin = teach(Backend::Cpu, p, x).trace;
    Trace gpu = twin;
    gpu.steps[step_of_phase(gpu, "load")].events.front().value += 1;  // a wrong load
    std::string note;
    EXPECT_NE(compare_with_twin(p, twin, gpu, &note), "") << type_name(type);
    EXPECT_EQ(note, "");
  }
}

TEST(ScanCompareWithTwin, OnlyTheLookBackVariantExcusesTheLookBack) {
  Params p = lookback(ValueType::Int32);
  p.variant = Variant::Chained;  // the chain reads one predecessor on every schedule
  const auto x = generate_values(Distribution::Uniform, p.type, 100, 5);
  const Trace twin = teach(Backend::Cpu, p, x).trace;
  Trace gpu = twin;
  gpu.steps[step_of_phase(gpu, "chain")].events.back().value += 1;
  EXPECT_NE(compare_with_twin(p, twin, gpu), "");
}

}  // namespace
}  // namespace ws::scan
