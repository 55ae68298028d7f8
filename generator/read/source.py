"""Read stage: YAML text to plain Python data plus the position of every node.

Only PyYAML's safe loader constructs values (the same resolver and constructors as
``yaml.safe_load``), so no tag can build a Python object. On top of it this module
can tell, for every path such as ``("sections", 0, "title")``, where its key and its value
start, so later stages can report ``FILE:LINE:COL`` without re-reading the file, and
where each scalar ends, so translation import can rewrite one value in place.
Duplicate keys, which ``safe_load`` silently lets win, are reported as problems.
"""

from __future__ import annotations

import bisect
import errno
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import yaml

from generator.cache import clean_memo, state
from generator.core.problem import Problem
from generator.read.screen import screen, screen_markdown

PathKey = tuple[str | int, ...]

# libyaml's parser, when PyYAML was built with it, reads twenty times faster and gives the
# same nodes, marks and errors; the constructors are the safe ones either way.
Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass
class _Positions:
    values: dict[PathKey, tuple[int, int]] = field(default_factory=dict)
    keys: dict[PathKey, tuple[int, int]] = field(default_factory=dict)
    spans: dict[PathKey, tuple[int, int, str]] = field(default_factory=dict)
    ends: dict[PathKey, int] = field(default_factory=dict)


@dataclass
class Source:
    """One YAML file: its data and where each part of it stands.

    Positions are worked out only when first asked for (to report a problem, or to edit a
    value in place): a clean file is read once, at the speed of ``yaml.safe_load``.
    """

    file: str
    text: str
    data: Any = None
    _positions: _Positions | None = field(default=None, repr=False)
    _layouts: dict[PathKey, Any] = field(default_factory=dict, repr=False)

    def _located(self) -> _Positions:
        if self._positions is None:
            self._positions = _Positions()
            if self.text:
                loader = Loader(self.text)
                try:
                    node = loader.get_single_node()
                    if node is not None:
                        _Builder(loader, self._positions).build(node, ())
                except yaml.YAMLError:
                    pass  # a file that does not parse has its one problem already
                finally:
                    loader.dispose()
        return self._positions

    @property
    def values(self) -> dict[PathKey, tuple[int, int]]:
        """1-based (line, column) of each value node."""
        return self._located().values

    @property
    def keys(self) -> dict[PathKey, tuple[int, int]]:
        """1-based (line, column) of each mapping key node."""
        return self._located().keys

    @property
    def spans(self) -> dict[PathKey, tuple[int, int, str]]:
        """Character offsets [start, end) of each scalar value, and its YAML style."""
        return self._located().spans

    @property
    def ends(self) -> dict[PathKey, int]:
        """Character offset where each node (mappings and lists included) ends."""
        return self._located().ends

    def where(self, path: PathKey) -> tuple[int, int]:
        """Position of ``path``, or of its nearest existing ancestor."""
        path = tuple(path)
        while path:
            if path in self.values:
                return self.values[path]
            path = path[:-1]
        return self.values.get((), (1, 1))

    def where_key(self, path: PathKey) -> tuple[int, int]:
        """Position of the key that introduces ``path`` (falls back to the value)."""
        path = tuple(path)
        if path in self.keys:
            return self.keys[path]
        return self.where(path)

    def where_in_text(self, path: PathKey, offset: int) -> tuple[int, int]:
        """Line and column of character ``offset`` of a scalar's value.

        Exact for one-line scalars and for folded or plain multi-line text, where each line
        break became one space; for anything with escapes it falls back to the node's start.
        The line layout of a scalar is worked out once, so many errors in one long text cost
        a binary search each.
        """
        line, column = self.where(path)
        layout = self._layout(tuple(path))
        if layout is None:
            return line, column
        if isinstance(layout, int):  # one line: a fixed shift
            return line, column + layout + offset
        starts, places = layout
        index = max(0, bisect.bisect_right(starts, offset) - 1)
        first, (row, col) = starts[index], places[index]
        return row, col + (offset - first)

    def _layout(self, path: PathKey) -> int | tuple[list[int], list[tuple[int, int]]] | None:
        cache = self._layouts
        if path not in cache:
            cache[path] = self._compute_layout(path)
        return cache[path]

    def _compute_layout(self, path: PathKey) -> int | tuple[list[int], list[tuple[int, int]]] | None:
        span = self.spans.get(path)
        if span is None:
            return None
        line, column = self.where(path)
        start, end, style = span
        raw = self.text[start:end]
        if style in ("'", '"'):
            if "\\" in raw or "\n" in raw or "''" in raw:
                return None
            return 1
        if "\n" not in raw:
            return 0
        lines = raw.split("\n")
        if style in (">", "|"):
            # Skip the indicator line; content lines share one indentation.
            lines, line = lines[1:], line + 1
            first_column = None
        else:
            first_column = column
        starts: list[int] = []
        places: list[tuple[int, int]] = []
        consumed = 0
        for number, text in enumerate(lines):
            stripped = text.lstrip(" ")
            col = first_column if (number == 0 and first_column is not None) else len(text) - len(stripped) + 1
            starts.append(consumed)
            places.append((line + number, col))
            consumed += len(stripped) + 1
        return starts, places

    def problem(self, path: PathKey, code: str, message: str, level: str = "error", *, at_key: bool = False) -> Problem:
        line, column = self.where_key(path) if at_key else self.where(path)
        return Problem(self.file, line, column, code, message, level)  # type: ignore[arg-type]


