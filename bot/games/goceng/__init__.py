"""Mat Goceng: 3 to 6 players, hidden roles, fist-colour battles and paid Extra Power, as one game module.

Modules: ``cards`` (data and fist matching), ``state`` (dataclasses), ``flow``
(shared state changes), ``legal`` (who acts, what they may do), ``actions``
(checking and applying), ``outcome`` (winners), ``view``, ``board``, ``text`` and
``bargain_text`` (what people see and read), ``ai`` (AI seats), ``sampler`` (what the
hard AI searches over), ``hard`` and ``playout`` (how it searches), ``rules`` (the ``Rules``
surface). ``MODULE`` puts them together.
"""

from bot.games.goceng import ai, bargain_text, board, hard, sampler, text, view
from bot.games.goceng.rules import GocengRules
from bot.kernel.i18n import N_, tn
from bot.kernel.module import GameModule
from bot.kernel.present import Presenter


def score(points: int) -> str:
    """A final score with what it counts (the silver each player holds at the end)."""
    return tn("{n} silver", "{n} silver", points, n=points)


MODULE = GameModule(
    rules=GocengRules(),
    presenter=Presenter(
        tagline=N_("Play Mat Goceng: secret fighters, punches and coins for Extra Power."),
        action_label=text.describe_action,
        choice_label=text.describe_choice,
        choice_note=bargain_text.explain_choice,
        question=text.describe_question,
        event_line=text.describe_event,
        board=board.render_board,
        brief=view.render_brief,
        lasting=view.lasting,
        score=score,
        rules_page=text.rules,
    ),
    policies={"normal": ai.HeuristicPolicy},
    sampler=sampler.sample,
    search=hard.HINTS,
    picture="bot.games.goceng.picture",
)

__all__ = ["MODULE"]
