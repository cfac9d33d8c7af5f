"""DRUMP: the two-player monster-building card game, as one game module.

``MODULE`` is all the platform knows of DRUMP: its rules (``rules``), what people read
(``text`` and ``view``), its AI players (``ai``), the sampler its hard AI searches with
(``sampler``) and its pictures (``picture``). The registry finds it by this folder.
"""

from bot.games.drump import ai, sampler, text, view
from bot.games.drump.rules import DrumpRules
from bot.kernel.i18n import N_, tn
from bot.kernel.module import GameModule
from bot.kernel.present import Presenter


def score(points: int) -> str:
    """A final score with what it counts (part scores: what each player's monster parts add up to)."""
    return tn("{n} point", "{n} points", points, n=points)


MODULE = GameModule(
    rules=DrumpRules(),
    presenter=Presenter(
        tagline=N_("Play DRUMP, the monster-building card duel."),
        action_label=text.describe_action,
        choice_label=text.describe_choice,
        question=text.describe_question,
        event_line=text.describe_event,
        board=view.render_board,
        brief=view.render_brief,
        score=score,
        rules_page=text.rules,
    ),
    policies={"easy": ai.EasyPolicy, "normal": ai.NormalPolicy},
    sampler=sampler.sample,
    picture="bot.games.drump.picture",
)

__all__ = ["MODULE"]