_STR = "tag:yaml.org,2002:str"


def _mark(mark: yaml.Mark) -> tuple[int, int]:
    return mark.line + 1, mark.column + 1


def _key(loader: yaml.BaseLoader, key_node: yaml.Node) -> Any:
    if key_node.tag == _STR:
        return key_node.value
    key = loader.construct_object(key_node, deep=True)
    if not isinstance(key, (str, int)) or isinstance(key, bool):
        # YAML 1.1 turns keys like "no" or "on" into booleans; keep them as written.
        return key_node.value
    return key


class _Builder:
    """Walks a composed node tree and records where every node stands."""

    def __init__(self, loader: Any, positions: _Positions):
        self.loader = loader
        self.positions = positions

    def build(self, node: yaml.Node, path: PathKey) -> None:
        self.positions.values[path] = _mark(node.start_mark)
        self.positions.ends[path] = node.end_mark.index
        if isinstance(node, yaml.ScalarNode):
            self.positions.spans[path] = (node.start_mark.index, node.end_mark.index, node.style or "")
        elif isinstance(node, yaml.SequenceNode):
            for i, child in enumerate(node.value):
                self.build(child, path + (i,))
        elif isinstance(node, yaml.MappingNode):
            self.loader.flatten_mapping(node)
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode):
                    continue
                key = _key(self.loader, key_node)
                if path + (key,) in self.positions.keys:
                    continue  # a duplicate: the first one stands, as in the data
                self.positions.keys[path + (key,)] = _mark(key_node.start_mark)
                self.build(value_node, path + (key,))


class _DataLoader(Loader):  # type: ignore[misc, valid-type]
    """The safe loader, with duplicate keys reported instead of silently overwritten."""

    def __init__(self, text: str, file: str, problems: list[Problem]):
        super().__init__(text)
        self.file = file
        self.problems = problems

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        self.flatten_mapping(node)  # resolves "<<" merge keys the way safe_load does
        mapping: dict[Any, Any] = {}
        first: dict[Any, yaml.Mark] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                line, col = _mark(key_node.start_mark)
                self.problems.append(Problem(self.file, line, col, "bad-type", "mapping keys must be plain values"))
                continue
            key = _key(self, key_node)
            if key in mapping:
                line, col = _mark(key_node.start_mark)
                self.problems.append(Problem(
                    self.file, line, col, "duplicate-key",
                    f"key {key!r} appears twice in this mapping (first at line {first[key].line + 1})"))
                continue
            first[key] = key_node.start_mark
            mapping[key] = self.construct_object(value_node, deep=deep)
        return mapping

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        # A scalar the resolver accepts can still fail to convert (2020-13-45 as a date,
        # !!int on a word): report it at the node instead of letting ValueError escape.
        try:
            return super().construct_object(node, deep=deep)
        except yaml.YAMLError:
            raise
        except Exception as exc:  # noqa: BLE001 - ValueError, IndexError (!!float ''), …: all mean a bad value
            raise _Unconvertible(None, None, f"cannot read this value: {exc}", node.start_mark) from None


