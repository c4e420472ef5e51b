// The SASS beside a lab kernel's source: the disassemblers found at run time ($CUDA_HOME/bin,
// /usr/local/cuda/bin, $PATH, ~/.cache/warpscope/tools/*/bin), their listings read into
// instructions with student lines, and NVRTC's CUBIN through the real nvdisasm when one is found.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <optional>

#include "lab/lab_cuda_sass.h"
#include "lab_nvrtc_test_support.h"

namespace ws::lab {
namespace {

// Sets an environment variable for one test and puts the old value back.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (old_) {
      setenv(name_, old_->c_str(), 1);
    } else {
      unsetenv(name_);
    }
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

std::string sass_test_dir(const std::string& leaf) {
  const std::string dir = ::testing::TempDir() + "ws_lab_sass_" + leaf;
  std::system(("rm -rf '" + dir + "' && mkdir -p '" + dir + "'").c_str());
  return dir;
}

void write_script(const std::string& path, const std::string& body) {
  std::ofstream(path) << "#!/bin/sh\n" << body;
  chmod(path.c_str(), 0755);
}

// An excerpt of `nvdisasm -gi -c`: a header function inlined into line 3, a branch target, and a
// second kernel whose instructions must not be taken.
const char* kNvdisasmListing = R"(	.target	sm_90
//--------------------- .text._Z1kv --------------------------
	.section	.text._Z1kv,"ax",@progbits
        .global         _Z1kv
_Z1kv:
.text._Z1kv:
	//## File "/tmp/x/kernel.cu", line 1
        /*0000*/                   LDC R1, c[0x0][0x28] ;
	//## File "/tmp/x/ws_lab.h", line 231 inlined at "/tmp/x/ws_lab.h", line 279
	//## File "/tmp/x/ws_lab.h", line 279 inlined at "/tmp/x/kernel.cu", line 3
	//## File "/tmp/x/kernel.cu", line 3
        /*0010*/                   LDG.E R2, desc[UR4][R2.64] ;
	//## File "/tmp/x/ws_lab.h", line 180
        /*0020*/                   IMAD.WIDE R4, R7, 0x4, R4 ;
.L_x_1:
	//## File "/tmp/x/kernel.cu", line 4
        /*0030*/                   EXIT ;
//--------------------- .text._Z5otherv --------------------------
	//## File "/tmp/x/kernel.cu", line 9
        /*0000*/                   EXIT ;
)";

TEST(LabSass, NvdisasmListingMapsInstructionsToStudentLines) {
  const SassListing s = parse_nvdisasm(kNvdisasmListing, "_Z1kv", "kernel.cu");
  ASSERT_TRUE(s.known);
  EXPECT_EQ(s.sass,
            "/*0000*/  LDC R1, c[0x0][0x28] ;\n"
            "/*0010*/  LDG.E R2, desc[UR4][R2.64] ;\n"
            "/*0020*/  IMAD.WIDE R4, R7, 0x4, R4 ;\n"
            ".L_x_1:\n"
            "/*0030*/  EXIT ;\n");
  // Header code outside any student line (0020) is not mapped; the label has no line.
  const std::vector<std::pair<int, int>> expected = {{0, 1}, {1, 3}, {4, 4}};
  EXPECT_EQ(s.sass_lines, expected);
  EXPECT_TRUE(s.note.empty()) << s.note;
  // Another file name: nothing maps, the instructions stay.
  EXPECT_TRUE(parse_nvdisasm(kNvdisasmListing, "_Z1kv", "other.cu").sass_lines.empty());
  EXPECT_FALSE(parse_nvdisasm(kNvdisasmListing, "_Z7missingv", "kernel.cu").known);
}

TEST(LabSass, CuobjdumpListingGivesInstructionsWithoutLines) {
  const std::string listing =
      "\tcode for sm_90\n"
      "\t\tFunction : _Z1kv\n"
      "\t.headerflags\t@\"EF_CUDA_SM90 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM90)\"\n"
      "        /*0000*/                   LDC R1, c[0x0][0x28] ;   /* 0x00000a00ff017b82 */\n"
      "                                                            /* 0x000fe40000000800 */\n"
      "        /*0010*/                   EXIT ;                   /* 0x000000000000794d */\n"
      "\t\t..........\n"
      "\t\tFunction : _Z5otherv\n"
      "        /*0000*/                   NOP ;                    /* 0x0000000000007918 */\n";
  const SassListing s = parse_cuobjdump(listing, "_Z1kv");
  ASSERT_TRUE(s.known);
  EXPECT_EQ(s.sass, "/*0000*/  LDC R1, c[0x0][0x28] ;\n/*0010*/  EXIT ;\n");
  EXPECT_TRUE(s.sass_lines.empty());
  EXPECT_NE(s.note.find("no line info"), std::string::npos) << s.note;
}

