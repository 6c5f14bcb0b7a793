r"""Dash-guti (দছ-গুটি), the Assamese war game of seed 004: two players, 21 points, ten pieces each.

The board is two triangles joined at their apex, which is the centre. Each triangle has three ranks
(its base and two lines across it) of three points; a line perpendicular to the bases runs through the
centre, and one extra line through the centre, outside both triangles, ends in one point on each side
(seed 004: "শিখৰৰ সৈতে সংযুক্ত দুটা ৰেখা খণ্ড (প্ৰতিটো ফালে এটা) ... দুয়োটা ত্ৰিভুজৰ বাহিৰৰ").
The triangles' sides continue straight through the centre, so the lines are::

    18 ---------- 19 ---------- 20      player 1's first rank (base of the upper triangle)
       \          |          /
        15 ------ 16 ------ 17          player 1's second rank
           \      |      /
            12 -- 13 -- 14              player 1's third rank
               \  |  /
         9 ------ 10 ------ 11          the fourth rank: 10 is the centre, 9 and 11 the end points
               /  |  \
             6 -- 7 --- 8               player 0's third rank
           /      |      \
         3 ------ 4 ------ 5            player 0's second rank
       /          |          \
     0 ---------- 1 ---------- 2        player 0's first rank (base of the lower triangle)

That is 19 intersections and 2 end points, "মুঠ ২১টা বিন্দু" (seed 004). Player 0 starts on 0-8
and 9, player 1 on 12-20 and 11: "প্ৰথম চাৰিটা ৰেংকত ... কেন্দ্ৰীয় বিন্দুটো খালী ... দুয়োফালে ক'লা
টুকুৰা আৰু বগা টুকুৰা এটাই দখল কৰে". (Which end point is whose does not matter: the board is symmetric
left to right.) The geometry is data, :data:`POINTS` and :data:`LINES`; steps and jumps are derived
from the lines, never listed by hand.

Nothing in this module says that the first move goes to the centre or that it is captured at
once: with 20 pieces on 21 points the centre is the only empty point, so the only legal moves are
steps into it, and the reply finds exactly one capture, which is compulsory (see the tests).

>>> s = new_state(seed=0)
>>> sorted({s.action_to_string(a).split("-")[1] for a in s.legal_actions()})
['10']
>>> s.apply_action(s.legal_actions()[0]); [s.action_to_string(a) for a in s.legal_actions()]
['14x10-6']
"""

from __future__ import annotations

from typing import Any

from puthi.rules import quantities as q
from puthi.rules.engines import registry
from puthi.rules.engines.base import Game, GameSpec, Option, State

SEED_FILE = "seeds/004_eaf098502efac96f.txt"

# --- the board as data ------------------------------------------------------------------------
# Point number -> (x, y) in the picture above; the centre is (0, 0), player 0's base is y = -3.
POINTS: tuple[tuple[int, int], ...] = (
    (-3, -3), (0, -3), (3, -3),
    (-2, -2), (0, -2), (2, -2),
    (-1, -1), (0, -1), (1, -1),
    (-2, 0), (0, 0), (2, 0),
    (-1, 1), (0, 1), (1, 1),
    (-2, 2), (0, 2), (2, 2),
    (-3, 3), (0, 3), (3, 3),
)  # fmt: skip
CENTRE = 10
# Every line of the board, its points in order along it. Ranks: "প্ৰতিটো ত্ৰিভুজৰ বহল দুটা ৰেখাই ...
# দ্বিতীয় আৰু তৃতীয় ৰেংক"; the perpendicular: "গুৰিৰ লগত লম্বভাৱে থকা এটা ৰেখা সাধাৰণ শিখৰৰ মাজেৰে গৈছে";
# the triangles' sides meet at the common apex and continue into the other triangle.
LINES: tuple[tuple[int, ...], ...] = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # player 0's ranks 1-3
    (9, 10, 11),  # the fourth rank through the centre, ending in the two extra points
    (12, 13, 14), (15, 16, 17), (18, 19, 20),  # player 1's ranks 3-1
    (1, 4, 7, 10, 13, 16, 19),  # the perpendicular through both bases and the centre
    (0, 3, 6, 10, 14, 17, 20),  # a side of each triangle, one straight line through the apex
    (2, 5, 8, 10, 12, 15, 18),  # the other sides
)  # fmt: skip
START: tuple[tuple[int, ...], tuple[int, ...]] = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 9),
    (12, 13, 14, 15, 16, 17, 18, 19, 20, 11),
)
PIECES = 10