class _Unconvertible(yaml.constructor.ConstructorError):
    """A well-formed scalar whose value cannot be built."""


def _screened(text: str, file: str) -> list[Problem]:
    loader = Loader(text)
    try:
        return screen(loader, text, file)
    finally:
        loader.dispose()


def parse(text: str, file: str) -> tuple[Source, list[Problem]]:
    """Parse ``text``; never raises on bad YAML, returns problems instead."""
    refused = _screened(text, file)
    if refused:
        # Nothing of a refused file is composed: no data, and no positions to walk.
        return Source(file=file, text=""), refused
    source = Source(file=file, text=text)
    problems: list[Problem] = []
    loader = _DataLoader(text, file, problems)
    try:
        source.data = loader.get_single_data()
    except _Unconvertible as exc:
        line, col = _mark(exc.problem_mark)
        problems.append(Problem(file, line, col, "bad-value", exc.problem or "cannot read this value"))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = _mark(mark) if mark else (1, 1)
        what = " ".join(filter(None, [exc.context, exc.problem])) or "invalid YAML"
        problems.append(Problem(file, line, col, "yaml-syntax", what))
    except RecursionError:
        problems.append(Problem(file, 1, 1, "too-deep", "the file nests too deeply to be read"))
    except yaml.reader.ReaderError as exc:  # a control character the YAML reader refuses
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        problems.append(Problem(file, line, column, "yaml-syntax", f"character {exc.character!r} is not allowed in YAML"))
    finally:
        loader.dispose()
    return source, problems


def parse_kept(text: str, display: str) -> tuple[Source, list[Problem]]:
    """:func:`parse`, remembered as :func:`read` remembers a file's parse: a writer that reads back
    what it is about to write (the wiki import does, for every file) saves the load after it
    parsing the same text again. The memo is keyed by the text, so a file that is then not
    written, or written otherwise, is parsed anew."""
    source, problems = parse(text, display)
    remember(text, source, problems)
    return source, list(problems)


def remember(text: str, source: Source, problems: list[Problem]) -> None:
    """Keep ``text``'s parse as :func:`parse_kept` does, for a parse made elsewhere (the wiki
    import parses what it writes in worker processes, which send the data back)."""
    state.current().parsed[shown(source.file)] = (text, source, list(problems))


def read(path: Path, display: str | None = None, *, within: Path | None = None) -> tuple[Source, list[Problem]]:
    """Read and parse one file; ``display`` is the path shown in messages.

    Only a regular file is opened (see :func:`admit`; ``within`` is the project's root when
    the file belongs to a project, so that a symbolic link cannot lead out of it)."""
    name = shown(display or str(path))
    raw, problem = read_bytes(path, name, within)
    if raw is None:
        return Source(file=name, text=""), [problem] if problem else []
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = len(raw[raw.rfind(b"\n", 0, exc.start) + 1:exc.start].decode("utf-8", "replace")) + 1
        return Source(file=name, text=""), [Problem(name, line, column, "bad-encoding", f"not UTF-8 text (byte 0x{raw[exc.start]:02x})")]
    # A long-running process (the preview reloads the data on every edit) parses again
    # only the files whose text changed; parsing is most of the loading time.
    parsed = state.current().parsed
    kept = parsed.get(name)
    if kept is not None and kept[0] == text:
        return kept[1], list(kept[2])
    source, problems = parse(text, name)
    parsed[name] = (text, source, problems)
    return source, list(problems)


# --------------------------------------------------------------------------- opening files

DATA = "rules_data"
EXAMPLES = "examples"
CONTENT = "content"
# The folders a symbolic link of a project may lead into: its own sources. A link anywhere
# else (/etc/passwd, the build folder, .git) is not followed, so no file from outside can be
# read as data or published with the hand-written pages.
SOURCE_FOLDERS = (DATA, EXAMPLES, CONTENT)

