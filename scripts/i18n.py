#!/usr/bin/env python3
"""Developer tool for the translation files in assets/i18n (the app itself needs no Python).

  scripts/i18n.py add zh FRAGMENT.json   merge {"English key": "translation", ...} into the zh.json
                                         of each key's home (a scene's app/scenes/<scene>/i18n/,
                                         else assets/i18n)
  scripts/i18n.py missing zh             print the keys no zh.json translates (as JSON, ready to
                                         fill in and `add`)
  scripts/i18n.py merge-driver O A B     a git merge driver: the union of both sides' strings
                                         (a key changed or removed on one side only takes that
                                         side's change); set up with
      git config merge.i18n.driver "python3 scripts/i18n.py merge-driver %O %A %B"

The files are written as ws_i18n_catalog writes them (tab-indented, keys sorted), so the tool and
`ws_i18n_catalog --update` agree byte for byte. Run `build/app/i18n/ws_i18n_catalog . --update`
after changing sources to refresh en.json (the list of keys).
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def save(path, doc):
    doc["strings"] = dict(sorted(doc["strings"].items(), key=lambda kv: kv[0].encode("utf-8")))
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(doc, ensure_ascii=False, indent="\t") + "\n")


def catalog(code, home=""):
    """The catalog of `code` in a home: "" the shared one, else a scene's."""
    if not home:
        return os.path.join(ROOT, "assets", "i18n", code + ".json")
    return os.path.join(ROOT, "app", "scenes", home, "i18n", code + ".json")


def homes():
    """Each key's home, from the en.json files (ws_i18n_catalog --update writes them)."""
    found = {k: "" for k in load(catalog("en"))["strings"]}
    scenes = os.path.join(ROOT, "app", "scenes")
    for scene in sorted(os.listdir(scenes)):
        if os.path.isfile(catalog("en", scene)):
            found.update({k: scene for k in load(catalog("en", scene))["strings"]})
    return found


def main(argv):
    if len(argv) >= 3 and argv[0] == "add":
        where = homes()
        docs = {}
        for frag in argv[2:]:
            new = load(frag)
            for k, v in new.get("strings", new).items():
                if not v:
                    continue
                home = where.get(k, "")  # a key not listed yet: the shared catalog until --update
                if home not in docs:
                    path = catalog(argv[1], home)
                    docs[home] = load(path) if os.path.isfile(path) else {
                        "language": argv[1], "name": "", "strings": {}}
                docs[home]["strings"][k] = v
        for home, doc in docs.items():
            save(catalog(argv[1], home), doc)
        return 0
    if len(argv) == 2 and argv[0] == "missing":
        have = {}
        for home in set(homes().values()):
            if os.path.isfile(catalog(argv[1], home)):
                have.update(load(catalog(argv[1], home))["strings"])
        keys = sorted(homes())
        print(json.dumps({k: "" for k in keys if not have.get(k)}, ensure_ascii=False, indent=1))
        return 0
    if len(argv) == 4 and argv[0] == "merge-driver":
        base, ours, theirs = (load(p) if os.path.getsize(p) else {"strings": {}} for p in argv[1:])
        b, o, t = base["strings"], ours["strings"], theirs["strings"]
        out = {}
        for k in set(o) | set(t):
            if k in o and k in t:
                out[k] = t[k] if o[k] == b.get(k) else o[k]
            elif k in o:  # theirs removed it, or only ours added it
                if k not in b or o[k] != b[k]:
                    out[k] = o[k]
            else:
                if k not in b or t[k] != b[k]:
                    out[k] = t[k]
        ours["strings"] = out
        save(argv[2], ours)
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
