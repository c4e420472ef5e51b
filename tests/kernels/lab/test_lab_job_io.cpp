// The worker's files: a job and a result (with its trace) survive a round trip field for field; a
// truncated or foreign file is a ws::Error that says so.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "common/error.h"
#include "job_io.h"
#include "lab_test_support.h"

namespace ws::lab {
namespace {

std::string temp_path(const char* name) {
  return ::testing::TempDir() + "lab_io_" + std::to_string(getpid()) + "_" + name;
}

bool same_event(const LabEvent& a, const LabEvent& b) {
  return a.thread == b.thread && a.step == b.step && a.seq == b.seq && a.index == b.index &&
         a.line == b.line && a.buffer == b.buffer && a.kind == b.kind && a.access == b.access &&
         a.value == b.value;
}

TEST(LabJobIo, JobRoundTrip) {
  Job job = test::reduce_job();
  job.backend = Backend::Cuda;
  job.file_name = "student.cu";
  job.launch = Launch{3, 2, 16, 4};
  job.traced = false;
  job.budget = 12345;
  job.timing_repeats = 7;
  job.args[0].type = ElemType::U8;
  const std::string path = temp_path("job.bin");
  write_job(path, job);
  const Job back = read_job(path);
  std::remove(path.c_str());
  EXPECT_EQ(back.backend, Backend::Cuda);
  EXPECT_EQ(back.source, job.source);
  EXPECT_EQ(back.file_name, "student.cu");
  EXPECT_EQ(back.kernel, "reduce");
  ASSERT_EQ(back.args.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(back.args[i].name, job.args[i].name);
    EXPECT_EQ(back.args[i].type, job.args[i].type);
    EXPECT_EQ(back.args[i].is_array, job.args[i].is_array);
    EXPECT_EQ(back.args[i].writable, job.args[i].writable);
    EXPECT_EQ(back.args[i].values, job.args[i].values);
  }
  EXPECT_EQ(back.launch.grid_x, 3);
  EXPECT_EQ(back.launch.grid_y, 2);
  EXPECT_EQ(back.launch.block_x, 16);
  EXPECT_EQ(back.launch.block_y, 4);
  EXPECT_FALSE(back.traced);
  EXPECT_EQ(back.budget, 12345);
  EXPECT_EQ(back.timing_repeats, 7);
}

TEST(LabJobIo, ResultRoundTripWithTrace) {
  Result r = run(test::reduce_job());
  ASSERT_TRUE(r.compiled) << test::all_messages(r);
  Diagnostic d;
  d.kind = DiagKind::Race;
  d.line = 7;
  d.column = 3;
  d.thread = 37;
  d.block = 2;
  d.other_thread = 38;
  d.other_line = 9;
  d.buffer = 1;
  d.index = 70;
  d.message = "a race";
  r.diagnostics.push_back(d);
  r.ms = 0.25;
  r.resources.known = true;
  r.resources.registers = 32;
  r.resources.occupancy = 0.75;
  r.resources.sass = "LDG.E R2, [R2]";
  r.resources.sass_lines = {{0, 4}, {1, 7}};
  r.resources.note = "a note";
  const std::string path = temp_path("result.bin");
  write_result(path, r);
  const Result back = read_result(path);
  std::remove(path.c_str());
  EXPECT_TRUE(back.compiled);
  EXPECT_EQ(back.compile_log, r.compile_log);
  ASSERT_EQ(back.diagnostics.size(), 1u);
  const Diagnostic& b = back.diagnostics[0];
  EXPECT_EQ(b.kind, DiagKind::Race);
  EXPECT_EQ(std::vector<int>(
                {b.line, b.column, b.thread, b.block, b.other_thread, b.other_line, b.buffer}),
            std::vector<int>({7, 3, 37, 2, 38, 9, 1}));
  EXPECT_EQ(b.index, 70);
  EXPECT_EQ(b.message, "a race");
  EXPECT_EQ(back.outputs, r.outputs);
  EXPECT_EQ(compare_traces(back.trace, r.trace), "");
  EXPECT_EQ(back.trace.buffers[2].name, "partial");
  EXPECT_EQ(back.lines, r.lines);
  ASSERT_EQ(back.raw.size(), r.raw.size());
  for (size_t i = 0; i < r.raw.size(); ++i) EXPECT_TRUE(same_event(back.raw[i], r.raw[i])) << i;
  EXPECT_EQ(back.ms, 0.25);
  EXPECT_TRUE(back.resources.known);
  EXPECT_EQ(back.resources.registers, 32);
  EXPECT_EQ(back.resources.occupancy, 0.75);
  EXPECT_EQ(back.resources.sass, "LDG.E R2, [R2]");
  EXPECT_EQ(back.resources.sass_lines, r.resources.sass_lines);
  EXPECT_EQ(back.resources.note, "a note");
  EXPECT_EQ(back.backend_name, r.backend_name);
}

std::string error_of(const std::string& path) {
  try {
    read_result(path);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(LabJobIo, TruncatedOrForeignFilesAreErrors) {
  const Result r = run(test::reduce_job());
  const std::string path = temp_path("cut.bin");
  write_result(path, r);
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  ASSERT_GT(bytes.size(), 100u);
  for (size_t keep : {bytes.size() - 1, bytes.size() / 2, size_t(20)}) {
    std::ofstream(path, std::ios::binary | std::ios::trunc).write(bytes.data(), long(keep));
    EXPECT_NE(error_of(path).find("truncated"), std::string::npos)
        << keep << ": " << error_of(path);
  }
  std::ofstream(path, std::ios::binary | std::ios::trunc) << "P6 640 480 255 not a lab file";
  EXPECT_EQ(error_of(path), path + " is not a warpscope lab result file");
  write_job(path, test::reduce_job());  // a job is not a result
  EXPECT_EQ(error_of(path), path + " is not a warpscope lab result file");
  EXPECT_THROW(read_job(temp_path("absent.bin")), Error);
  std::remove(path.c_str());
}

}  // namespace
}  // namespace ws::lab
