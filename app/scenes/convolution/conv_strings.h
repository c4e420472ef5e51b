// The convolution scene's kernel-made text (variant titles and lessons, step labels with {0} for
// their numbers, phases, the input's labels, the book's figures), listed so the catalog has them;
// ws::kernel_text translates them where they are shown.
#pragma once

#include <vector>

namespace ws::app {

// The keys of the kernel-made texts, for the tests.
const std::vector<const char*>& conv_kernel_text_keys();

}  // namespace ws::app
