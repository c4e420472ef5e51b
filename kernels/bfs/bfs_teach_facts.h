// What one step of a traced BFS (teach, bfs.h) did, read from the trace's events alone, so it
// holds on either backend: the edges examined and the threads that read them, the atomics on the
// queue tails in the order they serialize, every cell touched and by whom, each warp's busy and
// idle lanes this step and over the level, and how long each queue is. The BFS scene's teach
// figure and captions show these facts (app/scenes/bfs/teach).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "bfs.h"
#include "../common/trace.h"

namespace ws::bfs {

// replay_snapshots(trace): [step][buffer][element].
using Snapshots = std::vector<std::vector<std::vector<double>>>;

struct CellTouch {
  int32_t thread = 0;
  EventKind kind = EventKind::Read;  // kRemoteRead: a thread of another block, through
                                     // distributed shared memory (7's cluster)
};
// One adjacency entry read this step: the edge from -> to (pull: `to` is the vertex looking for a
// parent, `from` its in-neighbour), its index in the array the variant reads, the thread that read
// it, and whether that thread labelled `to` with it (the useful edges).
struct ExaminedEdge {
  int32_t from = 0, to = 0;
  int64_t index = 0;
  int32_t thread = 0;
  bool useful = false;
};
// One atomicAdd on a word that hands out queue slots or edge ranges ("tail", a block's "block
// tail", 7's "left tail", "next edges" and a cluster block's "cluster counts"), in the order they
// serialize: each word's atomics form their own chain.
struct TailAtomic {
  int buffer = 0;
  int copy = 0;     // the block, for a shared word; 0 for a global one
  int element = 0;  // the word within the copy (7's "cluster counts": entries or edges per level)
  int32_t thread = 0;
  double before = 0;  // the tail it read: the slot it reserves starts here
  double amount = 0;
};
// One warp of the step's launch: which lanes did something this step, and in how many of the
// level's steps each lane did something.
struct WarpLanes {
  int warp = 0;                 // global warp index: block * warps per block + warp in block
  std::vector<bool> busy;       // per lane, this step
  std::vector<int> level_busy;  // per lane, steps of this level with an event
  bool exists(int lane) const { return lane < int(busy.size()); }
};
struct StepFacts {
  int32_t depth = 0;
  Direction direction = Direction::TopDown;
  int block_dim = 1;      // the step's launch (7's levels: blocks of 8 threads)
  int level_steps = 1;    // steps of this level
  int step_in_level = 0;  // this one's place among them
  std::vector<ExaminedEdge> edges;
  std::vector<TailAtomic> atomics;
  std::map<std::pair<int, int64_t>, std::vector<CellTouch>> touches;  // (buffer, flat element)
  std::vector<WarpLanes> warps;  // the warps launched this step, by index
  int64_t level_edges = 0;       // adjacency entries read in this level's steps so far
  int64_t level_atomics = 0;     // tail atomics in this level's steps so far
  int64_t level_lanes_busy = 0;  // lane-steps with an event over the level's steps so far
  int64_t level_lanes = 0;       // lane-steps launched over the level's steps so far
};

// The warp of a thread in a launch of `block_dim` threads per block.
int teach_warp_of(int32_t thread, int block_dim, int warp_size);
// The flat element an event touches (shared buffers: block * size + address, the reader's block
// or, for a kRemoteRead, the owner's).
int64_t teach_element(const Trace& trace, const TraceStep& step, const TraceEvent& e);
// `snapshots`: replay_snapshots of run.trace.
StepFacts step_facts(const TeachRun& run, const Snapshots& snapshots, int step);
// Reads of the adjacency arrays ("columns", "rows", "src", "dst"), one per entry, in this step.
int64_t examined_in_step(const Trace& trace, int step);
// The current length of queue-like array `name` after `step` ("frontier", "next", "list", "left"),
// or -1 for any other array: the entries at or past it are stale, left from earlier levels.
// "next" and "left": their tails; "frontier": 1 (the source), then what the last "next becomes
// the frontier" step copied (7's cluster phase: 0 from its counts steps on, then what its
// hand-over wrote); "list": what the last "left becomes the list" step copied, or the
// entries the current bottom-up level reads (none when its list is empty).
int64_t teach_queue_length(const Trace& trace, const Snapshots& snapshots, int step,
                           const std::string& name);

}  // namespace ws::bfs
