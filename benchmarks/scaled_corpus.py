"""The real corpus, copied N times into a fresh repository, so that benchmarks measure real work.

Copy 0 is the corpus as it is; copy k (1 <= k < N) gives every document the key ``<key>-x<k>``
and every rulebook the name ``<rulebook>-x<k>``. The sources are byte-for-byte the real texts,
so each copy parses into exactly the structure of the original; only the ids change (``his:19.3``
becomes ``his-x3:19.3``), which keeps every id and rule number unique and every cross-reference
inside its own copy. Everything keyed by document or rulebook is re-keyed along with them: the
translations (through Folio's own canonical writer), the rule facts and the clauses classified
in corpus/rules/coverage/, the termbase's games and decisions, and the suppressions of
checks.yaml. Worked examples name executable rules of the original rulebooks, so they stay with
copy 0.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pipeline.link.translations.store import dump, load  # noqa: E402

#: what a generated repository needs besides corpus/: the site's base configuration and the
#: theme overrides it names (relative to itself)
#: shared by every copy as they are: the gazetteer names places, not documents
PROJECT_FILES = ("mkdocs.yml", "templates/mkdocs", "corpus/gazetteer.yaml")


class Renamer:
    """Copy k's names for documents, rulebooks and unit ids."""

    def __init__(self, manifest: list[dict], copy: int):
        self.copy = copy
        self.keys = {d["key"]: self.name(d["key"]) for d in manifest}
        self.rulebooks = {d["rulebook"]: self.name(d["rulebook"]) for d in manifest}

    def name(self, base: str) -> str:
        return base if self.copy == 0 else f"{base}-x{self.copy}"

    def unit(self, unit_id: str) -> str:
        # A unit id starts with its rulebook ("his:19.3/...") or its document key ("his-power-rules/...").
        head, sep, rest = unit_id.partition(":")
        if sep and head in self.rulebooks:
            return f"{self.rulebooks[head]}:{rest}"
        head, sep, rest = unit_id.partition("/")
        return self.keys.get(head, head) + sep + rest

    def pattern(self, glob: str) -> str:
        return self.unit(glob)


def generate(dest: Path, copies: int, source: Path = ROOT, first: int = 0) -> Path:
    """Write a repository holding ``copies`` copies of ``source``'s corpus into ``dest``,
    numbered from ``first`` (copy 0 keeps the real keys, and with them the player aids)."""
    dest = Path(dest)
    corpus, out = source / "corpus", dest / "corpus"
    for name in ("sources", "translations", "rules", "rules/examples", "rules/coverage"):
        (out / name).mkdir(parents=True, exist_ok=True)
    shutil.copytree(corpus / "wordlists", out / "wordlists", dirs_exist_ok=True)
    for example in sorted((corpus / "rules" / "examples").glob("*.yaml")) if first == 0 else ():
        shutil.copy2(example, out / "rules" / "examples" / example.name)
    for name in PROJECT_FILES:
        path = source / name
        if path.is_dir():
            shutil.copytree(path, dest / name, dirs_exist_ok=True)
        elif path.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, dest / name)

    manifest = yaml.safe_load((corpus / "manifest.yaml").read_text("utf-8"))
    renamers = [Renamer(manifest["documents"], k) for k in range(first, first + copies)]
    documents = []
    for renamer in renamers:
        for entry in manifest["documents"]:
            documents.append(_document(entry, renamer, corpus, out))
        _translations(source, dest, renamer)
        _rules(corpus, out, renamer)
        _coverage(corpus, out, renamer)
    _write_yaml(out / "manifest.yaml", {"version": manifest.get("version", 1), "documents": documents})
    _glossary(corpus, out, renamers)
    _checks(corpus, out, renamers)
    return dest


def _document(entry: dict, renamer: Renamer, corpus: Path, out: Path) -> dict:
    copy = dict(entry)
    if renamer.copy:
        copy["key"] = renamer.keys[entry["key"]]
        copy["rulebook"] = renamer.rulebooks[entry["rulebook"]]
        copy["game"] = f"{entry['game']} #{renamer.copy}"
        copy["title"] = f"{entry['title']} (copy {renamer.copy})"
        path = Path(entry["source"])
        stem, _, suffix = path.name.partition(".")
        copy["source"] = (path.parent / f"{stem}-x{renamer.copy}.{suffix}").as_posix()
    shutil.copy2(corpus / entry["source"], out / copy["source"])
    return copy