def _steps_and_jumps() -> tuple[dict[int, list[int]], dict[int, list[tuple[int, int]]]]:
    """Neighbours along a line, and (over, to) pairs for a short jump in a straight line."""
    steps: dict[int, list[int]] = {p: [] for p in range(len(POINTS))}
    jumps: dict[int, list[tuple[int, int]]] = {p: [] for p in range(len(POINTS))}
    for line in LINES:
        for seq in (line, line[::-1]):
            for i in range(len(seq) - 1):
                steps[seq[i]].append(seq[i + 1])
                if i + 2 < len(seq):
                    jumps[seq[i]].append((seq[i + 1], seq[i + 2]))
    return {p: sorted(v) for p, v in steps.items()}, {p: sorted(v) for p, v in jumps.items()}


STEPS, JUMPS = _steps_and_jumps()
N = len(POINTS)

OPTIONS = (
    Option(
        name="quiet_plies",
        default=40,
        choices=(20, 40, 60, 100),
        doc=(
            "How the engine decides that 'neither side can capture any more': after this many plies in a row "
            "without a capture the game ends and the side with more pieces wins (equal: a draw). Also bounds "
            "the game's length."
        ),
        source=(
            "seed 004 states the outcome ('যদি দুয়োজন খেলুৱৈয়ে আৰু টুকুৰা ধৰিব নোৱাৰে তেন্তে অধিক টুকুৰা থকা "
            "খেলুৱৈয়ে জয়ী হয় ... একে সংখ্যক ... ড্ৰ'') but not how to detect it; the ply count is this engine's choice"
        ),
    ),
    Option(
        name="chain_captures",
        default="single",
        choices=("single", "compulsory", "optional"),
        doc=(
            "'single': one move or one capture per turn. 'compulsory': after a capture the same piece must go "
            "on capturing while it can, as in alquerque. 'optional': it may go on capturing, or stop."
        ),
        source=(
            "seed 004: 'এটা টুকুৰা ব্যৱহাৰ কৰি নিজৰ পাল পৰ্যায়ক্ৰমে প্ৰতিটো পালত একচেটিয়াভাৱে গতি বা ধৰি' (one move "
            "or capture per turn); it compares the capture to alquerque's, whose multiple leaps it does not mention. "
            "Other descriptions allow multiple captures (an older English Wikipedia text: 'Multiple captures are "
            "allowed'; a rules expert's review), without saying whether they are compulsory"
        ),
        variants=("optional",),
    ),
)

SPEC = GameSpec(
    name="dashguti",
    title="Dash-guti (দছ-গুটি)",
    players=2,
    equipment="board of 21 points (two triangles joined at the centre), 10 pieces each",
    # Each capture removes one of at most 19 pieces that can go before a side is wiped out; between two
    # captures at most ``quiet_plies`` plies pass.
    max_length=20 * max(OPTIONS[0].choices) + 19,
    min_return=-1.0,
    max_return=1.0,
    options=OPTIONS,
    sources=(SEED_FILE, "H. J. R. Murray, A History of Board-Games other than Chess (1952), cited by seed 004"),
)


