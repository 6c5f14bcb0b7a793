"""The compiled inner loops of the wrong-script decoder (``lexsearch.c``), built on first use.

The decoder's two beam searches are its hot loops: in Python the lexicon search costs about 1 ms a garbled
token and the open-vocabulary search, with its character model, about 5 ms. The same searches in C
(``lexsearch.c``, step for step the methods ``Decoder._search_lexicon`` and ``Decoder._search_open``) are
compiled once with the system's C compiler (``$CC`` or ``cc``) into the cache folder (``$PUTHI_CACHE`` or
``~/.cache/puthi``), keyed by a hash of their source, and loaded with :mod:`ctypes`. Without a compiler, or
with ``PUTHI_NATIVE=0``, :func:`lexsearch` and :func:`opensearch` are ``None`` and the decoder runs its
Python searches, which give the same readings.

>>> lib = lexsearch()
>>> lib is None or callable(lib)
True
"""

from __future__ import annotations

import ctypes
import functools
import hashlib
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import threading
from array import array
from collections.abc import Container, Iterable
from pathlib import Path

SOURCE = Path(__file__).resolve().parent / "lexsearch.c"

_I32 = ctypes.POINTER(ctypes.c_int32)
_F64 = ctypes.POINTER(ctypes.c_double)
# The argument list of ``lexsearch`` in lexsearch.c, in order.
ARGTYPES = [_I32, _I32, _I32, _F64, ctypes.c_int32, ctypes.c_int32,
            ctypes.c_int32, ctypes.c_int32, _I32, _I32, _F64,
            ctypes.c_int32, _I32, _F64,
            ctypes.c_double, ctypes.c_double, ctypes.c_double, ctypes.c_int32,
            _I32, _F64, ctypes.c_int32]
# The argument list of ``opensearch`` in lexsearch.c, in order (the model as a pointer to its struct).
OPEN_ARGTYPES = [ctypes.c_void_p, ctypes.c_int32, _I32,
                 ctypes.c_int32, ctypes.c_int32, _I32, _I32, _F64,
                 ctypes.c_int32, _I32, _F64,
                 ctypes.c_double, ctypes.c_double, ctypes.c_int32,
                 _I32, ctypes.c_int32, _I32, _F64, ctypes.c_int32]
OUT_CAP = 1 << 16  # readings a token may end with; more (never seen) and the Python search runs instead
LETTERS_CAP = 1 << 20  # letters of the open search's readings together; likewise


def _cache_dir() -> Path:
    return Path(os.environ.get("PUTHI_CACHE") or Path.home() / ".cache" / "puthi")


def _build(target: Path) -> bool:
    """Compile ``lexsearch.c`` into ``target``; False (and a note on stderr) when it cannot be done."""
    wanted = os.environ.get("CC", "cc")
    compiler = shutil.which(wanted)
    if compiler is None:
        print(f"puthi: no C compiler ({wanted}) found; the wrong-script decoder runs in Python, about 4x slower "
              "(install gcc, or set PUTHI_NATIVE=0 to silence this)", file=sys.stderr)
        return False
    tmp = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(prefix=target.stem + ".", suffix=".tmp", dir=target.parent)
        os.close(fd)
        tmp = Path(name)
        # no fused multiply-add (ARM compilers fuse by default): the sums must round as Python's do (a review)
        subprocess.run([compiler, "-O2", "-ffp-contract=off", "-shared", "-fPIC", "-o", str(tmp), str(SOURCE)],
                       check=True, capture_output=True, timeout=120)
        os.replace(tmp, target)  # atomic: a process running beside this one sees the old file or the new
        # builds of an earlier source, and of the first version, named without the machine
        for old in [*target.parent.glob(f"lexsearch-{platform.machine()}-*.so"),
                    *target.parent.glob("lexsearch-" + "[0-9a-f]" * 16 + ".so")]:
            if old != target:
                old.unlink(missing_ok=True)
        return True
    except (OSError, subprocess.SubprocessError) as err:
        said = (getattr(err, "stderr", b"") or b"").decode(errors="replace").strip().splitlines()
        why = said[0][:160] if said else f"exit status {err.returncode}" if hasattr(err, "returncode") else err
        print(f"puthi: could not compile {SOURCE} with {compiler} ({why}); the "
              "wrong-script decoder runs in Python, about 4x slower (PUTHI_NATIVE=0 silences this)", file=sys.stderr)
        if tmp is not None:
            tmp.unlink(missing_ok=True)
        return False


_building = threading.Lock()  # threads of one process build and load it once, one after the other


