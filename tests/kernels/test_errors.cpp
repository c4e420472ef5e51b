// ws::Error: the message is for the user; the failed check and its source location are kept apart
// (detail) for --verbose and logs.
#include <gtest/gtest.h>

#include "common/error.h"

namespace ws {
namespace {

TEST(Errors, RequireKeepsTheCheckOutOfTheMessage) {
  const int blocks = 48;
  try {
    WS_REQUIRE(blocks % 32 == 0, "--block 48: expected a multiple of 32 from 32 to 1024");
    FAIL() << "WS_REQUIRE did not throw";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "--block 48: expected a multiple of 32 from 32 to 1024");
    EXPECT_NE(e.detail().find("blocks % 32 == 0"), std::string::npos) << e.detail();
    EXPECT_NE(e.detail().find("test_errors.cpp:"), std::string::npos) << e.detail();
  }
}

TEST(Errors, ErrorsThrownByHandHaveNoDetail) {
  const Error e("karate.mtx, line 3: found 'x'; expected a vertex id");
  EXPECT_TRUE(e.detail().empty());
  EXPECT_STREQ(e.what(), "karate.mtx, line 3: found 'x'; expected a vertex id");
}

}  // namespace
}  // namespace ws
