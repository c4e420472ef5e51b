// Trace events of thread-block clusters (sm_90, BFS variant 7's cluster phase): a thread reading
// ANOTHER block's copy of a shared buffer through distributed shared memory (the blocks of a
// cluster map each other's shared memory). Its `address` is block-major, the owning block * the
// buffer's size + the element, so the owner is address / size. A read of the thread's own
// block's copy stays an EventKind::Read.
//
// kRemoteRead is a value of EventKind that trace_event.h does not name: that header is in
// almost every object of the build, so a change to it costs CI a near-cold build (docs/ci.md,
// "Headroom"), and only the cluster kernels, their twins and the views that draw them need this
// one. A `switch` over EventKind does not see it: test for it before the switch. Move it into the
// enum the next time trace_event.h changes for another reason.
#pragma once

#include "trace_event.h"

namespace ws {

inline constexpr EventKind kRemoteRead = static_cast<EventKind>(5);
static_assert(static_cast<int>(kRemoteRead) == static_cast<int>(EventKind::Skip) + 1,
              "kRemoteRead follows the kinds trace_event.h names");

}  // namespace ws
