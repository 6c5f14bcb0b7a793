"""The compiled inner loop of the wrong-script decoder (``lexsearch.c``), built on first use.

The lexicon beam search is the decoder's hot loop: in Python it costs about 1 ms a garbled token. The same
search in C (``lexsearch.c``, step for step the method ``Decoder._search_lexicon``) is compiled once with
the system's C compiler (``$CC`` or ``cc``) into the cache folder (``$PUTHI_CACHE`` or ``~/.cache/puthi``),
keyed by a hash of its source, and loaded with :mod:`ctypes`. Without a compiler, or with
``PUTHI_NATIVE=0``, :func:`lexsearch` is ``None`` and the decoder runs its Python search, which gives the
same readings.

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
OUT_CAP = 1 << 16  # readings a token may end with; more (never seen) and the Python search runs instead


def _cache_dir() -> Path:
    return Path(os.environ.get("PUTHI_CACHE") or Path.home() / ".cache" / "puthi")


def _build(target: Path) -> bool:
    """Compile ``lexsearch.c`` into ``target``; False (and a note on stderr) when it cannot be done."""
    wanted = os.environ.get("CC", "cc")
    compiler = shutil.which(wanted)
    if compiler is None:
        print(f"puthi: no C compiler ({wanted}) found; the wrong-script decoder runs in Python, about 2x slower "
              "(install gcc, or set PUTHI_NATIVE=0 to silence this)", file=sys.stderr)
        return False
    tmp = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(prefix=target.stem + ".", suffix=".tmp", dir=target.parent)
        os.close(fd)
        tmp = Path(name)
        subprocess.run([compiler, "-O2", "-shared", "-fPIC", "-o", str(tmp), str(SOURCE)],
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
              "wrong-script decoder runs in Python, about 2x slower (PUTHI_NATIVE=0 silences this)", file=sys.stderr)
        if tmp is not None:
            tmp.unlink(missing_ok=True)
        return False


_building = threading.Lock()  # threads of one process build and load it once, one after the other


@functools.lru_cache(maxsize=1)
def lexsearch():
    """The compiled search function (see ``lexsearch.c``), or None when it is switched off or cannot be
    built."""
    if os.environ.get("PUTHI_NATIVE", "1") == "0":
        return None
    with _building:
        return _load()


def _load():
    # named by the machine and keyed by the source: a home folder shared by an x86 and an ARM machine keeps both
    digest = hashlib.sha256(SOURCE.read_bytes() + sys.platform.encode()).hexdigest()[:16]
    target = _cache_dir() / f"lexsearch-{platform.machine()}-{digest}.so"
    if not target.exists() and not _build(target):
        return None
    try:
        fn = ctypes.CDLL(str(target)).lexsearch
    except (OSError, AttributeError):  # a truncated or foreign file: build it once more
        if not _build(target):
            return None
        try:
            fn = ctypes.CDLL(str(target)).lexsearch
        except (OSError, AttributeError):
            return None
    fn.argtypes = ARGTYPES
    fn.restype = ctypes.c_int32
    return fn


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
    scores. Letters the trie lacks get numbers after the trie's own, which no child of the trie has."""

    def __init__(self, trie: FlatTrie, by_garble: dict[str, tuple[Row, ...]], unknown: tuple[Row, ...],
                 drops: tuple[tuple[str, float], ...]) -> None:
        self.letter = dict(trie.letter)
        everything = [*(r for rows in by_garble.values() for r in rows), *unknown, *((0, s, lc) for s, lc in drops)]
        for _, src, _ in everything:
            for ch in src:
                self.letter.setdefault(ch, len(self.letter))
        self.stride = 2 + max((len(src) for _, src, _ in everything), default=1)
        self.by_garble = {g: self.pack(rows) for g, rows in by_garble.items()}
        self.unknown = self.pack(unknown)
        self.drops = self.pack([(0, s, lc) for s, lc in drops])
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


def run(search, trie: FlatTrie, channel: PackedChannel, y: str, longest: int, known: Container[str],
        sub: float, skip: float, margin: float, beam: int) -> list[tuple[int, float]] | None:
    """The compiled search (``search`` from :func:`lexsearch`) on the visual-order garble ``y``: the channel
    rows of each position in the order ``Decoder._expansions`` gives them (``known``: the garble signs the
    channel has rows for; ``longest``: its longest garble string). Returns (node, channel score) at the
    end of ``y``, or None when the C side ran out of room (the caller then runs the Python search)."""
    ints, lcs, pos = array("i"), array("d"), [0]
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
    if not hasattr(_out, "node"):
        _out.node, _out.score = (ctypes.c_int32 * OUT_CAP)(), (ctypes.c_double * OUT_CAP)()
    k_start, k_letter, k_node, mass, n_nodes = trie.arrays()
    n_drops, drop_ints, drop_lcs = channel.drop_arrays()
    beam = max(0, min(beam, 2**31 - 1))  # a C int
    count = search(k_start, k_letter, k_node, mass, n_nodes, len(channel.letter),
                   n, channel.stride, _view(array("i", pos)), _view(ints), _view(lcs),
                   n_drops, drop_ints, drop_lcs, sub, skip, margin, beam, _out.node, _out.score, OUT_CAP)
    if count < 0:
        return None
    return list(zip(_out.node[:count], _out.score[:count], strict=True))
