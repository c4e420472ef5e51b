#include "bfs_captions.h"

#include <cmath>
#include <cstdio>

#include "bfs/bfs_teach_cpu.h"
#include "bfs_strings.h"
#include "i18n/i18n.h"
#include "scene_kit/step_caption.h"

namespace ws::app {

namespace {

using bfs::Direction;
using bfs::Variant;

// Sentences follow each other with a space in English, with none in Chinese.
void add_sentence(std::string& text, const std::string& sentence) {
  if (sentence.empty()) return;
  if (!text.empty() && i18n::language() != i18n::Language::Chinese) text += ' ';
  text += sentence;
}

// A threshold such as m_u / alpha: whole numbers as they are, others to one decimal.
std::string decimal(double v) {
  char text[40];
  if (std::fabs(v - std::round(v)) < 1e-9 && std::fabs(v) < 1e15)
    std::snprintf(text, sizeof text, "%.0f", v);
  else
    std::snprintf(text, sizeof text, "%.1f", v);
  return text;
}

bool chooses_direction(Variant v) {
  return v == Variant::DirectionOptimizing || v == Variant::Fast;
}

// What the step marked `marker` does in `variant`, and why it is done that way. `depth` is the
// level expanded, `frontier` its n_f, `edges` the graph's directed edges, `threads` the level's
// threads and `listed` whether a bottom-up level of 7 takes its list (not its first one).
std::string teach_why(Variant variant, const std::string& marker, int32_t depth, int64_t frontier,
                      int64_t edges, int64_t threads, bool listed) {
  switch (variant) {
    case Variant::Push:
      if (marker == "@bfs-push-vertex")
        return trf(
            "Push gives every vertex a thread in every level: each reads its own level, and only "
            "the frontier's threads (level {0}) go on to read their row's two offsets. The other "
            "threads have nothing to do, and push pays for them on every level.",
            depth);
      if (marker == "@bfs-push-edge")
        return trf(
            "Each frontier thread reads its next out-edge from columns and checks that "
            "neighbour's level; an unvisited one (-1) gets level {0} and this thread's vertex as "
            "its parent. Threads whose vertex has fewer edges have run out and idle while a "
            "high-degree vertex keeps its warp going.",
            depth + 1);
      break;
    case Variant::Pull:
      if (marker == "@bfs-bottom-up-vertex")
        return tr(
            "Pull works bottom-up: every vertex gets a thread, and only the unvisited ones (level "
            "-1) read their in-edge range from col_offsets (CSC), because each of them will look "
            "for a parent instead of the frontier looking for children.");
      if (marker == "@bfs-bottom-up-edge")
        return trf(
            "Each vertex still searching reads its next in-neighbour from rows; the first one in "
            "the frontier (level {0}) becomes its parent and the thread stops (early exit), so a "
            "vertex with many frontier neighbours reads only one of them.",
            depth);
      break;
    case Variant::DirectionOptimizing:
      if (marker == "@bfs-top-down-vertex")
        return trf(
            "In a top-down level the direction-optimizing search expands a queue: only the {0} "
            "frontier vertices get threads, each reading its frontier entry and its row's offsets.",
            frontier);
      if (marker == "@bfs-top-down-edge")
        return tr(
            "Each thread walks its vertex's out-edges, one a step; a vertex it discovers takes a "
            "slot in next with an atomicAdd on the tail, as in the global-queue variant.");
      if (marker == "@bfs-bottom-up-vertex")
        return tr(
            "In a bottom-up level the frontier does not expand its out-edges: every unvisited "
            "vertex searches its own in-edges (CSC) for a parent instead.");
      if (marker == "@bfs-bottom-up-edge")
        return tr(
            "Each searching vertex reads its next in-neighbour; at the first one in the frontier "
            "it takes it as its parent, appends itself to next with an atomic on the tail (a later "
            "top-down level needs the queue) and stops.");
      if (marker == "@bfs-swap")
        return tr(
            "The vertices found in this level, gathered in next, become the frontier queue of the "
            "next level, whichever direction that level takes; the tail goes back to 0.");
      break;
    case Variant::EdgeCentric:
      if (marker == "@bfs-edge")
        return trf(
            "One thread per edge of the COO arrays, in every level: thread e reads src[e] and its "
            "level, and only edges leaving the frontier (level {0}) go on to read dst[e] and "
            "claim it. The work is perfectly balanced, but all {1} edges are read however small "
            "the frontier is.",
            depth, edges);
      break;
    case Variant::GlobalQueue:
      if (marker == "@bfs-top-down-vertex")
        return trf(
            "Only the frontier gets threads: thread i reads frontier[i] and its vertex's row "
            "offsets, so the {0} frontier vertices are all the work, not one thread per vertex of "
            "the graph as in push.",
            frontier);
      if (marker == "@bfs-top-down-edge")
        return tr(
            "Each thread reads its vertex's next out-edge; every neighbour it claims needs a slot "
            "in next, taken with an atomicAdd on the one global tail. Those atomics on a single "
            "address serialize: that is the price of the compact queue.");
      if (marker == "@bfs-swap")
        return tr(
            "next becomes the frontier of the next level and the tail goes back to 0: the next "
            "level launches exactly one thread per vertex found.");
      break;
    case Variant::BlockQueue:
      if (marker == "@bfs-block-vertex")
        return tr(
            "Thread 0 of each block first sets its block's tail in shared memory to 0; then "
            "thread i reads frontier[i] and its vertex's row offsets, as in the global queue.");
      if (marker == "@bfs-block-edge")
        return tr(
            "A neighbour a thread claims goes into its block's private queue in shared memory, "
            "with an atomic on the block's own tail: blocks no longer contend for one global "
            "address.");
      if (marker == "@bfs-block-reserve")
        return tr(
            "Thread 0 of each block reserves room for the block's whole queue in next with a "
            "single atomicAdd on the global tail: one global atomic per block instead of one per "
            "vertex found.");
      if (marker == "@bfs-block-copy")
        return tr(
            "Each block copies its private queue into the stretch of next it reserved, its "
            "threads writing consecutive slots, so the writes to global memory coalesce.");
      if (marker == "@bfs-swap")
        return tr(
            "next becomes the frontier of the next level and the global tail goes back to 0; the "
            "block tails start again at 0 in the next level.");
      break;
    case Variant::Fast:
      if (marker == "@bfs-tile-find" && frontier == 1)
        return trf(
            "Every frontier entry carries edge start, the out-degrees of the entries before it "
            "summed, and the frontier's edges are cut into tiles of {0}. This frontier has one "
            "entry, so every tile's edges are that entry's: the binary search of edge start "
            "starts with one candidate and makes no probe (its loop runs while more than one is "
            "left, as the kernel's warp search does), and this step reads nothing.",
            bfs::kTeachTile);
      if (marker == "@bfs-cluster-load")
        return trf(
            "The graph is sparse (average out-degree under {0}), so the fast variant runs its "
            "first levels in one thread-block cluster of {1} blocks of {2} threads (16 blocks of "
            "256 in the full-size kernel). The cluster loads the frontier from the global queue "
            "into its blocks' shared memory, an equal share a block: each block writes its count "
            "and adds its entries' out-degrees to its edges (atomicAdd) and its largest degree "
            "(atomicMax).",
            bfs::kTeachSparseDegree, bfs::kTeachClusterBlocks, bfs::kTeachClusterThreads);
      if (marker == "@bfs-cluster-counts")
        return trf(
            "No global counters: in every block, thread j reads block j's counts of this level "
            "(entries, their edges, the largest degree) from that block's shared memory through "
            "distributed shared memory (dashed cells: another block's), and sums them into the "
            "entries and edges before each block. Every block takes the same decision: the "
            "cluster keeps a top-down level while it has at most {0} entries and a block's share "
            "of them times the largest degree fits a block's queue of {1} (16384 and 4096 in the "
            "full-size kernel); otherwise it hands the level over to the grid kernel.",
            bfs::kTeachMaxFrontier, bfs::kTeachClusterCap);
      if (marker == "@bfs-cluster-handover")
        return tr(
            "The level turns bottom-up or no longer fits the cluster, so the cluster hands it "
            "over: each block writes the entries it holds to the global frontier queue in the "
            "grid kernel's form, each with its edge start (the edges of the blocks before it "
            "plus those of its own earlier entries). From here the grid kernel, with a barrier "
            "across the whole GPU, runs the levels.");
      if (marker == "@bfs-cluster-entry")
        return trf(
            "Each block takes an equal share of the level's {0}, a thread each. An entry may sit "
            "in any block's shared memory: the thread finds the block holding it by a binary "
            "search of the entries before each block, then reads the entry from that block "
            "through distributed shared memory (dashed cells), and its vertex's row offsets.",
            counted(frontier, TR_NOOP("{0} entry"), TR_NOOP("{0} entries"), true));
      if (marker == "@bfs-cluster-edges")
        return trf(
            "Each thread takes its vertex's row 4 edges a step: the 4 targets, their rows' "
            "offsets and the 4 atomicCAS claims (level -1 becomes {0}) in flight together. A "
            "block's discoveries go to its own shared queue: its last thread reserves them all "
            "with one atomicAdd on the block's count (a chain of its own), and thread 0 adds "
            "their out-degrees and largest degree to the next level's counts.",
            depth + 1);
      if (marker == "@bfs-cluster-barrier")
        return tr(
            "The cluster barrier (cluster.sync()) ends the level and touches no memory: no block "
            "may read the next level's counts or entries from another block's shared memory "
            "before every block has pushed its discoveries. It waits for the cluster's blocks "
            "only, not for the whole GPU.");
      if (marker == "@bfs-threads-entry")
        return trf(
            "Every vertex of this frontier has at most {0} out-edges, so the fast variant skips "
            "the tiles and gives each of the {1} a thread, in blocks of {2} (256 in the full-size "
            "kernel, whose rule is the same: the largest degree times the block fits a block's "
            "append queue of {3}, 1024 there). Thread i reads frontier[i], its two edge starts "
            "(its out-degree) and where its row starts.",
            bfs::kTeachAppendCap / bfs::kTeachBlock,
            counted(frontier, TR_NOOP("{0} entry"), TR_NOOP("{0} entries"), true), bfs::kTeachBlock,
            bfs::kTeachAppendCap);
      if (marker == "@bfs-threads-edges")
        return trf(
            "Each thread takes its vertex's row 4 edges a step: the targets, their rows' offsets "
            "and the atomicCAS claims in flight together, one memory round trip fewer than a "
            "tile's search. A vertex claimed (level {0}) takes a slot in next (atomic on tail) "
            "and its edge range (atomic on next edges): two chains, one per word.",
            depth + 1);
      if (marker == "@bfs-tile-find")
        return trf(
            "Every frontier entry carries edge start, the out-degrees of the entries before it "
            "summed, so the frontier's edges form one index space 0, 1, 2, ... which is cut into "
            "tiles of {0} consecutive edges, a block each. Thread 0 of each block finds the "
            "entries holding its tile's first and last edge by a binary search of edge start.",
            bfs::kTeachTile);
      if (marker == "@bfs-tile-stage")
        return tr(
            "The block stages the entries its tile spans in shared memory: each one's vertex, "
            "edge start and where its row starts in columns. A hub's entry may be staged by "
            "several blocks, each for its own stretch of the row.");
      if (marker == "@bfs-tile-edge")
        return tr(
            "Thread j takes edge j of its tile, finds the entry whose range holds it by a binary "
            "search of the staged edge starts, reads the target and claims it when unvisited; a "
            "claimed vertex takes a slot in next (atomic on tail) and its edges a range (atomic "
            "on next edges by its out-degree), so next carries its edge starts. Every thread has "
            "one edge, so a hub's row no longer waits on one thread or one warp: its edges are "
            "spread over blocks. (The full-size kernel uses tiles of 256 edges.)");
      if (marker == "@bfs-list-vertex" && !listed)
        return tr(
            "The fast variant's first bottom-up level, chosen by the direction-optimizing rule, "
            "gives every vertex a thread: an unvisited vertex reads its in-edge range from "
            "col_offsets (CSC) to look for a parent in the frontier.");
      if (marker == "@bfs-list-vertex")
        return trf(
            "A later bottom-up level of the fast variant gives threads only to its list: the {0} "
            "the last bottom-up level left unvisited with in-edges. Thread i reads list[i], then "
            "that vertex's level (a top-down level in between may have reached it) and its "
            "in-edge range.",
            counted(threads, TR_NOOP("{0} vertex"), TR_NOOP("{0} vertices"), true));
      if (marker == "@bfs-list-chunk")
        return trf(
            "Each searching thread reads a chunk of 4 in-edges at once: the 4 rows entries, then "
            "their 4 levels, all loads in flight together. When one is in the frontier (level "
            "{0}), the first such becomes the parent, the vertex appends itself to next and "
            "stops; a vertex whose last chunk has none appends itself to left, the list of the "
            "next bottom-up level. A chunk may read up to 3 in-edges past the parent, but waits "
            "for memory once instead of 4 times.",
            depth);
      if (marker == "@bfs-list-swap")
        return tr(
            "left, the vertices this bottom-up level could not reach, becomes the list and its "
            "tail goes back to 0: the next bottom-up level launches threads for them alone, not "
            "for every vertex again.");
      if (marker == "@bfs-swap")
        return tr(
            "The vertices found become the next frontier queue; the full-size fast variant runs "
            "this level loop on the device, so no level waits for the host.");
      break;
  }
  return "";
}

// What the variant's way of working cost in level `l` of a full-size run (graph mode).
std::string level_why(Variant variant, const bfs::LevelStats& l) {
  switch (variant) {
    case Variant::Push: {
      const double busy = l.threads > 0 ? 100.0 * double(l.frontier) / double(l.threads) : 0;
      return trf(
          "Push launched a thread for each of the {0} vertices although the frontier holds only "
          "{1}: {2}% of the threads had work.",
          with_commas(l.threads),
          counted(l.frontier, TR_NOOP("{0} vertex"), TR_NOOP("{0} vertices"), true),
          decimal(std::round(busy * 10) / 10));
    }
    case Variant::Pull:
      return trf(
          "Pull let the unvisited vertices search their in-edges for a parent and stop at the "
          "first: {0} edges read, where pushing would read the frontier's {1} out-edges.",
          with_commas(l.edges_examined), with_commas(l.frontier_edges));
    case Variant::EdgeCentric:
      return trf(
          "Edge-centric launched {0} threads, one per edge, and read every edge although only "
          "{1} leave the frontier: balanced, but the whole graph every level.",
          with_commas(l.threads), with_commas(l.frontier_edges));
    case Variant::GlobalQueue:
      return trf(
          "Only the frontier's {0} got threads; each vertex discovered ({1}) took its slot in "
          "the next queue with an atomicAdd on the one global tail.",
          counted(l.frontier, TR_NOOP("{0} vertex"), TR_NOOP("{0} vertices"), true),
          with_commas(l.discovered));
    case Variant::BlockQueue:
      return trf(
          "Only the frontier got threads; the vertices discovered ({0}) went into per-block "
          "queues in shared memory, and each block took room in the global queue with one "
          "atomic.",
          with_commas(l.discovered));
    case Variant::Fast:
      if (l.direction == Direction::TopDown)
        return trf(
            "The fast variant's top-down level read the frontier's {0} edges: in tiles of 256 "
            "(a block each, a thread per edge, so high-degree vertices are spread over many "
            "blocks) when a vertex has more than 4 out-edges, else a thread per vertex; on "
            "sparse graphs with thread-block clusters, the small levels in one cluster of 16 "
            "blocks first.",
            with_commas(l.frontier_edges));
      return trf(
          "The fast variant's bottom-up level gave threads to {0} (every vertex in the first "
          "bottom-up level, then only those the last one left) and read their in-edges 4 at a "
          "time: {1} edges read, where pushing would read the frontier's {2} out-edges.",
          counted(l.threads, TR_NOOP("{0} vertex"), TR_NOOP("{0} vertices"), true),
          with_commas(l.edges_examined), with_commas(l.frontier_edges));
    case Variant::DirectionOptimizing:
      return "";
  }
  return "";
}

}  // namespace

std::string direction_reason(Variant variant, const std::vector<bfs::LevelStats>& levels, int depth,
                             int64_t vertices, double alpha, double beta) {
  if (!chooses_direction(variant) || depth < 0 || depth >= int(levels.size())) return "";
  const bfs::LevelStats& l = levels[size_t(depth)];
  const Direction before = depth > 0 ? levels[size_t(depth) - 1].direction : Direction::TopDown;
  const double by_alpha = double(l.unvisited_edges) / alpha;
  const double by_beta = double(vertices) / beta;
  if (before == Direction::TopDown) {
    if (l.direction == Direction::TopDown && depth == 0)
      return trf(
          "Level {0} starts top-down: the frontier's out-edges, m_f = {1}, are no more than "
          "m_u / alpha = {2}.",
          depth, with_commas(l.frontier_edges), decimal(by_alpha));
    if (l.direction == Direction::TopDown)
      return trf(
          "Level {0} stays top-down: the frontier's out-edges, m_f = {1}, are no more than "
          "m_u / alpha = {2}.",
          depth, with_commas(l.frontier_edges), decimal(by_alpha));
    return trf(
        "Level {0} switches to bottom-up: the frontier's out-edges, m_f = {1}, exceed m_u / alpha "
        "= {2}, so letting the unvisited vertices look for parents reads fewer edges.",
        depth, with_commas(l.frontier_edges), decimal(by_alpha));
  }
  if (l.direction == Direction::TopDown)
    return trf(
        "Level {0} switches back to top-down: the frontier shrank to n_f = {1}, below n / beta = "
        "{2}.",
        depth, with_commas(l.frontier), decimal(by_beta));
  // Back to top-down needs both: a shrinking frontier and n_f < n / beta.
  if (l.frontier >= levels[size_t(depth) - 1].frontier)
    return trf(
        "Level {0} stays bottom-up: the frontier is not shrinking (n_f = {1} after {2}), and only "
        "a shrinking frontier below n / beta = {3} turns back to top-down.",
        depth, with_commas(l.frontier), with_commas(levels[size_t(depth) - 1].frontier),
        decimal(by_beta));
  return trf(
      "Level {0} stays bottom-up: the frontier shrank to n_f = {1}, but not below n / beta = "
      "{2}.",
      depth, with_commas(l.frontier), decimal(by_beta));
}

std::string bfs_teach_caption(const bfs::TeachRun& run, const TracedRun& traced,
                              const graph::Graph& g, int step) {
  const Trace& trace = run.trace;
  if (step < 0 || step >= int(trace.steps.size())) return "";
  const TraceStep& s = trace.steps[size_t(step)];
  const StepFacts f = step_facts(run, traced.snapshots, step);
  const bool known = size_t(f.depth) < run.result.levels.size();
  const int64_t frontier = known ? run.result.levels[size_t(f.depth)].frontier : 0;
  const int64_t threads = known ? run.result.levels[size_t(f.depth)].threads : 0;
  bool listed = false;  // an earlier bottom-up level made the list
  for (int32_t d = 0; known && d < f.depth; ++d)
    listed = listed || run.result.levels[size_t(d)].direction == Direction::BottomUp;
  std::string why;
  if (f.step_in_level == 0)
    add_sentence(why, direction_reason(run.params.variant, run.result.levels, f.depth, g.vertices,
                                       run.params.alpha, run.params.beta));
  add_sentence(why, teach_why(run.params.variant, s.code_marker, f.depth, frontier, g.edges(),
                              threads, listed));
  int64_t useful = 0;
  for (const ExaminedEdge& e : f.edges) useful += e.useful;
  if (!f.edges.empty())
    add_sentence(why, f.edges.size() == 1 ? (useful > 0 ? tr("1 edge is read this step, and it "
                                                             "discovers a vertex.")
                                                        : tr("1 edge is read this step; it "
                                                             "discovers nothing new."))
                      : useful > 0 ? trf("{0} edges are read this step; {1} of them discover a "
                                         "vertex.",
                                         f.edges.size(), useful)
                                   : trf("{0} edges are read this step; none of them discovers a "
                                         "new vertex.",
                                         f.edges.size()));
  const bool last_of_level = f.step_in_level + 1 == f.level_steps;
  if (last_of_level && size_t(f.depth) < run.result.levels.size() &&
      run.result.levels[size_t(f.depth)].discovered == 0)
    add_sentence(why, trf("Level {0} discovered no vertex, so the search ends here.", f.depth));
  return compose_caption(s.label, why,
                         ws::app::step_facts(trace, traced.counters, step, &traced.snapshots));
}

std::string bfs_level_caption(Variant variant, const bfs::Result& result, int level,
                              int64_t vertices, double alpha, double beta) {
  if (level < 0 || level >= int(result.levels.size())) return "";
  const bfs::LevelStats& l = result.levels[size_t(level)];
  std::string text = trf("Level {0} of {1} ({2}).", level, result.levels.size() - 1,
                         kernel_text(bfs::direction_name(l.direction)));
  add_sentence(text, direction_reason(variant, result.levels, level, vertices, alpha, beta));
  add_sentence(
      text,
      l.discovered == 0
          ? trf("The frontier holds {0} with {1}; the level examined {2} and discovered no new "
                "vertex, so the search ends here.",
                counted(l.frontier, TR_NOOP("{0} vertex"), TR_NOOP("{0} vertices"), true),
                counted(l.frontier_edges, TR_NOOP("{0} out-edge"), TR_NOOP("{0} out-edges"), true),
                counted(l.edges_examined, TR_NOOP("{0} edge"), TR_NOOP("{0} edges"), true))
          : trf("The frontier holds {0} with {1}; the level examined {2} and discovered {3}, "
                "the frontier of level {4}.",
                counted(l.frontier, TR_NOOP("{0} vertex"), TR_NOOP("{0} vertices"), true),
                counted(l.frontier_edges, TR_NOOP("{0} out-edge"), TR_NOOP("{0} out-edges"), true),
                counted(l.edges_examined, TR_NOOP("{0} edge"), TR_NOOP("{0} edges"), true),
                counted(l.discovered, TR_NOOP("{0} new vertex"), TR_NOOP("{0} new vertices"), true),
                level + 1));
  add_sentence(text, level_why(variant, l));
  return text;
}

}  // namespace ws::app