@functools.lru_cache(maxsize=1)
def lexsearch():
    """The compiled lexicon search (``lexsearch`` in ``lexsearch.c``), or None when it is switched off or
    cannot be built."""
    return _function("lexsearch", ARGTYPES)


@functools.lru_cache(maxsize=1)
def opensearch():
    """The compiled open-vocabulary search (``opensearch`` in ``lexsearch.c``), or None as :func:`lexsearch`."""
    return _function("opensearch", OPEN_ARGTYPES)


def _function(name: str, argtypes: list):
    if os.environ.get("PUTHI_NATIVE", "1") == "0":
        return None
    with _building:
        lib = _load()
    if lib is None:
        return None
    fn = getattr(lib, name)
    fn.argtypes = argtypes
    fn.restype = ctypes.c_int32
    return fn


def _load():
    # named by the machine and keyed by the source: a home folder shared by an x86 and an ARM machine keeps both
    digest = hashlib.sha256(SOURCE.read_bytes() + sys.platform.encode() + b"-ffp-contract=off").hexdigest()[:16]
    target = _cache_dir() / f"lexsearch-{platform.machine()}-{digest}.so"
    if not target.exists() and not _build(target):
        return None
    try:
        return _open(target)
    except (OSError, AttributeError):  # a truncated or foreign file: build it once more
        if not _build(target):
            return None
        try:
            return _open(target)
        except (OSError, AttributeError):
            return None


def _open(target: Path) -> ctypes.CDLL:
    lib = ctypes.CDLL(str(target))
    lib.lexsearch, lib.opensearch  # noqa: B018 -- both there, or AttributeError: an older or foreign file
    return lib


def _view(values: array) -> ctypes.Array:
    """A ctypes array over the memory of ``values``; for an empty one, an array of one zero of its own
    (C may look at the first element; ``values`` itself is never changed)."""
    kind = ctypes.c_int32 if values.typecode == "i" else ctypes.c_double
    return (kind * len(values)).from_buffer(values) if values else (kind * 1)()


class FlatTrie:
    """The decoder's prefix table as the flat arrays ``lexsearch.c`` walks.

    Node numbers follow the sorted order of the prefixes (node 0 is the empty prefix); the children of
    node v are ``kid_node[kid_start[v]:kid_start[v + 1]]`` in the order of ``following[prefix]`` (richest
    first), with their letters numbered in ``letter``.

    >>> t = FlatTrie({"": 0.0, "ক": -0.1, "কা": -0.7, "খ": -2.0},
    ...              {"": {"ক": ("ক", -0.1), "খ": ("খ", -2.0)}, "ক": {"া": ("কা", -0.7)}})
    >>> t.nodes, list(t.kid_start), list(t.kid_node)
    (['', 'ক', 'কা', 'খ'], [0, 2, 3, 3, 3], [1, 3, 2])
    """

    def __init__(self, prefix: dict[str, float], following: dict[str, dict[str, tuple[str, float]]]) -> None:
        self.nodes = sorted(prefix)
        ids = {p: i for i, p in enumerate(self.nodes)}
        self.letter = {ch: i for i, ch in enumerate(sorted({p[-1] for p in self.nodes if p}))}
        start, letters, kids = [0], [], []
        for p in self.nodes:
            for ch, (q, _) in following.get(p, {}).items():
                letters.append(self.letter[ch])
                kids.append(ids[q])
            start.append(len(kids))
        self.kid_start, self.kid_letter, self.kid_node = array("i", start), array("i", letters), array("i", kids)
        self.mass = array("d", (prefix[p] for p in self.nodes))
        self._arrays: tuple | None = None

    def __getstate__(self) -> dict:
        return {**self.__dict__, "_arrays": None}  # ctypes arrays do not pickle; made again on first use

    def arrays(self) -> tuple:
        """The trie as ctypes views of its arrays (no copy), made once."""
        if self._arrays is None:
            self._arrays = (*(_view(a) for a in (self.kid_start, self.kid_letter, self.kid_node, self.mass)),
                            len(self.nodes))
        return self._arrays


Row = tuple[int, str, float]  # garble signs consumed, Bengali segment (visual order), weighted log-probability


