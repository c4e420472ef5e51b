"""Text parsing for scripts/extract-kernel-resources.py: cuobjdump's resource usage and SASS
listings, demangled names, and the kernels' `// @variant id` ... `// @end` sections (read the
same way app/scene_kit/code_panel.cpp reads them)."""
import os
import re

RESOURCE_LINE = re.compile(r"REG:(\d+) STACK:(\d+) SHARED:(\d+) LOCAL:(\d+)")
SASS_LINE = re.compile(r"^\s*/\*([0-9a-f]{4,})\*/\s+(.+?)\s*;?\s*/\* 0x[0-9a-f]+ \*/")
GLOBAL_KERNEL = re.compile(r"__global__\s+(?:static\s+)?(?:inline\s+)?void\s+(\w+)\s*\(")
LAUNCH_BOUNDS = re.compile(r"__launch_bounds__\s*\(")
DEFAULT_BLOCK = 256
RESERVED_SHARED = 1024

# Sections whose kernels are defined outside them (host code that launches a kernel, or the
# device function a shared kernel calls): (file, variant) -> [(kernel, instance filter)], the
# filter a text the chosen instances' demangled names must contain.
LAUNCHED_ELSEWHERE = {
    ("kernels/scan/scan_coarsened.cu", "coarsened"): [("scan_coarsened_section", "")],
    ("kernels/scan/scan_coarsened.cu", "hierarchical"): [("scan_coarsened_section", ""),
                                                        ("add_block_sums", "")],
    # single_pass<kVariant, ...>: 8 the chain, 9 the decoupled look-back (scan.h's Variant).
    ("kernels/scan/scan_single_pass.cu", "chained"): [("single_pass", "single_pass<8,")],
    ("kernels/scan/scan_single_pass.cu", "decoupled-lookback"): [("single_pass",
                                                                  "single_pass<9,")],
    # BFS variant 7 in graph mode: the cooperative kernel with the whole level loop (bfs_fast.cu),
    # its one-thread setup and the cluster phase of sparse graphs (bfs_fast_cluster.cu), besides
    # the teach kernels of its section.
    ("kernels/bfs/bfs_teach.cu", "fast"): [("fast_bfs", ""), ("fast_setup", ""),
                                           ("fast_cluster", "")],
    # The fused box filter's fast kernels (sat_filter_fused_starts.cu, sat_filter_fused.cu) beside
    # its teach kernels: the strip sums with 16 columns a thread, the start columns, and the walk
    # the 8192-wide images take (1024 threads, two rows an iteration, 32-bit windows, the fast
    # rounding, rows of w bytes: not launch 0's padded copy; the product's way 0, not a tuning way).
    ("kernels/sat/sat_filter_fused_teach.cu", "fused"): [
        ("strip_sums", "strip_sums<16>"), ("start_columns", ""),
        ("walk", "walk<unsigned int, 1024, 2, 2, true, false, 0>")],
    # The heat variants' fast paths on big grids (stencil_fast.cu; its header says which shape
    # takes which kernel): basic's one-launch 3D kernel, the wide tiles, coarsening's plane
    # marching (stencil_march<rows, L2 prefetch distance>), register tiling's marching in
    # registers and the warp tiles of temporal blocking at the default K = 4 (5-point).
    ("kernels/stencil/stencil.cu", "basic"): [("stencil_basic_all4_3d",
                                               "stencil_basic_all4_3d<false>")],
    ("kernels/stencil/stencil.cu", "shared-tiled"): [("stencil_tiled2d", "stencil_tiled2d<5>"),
                                                      ("stencil_tiled3d", "")],
    ("kernels/stencil/stencil.cu", "coarsened-z"): [("stencil_march", "")],
    ("kernels/stencil/stencil.cu", "register-tiled"): [("stencil_register_march", "")],
    ("kernels/stencil/stencil.cu", "temporal-blocked"): [("stencil_temporal_warp",
                                                          "stencil_temporal_warp<5, 4>")],
}

# Which instance of a kernel the code panel shows where the shortest name would mislead: the
# onesweep pass's keys policy (its pairs policy takes its shared memory dynamically, which
# cuobjdump does not see).
SHOWN_INSTANCE = {
    ("kernels/radix_sort/radix_sort_onesweep.cuh", "onesweep"): {"onesweep_pass_kernel": ", false>"},
}


def static_shared(reported):
    """The static shared memory of a kernel from cuobjdump's SHARED. On sm_90 a kernel's
    .nv.shared.<kernel> section starts with the 1 KB the system reserves per block
    (.nv.shared.reserved.0): a kernel with 16 floats of __shared__ shows SHARED:1088 where ptxas
    -v says "64 bytes smem" and cudaFuncGetAttributes' sharedSizeBytes is 64; a kernel with no
    section shows 0. The occupancy adds the reserve back (kernel_resources.cpp)."""
    return reported - RESERVED_SHARED if reported >= RESERVED_SHARED else reported


def parse_resource_usage(text):
    """mangled name -> {registers, stack_bytes, shared_bytes, local_bytes, object}."""
    functions = {}
    current, obj = None, ""
    for line in text.splitlines():
        if line.startswith("member "):
            obj = line.rstrip(":").rsplit(":", 1)[-1]
        elif line.startswith(" Function "):
            current = line[len(" Function "):].rstrip(":")
        elif current:
            m = RESOURCE_LINE.search(line)
            if m and current not in functions:
                functions[current] = {"registers": int(m[1]), "stack_bytes": int(m[2]),
                                      "shared_bytes": static_shared(int(m[3])),
                                      "shared_reported": int(m[3]), "local_bytes": int(m[4]),
                                      "object": obj}
            current = None
    return functions