_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISSOCK, "a socket"),
          (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"))


def _kind(mode: int) -> str:
    return next((what for test, what in _KINDS if test(mode)), "a special file")


def _reason(exc: OSError) -> str:
    # strerror only: str(exc) quotes the file name, which may hold a line break.
    return exc.strerror or type(exc).__name__


def odd_name(name: str) -> bool:
    """A file name that cannot stand on one line of a problem as it is: bytes that are not
    UTF-8 (Python keeps them as lone surrogates), a line break or another control character."""
    return not name.isprintable()


def shown(name: str) -> str:
    """``name`` on one line: unchanged when every character of it prints, else with each odd
    character escaped as Python writes it (``\\n``, ``\\x07``; a byte that is not UTF-8 as
    ``\\xff``) and backslashes doubled, so that the escaped name reads back unambiguously."""
    if name.isprintable():
        return name
    out = []
    for char in name:
        if char == "\\":
            out.append("\\\\")
        elif "\udc80" <= char <= "\udcff":  # os.fsdecode's stand-in for an undecodable byte
            out.append(f"\\x{ord(char) - 0xdc00:02x}")
        else:
            out.append(char if char.isprintable() else repr(char)[1:-1])
    return "".join(out)


def _inside(real: Path, root: Path) -> bool:
    return any(real.is_relative_to(root / folder) for folder in SOURCE_FOLDERS)


def admit(path: Path, name: str, within: Path | None = None) -> tuple[Path | None, Problem | None]:
    """Where to read ``path`` from, or the problem that refuses it, decided before anything opens it.

    Only a regular file is read: a FIFO would block the reader forever and a device never
    ends, so anything else is refused at its path as ``os.lstat`` describes it. A symbolic
    link is followed to a file only, never to a folder (MkDocs would publish all of it), and,
    with ``within`` (the project's root), only when it leads into the project's source
    folders: a link higher up the path, such as a linked ``rules_data/pages/``, counts too.
    """
    try:
        info = os.lstat(path)
    except OSError as exc:
        return None, Problem(name, 1, 1, "unreadable", _reason(exc))
    linked = stat.S_ISLNK(info.st_mode)
    if not linked and not stat.S_ISREG(info.st_mode):
        return None, Problem(name, 1, 1, "not-a-file", f"{_kind(info.st_mode)}, not a file: it is not read")
    if not linked and within is None:
        return path, None  # a plain file, and no folder it must lie in: nothing to resolve (a wiki has thousands)
    try:
        real = Path(os.path.realpath(path, strict=True))
        mode = os.stat(real).st_mode
    except OSError as exc:
        if exc.errno not in (errno.ELOOP, errno.ENOENT, errno.ENOTDIR):
            return None, Problem(name, 1, 1, "unreadable", _reason(exc))
        what = "in a loop" if exc.errno == errno.ELOOP else "to nothing"
        return None, Problem(name, 1, 1, "bad-symlink", f"a symbolic link {what}: it is not followed")
    if within is not None and not _inside(real, within):
        how = "a symbolic link to" if linked else "reached through a symbolic link, at"
        folders = ", ".join(f"{folder}/" for folder in SOURCE_FOLDERS)
        return None, Problem(name, 1, 1, "bad-symlink",
                             f"{how} {shown(str(real))}, outside the project's {folders}: it is not followed")
    if stat.S_ISDIR(mode):
        return None, Problem(name, 1, 1, "bad-symlink", "a symbolic link to a folder: only links to files are followed")
    if not stat.S_ISREG(mode):
        return None, Problem(name, 1, 1, "not-a-file", f"a symbolic link to {_kind(mode)}, not to a file: it is not read")
    return real, None


def read_bytes(path: Path, name: str, within: Path | None = None) -> tuple[bytes | None, Problem | None]:
    """The bytes of a file :func:`admit` lets through, or the problem that refuses it."""
    real, problem = admit(path, name, within)
    if real is None:
        return None, problem
    try:
        # Non-blocking, and not through a link: should a FIFO or a link take the file's place
        # after admit looked, the open neither waits nor leads away, and fstat refuses it.
        fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        return None, Problem(name, 1, 1, "unreadable", _reason(exc))
    with os.fdopen(fd, "rb") as handle:
        mode = os.fstat(handle.fileno()).st_mode
        if not stat.S_ISREG(mode):
            return None, Problem(name, 1, 1, "not-a-file", f"{_kind(mode)}, not a file: it is not read")
        try:
            return handle.read(), None
        except OSError as exc:
            return None, Problem(name, 1, 1, "unreadable", _reason(exc))


def publishable(docs: Path, relative: str, root: Path) -> bool:
    """Whether MkDocs may publish ``docs/relative``, a file it found under ``content/`` (the
    MkDocs plugin asks, for every such file): what :func:`read_content` admits, and nothing
    reached through a linked folder, which MkDocs follows but the reader never enters."""
    parts = relative.split("/")
    if any(odd_name(part) for part in parts):
        return False
    for depth in range(1, len(parts)):
        if os.path.islink(docs.joinpath(*parts[:depth])):
            return False
    return admit(docs.joinpath(*parts), relative, root.resolve())[1] is None


def refused(root: Path, path: Path) -> list[Problem]:
    """Why a file of the project at ``root`` that a command reads on its own (the rulesets,
    the site's colours) may not be read, as :func:`admit` decides; empty when it may be, or
    when it is not there (the command then says so in its own way)."""
    if not os.path.lexists(path):
        return []
    problem = admit(path, shown(str(path)), root.resolve())[1]
    return [problem] if problem else []


# The last parse of each file, by displayed path: (text, source, problems), kept in the
# process's state. Sources are never changed after parsing, so sharing one between loads is safe.
Parsed = tuple[str, Source, list[Problem]]


def parses(names: Iterable[str]) -> dict[str, Parsed]:
    """The last parse of each of ``names`` (display paths), for a cache kept between runs."""
    parsed = state.current().parsed
    return {name: parsed[name] for name in names if name in parsed}


def remember_parses(kept: dict[str, Parsed]) -> None:
    """Take parses kept by an earlier run: :func:`read` still compares each file's whole text
    with the text that was parsed, so a kept parse is used only for the very same text."""
    parsed = state.current().parsed
    for name, entry in kept.items():
        parsed.setdefault(name, entry)



# --------------------------------------------------------------------------- read_all

# A file that did not parse has no data worth validating: its syntax problem says it all.
_UNPARSED = ("yaml-syntax", "bad-encoding", "unreadable", "not-a-file", "bad-symlink")


@dataclass
class Files:
    """Every data file of a project, parsed but not yet validated."""

    root: Path
    sources: dict[str, Source] = field(default_factory=dict)
    """Display name (relative to the root) to parsed file, unparsable ones included."""
    site: Source | None = None
    ui: Source | None = None
    rulesets: Source | None = None
    pages: dict[str, Source] = field(default_factory=dict)
    """File stem to parsed page."""
    examples: dict[str, Source] = field(default_factory=dict)
    tiles: dict[str, Source] = field(default_factory=dict)
    """File stem to parsed tile catalogue file (``rules_data/tiles/``)."""
    translations: list[tuple[str, str, Source]] = field(default_factory=list)
    """(language folder, document stem, parsed file) of every translation file."""
    terms: dict[str, Source] = field(default_factory=dict)
    """File stem to parsed termbase file (``rules_data/terms/<group>.yaml``)."""
    content: dict[str, str] = field(default_factory=dict)
    """Folder name under content/ to the file a problem about it points at."""
    markdown: dict[str, str] = field(default_factory=dict)
    """Display name to text of every hand-written page (``content/**/*.md``)."""
    published: list[str] = field(default_factory=list)
    """Display name of every file under ``content/`` that may be published (MkDocs copies them all)."""
    problems: list[Problem] = field(default_factory=list)

    def display(self, path: Path) -> str:
        try:
            return shown(path.relative_to(self.root).as_posix())
        except ValueError:
            return shown(str(path))

    def read(self, path: Path, required: bool = True) -> Source | None:
        """Parse one file; None when it is missing or did not parse (its problem is kept)."""
        name = self.display(path)
        if not os.path.lexists(path):  # a link to nothing is there, and refused by read()
            if required:
                self.problems.append(Problem(name, 1, 1, "missing-file", f"{path.name} is required"))
            return None
        source, problems = read(path, name, within=self.root)
        self.problems.extend(problems)
        self.sources[name] = source
        # A file the screen refused has no data at all (source.data is None): nothing to validate.
        unparsed = source.data is None or any(p.code in _UNPARSED for p in problems)
        return None if problems and unparsed else source

    def listing(self, folder: Path, suffix: str = "") -> list[Path]:
        """The entries of ``folder`` whose names end with ``suffix``, in name order, none for a
        folder that is not there. An entry whose name cannot be shown on one line is reported
        (``bad-file-name``, the name escaped) and left out: it is never read or published."""
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            return []
        found = []
        for entry in names:
            if not entry.endswith(suffix):
                continue
            if odd_name(entry):
                self.problems.append(Problem(self.display(folder / entry), 1, 1, "bad-file-name",
                                             "a file name with a line break, a control character or bytes that "
                                             "are not UTF-8: rename the file"))
                continue
            found.append(folder / entry)
        return found


def _is_folder(path: Path) -> bool:
    """A folder itself, not a link to one (links are refused, see :func:`admit`)."""
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


def read_all(root: Path) -> Files:
    """Read stage: parse every YAML file of the project, in a fixed order; validate nothing."""
    files = Files(root.resolve())
    data = files.root / DATA
    files.site = files.read(data / "site.yaml")
    files.ui = files.read(data / "ui.yaml")
    files.rulesets = files.read(data / "rulesets.yaml", required=False)
    for path in files.listing(data / "pages", ".yaml"):
        if (source := files.read(path)) is not None:
            files.pages[path.stem] = source
    for path in files.listing(files.root / EXAMPLES, ".yaml"):
        if (source := files.read(path)) is not None:
            files.examples[path.stem] = source
    read_tiles(files)
    for folder in files.listing(data / "translations"):
        if not _is_folder(folder):
            _refuse_link(files, folder)  # a file beside the language folders is not read
            continue
        for path in files.listing(folder, ".yaml"):
            if (source := files.read(path)) is not None:
                files.translations.append((folder.name, path.stem, source))
    for path in files.listing(data / "terms", ".yaml"):
        if (source := files.read(path)) is not None:
            files.terms[path.stem] = source
    read_content(files)
    return files


def _refuse_link(files: Files, path: Path) -> None:
    # A link where a folder is looked for: refused, as read() would refuse it (a link to a folder).
    if os.path.islink(path) and (problem := admit(path, files.display(path), files.root)[1]) is not None:
        files.problems.append(problem)


def read_content(files: Files) -> None:
    """Every file under ``content/``, since MkDocs publishes every file there: each admitted as
    a data file is (a FIFO, a link out of the project or to a folder, an odd name refused);
    the hand-written pages' texts are kept, and screened, for the checks that read them."""
    for path in files.listing(files.root / CONTENT):
        if _is_folder(path):
            pages = _content_folder(files, path)
            files.content[path.name] = pages[0] if pages else files.display(path)
        else:
            _content_file(files, path)


def _content_folder(files: Files, folder: Path) -> list[str]:
    """Every file of ``folder`` and its subfolders, depth first; returns the pages among them."""
    pages = []
    for path in files.listing(folder):
        if _is_folder(path):
            pages += _content_folder(files, path)
        elif (name := _content_file(files, path)) is not None and name.endswith(".md"):
            pages.append(name)
    return pages


def _content_file(files: Files, path: Path) -> str | None:
    """One file MkDocs would publish: its display name once admitted; a page's text is kept."""
    name = files.display(path)
    page = name.endswith(".md")
    # Only pages are read; any other file is only looked at, as MkDocs will copy it.
    raw, problem = read_bytes(path, name, files.root) if page else (None, admit(path, name, files.root)[1])
    if problem is not None:
        files.problems.append(problem)
        return None
    files.published.append(name)
    if page:
        read_markdown(files, name, raw or b"")
    return name


def read_markdown(files: Files, name: str, raw: bytes) -> None:
    """Keep one hand-written page's text for the checks that read it (the termbase's), and
    refuse what it must not publish (:func:`generator.read.screen.screen_markdown`)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        files.problems.append(Problem(name, 1, 1, "unreadable", f"not UTF-8 at byte {exc.start}"))
        return
    files.markdown[name] = text
    # The screen converts the page with Python-Markdown; a text found clean once is not
    # converted again (the preview loads the project on every edit).
    fingerprint = clean_memo.key("markdown", text)
    if clean_memo.is_clean(fingerprint):
        return
    found = screen_markdown(text, name)
    files.problems.extend(found)
    if not found:
        clean_memo.found_clean(fingerprint)


def read_tiles(files: Files) -> None:
    """Parse the tile catalogue's files; a project without ``rules_data/tiles/`` has an empty one."""
    for path in files.listing(files.root / DATA / "tiles", ".yaml"):
        if (source := files.read(path)) is not None:
            files.tiles[path.stem] = source
