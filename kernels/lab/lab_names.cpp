// The kernel lab's names: element types, diagnostic kinds, the student's kernel signature, and the
// source the backends compile (the header prepended to the student's code).
#include <sstream>

#include "../common/error.h"
#include "lab.h"

namespace ws::lab {

const char* elem_type_cpp(ElemType t) {
  switch (t) {
    case ElemType::U8:
      return "unsigned char";
    case ElemType::I32:
      return "int";
    case ElemType::U32:
      return "unsigned";
    case ElemType::F32:
      return "float";
  }
  return "float";
}

int elem_type_bytes(ElemType t) {
  return t == ElemType::U8 ? 1 : 4;
}

namespace {

// Every kind's two names: the sentence's ("out of bounds") and the grading JSON's
// ("out-of-bounds").
struct DiagKindNames {
  DiagKind kind;
  const char* name;
  const char* id;
};

constexpr DiagKindNames kDiagKindNames[] = {
    {DiagKind::CompileError, "compile error", "compile-error"},
    {DiagKind::CompileWarning, "compile warning", "compile-warning"},
    {DiagKind::OutOfBounds, "out of bounds", "out-of-bounds"},
    {DiagKind::Race, "race", "race"},
    {DiagKind::UninitializedRead, "uninitialized read", "uninitialized-read"},
    {DiagKind::Budget, "budget", "budget"},
    {DiagKind::Timeout, "timeout", "timeout"},
    {DiagKind::Crash, "crash", "crash"},
    {DiagKind::WrongAnswer, "wrong answer", "wrong-answer"},
    {DiagKind::LaunchError, "launch error", "launch-error"},
    {DiagKind::Missing, "missing", "missing"},
};

const DiagKindNames* diag_kind_names(DiagKind k) {
  for (const DiagKindNames& names : kDiagKindNames)
    if (names.kind == k) return &names;
  return nullptr;
}

}  // namespace

const char* diag_kind_name(DiagKind k) {
  const DiagKindNames* names = diag_kind_names(k);
  return names ? names->name : "?";
}

const char* diag_kind_id(DiagKind k) {
  const DiagKindNames* names = diag_kind_names(k);
  return names ? names->id : "unknown";
}

std::string param_type(const Arg& arg) {
  if (!arg.is_array) return elem_type_cpp(arg.type);
  return std::string("ws::Global<") + (arg.writable ? "" : "const ") + elem_type_cpp(arg.type) +
         ">";
}

std::string kernel_signature(const Job& job) {
  std::ostringstream s;
  s << "__global__ void " << job.kernel << "(";
  for (size_t i = 0; i < job.args.size(); ++i)
    s << (i ? ", " : "") << param_type(job.args[i]) << " " << job.args[i].name;
  s << ")";
  return s.str();
}

std::string prepend_header(const Job& job, const std::string& mode_defines) {
  std::string out = mode_defines;
  if (!out.empty() && out.back() != '\n') out += '\n';
  out += "#line 1 \"ws_lab.h\"\n";
  out += student_header();
  std::string quoted;  // the name as a string literal's contents
  for (char c : job.file_name) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c == '\n' ? ' ' : c;
  }
  out += "\n#line 1 \"" + quoted + "\"\n";
  out += job.source;
  if (!out.empty() && out.back() != '\n') out += '\n';
  return out;
}

void validate_job(const Job& job) {
  WS_REQUIRE(!job.kernel.empty(), "lab job: no kernel name");
  WS_REQUIRE(job.launch.grid_x >= 1 && job.launch.grid_y >= 1 && job.launch.block_x >= 1 &&
                 job.launch.block_y >= 1,
             "lab job: the launch needs at least one block of one thread (grid " +
                 std::to_string(job.launch.grid_x) + "x" + std::to_string(job.launch.grid_y) +
                 ", block " + std::to_string(job.launch.block_x) + "x" +
                 std::to_string(job.launch.block_y) + ")");
  WS_REQUIRE(job.launch.threads_per_block() <= 1024,
             "lab job: at most 1024 threads per block (got " +
                 std::to_string(job.launch.threads_per_block()) + ")");
  WS_REQUIRE(job.budget >= 1 && job.budget <= (int64_t(1) << 27),
             "lab job: the access budget must be between 1 and 134217728 events (got " +
                 std::to_string(job.budget) + ")");
  for (const Arg& a : job.args) {
    WS_REQUIRE(!a.name.empty(), "lab job: an argument without a name");
    WS_REQUIRE(a.is_array || a.values.size() == 1,
               "lab job: scalar argument '" + a.name + "' needs exactly one value");
  }
}

}  // namespace ws::lab
