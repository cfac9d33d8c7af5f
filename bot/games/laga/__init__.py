"""Laga Jakarta: a mancala of Action tokens around six Jakarta tiles, Jobs, Dreams and News, as one game module.

``MODULE`` is all the platform knows of the game: its rules (``rules``), what people read
(``text``, ``questions`` and ``view``), its AI player (``ai``), the sampler its hard AI
searches with (``sampler``) and its pictures (``picture``).
"""

from bot.games.laga import ai, questions, sampler, summary, text, view
from bot.games.laga.rules import LagaRules
from bot.kernel.i18n import N_, tn
from bot.kernel.module import GameModule
from bot.kernel.present import Presenter


def score(points: int) -> str:
    """A final score with what it counts (the points the rulebook counts at the end)."""
    return tn("{n} point", "{n} points", points, n=points)


MODULE = GameModule(
    rules=LagaRules(),
    presenter=Presenter(
        tagline=N_("Play Laga Jakarta: build the city, chase your Dreams."),
        action_label=text.describe_action,
        choice_label=text.describe_choice,
        choice_note=text.explain_choice,
        question=questions.describe_question,
        event_line=text.describe_event,
        board=view.render_board,
        brief=view.render_brief,
        score=score,
        rules_page=summary.rules_summary,
    ),
    policies={"normal": ai.LagaHeuristicPolicy},
    sampler=sampler.sample,
    picture="bot.games.laga.picture",
)

__all__ = ["MODULE"]
