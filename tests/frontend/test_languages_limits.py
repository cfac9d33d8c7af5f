"""Every game's messages stay within Discord's limits in every language, for seeded random states.

Each game is played by uniformly random legal moves from several seeds; at every
state the table, each seat's hand DM and private reply, each actor's picker
(every step down a random path), window prompts and the result are rendered in
each language and checked as Discord would check them (``tools.sim.validate``:
labels 80, option texts 100, embeds 6,000 ...). Run on pseudo catalogues now
and on the shipped ones as soon as they exist.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.frontend.ui import render
from bot.frontend.ui.picker import walk
from bot.kernel import i18n
from bot.kernel.i18n import use_locale
from bot.kernel.module import all_games
from bot.kernel.rng import Rng
from bot.locales.pseudo import write_pseudo_catalogues
from bot.pictures.drawing import draw_hand, draw_table
from bot.play.match_types import LiveMatch
from tests.frontend.live_match import live_match
from tools.sim.validate import check_message

SEATS = (7_100_000_000_000_001, 7_100_000_000_000_002, 7_100_000_000_000_003, 7_100_000_000_000_004)
NAMES = dict(zip(SEATS, ("Aisyah Nurhaliza binti Abdullah", "Budi", "Citra Kirana Wulandari", "Dewi"), strict=True))
LOCALES = ("en", "ms", "id")
SEEDS = (1, 2)
#: States looked at per match (spread over the whole match) and moves played at most.
SAMPLES, MAX_MOVES = 12, 1500


@pytest.fixture(params=["pseudo", "shipped"])
def catalogues(request, tmp_path):
    if request.param == "shipped":
        missing = [c for c in ("ms", "id") if not (i18n.LOCALES_DIR / f"{c}.po").exists()]
        if missing:
            pytest.skip(f"bot/locales/{', '.join(missing)}.po not shipped yet")
        i18n.set_locales_dir(None)
    else:
        write_pseudo_catalogues(tmp_path)
        i18n.set_locales_dir(tmp_path)
    yield request.param
    i18n.set_locales_dir(None)


def _body(rendered: render.Rendered) -> dict[str, Any]:
    body: dict[str, Any] = {"content": rendered.content}
    if rendered.embed is not None:
        body["embeds"] = [rendered.embed.to_dict()]
    if rendered.view is not None:
        body["components"] = rendered.view.to_components()
    return body


def _live(game: Any, state: Any, players: list[int], recent: list[str]) -> LiveMatch:
    return live_match(game, state, {p: NAMES[p] for p in players}, message_id=99, recent=recent)


def _renders(live: LiveMatch, rng: Rng) -> list[tuple[str, render.Rendered]]:
    """Everything the bot would send about this state: table, private messages, pickers, prompts."""
    out = [("table", render.turn_message(live, live.record.recent))]
    game, state = live.game, live.state
    for p in live.record.players:
        out.append(
            (
                "hand DM",
                render.hand_dm(
                    live,
                    p,
                    guild_name="Kedai Kopi Pak Lah",
                    channel_id=2,
                    channel_name="#meja-kad",
                    jump_url="https://discord.com/x",
                    notes=[],
                ),
            )
        )
        out.append(("private reply", render.private_reply(live, p, show_act=True, always_ask=True)))
    if game.rules.is_over(state):
        return out
    waiting = live.waiting
    for p in sorted(waiting.actors):
        legal = game.rules.legal_actions(state, p)
        path: tuple[int, ...] = ()
        while True:
            step = walk(legal, path)
            out.append(
                ("picker", render.picker_message(live, p, step, header="✅ " + " ".join(live.record.recent[-2:])))
            )
            if step.action is not None or not step.choices:
                break
            path += (rng.choice(step.choices).index,)
        if waiting.in_window:
            out.append(("window prompt", render.window_prompt(live, p, live.record.recent[-2:], guild_name="Kedai")))
            if waiting.window is not None and p == waiting.window.decider:
                out.append(
                    (
                        "decider prompt",
                        render.decider_prompt(live, p, walk(legal, ()), live.record.recent[-2:], guild_name="Kedai"),
                    )
                )
        if waiting.turn == p:
            out.append(("mention", render.mention_ping(live, p, own_turn=True)))
    out.append(("reminder", render.reminder(live, sorted(waiting.actors))))
    return out


def _play(game: Any, seed: int) -> list[tuple[Any, list[dict[str, Any]]]]:
    """A random match: the states along it (copied) with the events that led to each."""
    players = state_players(game)
    rng = Rng.seeded(seed)
    state = game.rules.new_game(players, seed, {})
    states: list[tuple[Any, list[dict[str, Any]]]] = [(game.rules.state_from_json(game.rules.state_to_json(state)), [])]
    for _ in range(MAX_MOVES):
        if game.rules.is_over(state):
            break
        player = rng.choice(sorted(game.rules.actors(state)))
        events = game.rules.apply(state, player, rng.choice(game.rules.legal_actions(state, player)))
        states.append((game.rules.state_from_json(game.rules.state_to_json(state)), events))
    step = max(1, len(states) // SAMPLES)
    return states[::step] + [states[-1]]


@pytest.mark.parametrize("game", [g for g in all_games()], ids=lambda g: g.name)
def test_every_message_of_every_game_fits_discord_in_every_language(catalogues, game):
    checked = 0
    for seed in SEEDS:
        sampled = _play(game, seed)
        for locale in LOCALES:
            rng = Rng.seeded(seed)
            with use_locale(locale):
                recent: list[str] = []
                for state, events in sampled:
                    names = {p: NAMES[p] for p in state_players(game)}
                    recent = (
                        recent
                        + [
                            line
                            for e in events
                            if e.get("visible_to") is None
                            for line in [game.presenter.event_line(e, names)]
                            if line
                        ]
                    )[-12:]
                    live = _live(game, state, list(names), recent)
                    for what, rendered in _renders(live, rng):
                        try:
                            check_message(_body(rendered))
                        except Exception as exc:
                            raise AssertionError(
                                f"{game.name} {locale} seed {seed}: the {what} breaks a Discord limit: {exc}"
                            ) from None
                        checked += 1
                    if game.rules.is_over(state):
                        result = game.rules.result(state)
                        ended = render.turn_message(live, recent, result=result, end_reason="played")
                        check_message(_body(ended))
                        assert render.result_text(live, result, "played")
    assert checked > 100


def state_players(game: Any) -> list[int]:
    """Four seats where the game allows (so every seat kind shows), else as many as it takes."""
    return list(SEATS[: max(game.rules.min_players, min(4, game.rules.max_players))])


def test_pictures_are_drawn_in_the_language_they_are_drawn_for(monkeypatch, tmp_path):
    """Every text a picture draws (table and hand, every game) is in the language of its drawing."""
    from bot.locales import audit, extract
    from bot.locales.pseudo import RULES, pseudo
    from bot.pictures.canvas import Canvas

    write_pseudo_catalogues(tmp_path)
    i18n.set_locales_dir(tmp_path)
    drawn: list[str] = []
    text, lines = Canvas.text, Canvas.lines
    monkeypatch.setattr(
        Canvas, "text", lambda self, xy, s, *a, **k: (drawn.append(str(s)), text(self, xy, s, *a, **k))[1]
    )
    monkeypatch.setattr(
        Canvas, "lines", lambda self, x, y, s, *a, **k: (drawn.append(str(s)), lines(self, x, y, s, *a, **k))[1]
    )
    texts = audit.english_texts(extract.collect())
    english = audit.Fragments.of(texts, names=audit.card_names())
    own = {loc: audit.Fragments.of([pseudo(x, RULES[loc]) for x in texts], min_words=1) for loc in ("ms", "id")}
    try:
        for game in all_games():
            for state, _ in _play(game, 1)[::3]:
                names = {p: NAMES[p] for p in state_players(game)}
                for locale in ("ms", "id"):
                    drawn.clear()
                    with use_locale(locale):
                        draw_table(game, game.rules.view(state, None), names)
                        for p in names:
                            draw_hand(game, game.rules.view(state, p), names)
                    left = {piece for s in drawn for piece in english.find(s)}
                    assert left == set(), f"{game.name} pictures in {locale} draw English: {sorted(left)[:5]}"
                    assert any(own[locale].find(s) for s in drawn), f"{game.name}: nothing drawn in {locale}"
    finally:
        i18n.set_locales_dir(None)