TEST(LabSass, ToolsAreFoundInTheWarpscopeToolsFolder) {
  const std::string home = sass_test_dir("home");
  const std::string bin = home + "/.cache/warpscope/tools/cuda-13.5/bin";
  std::system(("mkdir -p '" + bin + "'").c_str());
  write_script(bin + "/ws-lab-test-tool", "exit 0\n");
  const std::string empty = sass_test_dir("empty");
  ScopedEnv h("HOME", home), p("PATH", empty), c("CUDA_HOME", empty);
  EXPECT_EQ(find_cuda_tool("ws-lab-test-tool"), bin + "/ws-lab-test-tool");
  EXPECT_EQ(find_cuda_tool("ws-lab-no-such-tool"), "");
  EXPECT_EQ(cuda_tool_dirs().front(), empty + "/bin");  // $CUDA_HOME/bin first
}

TEST(LabSass, TheDisassemblersListingIsParsedForTheKernel) {
  // A stand-in nvdisasm in $CUDA_HOME/bin (searched first) that prints the listing above.
  const std::string cuda_home = sass_test_dir("fake_cuda");
  std::system(("mkdir -p '" + cuda_home + "/bin'").c_str());
  write_script(cuda_home + "/bin/nvdisasm",
               std::string("cat <<'LISTING'\n") + kNvdisasmListing + "LISTING\n");
  ScopedEnv c("CUDA_HOME", cuda_home);
  const SassListing s = disassemble_cubin({'\x7f', 'E', 'L', 'F'}, "_Z1kv", "kernel.cu");
  EXPECT_TRUE(s.known) << s.note;
  EXPECT_EQ(s.tool, cuda_home + "/bin/nvdisasm");
  EXPECT_EQ(s.sass_lines.size(), 3u);
}

TEST(LabSass, NoDisassemblerSaysSo) {
  const std::string empty = sass_test_dir("none");
  ScopedEnv h("HOME", empty), p("PATH", empty), c("CUDA_HOME", empty);
  if (!find_cuda_tool("nvdisasm").empty() || !find_cuda_tool("cuobjdump").empty())
    GTEST_SKIP() << "/usr/local/cuda/bin has a disassembler";
  const SassListing s = disassemble_cubin({'\x7f', 'E', 'L', 'F'}, "_Z1kv", "kernel.cu");
  EXPECT_FALSE(s.known);
  EXPECT_TRUE(s.sass.empty());
  EXPECT_EQ(s.note.rfind("no SASS: neither nvdisasm nor cuobjdump", 0), 0u) << s.note;
}

TEST(LabSass, NvrtcCubinThroughTheRealNvdisasm) {
  WS_SKIP_WITHOUT_NVRTC();
  if (find_cuda_tool("nvdisasm").empty())
    GTEST_SKIP() << "nvdisasm not found (pip's nvidia-cuda-nvdisasm puts one in "
                    "nvidia/cu13/bin: add it to PATH)";
  const Job job = nvrtc_test::vector_add_job();
  const NvrtcBuild& build = nvrtc_test::compiled(job, "sm_90", false);  // untraced: quicker
  ASSERT_TRUE(build.compiled) << build.log;
  ASSERT_GT(build.cubin.size(), 4u);
  EXPECT_EQ(std::string(build.cubin.begin(), build.cubin.begin() + 4),
            "\x7f"
            "ELF");
  const SassListing s = disassemble_cubin(build.cubin, build.lowered_name, job.file_name);
  ASSERT_TRUE(s.known) << s.note;
  // Every load and store of the views is on line 3, the only line with a[i], b[i] and c[i].
  std::vector<std::string> lines;
  for (size_t at = 0, end; (end = s.sass.find('\n', at)) != std::string::npos; at = end + 1)
    lines.push_back(s.sass.substr(at, end - at));
  int memory_ops = 0;
  for (const auto& [index, line] : s.sass_lines) {
    ASSERT_LT(size_t(index), lines.size());
    EXPECT_GE(line, 1);
    EXPECT_LE(line, 4);
    const std::string& text = lines[size_t(index)];
    if (text.find("LDG") != std::string::npos || text.find("STG") != std::string::npos) {
      EXPECT_EQ(line, 3) << text;
      ++memory_ops;
    }
  }
  EXPECT_GE(memory_ops, 3);  // a[i], b[i], c[i]
}

}  // namespace
}  // namespace ws::lab
