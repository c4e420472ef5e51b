"""SASS with source lines for scripts/extract-kernel-resources.py: the library's cubins
(`cuobjdump -xelf all`) disassembled by `nvdisasm -gi -c` (the kernels are built with -lineinfo),
each instruction with every source line it comes from (inlined-at chains included)."""
import os
import re
import subprocess
import tempfile

LINE_REF = re.compile(r'"([^"]+)", line (\d+)')
NV_SASS_LINE = re.compile(r"^\s*/\*([0-9a-f]{4,})\*/\s+(.+?)\s*;\s*$")


def split_nvdisasm(text, wanted):
    """mangled -> (instructions, [set of (file, line)] per instruction), names in `wanted`."""
    listings, current = {}, None
    pending, active, in_comment = set(), set(), False
    for line in text.splitlines():
        if line.startswith(".text.") and line.endswith(":"):
            name = line[len(".text."):-1]
            current = name if name in wanted and name not in listings else None
            if current:
                listings[current] = ([], [])
            pending, active, in_comment = set(), set(), False
            continue
        if current is None:
            continue
        if line.lstrip().startswith("//## File"):
            if not in_comment:
                pending, in_comment = set(), True
            pending.update((f, int(n)) for f, n in LINE_REF.findall(line))
            continue
        m = NV_SASS_LINE.match(line)
        if m:
            if in_comment:
                active, in_comment = pending, False
            listings[current][0].append(f"/*{m[1]}*/ {m[2]}")
            listings[current][1].append(active)
    return listings


def relative_source(path, algo):
    """'/x/build/../kernels/reduce/reduce.cu' -> 'kernels/reduce/reduce.cu' (this algorithm's
    folder only), else None."""
    path = os.path.normpath(path)
    at = path.rfind("/kernels/" + algo + "/")
    return path[at + 1:] if at >= 0 else None


def line_runs(lines_per_instruction, algo, limit):
    """{file: [[line, first, last], ...]}: instruction index runs of each source line."""
    runs = {}
    for i, refs in enumerate(lines_per_instruction[:limit]):
        for path, line in sorted(refs):
            rel = relative_source(path, algo)
            if rel is None:
                continue
            file_runs = runs.setdefault(rel, [])
            for run in reversed(file_runs[-16:]):
                if run[0] == line and run[2] == i - 1:
                    run[2] = i
                    break
            else:
                file_runs.append([line, i, i])
    return runs


def sass_with_lines(tool, library, wanted, algo, max_lines):
    """mangled -> (condensed SASS text, line runs); {} when nvdisasm is not there."""
    nvdisasm = os.path.join(os.path.dirname(tool), "nvdisasm")
    if not os.access(nvdisasm, os.X_OK):
        nvdisasm = "nvdisasm"
    found = {}
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([tool, "-xelf", "all", os.path.abspath(library)], cwd=tmp,
                       capture_output=True, check=True)
        for cubin in sorted(os.listdir(tmp)):
            if not cubin.endswith(".cubin"):
                continue
            text = subprocess.run([nvdisasm, "-gi", "-c", os.path.join(tmp, cubin)],
                                  capture_output=True, text=True, check=True).stdout
            for name, listing in split_nvdisasm(text, wanted - set(found)).items():
                found[name] = listing
    out = {}
    for name, (instructions, lines) in found.items():
        text = "\n".join(instructions[:max_lines])
        if len(instructions) > max_lines:
            text += f"\n... {len(instructions) - max_lines} more instructions"
        out[name] = (text, line_runs(lines, algo, max_lines))
    return out
