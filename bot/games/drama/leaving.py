"""A player leaves a running match: their hero is eliminated as at 0 Air Muka (RULINGS, "All games").

The leaver is taken out by the very step that takes out a hero at 0 Air Muka
(``combat.eliminate``: hand and cards in play to the discard piles, Juta to the
Bank, last one left wins), so nothing about them can differ from a hero knocked
out. A leave can come at any moment, though, while a knock-out only happens
between decisions, so the loose ends are tied here first:

* hero picking: they leave the pick queue; once nobody is left to pick, the
  first turn goes to the gold card's holder or, if that was the leaver, the
  next player in seat order who is still in;
* a decision pending for them (paying for a recruit, ordering Members, making
  room for a card, a reactive ability): dropped, since the step it belongs to
  only concerned them, and every step for a hero who is out does nothing;
* someone else making room for an ITEM or MEMBER taken from the leaver: the
  card has gone to the discard pile with the leaver's other cards, so the
  taking comes to nothing;
* a Plot Twist window: they are no longer asked; what they stacked is void
  (it cancels nothing and resolves to nothing, as any entry of a hero who is
  out fizzles); if they were the last to answer, the window closes and
  resolves as it would have;
* their own turn, or an attack by or at them: the flow already skips a hero
  who is out (no Collecting, the attack comes to nothing when it would land,
  the turn passes to the next player still in), so ``advance`` settles it.
"""

from __future__ import annotations

from bot.games.drama import combat, flow
from bot.games.drama.state import CARDS, DramaState, player
from bot.kernel.contract import Event, IllegalAction
from bot.kernel.i18n import t


def leave_reason(state: DramaState, pid: int) -> str | None:
    """Why ``pid`` cannot leave now (None when they can)."""
    if all(p.id != pid for p in state.players):
        return t("That player is not playing in this match.")
    if state.phase == "over":
        return t("The match is already over.")
    if not player(state, pid).alive:
        return t("That player is already out of the game.")
    return None


def leave(state: DramaState, pid: int) -> list[Event]:
    """Eliminate the leaver's hero and run the match on to its next decision; public events only."""
    why = leave_reason(state, pid)
    if why:
        raise IllegalAction(why)
    p = player(state, pid)
    events: list[Event] = [{"type": "left", "player": pid}]
    picking = state.phase == "pick"
    if pid in state.pick_queue:
        state.pick_queue.remove(pid)
    _settle_choice(state, pid, set(p.items + p.members), events)
    if state.window is not None:
        w = state.window
        if pid in w.waiting:
            w.waiting.remove(pid)
        for entry in w.stack:
            if entry["player"] == pid:
                entry["void"] = True
    combat.eliminate(state, p, events, reason="left")
    if state.phase == "over":
        return events
    if picking:
        if not state.pick_queue:
            flow.start_play(state, events)
        return events
    flow.advance(state, events)
    return events


def _settle_choice(state: DramaState, pid: int, owned: set[int], events: list[Event]) -> None:
    """Drop a decision that was the leaver's, or one about a card of theirs that is going away."""
    c = state.choice
    if c is None:
        return
    if c.player == pid:
        state.choice = None
        return
    card = c.data.get("card")
    if c.kind == "to_hand" and card in owned:
        state.choice = None
        events.append({"type": "take_fails", "player": c.player, "target": pid, "card": card, "name": CARDS.name(card)})