class PackedChannel:
    """A decoder's channel rows as the records ``lexsearch.c`` reads: per garble string, an ``array`` of
    ``stride`` ints a row (signs consumed, number of letters, the letters padded with -1) and one of
    scores. Letters are numbered as in ``letters`` (the trie's, or the character model's); any other gets a
    number after those, which no child of the trie and no row of the model has."""

    def __init__(self, letters: dict[str, int], by_garble: dict[str, tuple[Row, ...]], unknown: tuple[Row, ...],
                 drops: tuple[tuple[str, float], ...]) -> None:
        self.letter = dict(letters)
        everything = [*(r for rows in by_garble.values() for r in rows), *unknown, *((0, s, lc) for s, lc in drops)]
        for _, src, _ in everything:
            for ch in src:
                self.letter.setdefault(ch, len(self.letter))
        self.stride = 2 + max((len(src) for _, src, _ in everything), default=1)
        self.by_garble = {g: self.pack(rows) for g, rows in by_garble.items()}
        self.unknown = self.pack(unknown)
        self.drops = self.pack([(0, s, lc) for s, lc in drops])
        self.chars = sorted(self.letter, key=self.letter.__getitem__)  # letter number -> letter
        self.code = array("i", map(ord, self.chars))
        self._drop_arrays: tuple | None = None

    def pack(self, rows: Iterable[Row]) -> tuple[array, array]:
        """``rows`` as (int records, scores)."""
        ints, lcs = array("i"), array("d")
        for b, src, lc in rows:
            ints.extend([b, len(src), *(self.letter[ch] for ch in src), *[-1] * (self.stride - 2 - len(src))])
            lcs.append(lc)
        return ints, lcs

    def __getstate__(self) -> dict:
        return {**self.__dict__, "_drop_arrays": None}

    def drop_arrays(self) -> tuple:
        if self._drop_arrays is None:
            ints, lcs = self.drops
            self._drop_arrays = (len(lcs), _view(ints), _view(lcs))
        return self._drop_arrays


_out = threading.local()  # each thread its own output buffers: ctypes lets go of the GIL during the call


def _rows(channel: PackedChannel, y: str, longest: int, known: Container[str]) -> tuple[array, array, array]:
    """The channel rows of each position of ``y`` in the order ``Decoder._expansions`` gives them (``known``:
    the garble signs the channel has rows for; ``longest``: its longest garble string): (row start of each
    position, int records, scores)."""
    ints, lcs, pos = array("i"), array("d"), array("i", [0])
    table, n = channel.by_garble, len(y)
    for j in range(n):
        for b in range(1, min(longest, n - j) + 1):
            hit = table.get(y[j:j + b])
            if hit is not None:
                ints += hit[0]
                lcs += hit[1]
        if y[j] not in known:
            ints += channel.unknown[0]
            lcs += channel.unknown[1]
        pos.append(len(lcs))
    return pos, ints, lcs


def _c_int(value: int) -> int:
    return max(0, min(value, 2**31 - 1))


def run(search, trie: FlatTrie, channel: PackedChannel, y: str, longest: int, known: Container[str],
        sub: float, skip: float, margin: float, beam: int) -> list[tuple[int, float]] | None:
    """The compiled lexicon search (``search`` from :func:`lexsearch`) on the visual-order garble ``y``.
    Returns (node, channel score) at the end of ``y``, or None when the C side ran out of room (the caller
    then runs the Python search)."""
    pos, ints, lcs = _rows(channel, y, longest, known)
    node, score = _buffer("node", ctypes.c_int32, OUT_CAP), _buffer("score", ctypes.c_double, OUT_CAP)
    k_start, k_letter, k_node, mass, n_nodes = trie.arrays()
    n_drops, drop_ints, drop_lcs = channel.drop_arrays()
    count = search(k_start, k_letter, k_node, mass, n_nodes, len(channel.letter),
                   len(y), channel.stride, _view(pos), _view(ints), _view(lcs),
                   n_drops, drop_ints, drop_lcs, sub, skip, margin, _c_int(beam), node, score, len(node))
    if count < 0:
        return None
    return list(zip(node[:count], score[:count], strict=True))


def _buffer(name: str, kind, size: int) -> ctypes.Array:
    """This thread's output buffer ``name`` of ``size`` elements, made again when the size asked for changed (C is
    told the length of the buffer it gets, never a size it might not have: a review)."""
    buf = getattr(_out, name, None)
    if buf is None or len(buf) != size:
        buf = (kind * size)()
        setattr(_out, name, buf)
    return buf


class _LM(ctypes.Structure):
    """``LM`` in lexsearch.c."""

    _fields_ = [("kid_start", _I32), ("kid_letter", _I32), ("kid_node", _I32),
                ("row_start", _I32), ("row_letter", _I32), ("row_p", _F64), ("count", _F64), ("types", _F64),
                ("order", ctypes.c_int32), ("start", ctypes.c_int32), ("end", ctypes.c_int32),
                ("uniform", ctypes.c_double)]


