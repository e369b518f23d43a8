"""Properties of what reads untrusted bytes (issue 13): the source reader, the YAML loader and
the PO reader, fed arbitrary bytes and real files damaged at random. Each either refuses with a
FolioError naming the file (and a line inside it), or reads what is there without loss; no
other exception escapes, and nothing is expanded.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from conftest import REPO, copy_corpus
from pipeline.build import load_corpus
from pipeline.core.errors import FolioError
from pipeline.link.translations.po import export
from pipeline.link.translations.po_reader import read as read_po_file
from pipeline.read.reader import decode_source
from pipeline.util import yamlio

PATH = "corpus/sources/damaged.txt"
SOURCES = sorted((REPO / "corpus" / "sources").glob("*.txt"))
FAST = settings(max_examples=300, deadline=None)


def _excerpts(path: Path, lines: int = 6) -> list[str]:
    text = path.read_text("utf-8").split("\n")
    return ["\n".join(text[n:n + lines]) + "\n" for n in range(0, len(text), 40)]


EXCERPTS = [excerpt for path in SOURCES for excerpt in _excerpts(path)]


@st.composite
def damaged(draw, texts: list[str], encodings=("utf-8",)) -> bytes:
    """A real excerpt, encoded, then up to four bytes inserted, replaced or cut off."""
    text = draw(st.sampled_from(texts))
    encoding = draw(st.sampled_from(encodings))
    try:
        data = bytearray(text.encode(encoding))
    except UnicodeEncodeError:
        data = bytearray(text.encode("utf-8"))
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, len(data)))
        action = draw(st.sampled_from(["insert", "replace", "cut", "crlf"]))
        byte = draw(st.integers(0, 255))
        if action == "insert":
            data[at:at] = bytes([byte])
        elif action == "replace" and at < len(data):
            data[at] = byte
        elif action == "cut":
            del data[at:]
        elif action == "crlf":
            data[at:at] = b"\r"
    prefix = draw(st.sampled_from([b"", b"", b"\xef\xbb\xbf", b"\xff\xfe"]))
    return prefix + bytes(data)


def _has_utf8_sequence(data: bytes) -> bool:
    for at in range(len(data)):
        if data[at] >= 0xc2:
            for size in (2, 3, 4):
                try:
                    data[at:at + size].decode("utf-8")
                    return True
                except UnicodeDecodeError:
                    continue
    return False


@FAST
@given(st.one_of(st.binary(max_size=300),
                 damaged(EXCERPTS, ("utf-8", "cp1251", "utf-16-le"))),
       st.sampled_from(["en", "ru"]))
def test_the_reader_refuses_cleanly_or_reads_every_byte(data, language):
    try:
        source = decode_source(data, PATH, language)
    except FolioError as error:
        assert error.path == PATH
        assert error.line is None or 1 <= error.line <= data.count(b"\n") + 1
        assert error.col is None or error.col >= 1
        assert "\n" not in str(error)
        return
    codec = {"windows-1251": "cp1251"}.get(source.encoding, source.encoding)
    body = data[len("\ufeff".encode(codec)):] if source.bom else data
    assert source.text == body.decode(codec).replace("\r\n", "\n").replace("\r", "\n")
    if source.newline != "mixed":  # else only the line breaks were normalised, as noted
        newline = source.newline
        text = newline.join(source.lines) + (newline if source.final_newline else "")
        assert (("\ufeff" if source.bom else "") + text).encode(codec) == data
    if source.encoding == "windows-1251":  # not over UTF-8: ”America” as вЂќAmericaвЂќ
        assert not _has_utf8_sequence(data)
        assert language == "ru" or not re.search("[\u0400-\u04ff]", source.text)


# -- the YAML loader ---------------------------------------------------------------------------

YAML_FILES = [*sorted(p for p in (REPO / "corpus").rglob("*.yaml")), REPO / "mkdocs.yml"]
YAML_TEXTS = [p.read_text("utf-8") for p in YAML_FILES]
YAML_EXCERPTS = ["\n".join(text.split("\n")[n:n + 12]) + "\n"
                 for text in YAML_TEXTS for n in range(0, len(text.split("\n")), 30)]
YAML_CHARACTERS = [*" \n-:[]{},&*!#'\"<>|?%@`.\tabxyz019ёé", "<<", "\\", "\x00", "\x85", "\u2028"]


@st.composite
def damaged_yaml(draw) -> str:
    text = list(draw(st.sampled_from(YAML_EXCERPTS)))
    for _ in range(draw(st.integers(1, 5))):
        at = draw(st.integers(0, len(text)))
        if draw(st.booleans()):
            text[at:at] = draw(st.sampled_from(YAML_CHARACTERS))
        else:
            del text[at:at + draw(st.integers(1, 8))]
    return "".join(text)


def _same(a, b) -> bool:
    return a == b or repr(a) == repr(b)  # a NaN equals nothing, itself included


@FAST
@given(st.one_of(st.lists(st.sampled_from(YAML_CHARACTERS), max_size=80).map("".join),
                 damaged_yaml()))
def test_the_yaml_loader_refuses_cleanly_or_reads_what_pyyaml_reads(text):
    try:
        node, value = yamlio.load(text, "corpus/x.yaml")
    except FolioError as error:
        assert error.path == "corpus/x.yaml"
        assert error.line is None or 1 <= error.line <= len(_LINES.split(text)), (error, text)
        return
    assert _same(value, _pyyaml(text))  # accepted: read as PyYAML reads it
    if re.search("[\x85\u2028\u2029]", text):  # line breaks to YAML, not to an editor
        for mark in _marks(node):
            assert mark.line == len(_LINES.findall(text, 0, mark.index)), (mark, text)


_LINES = re.compile(r"\r\n|\r|\n")


def _marks(node):
    stack, seen = [node] if node is not None else [], set()
    while stack:
        node = stack.pop()
        if id(node) not in seen:
            seen.add(id(node))
            yield node.start_mark
            if isinstance(node.value, list):
                stack += [part for item in node.value
                          for part in (item if isinstance(item, tuple) else (item,))]


def _pyyaml(text: str):
    """PyYAML's reading: libyaml's when it has it (libyaml reads `!` as '', the pure-Python
    reader as None), else, or where libyaml gives up, the pure-Python reader's."""
    try:
        return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError:
        return yaml.safe_load(text)