def _translations(source: Path, dest: Path, renamer: Renamer) -> None:
    for path in sorted((source / "corpus" / "translations").glob("*.yaml")):
        rel = path.relative_to(source).as_posix()
        translation = load(source, rel)
        if translation.document not in renamer.keys:
            continue
        text = (source / rel).read_text("utf-8")
        title = text.split("\n", 1)[0].removeprefix("# ").split(": the ")[0]
        translation.document = renamer.keys[translation.document]
        entries = {}
        for entry in translation.entries.values():
            entry.unit = renamer.unit(entry.unit)
            entries[entry.unit] = entry
        translation.entries = entries
        name = f"{translation.document}.{translation.lang}.yaml"
        target = dest / "corpus" / "translations" / name
        target.write_text(dump(translation, list(entries), title), encoding="utf-8")


def _rules(corpus: Path, out: Path, renamer: Renamer) -> None:
    for old, new in renamer.rulebooks.items():
        path = corpus / "rules" / f"{old}.yaml"
        if not path.is_file():
            continue
        lines = []
        for line in path.read_text("utf-8").split("\n"):
            stripped = line.strip()
            if stripped == f"rulebook: {old}":
                line = line.replace(old, new)
            elif stripped.startswith("unit: "):
                indent = line[:len(line) - len(line.lstrip())]
                line = f"{indent}unit: {renamer.unit(stripped.removeprefix('unit: '))}"
            lines.append(line)
        (out / "rules" / f"{new}.yaml").write_text("\n".join(lines), encoding="utf-8")


def _coverage(corpus: Path, out: Path, renamer: Renamer) -> None:
    """Each document's classified clauses, under the copy's document key and unit ids (the
    schema: pipeline/rules/coverage.py; a unit is a quoted key, the document one line)."""
    for old, new in renamer.keys.items():
        path = corpus / "rules" / "coverage" / f"{old}.yaml"
        if not path.is_file():
            continue
        lines = []
        for line in path.read_text("utf-8").split("\n"):
            if line == f"document: {old}":
                line = f"document: {new}"
            elif line.startswith('  "') and line.endswith('":'):
                line = f'  "{renamer.unit(line[3:-2])}":'
            lines.append(line)
        (out / "rules" / "coverage" / f"{new}.yaml").write_text("\n".join(lines), encoding="utf-8")


def _glossary(corpus: Path, out: Path, renamers: list[Renamer]) -> None:
    path = corpus / "glossary.yaml"
    if not path.is_file():
        return
    data = yaml.safe_load(path.read_text("utf-8"))

    def every(names: list[str]) -> list[str]:
        return [r.rulebooks.get(name, r.name(name)) for r in renamers for name in names]

    data["games"] = {r.rulebooks.get(k, r.name(k)): (v if not r.copy else f"{v} #{r.copy}")
                     for r in renamers for k, v in data["games"].items()}
    for item in data.get("concepts", []) + data.get("abbreviations", []):
        if item.get("games"):
            item["games"] = every(item["games"])
        if item.get("decisions"):
            item["decisions"] = {r.rulebooks.get(k, r.name(k)): v for r in renamers
                                 for k, v in item["decisions"].items()}
    _write_yaml(out / "glossary.yaml", data)


def _checks(corpus: Path, out: Path, renamers: list[Renamer]) -> None:
    path = corpus / "checks.yaml"
    if not path.is_file():
        return
    data = yaml.safe_load(path.read_text("utf-8")) or {}
    suppressions = []
    for renamer in renamers:
        for entry in data.get("suppress") or []:
            entry = dict(entry)
            if "unit" in entry:
                entry["unit"] = renamer.pattern(entry["unit"])
            if "path" in entry and renamer.copy:
                continue  # a path names one source file: it stays with copy 0
            suppressions.append(entry)
    data["suppress"] = suppressions
    _write_yaml(out / "checks.yaml", data)


class _Dumper(yaml.SafeDumper):
    def ignore_aliases(self, data) -> bool:
        return True  # a list the copies share would come out as &id001 / *id001, which Folio refuses


def _write_yaml(path: Path, data) -> None:
    path.write_text(yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=100),
                    encoding="utf-8")


if __name__ == "__main__":
    target, count = Path(sys.argv[1]), int(sys.argv[2])
    generate(target, count)
    print(f"{target}: {count} copies")
