#!/usr/bin/env python3
"""Extracts the built-in CUDA kernels' resources for the code panel (issue 29).

Reads a CUDA build's kernel libraries (BUILD/kernels/<algo>/libws_<algo>.a) with
`cuobjdump --dump-resource-usage` and `cuobjdump -sass`, matches the kernels to the
`// @variant id` ... `// @end` sections of kernels/<algo>/*.cu and *.cuh (the __global__
functions each section defines) and writes assets/kernel_resources/<algo>.json:

  {"algorithm", "arch", "toolkit", "variants": {"<file>#<id>": {"file", "variant",
   "kernels": [{"name", "instances": [{"role", "name", "registers", "shared_bytes",
   "local_bytes", "stack_bytes", "block_size", "block_size_from", "sass"?}],
   "other_instances"}]}}}

Per kernel it keeps the untraced instance the fast path times ("untraced") and the traced one the
teach path launches ("traced": a DeviceTrace template argument), float preferred; the SASS of the
first of them (nvdisasm -gi on the extracted cubins: "sass_lines" {file: [[line, first, last]]}
gives the instructions each source line of the algorithm's folder compiled to; cuobjdump -sass
without lines when nvdisasm fails; cut at MAX_SASS_LINES); other instances keep their numbers only.
Shared memory is the static amount, as cudaFuncGetAttributes gives it (cuobjdump's number less the
1 KB sm_90 reserves per block: kernel_resources_parse.static_shared); dynamic shared memory is
chosen at launch.
The block size of each compiled kernel is its __launch_bounds__ (the EIATTR_MAX_THREADS attribute
`cuobjdump -elf` shows in its .nv.info section: "launch bounds"; one per template instance, so a
bound written as a template parameter or a policy's constant is resolved too), else 256 ("assumed").

cuobjdump (with nvdisasm beside it or on PATH) comes from $CUOBJDUMP, PATH, /usr/local/cuda/bin or
~/.cache/warpscope/tools/bin; when none has them, the nvidia-cuda-cuobjdump and
nvidia-cuda-nvdisasm wheels (13.5) are fetched with `pip download` and unpacked there (no install
into any Python environment).

Usage: scripts/extract-kernel-resources.py BUILD_DIR [--source DIR] [--out DIR] [--algo NAME]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kernel_resources_parse import (  # noqa: E402
    base_name, block_size_of, condense_sass, parse_max_threads, parse_resource_usage,
    pick_instances, split_sass, variant_sections)
from kernel_resources_sass import sass_with_lines  # noqa: E402

TOOLS = os.path.expanduser("~/.cache/warpscope/tools")
# cuobjdump -sass runs nvdisasm from its own folder (or PATH): both come along.
WHEELS = ["nvidia-cuda-cuobjdump==13.5.*", "nvidia-cuda-nvdisasm==13.5.*"]
MAX_SASS_LINES = 400


def find_cuobjdump():
    candidates = [os.environ.get("CUOBJDUMP", ""), shutil.which("cuobjdump") or "",
                  "/usr/local/cuda/bin/cuobjdump", os.path.join(TOOLS, "bin", "cuobjdump")]
    for c in candidates:
        beside = os.path.join(os.path.dirname(c), "nvdisasm")
        if c and os.access(c, os.X_OK) and (shutil.which("nvdisasm") or os.access(beside, os.X_OK)):
            return c
    return install_cuobjdump()


def install_cuobjdump():
    """pip download the wheel (no install) and unzip its bin/ into ~/.cache/warpscope/tools."""
    import tempfile
    import zipfile
    with tempfile.TemporaryDirectory() as tmp:
        print(f"cuobjdump/nvdisasm not found: fetching {' '.join(WHEELS)} into {TOOLS}",
              file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", tmp]
                       + WHEELS, check=True)
        os.makedirs(os.path.join(TOOLS, "bin"), exist_ok=True)
        for wheel in os.listdir(tmp):
            with zipfile.ZipFile(os.path.join(tmp, wheel)) as z:
                for member in z.namelist():
                    if "/bin/" in member and not member.endswith("/"):
                        target = os.path.join(TOOLS, "bin", os.path.basename(member))
                        with z.open(member) as src, open(target, "wb") as dst:
                            shutil.copyfileobj(src, dst)
                        os.chmod(target, 0o755)
    tool = os.path.join(TOOLS, "bin", "cuobjdump")
    if not os.access(tool, os.X_OK) or not os.access(os.path.join(TOOLS, "bin", "nvdisasm"),
                                                      os.X_OK):
        sys.exit("the wheels did not hold bin/cuobjdump and bin/nvdisasm")
    return tool


def demangle(names):
    if not names:
        return {}
    out = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True,
                         check=True).stdout.splitlines()
    return dict(zip(names, out))


def toolkit_version(tool):
    text = subprocess.run([tool, "--version"], capture_output=True, text=True).stdout
    for line in text.splitlines():
        if "release" in line:
            return line.strip()
    return ""


def extract_algorithm(tool, library, source_dir, algo):
    usage = subprocess.run([tool, "--dump-resource-usage", library], capture_output=True,
                           text=True).stdout  # fails on a library without device code
    functions = parse_resource_usage(usage)  # mangled -> {registers, shared, ...}
    elf = subprocess.run([tool, "-elf", library], capture_output=True, text=True).stdout
    max_threads = parse_max_threads(elf)  # mangled -> its launch bounds' threads
    names = demangle(list(functions))
    by_base = {}
    for mangled, res in functions.items():
        demangled = names[mangled]
        block, source = block_size_of(mangled, max_threads)
        by_base.setdefault(base_name(demangled), []).append(
            dict(res, name=demangled, mangled=mangled, block_size=block, block_size_from=source))
    sections = variant_sections(os.path.join(source_dir, "kernels", algo))
    wanted = {}
    variants = {}
    for sec in sections:
        kernels = []
        for kernel in sec["kernels"]:
            found = by_base.get(kernel, [])
            chosen, others = pick_instances(found, sec["file"],
                                            sec["filters"].get(kernel, ""))
            if chosen:  # SASS of one instance: the untraced one when there is one
                wanted.setdefault(chosen[0]["mangled"], []).append(chosen[0])
            kernels.append({"name": kernel, "instances": chosen,
                            "other_instances": [
                                {k: o[k] for k in ("name", "registers", "shared_bytes",
                                                   "local_bytes", "stack_bytes", "block_size",
                                                   "block_size_from")}
                                for o in others]})
        if not sec["kernels"]:
            continue  # host code or device helpers only: nothing launched from this section
        key = f"{sec['file']}#{sec['variant']}"
        variants[key] = {"file": sec["file"], "variant": sec["variant"], "kernels": kernels}
    if wanted:
        with_lines = sass_with_lines(tool, library, set(wanted), algo, MAX_SASS_LINES)
        if len(with_lines) < len(wanted):  # no nvdisasm: cuobjdump's listing, without lines
            sass = subprocess.run([tool, "-sass", library], capture_output=True, text=True,
                                  check=True).stdout
            listings = split_sass(sass, set(wanted))
        for mangled, instances in wanted.items():  # a kernel two variants launch: both
            for inst in instances:
                if mangled in with_lines:
                    inst["sass"], inst["sass_lines"] = with_lines[mangled]
                else:
                    inst["sass"] = condense_sass(listings.get(mangled, ""), MAX_SASS_LINES)
    for variant in variants.values():
        for kernel in variant["kernels"]:
            for inst in kernel["instances"]:
                inst.pop("mangled", None)
    return variants


def main():
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("build", help="a CUDA build folder (holds kernels/<algo>/libws_<algo>.a)")
    p.add_argument("--source", default=here)
    p.add_argument("--out", default=os.path.join(here, "assets", "kernel_resources"))
    p.add_argument("--algo", action="append", help="only these algorithms")
    args = p.parse_args()
    tool = find_cuobjdump()
    toolkit = toolkit_version(tool)
    os.makedirs(args.out, exist_ok=True)
    kernels_dir = os.path.join(args.build, "kernels")
    for algo in sorted(os.listdir(kernels_dir)):
        library = os.path.join(kernels_dir, algo, f"libws_{algo}.a")
        if not os.path.isfile(library) or (args.algo and algo not in args.algo):
            continue
        if not os.path.isdir(os.path.join(args.source, "kernels", algo)):
            continue  # a build of another checkout: no sources here to match
        variants = extract_algorithm(tool, library, args.source, algo)
        if not variants:
            continue
        doc = {"algorithm": algo, "arch": "sm_90", "toolkit": toolkit,
               "generated_by": "scripts/extract-kernel-resources.py", "variants": variants}
        path = os.path.join(args.out, f"{algo}.json")
        with open(path, "w") as f:
            json.dump(doc, f, sort_keys=True, separators=(",", ":"))  # compact: 1.8 MB in all
            f.write("\n")
        print(f"{path}: {len(variants)} variants, {os.path.getsize(path) // 1024} KiB")


if __name__ == "__main__":
    main()