class DashGutiState(State):
    """A Dash-guti position: who stands where, whose turn, and the count of quiet plies.

    Actions are ``from * 21 + to``; a capture is a jump of two points along a line.
    """

    spec = SPEC

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        self.options = SPEC.with_options(options)
        # board[p] is -1 for an empty point, else the owner of the piece on it.
        self.board = [-1] * N
        for player, points in enumerate(START):
            for p in points:
                self.board[p] = player
        self.player = 0  # "খেলুৱৈসকলে ... কোনে প্ৰথমে আৰম্ভ কৰিব সেইটো বাছি লয়": player 0 is the one who starts
        self.quiet = 0  # plies since the last capture
        self.chain: int | None = None  # the piece that goes on capturing (chain_captures compulsory or optional)
        self.captured = [0, 0]  # pieces each player has lost
        self.plies = 0
        self.winner: int | None = None  # 0, 1, or -1 for a draw, once the game is over
        self.end_reason = ""

    # --- rules ---------------------------------------------------------------------------------
    def _captures(self, player: int) -> list[int]:
        # "চুটি জাঁপৰ দ্বাৰা ... কাষৰীয়া শত্ৰুৰ টুকুৰাটোক ... কাষৰ খালী বিন্দু এটাত জপিয়াই ... সৰলৰেখাত" (seed 004)
        board, enemy = self.board, 1 - player
        sources = [self.chain] if self.chain is not None else [p for p in range(N) if board[p] == player]
        return [
            src * N + to for src in sources for over, to in JUMPS[src] if board[over] == enemy and board[to] == -1
        ]

    def _steps(self, player: int) -> list[int]:
        # "এটা টুকুৰাই প্ৰতিটো পাকত এটাকৈ ঠাই ৰেখাৰ কাষেৰে খালী কাষৰীয়া বিন্দু এটালৈ" (seed 004)
        board = self.board
        return [src * N + to for src in range(N) if board[src] == player for to in STEPS[src] if board[to] == -1]

    def _moves(self, player: int) -> list[int]:
        # "বন্দী কৰাটো বাধ্যতামূলক" and "এটা টুকুৰাই সক্ষম হ'লে ধৰি ৰাখিব লাগিব": a capture, if there is one.
        captures = self._captures(player)
        if self.chain is not None and self.options["chain_captures"] == "optional":
            captures.append(self.chain * N + self.chain)  # or stop
        if captures or self.chain is not None:
            return sorted(captures)
        return sorted(self._steps(player))

    def _settle(self) -> None:
        """End the game if the player to move has lost everything, is blocked, or the quiet limit is hit."""
        player = self.player
        pieces = PIECES - self.captured[player]
        if pieces == 0:
            # "যদি কোনো খেলুৱৈয়ে তেওঁলোকৰ প্ৰতিপক্ষৰ সকলো টুকুৰা ধৰি ৰাখে তেন্তে তেওঁ বিজয়ী হয়"
            self.winner, self.end_reason = 1 - player, "all pieces captured"
        elif not self._moves(player):
            # "ব্লক বা লৰচৰ কৰিব নোৱাৰা ... অচলাৱস্থা ... খেলুৱৈজন পৰাস্ত হয়"
            self.winner, self.end_reason = 1 - player, "blocked"
        elif self.quiet >= self.options["quiet_plies"]:
            # "যদি দুয়োজন খেলুৱৈয়ে আৰু টুকুৰা ধৰিব নোৱাৰে তেন্তে অধিক টুকুৰা থকা খেলুৱৈয়ে জয়ী হয় ... একে সংখ্যক ... ড্ৰ'"
            left = [PIECES - c for c in self.captured]
            self.winner = 0 if left[0] > left[1] else 1 if left[1] > left[0] else -1
            self.end_reason = f"no capture in {self.quiet} plies"

    # --- protocol ------------------------------------------------------------------------------
    def current_player(self) -> int:
        return -1 if self.winner is not None else self.player

    def legal_actions(self) -> list[int]:
        return [] if self.winner is not None else self._moves(self.player)

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise ValueError(
                f"illegal Dash-guti move {action} ({self.action_to_string(action)}) for player {self.player}"
            )
        src, to = divmod(action, N)
        player = self.player
        if src == to:  # the piece stops capturing (chain_captures="optional")
            self.chain = None
            self.player = 1 - player
            self._settle()
            return
        self.board[src], self.board[to] = -1, player
        self.plies += 1
        over = _jumped(src, to)
        if over is None:
            self.quiet += 1
        else:
            # "ধৰা পৰা টুকুৰাবোৰ লগে লগে বৰ্ডৰ পৰা আঁতৰাই পেলোৱা হয়" (captured pieces leave the board at once)
            self.board[over] = -1
            self.captured[1 - player] += 1
            self.quiet = 0
            if self.options["chain_captures"] != "single":
                self.chain = to
                if self._captures(player) and self.captured[1 - player] < PIECES:
                    return  # the same piece jumps again
        self.chain = None
        self.player = 1 - player
        self._settle()

    def is_terminal(self) -> bool:
        return self.winner is not None

    def returns(self) -> list[float]:
        if self.winner is None or self.winner == -1:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def action_to_string(self, action: int) -> str:
        src, to = divmod(action, N)
        if not 0 <= src < N:
            return f"<no move {action}>"
        if src == to:
            return f"{src} stops"
        over = _jumped(src, to)
        return f"{src}-{to}" if over is None else f"{src}x{over}-{to}"

    def pieces(self) -> list[int]:
        """Pieces each player still has on the board."""
        return [sum(1 for owner in self.board if owner == p) for p in (0, 1)]

    def check_invariants(self) -> None:
        """Pieces on the board plus pieces captured is ten for each side; nobody gains a piece."""
        on_board = self.pieces()
        for p in (0, 1):
            if on_board[p] + self.captured[p] != PIECES:
                raise AssertionError(
                    f"player {p}: {on_board[p]} on the board + {self.captured[p]} captured != {PIECES}"
                )
        if self.plies > self.spec.max_length:
            raise AssertionError(f"{self.plies} plies exceeds the declared maximum {self.spec.max_length}")

    def to_json(self) -> dict[str, Any]:
        return {
            "game": SPEC.name,
            "options": self.options,
            "board": self.board,
            "player": self.player,
            "quiet": self.quiet,
            "chain": self.chain,
            "captured": self.captured,
            "plies": self.plies,
            "winner": self.winner,
            "end_reason": self.end_reason,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DashGutiState:
        state = cls(data["options"])
        state.board = list(data["board"])
        state.player = data["player"]
        state.quiet = data["quiet"]
        state.chain = data["chain"]
        state.captured = list(data["captured"])
        state.plies = data["plies"]
        state.winner = data["winner"]
        state.end_reason = data["end_reason"]
        return state

    def __str__(self) -> str:
        """The board as drawn in the module docstring: x for player 0, o for player 1, . for an empty point."""
        grid = [[" "] * 13 for _ in range(7)]
        for p, (x, y) in enumerate(POINTS):
            grid[3 - y][2 * (x + 3)] = "." if self.board[p] == -1 else "xo"[self.board[p]]
        rows = ["".join(r).rstrip() for r in grid]
        left = self.pieces()
        if self.winner is None:
            who = f"P{self.player} ({'xo'[self.player]}) to move"
            if self.chain is not None:
                must = "must" if self.options["chain_captures"] == "compulsory" else "may"
                who += f", {must} go on capturing with the piece on {self.chain}"
        else:
            who = "draw" if self.winner == -1 else f"P{self.winner} ({'xo'[self.winner]}) wins"
            who += f" ({self.end_reason})"
        rows.append(f"{who}; pieces x {left[0]}, o {left[1]}; plies without capture {self.quiet}")
        return "\n".join(rows)


def _jumped(src: int, to: int) -> int | None:
    """The point jumped over when moving ``src`` to ``to``, or None for a step."""
    for over, dest in JUMPS[src]:
        if dest == to:
            return over
    return None


def new_state(seed: int = 0, options: dict[str, Any] | None = None) -> DashGutiState:
    """The starting position. Dash-guti has no chance, so ``seed`` changes nothing.

    >>> new_state().pieces(), new_state(seed=9).to_json() == new_state(seed=1).to_json()
    ([10, 10], True)
    """
    return DashGutiState(options)


def facts(options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Rule quantities read off the engine: its board tables and the legal moves of the start position.

    >>> f = facts()
    >>> f["board_points"], f["pieces_per_player"], f["first_move_forced"], f["capture_compulsory"]
    (21, 10, 'centre', 1)
    """
    start = DashGutiState(options)
    targets = {a % N for a in start.legal_actions()}
    forced = ("centre" if targets == {CENTRE} else str(targets.pop())) if len(targets) == 1 else ""
    # Behavioural: put a capture and a step side by side and see whether the step is still allowed.
    probe = DashGutiState(options)
    probe.board = [-1] * N
    probe.board[7], probe.board[10], probe.board[0] = 0, 1, 0  # 7 can jump 10 to 13; 0 can step to 1
    moves = probe.legal_actions()
    compulsory = int(all(_jumped(a // N, a % N) is not None for a in moves) and bool(moves))
    # Behavioural: a player with pieces but no move has lost.
    blocked = DashGutiState(options)
    blocked.board = [-1] * N
    blocked.board[0], blocked.board[1], blocked.board[3], blocked.board[6] = 0, 1, 1, 1
    blocked.board[2], blocked.board[4], blocked.board[5] = 1, 1, 1
    blocked.captured = [PIECES - 1, PIECES - 6]
    blocked._settle()
    outcome = "loss" if blocked.winner == 1 else "not a loss"
    # Behavioural: a side with no piece left has lost to the side that took them all.
    bare = DashGutiState(options)
    bare.board = [-1] * N
    bare.board[18] = 1
    bare.captured = [PIECES, PIECES - 1]
    bare._settle()
    # Behavioural: the quiet limit reached (no capture for so long), first with more pieces on one side, then equal.
    quiet = [DashGutiState(options) for _ in range(2)]
    for state, taken in zip(quiet, ([3, 5], [4, 4]), strict=True):
        state.captured, state.quiet = taken, state.options["quiet_plies"]
        state._settle()
    return {
        q.key("players"): SPEC.players,
        q.key("board_points"): len(POINTS),
        q.key("pieces_per_player"): len(START[0]),
        q.key("first_move_forced"): forced,
        q.key("capture_compulsory"): compulsory,
        q.key("outcome_when_blocked"): outcome,
        q.key("outcome_when_all_captured"): "win" if bare.winner == 1 else "no win",
        q.key("winner_when_no_capture"): "more_pieces" if quiet[0].winner == 0 else "fewer_pieces",
        q.key("outcome_when_equal_pieces"): "draw" if quiet[1].winner == -1 else "a win",
    }


GAME = registry.register(
    Game(
        spec=SPEC,
        new_state=new_state,
        facts=facts,
        notes={
            "first_move": "follows from the start position: the centre is the only empty point",
            "end_detection": "neither side can capture any more = quiet_plies plies without a capture (option)",
        },
    )
)