class FlatLM:
    """A :class:`~puthi.normalize.charlm.CharLM` as the flat arrays ``opensearch`` in ``lexsearch.c`` reads.

    Letters are numbered in code-point order, then the start and end marks. The contexts are a trie read
    from the newest letter back (the child of context h by letter a is the context a h), in order of length;
    node v's children are ``kid_node[kid_start[v]:kid_start[v + 1]]`` and its row (the letters seen after it
    with their probabilities) ``row_letter``/``row_p[row_start[v]:row_start[v + 1]]``, both sorted by letter;
    ``count`` and ``types`` are its training count and number of letter types.

    >>> from puthi.normalize.charlm import CharLM
    >>> flat = FlatLM(CharLM.train(["তা", "তাস"], order=2))
    >>> names = {i: ch for ch, i in flat.letter.items()}
    >>> [names[a] for a in flat.kid_letter[flat.kid_start[0]:flat.kid_start[1]]]  # the contexts of one letter
    ['ত', 'স', 'া', '<']
    """

    def __init__(self, lm) -> None:
        self.order = lm.order
        self.letter = {ch: i for i, ch in enumerate(sorted(lm.alphabet))}
        self.start = self.letter.setdefault(lm.START, len(self.letter))
        self.end = self.letter.setdefault(lm.END, len(self.letter))
        contexts = sorted(lm.probs, key=len)
        ids = {h: i for i, h in enumerate(contexts)}
        kids: list[list[tuple[int, int]]] = [[] for _ in contexts]
        for h in contexts[1:]:
            kids[ids[h[1:]]].append((self.letter[h[0]], ids[h]))
        start, letters, nodes, row_start, row_letter, row_p = [0], [], [], [0], [], []
        for h, under in zip(contexts, kids, strict=True):
            for a, v in sorted(under):
                letters.append(a)
                nodes.append(v)
            start.append(len(nodes))
            for a, p in sorted((self.letter[c], p) for c, p in lm.probs[h].items()):
                row_letter.append(a)
                row_p.append(p)
            row_start.append(len(row_p))
        self.kid_start, self.kid_letter, self.kid_node = array("i", start), array("i", letters), array("i", nodes)
        self.row_start, self.row_letter, self.row_p = array("i", row_start), array("i", row_letter), array("d", row_p)
        self.count = array("d", (lm._totals[h][0] for h in contexts))
        self.types = array("d", (lm._totals[h][1] for h in contexts))
        self.uniform = lm.uniform()
        self._struct: tuple | None = None

    def __getstate__(self) -> dict:
        return {**self.__dict__, "_struct": None}

    def struct(self) -> ctypes.c_void_p:
        """A pointer to the model as lexsearch.c's ``LM`` (over this object's arrays, no copy), made once."""
        if self._struct is None:
            views = [_view(a) for a in (self.kid_start, self.kid_letter, self.kid_node, self.row_start,
                                        self.row_letter, self.row_p, self.count, self.types)]
            ptrs = [ctypes.cast(v, _F64 if isinstance(v[0], float) else _I32) for v in views]
            lm = _LM(*ptrs, self.order, self.start, self.end, self.uniform)
            self._struct = (views, lm, ctypes.cast(ctypes.pointer(lm), ctypes.c_void_p))
        return self._struct[2]


MAX_ORDER = 32  # longer histories than lexsearch.c keeps: the Python search runs


def run_open(search, lm: FlatLM, channel: PackedChannel, y: str, longest: int, known: Container[str],
             margin: float, lm_weight: float, beam: int) -> dict[str, float] | None:
    """The compiled open-vocabulary search (``search`` from :func:`opensearch`) on the visual-order garble
    ``y``, with ``channel`` packed in ``lm``'s letter numbers. Returns {spelling: score} at the end of ``y``,
    or None when the C side ran out of room (the caller then runs the Python search)."""
    if lm.order > MAX_ORDER or not lm.kid_start[1:]:  # no contexts at all: a model of no words
        return None
    pos, ints, lcs = _rows(channel, y, longest, known)
    letters = _buffer("letters", ctypes.c_int32, LETTERS_CAP)
    scores = _buffer("open_score", ctypes.c_double, OUT_CAP)
    start = _buffer("start", ctypes.c_int32, len(scores) + 1)
    n_drops, drop_ints, drop_lcs = channel.drop_arrays()
    count = search(lm.struct(), len(channel.letter), _view(channel.code),
                   len(y), channel.stride, _view(pos), _view(ints), _view(lcs),
                   n_drops, drop_ints, drop_lcs, margin, lm_weight, _c_int(beam),
                   letters, len(letters), start, scores, len(scores))
    if count < 0:
        return None
    chars = channel.chars
    return {"".join([chars[k] for k in letters[start[i]:start[i + 1]]]): scores[i] for i in range(count)}
