"""The vocabulary of rule quantities that texts state and engines expose.

Claims (``rules.claims``) and engine facts (``Game.facts(options)``) meet on these keys, so a claim
"the trump nine is worth 14" and the Klaverjas engine's card table compare as
``key("card_value", rank="9", suit="trump")``.

>>> key("card_value", suit="trump", rank="9")
'card_value(rank=9,suit=trump)'
>>> key("deck_size")
'deck_size'
>>> parse_key('card_value(rank=9,suit=trump)')
('card_value', {'rank': '9', 'suit': 'trump'})
"""

from __future__ import annotations

# name -> (what it means, parameters). Values are integers unless said otherwise.
QUANTITIES: dict[str, tuple[str, tuple[str, ...]]] = {
    "deck_size": ("cards in the pack", ()),
    "hand_size": ("cards dealt to each player", ()),
    "deal_pattern": ("cards per packet when dealing, as a string like '3-3' or '3-2-3'", ()),
    "card_value": ("card points of one card; rank A K Q J 10 9 8 7, suit trump or plain", ("rank", "suit")),
    "card_point_total": ("sum of the card points in the pack", ()),
    "last_trick_bonus": ("points for winning the last trick", ()),
    "marriage_value": ("points for king and queen of one suit; suit trump or plain", ("suit",)),
    "winning_threshold": ("card points needed to win a deal; when Grabu's declarations set it (seed 000), when "
                          "no_declaration, istak, bisti, istak_bisti or panchash held, or against_… them", ("when",)),
    "schneider_threshold": ("below this the loser is schneider (Sixty-Six: 33)", ()),
    "game_points": ("game points the winner scores; outcome normal, schneider, schwarz", ("outcome",)),
    "roem_value": ("bonus points; kind run3, run4, four_of_a_kind, four_jacks, stuk, pit", ("kind",)),
    "number_of_deals": ("deals in one game", ()),
    "board_points": ("points (intersections) on the board", ()),
    "pieces_per_player": ("pieces each player starts with", ()),
    "players": ("number of players", ()),
    # a behavioural rule's meaning opens with a noun phrase, as a verdict's explanation names it ("… has yes for the
    # rule that a possible capture must be made"; a newcomer had read "has yes for the 1 when …")
    "first_move_forced": ("point the first move must go to (a string, e.g. 'centre'); behavioural", ()),
    "capture_compulsory": ("rule that a possible capture must be made (1 yes, 0 no); behavioural", ()),
    "outcome_when_blocked": ("outcome for a player who cannot move ('loss', 'win' or 'draw'); behavioural", ()),
    "outcome_when_all_captured": ("outcome for the player who captures all the other's pieces ('win'); behavioural",
                                  ()),
    "winner_when_no_capture": ("winner when neither side can capture any more ('more_pieces': the side with more "
                               "pieces); behavioural", ()),
    "outcome_when_equal_pieces": ("outcome when the game ends with equal pieces ('draw'); behavioural", ()),
    "stock_face_down": ("cards left face down in the stock under the turned-up card", ()),
    "follow_suit_while_stock": ("rule that suit must be followed while the stock lasts (1 yes, 0 when any card may "
                                "be played); behavioural", ()),
    "trump_over_partner": ("rule that a player who cannot follow must trump even while the partner wins the trick (1 "
                           "yes, 0 when the partner's winning frees the duty; Klaverjas: Rotterdam, Amsterdam); "
                           "behavioural", ()),
}

def key(quantity: str, **params: str) -> str:
    """The canonical key of ``quantity`` with ``params``, parameters sorted by name."""
    if quantity not in QUANTITIES:
        raise KeyError(f"unknown quantity {quantity!r}; known: {', '.join(QUANTITIES)}")
    if not params:
        return quantity
    inner = ",".join(f"{k}={params[k]}" for k in sorted(params))
    return f"{quantity}({inner})"


def parse_key(k: str) -> tuple[str, dict[str, str]]:
    """Split a key made by :func:`key` back into the quantity and its parameters."""
    if "(" not in k:
        return k, {}
    name, inner = k[:-1].split("(", 1)
    return name, dict(part.split("=", 1) for part in inner.split(","))
