#include "kernel_resources.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "common/error.h"
#include "common/tr_noop.h"
#include "data/data_root.h"
#include "i18n/i18n.h"

namespace ws::app {

SmLimits h200_limits() {
  return SmLimits{};
}

namespace {

int round_up(int value, int unit) {
  return (value + unit - 1) / unit * unit;
}

// Blocks per SM the registers allow: each warp takes registers * 32 rounded up to the allocation
// unit, from one of the register file's partitions.
int blocks_by_registers(int registers, int warps_per_block, const SmLimits& sm) {
  if (registers <= 0) return sm.blocks;
  const int per_warp = round_up(registers * sm.warp, sm.register_unit);
  if (per_warp * warps_per_block > sm.registers) return 0;
  const int warps = sm.registers / sm.register_partitions / per_warp * sm.register_partitions;
  return warps / warps_per_block;
}

int blocks_by_shared(int shared_bytes, const SmLimits& sm) {
  if (shared_bytes > sm.max_shared_per_block) return 0;
  return sm.shared_bytes / round_up(shared_bytes + sm.shared_reserved, sm.shared_unit);
}

}  // namespace

Occupancy occupancy(int registers, int shared_bytes, int threads_per_block, const SmLimits& sm) {
  Occupancy o;
  if (threads_per_block <= 0) throw Error("occupancy: a block needs at least one thread");
  const int warps_per_block = (threads_per_block + sm.warp - 1) / sm.warp;
  const int max_warps = sm.threads / sm.warp;
  const int by_threads =
      threads_per_block > sm.max_threads_per_block ? 0 : max_warps / warps_per_block;
  const std::pair<int, const char*> limits[] = {
      {blocks_by_registers(registers, warps_per_block, sm), TR_NOOP("registers")},
      {blocks_by_shared(shared_bytes, sm), TR_NOOP("shared memory")},
      {by_threads, TR_NOOP("threads per SM")},
      {sm.blocks, TR_NOOP("blocks per SM")}};
  o.blocks_per_sm = sm.blocks;
  for (const auto& [blocks, name] : limits) o.blocks_per_sm = std::min(o.blocks_per_sm, blocks);
  for (const auto& [blocks, name] : limits)
    if (blocks == o.blocks_per_sm)
      o.limiter += (o.limiter.empty() ? "" : " and ") + std::string(name);
  o.fraction = double(o.blocks_per_sm * warps_per_block) / max_warps;
  return o;
}

namespace {

KernelInstance parse_kernel_instance(const nlohmann::json& j) {
  KernelInstance k;
  k.role = j.value("role", "");
  k.name = j.at("name").get<std::string>();
  k.registers = j.at("registers").get<int>();
  k.shared_bytes = j.at("shared_bytes").get<int>();
  k.local_bytes = j.at("local_bytes").get<int>();
  k.stack_bytes = j.at("stack_bytes").get<int>();
  k.block_size = j.at("block_size").get<int>();
  k.block_size_assumed = j.at("block_size_from").get<std::string>() != "launch bounds";
  if (k.block_size < 1 || k.block_size > 1024)
    throw Error("block_size " + std::to_string(k.block_size) + " of " + k.name + " is not 1..1024");
  k.sass = j.value("sass", "");
  const nlohmann::json lines = j.value("sass_lines", nlohmann::json::object());
  for (const auto& [file, runs] : lines.items())
    for (const auto& r : runs)
      k.sass_lines.push_back({file, r.at(0).get<int>(), r.at(1).get<int>(), r.at(2).get<int>()});
  return k;
}

VariantResources parse_variant_entry(const nlohmann::json& j) {
  VariantResources v;
  v.file = j.at("file").get<std::string>();
  v.variant = j.at("variant").get<std::string>();
  for (const auto& k : j.at("kernels")) {
    VariantKernel kernel{k.at("name").get<std::string>(), {}, {}};
    for (const auto& i : k.at("instances")) kernel.instances.push_back(parse_kernel_instance(i));
    for (const auto& i : k.at("other_instances"))
      kernel.other_instances.push_back(parse_kernel_instance(i));
    v.kernels.push_back(std::move(kernel));
  }
  return v;
}

}  // namespace

KernelResourceFile parse_kernel_resources(const std::string& json_text) {
  try {
    const nlohmann::json j = nlohmann::json::parse(json_text);
    KernelResourceFile f{j.at("algorithm").get<std::string>(),
                         j.at("arch").get<std::string>(),
                         j.value("toolkit", ""),
                         {}};
    for (const auto& [key, value] : j.at("variants").items()) {
      f.variants.push_back(parse_variant_entry(value));
      if (key != f.variants.back().file + "#" + f.variants.back().variant)
        throw Error("the entry '" + key + "' does not name its own file and variant");
    }
    return f;
  } catch (const nlohmann::json::exception& e) {
    throw Error(std::string("kernel resources: not the extractor's JSON (") + e.what() + ")");
  }
}

namespace {

std::string resources_root() {
  if (const char* env = std::getenv("WARPSCOPE_SOURCE_DIR"); env && *env) return env;
  return data::data_root().path;
}

// "kernels/<algorithm>/..." -> "<algorithm>", else "".
std::string algorithm_of(const std::string& file) {
  const std::string prefix = "kernels/";
  if (file.rfind(prefix, 0) != 0) return "";
  const size_t slash = file.find('/', prefix.size());
  return slash == std::string::npos ? "" : file.substr(prefix.size(), slash - prefix.size());
}

const std::optional<KernelResourceFile>& load_algorithm(const std::string& algorithm) {
  static std::mutex mutex;
  static std::map<std::string, std::optional<KernelResourceFile>> cache;
  const std::lock_guard lock(mutex);
  const auto found = cache.find(algorithm);
  if (found != cache.end()) return found->second;
  std::optional<KernelResourceFile>& slot = cache[algorithm];
  std::ifstream in(resources_root() + "/assets/kernel_resources/" + algorithm + ".json");
  if (!in) return slot;
  std::stringstream text;
  text << in.rdbuf();
  try {
    slot = parse_kernel_resources(text.str());
  } catch (const Error&) {
    // A damaged file shows as "no resources": tests/app/test_kernel_resources.cpp parses them all.
  }
  return slot;
}

}  // namespace

const VariantResources* find_variant_resources(const std::string& file,
                                               const std::string& variant) {
  const std::string algorithm = algorithm_of(file);
  if (algorithm.empty()) return nullptr;
  const std::optional<KernelResourceFile>& f = load_algorithm(algorithm);
  if (!f) return nullptr;
  const VariantResources* same_id = nullptr;
  int with_same_id = 0;
  for (const VariantResources& v : f->variants) {
    if (v.file == file && v.variant == variant) return &v;
    if (v.variant != variant) continue;
    same_id = &v;
    ++with_same_id;
  }
  // A section shared by both backends (kernels/spmv/spmv_teach_body.h) has no kernel itself: the
  // algorithm's one kernel section of that id.
  return with_same_id == 1 ? same_id : nullptr;
}

std::vector<int> sass_instructions_of_line(const KernelInstance& kernel, const std::string& file,
                                           int line) {
  std::vector<int> found;
  for (const SassLineRun& r : kernel.sass_lines)
    if (r.line == line && r.file == file)
      for (int i = r.first; i <= r.last; ++i) found.push_back(i);
  std::sort(found.begin(), found.end());
  found.erase(std::unique(found.begin(), found.end()), found.end());
  return found;
}

std::string limiter_text(const Occupancy& o) {
  std::string text;
  for (size_t at = 0; at < o.limiter.size();) {  // translate each limit's name
    size_t end = o.limiter.find(" and ", at);
    if (end == std::string::npos) end = o.limiter.size();
    text += (text.empty() ? "" : ", ") + tr_text(o.limiter.substr(at, end - at));
    at = end + 5;
  }
  return text;
}

std::string resource_line(const KernelInstance& kernel) {
  const int block_size = kernel.block_size;
  std::string line = trf("registers {0} · shared {1} B · local {2} B", kernel.registers,
                         kernel.shared_bytes, kernel.local_bytes);
  if (kernel.stack_bytes > 0) line += " · " + trf("stack {0} B", kernel.stack_bytes);
  const Occupancy o = occupancy(kernel.registers, kernel.shared_bytes, block_size);
  const std::string limiter = limiter_text(o);
  const int percent = static_cast<int>(std::lround(o.fraction * 100));
  if (o.blocks_per_sm == 0)
    return line + " · " +
           trf("{0} threads per block do not fit on an SM: {1}", block_size, limiter);
  return line + " · " +
         (kernel.block_size_assumed
              ? trf("occupancy {0}% at {1} threads (assumed), limited by {2}", percent, block_size,
                    limiter)
              : trf("occupancy {0}% at {1} threads, limited by {2}", percent, block_size, limiter));
}

nlohmann::json variant_resources_json(const std::string& file, const std::string& variant) {
  const VariantResources* v = find_variant_resources(file, variant);
  if (!v) return nullptr;
  nlohmann::json list = nlohmann::json::array();
  for (const VariantKernel& kernel : v->kernels)
    for (const KernelInstance& k : kernel.instances) {
      const Occupancy o = occupancy(k.registers, k.shared_bytes, k.block_size);
      list.push_back({{"kernel", kernel.name},
                      {"role", k.role},
                      {"instance", k.name},
                      {"file", v->file},
                      {"registers", k.registers},
                      {"shared_bytes", k.shared_bytes},
                      {"local_bytes", k.local_bytes},
                      {"stack_bytes", k.stack_bytes},
                      {"block_size", k.block_size},
                      {"block_size_assumed", k.block_size_assumed},
                      {"blocks_per_sm", o.blocks_per_sm},
                      {"occupancy", o.fraction},
                      {"limiter", o.limiter}});
    }
  return list;
}

}  // namespace ws::app
