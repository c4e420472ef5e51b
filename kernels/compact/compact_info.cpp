// Compaction: predicate names, validation, block size and the host reference.
#include <algorithm>
#include <iterator>

#include "common/block_dim.h"
#include "common/error.h"
#include "compact.h"
#include "compact_predicate.h"

namespace ws::compact {

namespace {

std::string number(double v) {
  std::string s = std::to_string(v);
  s.erase(s.find_last_not_of('0') + 1);
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

}  // namespace

const char* predicate_name(Predicate p) {
  switch (p) {
    case Predicate::Greater:
      return "greater";
    case Predicate::Less:
      return "less";
    case Predicate::Even:
      return "even";
    case Predicate::Odd:
      return "odd";
    default:
      return "nonzero";
  }
}

bool parse_predicate(const std::string& text, Predicate& out) {
  struct Name {
    const char* text;
    Predicate p;
  };
  static const Name kNames[] = {{"greater", Predicate::Greater}, {"gt", Predicate::Greater},
                                {">", Predicate::Greater},       {"less", Predicate::Less},
                                {"lt", Predicate::Less},         {"<", Predicate::Less},
                                {"even", Predicate::Even},       {"odd", Predicate::Odd},
                                {"nonzero", Predicate::NonZero}, {"nz", Predicate::NonZero},
                                {"non-zero", Predicate::NonZero}};
  for (const Name& n : kNames) {
    if (text == n.text) {
      out = n.p;
      return true;
    }
  }
  return false;
}

std::string describe(const PredicateSpec& p) {
  switch (p.kind) {
    case Predicate::Greater:
      return "x > " + number(p.threshold);
    case Predicate::Less:
      return "x < " + number(p.threshold);
    case Predicate::Even:
      return "x is even";
    case Predicate::Odd:
      return "x is odd";
    default:
      return "x != 0";
  }
}

bool keeps(const PredicateSpec& p, double value) {
  return keeps_value(p.kind, p.threshold, value);
}

void validate(const Params& p, int64_t n, bool teach) {
  WS_REQUIRE(static_cast<int>(p.predicate.kind) <= static_cast<int>(Predicate::NonZero),
             "unknown compaction predicate " + std::to_string(static_cast<int>(p.predicate.kind)));
  WS_REQUIRE(std::isfinite(p.predicate.threshold),
             std::string("the compaction threshold must be a finite number"));
  if (p.block_dim != 0) require_block_dim(p.block_dim, 2, "compaction");
  WS_REQUIRE(n >= 0, "compaction of a negative number of elements (" + std::to_string(n) + ")");
  if (teach) {
    WS_REQUIRE(n <= scan::kTeachMaxN, "compaction teach mode traces at most " +
                                          std::to_string(scan::kTeachMaxN) + " elements, not " +
                                          std::to_string(n) + ": use fast mode for larger inputs");
  }
}

int resolve_block_dim(const Params& p, int64_t n) {
  if (p.block_dim != 0) return p.block_dim;
  // About four blocks for small inputs, so the block-sum phase has something to do.
  return auto_block_dim(n, 8, 256, [](int b) { return int64_t{b} * 4; });
}

std::vector<double> compact_reference(const PredicateSpec& p, const std::vector<double>& values) {
  std::vector<double> out;
  std::copy_if(values.begin(), values.end(), std::back_inserter(out),
               [&](double v) { return keeps(p, v); });
  return out;
}

const char* library_name(Backend backend) {
  return backend == Backend::Cuda ? "CUB DeviceSelect::If" : "std::copy_if";
}

}  // namespace ws::compact
