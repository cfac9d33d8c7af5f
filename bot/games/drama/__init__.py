"""Drama Pukul 7: heroes, Plot Twists and a drama at seven o'clock, for 2 to 6 players, as one game module.

``MODULE`` is all the platform knows of the game: its rules (``rules``), what people read
(``text``, ``explain`` and ``view``), its AI player (``ai``), the sampler its hard AI searches
with (``sampler``), its pictures (``picture``) and ``/drama card`` (``cardtext``).
"""

from bot.games.drama import ai, cardtext, explain, sampler, text, view
from bot.games.drama.rules import DramaRules
from bot.kernel.i18n import N_, tn
from bot.kernel.module import GameModule
from bot.kernel.present import Lookup, Presenter


def score(points: int) -> str:
    """A final score with what it counts (Air Muka left: what a hero has when the drama ends)."""
    return tn("{n} Air Muka", "{n} Air Muka", points, n=points)


MODULE = GameModule(
    rules=DramaRules(),
    presenter=Presenter(
        tagline=N_("Play Drama Pukul 7: heroes, Plot Twists and a drama at seven o'clock."),
        action_label=text.describe_action,
        choice_label=text.describe_choice,
        choice_note=explain.explain_choice,
        question=text.describe_question,
        event_line=text.describe_event,
        board=view.render_board,
        brief=view.render_brief,
        lasting=view.lasting,
        score=score,
        rules_page=text.rules_summary,
    ),
    policies={"normal": ai.HeuristicPolicy},
    sampler=sampler.sample,
    picture="bot.games.drama.picture",
    commands=(
        Lookup(
            name="card",
            description=N_("Show any Drama Pukul 7 card or hero in full."),
            parameter="name",
            parameter_description=N_("The card's or hero's name (start typing for suggestions)"),
            suggest=cardtext.suggest,
            show=cardtext.card_page,
            colour=cardtext.PAGE_COLOUR,
        ),
    ),
)

__all__ = ["MODULE"]
