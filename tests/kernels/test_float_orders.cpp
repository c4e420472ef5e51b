// The float lesson must show real differences, and Kahan must beat the naive serial sum.
#include <gtest/gtest.h>

#include <cmath>

#include "common/inputs.h"
#include "reduce/float_orders.h"

namespace ws::reduce {
namespace {

const OrderedSum& find(const FloatOrderLesson& lesson, const std::string& order) {
  for (const auto& s : lesson.sums)
    if (s.order == order) return s;
  throw std::runtime_error("missing order " + order);
}

TEST(FloatOrders, OrdersDisagreeAndKahanIsClosestOnHardData) {
  const auto values = generate_values(Distribution::FewHuge, ValueType::Float32, 4096, 3);
  const auto lesson = float_order_lesson(values, 256, 1);
  ASSERT_EQ(lesson.sums.size(), 4u);
  const double serial = std::fabs(find(lesson, "serial").error);
  const double kahan = std::fabs(find(lesson, "kahan").error);
  EXPECT_GT(serial, 0);  // 1e8 + small values: the serial float sum loses them
  EXPECT_LT(kahan, serial);
  EXPECT_NE(find(lesson, "serial").value, find(lesson, "tree").value);
}

TEST(FloatOrders, ExactDataGivesTheSameAnswerInEveryOrder) {
  const std::vector<double> values(1000, 1.0);  // integers below 2^24 add exactly
  for (const auto& s : float_order_lesson(values, 64, 1).sums)
    EXPECT_EQ(s.value, 1000.0f) << s.order;
}

}  // namespace
}  // namespace ws::reduce
