// Path mode's lecture captions follow thread 1 of the book's example: its first pass for k = 3
// in the book's words and numbers, the pass where its search ends, and its merge.
#include <gtest/gtest.h>

#include "merge_test_support.h"

namespace ws::app {
namespace {

using merge_test::attached;
using merge_test::contains;

TEST(MergeCaption, ThePassesOfThread1AreTheBooks) {
  auto scene = attached(nlohmann::json::object());
  scene->seek(0);
  std::string caption = scene->caption();
  EXPECT_TRUE(contains(caption,
                       "Thread 1 searches the diagonal k = 3: pass 1 starts at i = 3, "
                       "j = 0 (i_low = 0, j_low = 0); A[2] = 8 > B[0] = 7: i is too "
                       "high; delta = 2, so i = 1, j = 2."))
      << caption;
  scene->seek(2);
  caption = scene->caption();
  EXPECT_TRUE(contains(caption, "neither test holds: the co-rank is i = 2, j = 1")) << caption;
  scene->seek(6);  // the first merge step
  caption = scene->caption();
  EXPECT_TRUE(contains(caption, "thread 1 writes C[3..6) from A[2..5) and B[1..1)")) << caption;
}

TEST(MergeCaption, TheSequentialMergeIsOneThreadWalkingThePath) {
  auto scene = attached({{"variant", "sequential"}});
  EXPECT_TRUE(contains(scene->caption(), "One thread walks the whole merge path"))
      << scene->caption();
}

}  // namespace
}  // namespace ws::app
