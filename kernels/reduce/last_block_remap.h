// The LastBlock finish on the GPU is done by whichever block draws the last ticket; the CPU model
// lets block grid-1 do it. To compare the traces, rename that block to grid-1 in the finishing
// steps (every step after the ticket step): thread ids, and register addresses (which are
// thread ids too).
#pragma once

#include <string>

#include "../common/trace.h"

namespace ws::reduce {

// Renames the finishing block in place. Returns "" on success, else why it could not (e.g. the
// finishing steps hold events of two blocks).
std::string remap_last_block(Trace& gpu_trace);

}  // namespace ws::reduce