def base_name(demangled):
    """'void ws::a::(anonymous namespace)::k<float, X<8> >(float const*)' -> 'k'."""
    depth, end = 0, len(demangled)
    for i, c in enumerate(demangled):
        if c in "<":
            depth += 1
        elif c == ">":
            depth -= 1
        elif c == "(" and depth == 0 and not demangled.startswith("(anonymous", i):
            end = i
            break
    head = demangled[:end]
    if head.endswith(">"):  # drop the template arguments
        depth = 0
        for i in range(len(head) - 1, -1, -1):
            depth += {">": 1, "<": -1}.get(head[i], 0)
            if depth == 0:
                head = head[:i]
                break
    return re.split(r"::|\s", head.strip())[-1]


def _preference(inst):
    name = inst["name"]
    args = name[name.find("<"):] if "<" in name else ""
    return (0 if args.startswith("<float") or "<float" in args[:12] else 1, len(name))


def pick_instances(found, section_file="", only=""):
    """The instances whose SASS is kept: the best traced (teach) and untraced (fast) one."""
    found = [f for f in found if only in f["name"]]
    if section_file.endswith(".cu") and not only:
        own = [f for f in found if f["object"] == os.path.basename(section_file) + ".o"]
        found = own or found
    traced = sorted((f for f in found if "DeviceTrace" in f["name"]), key=_preference)
    untraced = sorted((f for f in found if "DeviceTrace" not in f["name"]), key=_preference)
    chosen = []
    if untraced:
        chosen.append(dict(untraced[0], role="untraced"))
    if traced:
        chosen.append(dict(traced[0], role="traced"))
    picked = {c["name"] for c in chosen}
    others = [f for f in found if f["name"] not in picked]
    for c in chosen:
        c.pop("object", None)
    return chosen, others


def split_sass(text, wanted):
    """mangled name -> its SASS lines, for the names in `wanted` (first listing of each)."""
    listings, current = {}, None
    for line in text.splitlines():
        if "Function : " in line:
            name = line.split("Function : ", 1)[1].strip()
            current = name if name in wanted and name not in listings else None
            if current:
                listings[current] = []
        elif current is not None:
            listings[current].append(line)
    return {k: "\n".join(v) for k, v in listings.items()}


def condense_sass(text, max_lines):
    """'/*0040*/ LDC R1, c[0x0][0x28]' per instruction (encodings dropped), cut at max_lines."""
    out = []
    for line in text.splitlines():
        m = SASS_LINE.match(line)
        if m:
            out.append(f"/*{m[1]}*/ {m[2]}")
    if len(out) > max_lines:
        out = out[:max_lines] + [f"... {len(out) - max_lines} more instructions"]
    return "\n".join(out)


def has_end(line):
    at = line.find("@end")
    return at >= 0 and (at + 4 == len(line) or line[at + 4] in " \t")


def variant_sections(folder):
    """[{file: 'kernels/<algo>/<f>', variant, text, kernels: [__global__ names]}] of *.cu, *.cuh."""
    algo = os.path.basename(os.path.normpath(folder))
    sections = []
    for name in sorted(os.listdir(folder)):
        if not name.endswith((".cu", ".cuh")):
            continue
        with open(os.path.join(folder, name)) as f:
            lines = f.read().splitlines()
        open_section = None
        for line in lines:
            if open_section is not None:
                if has_end(line):
                    open_section = None
                else:
                    open_section["lines"].append(line)
                continue
            at = line.find("// @variant ")
            if at >= 0:
                open_section = {"file": f"kernels/{algo}/{name}",
                                "variant": line[at + len("// @variant "):], "lines": []}
                sections.append(open_section)
    for s in sections:
        s["text"] = "\n".join(s.pop("lines"))
        s["kernels"] = list(dict.fromkeys(GLOBAL_KERNEL.findall(_without_bounds(s["text"]))))
        s["filters"] = dict(SHOWN_INSTANCE.get((s["file"], s["variant"]), {}))
        for kernel, only in LAUNCHED_ELSEWHERE.get((s["file"], s["variant"]), []):
            s["kernels"].append(kernel)
            s["filters"][kernel] = only
    return sections


def _bounds_args(text):
    """The argument text of each __launch_bounds__(...) in text."""
    found = []
    for m in LAUNCH_BOUNDS.finditer(text):
        depth, i = 1, m.end()
        while i < len(text) and depth:
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        found.append(text[m.end():i - 1])
    return found


def _without_bounds(text):
    for args in _bounds_args(text):
        text = text.replace(f"__launch_bounds__({args})", "")
    return text


def parse_max_threads(text):
    """mangled name -> the threads per block its __launch_bounds__ allows, read from
    `cuobjdump -elf`: the EIATTR_MAX_THREADS attribute (x y z) of its .nv.info.<name> section.
    A kernel without launch bounds has none (and is not in the result)."""
    found, current, attribute = {}, None, False
    for line in text.splitlines():
        if line.startswith(".nv.info."):
            current, attribute = line[len(".nv.info."):].strip(), False
        elif not line.startswith((" ", "\t")) and line.strip():
            current = None  # another section
        elif current and "Attribute:" in line:
            attribute = line.split("Attribute:", 1)[1].strip() == "EIATTR_MAX_THREADS"
        elif current and attribute and "Value:" in line:
            dims = [int(v, 16) for v in line.split("Value:", 1)[1].split()]
            threads = 1
            for d in dims:
                threads *= d
            found.setdefault(current, threads)
            attribute = False
    return found


def block_size_of(mangled, max_threads):
    """(threads per block, 'launch bounds' | 'assumed') of one compiled kernel."""
    if mangled in max_threads:
        return max_threads[mangled], "launch bounds"
    return DEFAULT_BLOCK, "assumed"