@st.composite
def aliased(draw) -> tuple[str, int]:
    """A list of real-looking entries of which some are anchored and aliased, and the line of
    the first alias."""
    count = draw(st.integers(2, 12))
    lines, anchors, first = [], [], None
    for n in range(count):
        if anchors and draw(st.booleans()):
            aliases = draw(st.lists(st.sampled_from(anchors), min_size=1, max_size=9))
            lines.append(f"- [{', '.join('*' + anchor for anchor in aliases)}]")
            first = first or n + 1
        else:
            anchors.append(f"x{n}")
            lines.append(f"- &x{n} {{id: fact-{n}, number: {n}, wording: {{en: at most {n}}}}}")
    assume(first is not None)
    return "\n".join(lines) + "\n", first


@FAST
@given(aliased())
def test_every_alias_is_refused_at_the_first_one_before_anything_is_expanded(case):
    text, first = case
    with pytest.raises(FolioError) as refused:
        yamlio.load(text, "corpus/rules/x.yaml")
    assert refused.value.line == first and "an alias" in refused.value.message


# -- the PO reader (pipeline/link/translations/po_reader.py, read only) -----------------------------

@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    root = copy_corpus(tmp_path_factory.mktemp("po-property"))
    corpus = load_corpus(root)[0]
    out = tmp_path_factory.mktemp("po")
    files = export(corpus, "ru", out)
    return corpus, {d.key: d for d in corpus.documents}, [p.read_text("utf-8") for p in files], out


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_po_reader_refuses_cleanly_or_reads_a_damaged_po_file(exported, data):
    corpus, documents, texts, out = exported
    lines = data.draw(st.sampled_from(texts), label="file").split("\n")
    for _ in range(data.draw(st.integers(1, 4), label="damages")):
        at = data.draw(st.integers(0, len(lines) - 1))
        damage = data.draw(st.sampled_from(["drop", "repeat", "cut", "char"]))
        if damage == "drop":
            del lines[at]
        elif damage == "repeat":
            lines.insert(at, lines[at])
        elif damage == "cut":
            lines[at] = lines[at][:data.draw(st.integers(0, len(lines[at])))]
        else:
            where = data.draw(st.integers(0, len(lines[at])))
            char = data.draw(st.sampled_from(list('"\\#:|~\x00 ю')))
            lines[at] = lines[at][:where] + char + lines[at][where:]
    path = out / "damaged.po"
    path.write_bytes("\n".join(lines).encode("utf-8"))
    try:
        found = read_po_file(corpus, documents, path)
    except FolioError as error:
        assert error.path == str(path)
        assert error.line is None or 1 <= error.line <= len(lines) + 1
        return
    assert all(entry.unit in corpus.units for entry in found.entries)
