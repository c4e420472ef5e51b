// The launch a student's source chooses (issue 29): each exercise names the macro that sets its
// block (BlockRule); the block is read from the source as WS_SHARED sizes are (literals and the
// source's other constants), checked against the hardware's and the exercise's limits, and
// carried in the Size so the launch, the inputs, the reference and the check all use it.
#include <string>

#include "../common/error.h"
#include "exercise.h"
#include "lab_shared.h"

namespace ws::lab {

namespace {

constexpr long long kMaxThreadsPerBlock = 1024;

bool is_power_of_two(long long v) {
  return v > 0 && (v & (v - 1)) == 0;
}

// The value of `macro` in the source (0 when the source does not define it); ws::Error naming it
// when it cannot be evaluated, is zero or negative, is over 1024, or is not a power of two where
// the exercise needs one.
int macro_block(const Exercise& exercise, const std::string& source, const std::string& macro) {
  const SourceConstant c = source_constant(source, macro);
  if (!c.defined) return 0;
  const std::string what = macro + " in your source";
  WS_REQUIRE(c.ok, what + " is '" + c.text + "': the launch needs an integer (a literal or " +
                       "other #defines and constants)");
  WS_REQUIRE(c.value > 0,
             what + " is " + std::to_string(c.value) + ": a block needs at least one thread");
  WS_REQUIRE(c.value <= kMaxThreadsPerBlock,
             what + " is " + std::to_string(c.value) + ": a block has at most 1024 threads");
  WS_REQUIRE(!exercise.block_rule.power_of_two || is_power_of_two(c.value),
             what + " is " + std::to_string(c.value) + ": " + exercise.id +
                 " needs a power of two (its steps halve or double a stride across the block)");
  return static_cast<int>(c.value);
}

}  // namespace

BlockChoice source_block(const Exercise& exercise, const std::string& source) {
  const BlockRule& rule = exercise.block_rule;
  BlockChoice choice;
  if (rule.x.empty()) return choice;
  const int x = macro_block(exercise, source, rule.x);
  const int y = rule.y.empty() ? 0 : macro_block(exercise, source, rule.y);
  if (x == 0 && y == 0) return choice;
  choice.x = x > 0 ? x : rule.default_x;
  choice.y = rule.square ? choice.x : (y > 0 ? y : rule.default_y);
  if (x > 0) choice.from = rule.x;
  if (y > 0) choice.from += (choice.from.empty() ? "" : ", ") + rule.y;
  const long long threads = static_cast<long long>(choice.x) * choice.y;
  WS_REQUIRE(threads <= kMaxThreadsPerBlock,
             choice.from + " in your source make a block of " + std::to_string(choice.x) + " x " +
                 std::to_string(choice.y) + " = " + std::to_string(threads) +
                 " threads: a block has at most 1024");
  return choice;
}

Size size_for(const Exercise& exercise, const Size& size, Backend backend,
              const std::string& source) {
  Size actual = size_for(size, backend);
  actual.block = source_block(exercise, source);
  return actual;
}

int block_x(const Size& size, const BlockRule& rule) {
  return size.block.x > 0 ? size.block.x : rule.default_x;
}

int block_y(const Size& size, const BlockRule& rule) {
  return size.block.y > 0 ? size.block.y : rule.default_y;
}

std::string launch_text(const Launch& launch, const BlockChoice& block) {
  return "grid " + std::to_string(launch.grid_x) + " x " + std::to_string(launch.grid_y) +
         " of blocks " + std::to_string(launch.block_x) + " x " + std::to_string(launch.block_y) +
         ", " +
         (block.from.empty() ? std::string("the exercise's default")
                             : "from " + block.from + " in your source");
}

}  // namespace ws::lab
