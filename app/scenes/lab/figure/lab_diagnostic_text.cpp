// A diagnostic in the user's language: in English the runtime's (or the check's) message; in
// another language written from its fields (an out-of-bounds access, a race, a read of unwritten
// shared memory, a wrong output with its expected and got values), anything else as written.
#include <cstdio>

#include "i18n/i18n.h"
#include "lab_figure.h"

namespace ws::app {

namespace {

std::string lab_diag_buffer(const lab::Result& r, int buffer) {
  if (buffer < 0 || buffer >= static_cast<int>(r.trace.buffers.size())) return "?";
  return r.trace.buffers[size_t(buffer)].name;
}

std::string lab_diag_value(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.9g", v);
  return b;
}

}  // namespace

std::string lab_diagnostic_text(const lab::Result& r, const lab::Diagnostic& d,
                                const std::vector<lab::Arg>* args,
                                const std::vector<std::vector<double>>* expected) {
  // English: the runtime's and the check's own words, which say a little more (the array's size).
  if (i18n::language() == i18n::Language::English) return d.message;
  const std::string array = lab_diag_buffer(r, d.buffer);
  const int block = d.block;
  const int per_block =
      block >= 0 && d.thread >= 0 && !r.trace.steps.empty() ? r.trace.steps[0].block_dim : 0;
  const int local = per_block > 0 ? d.thread % per_block : -1;
  switch (d.kind) {
    case lab::DiagKind::OutOfBounds:
      if (d.thread < 0 || d.buffer < 0) break;
      return trf(
          "thread {0} (block {1}, thread {2}) accessed {3}[{4}] outside the array, at line "
          "{5}",
          d.thread, block, local, array, d.index, d.line);
    case lab::DiagKind::Race:
      if (d.thread < 0 || d.other_thread < 0) break;
      return trf("race on {0}[{1}]: threads {2} and {3}, lines {4} and {5}", array, d.index,
                 d.thread, d.other_thread, d.line, d.other_line);
    case lab::DiagKind::UninitializedRead:
      if (d.thread < 0) break;
      return trf("thread {0} read {1}[{2}] before any thread wrote it, at line {3}", d.thread,
                 array, d.index, d.line);
    case lab::DiagKind::WrongAnswer: {
      const int arg = args && d.buffer >= 0 ? lab_arg_of_buffer(*args, d.buffer) : -1;
      const size_t i = static_cast<size_t>(d.index);
      if (arg < 0 || !expected || size_t(arg) >= expected->size() ||
          size_t(arg) >= r.outputs.size() || i >= (*expected)[size_t(arg)].size() ||
          i >= r.outputs[size_t(arg)].size())
        break;
      std::string text = trf("{0}[{1}]: expected {2}, got {3}", (*args)[size_t(arg)].name, d.index,
                             lab_diag_value((*expected)[size_t(arg)][i]),
                             lab_diag_value(r.outputs[size_t(arg)][i]));
      if (d.thread >= 0 && d.line > 0)
        text += " " + trf("(written by thread {0} at line {1})", d.thread, d.line);
      return text;
    }
    default:
      break;
  }
  return tr_text(d.message);
}

}  // namespace ws::app
