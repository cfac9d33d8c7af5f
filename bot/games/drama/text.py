"""Words for people: action labels, picker choices, the move log and the rules page.

Engines do not know display names, so labels name players by their hero (the
log gets a names map from the cog and uses it).
"""

from __future__ import annotations

from typing import Any, Mapping

from bot.games.drama import shop
from bot.games.drama.actions import mode
from bot.games.drama.state import CARDS, DramaState, actions_left, hero_name, player
from bot.games.drama.windows import entry_name, projected_target

TYPE_LABELS = {
    "pick_hero": "Choose a hero", "pass": "Pass", "play": "Play a card", "buy": "Buy an ITEM",
    "recruit": "Recruit a MEMBER", "kahwin": "KAHWIN", "hero_ability": "Use your hero's ABILITY",
    "use": "Use a card's ABILITY", "attack": "DENGKI (attack)", "end_turn": "End turn without attacking",
    "pay": "Discard a card to pay", "cancel": "Cancel recruiting", "absorb": "Choose who shields",
    "to_hand": "Choose the card that goes to your hand", "react": "Use a reactive ABILITY",
    "decline": "Do not react",
}


def _who(state: DramaState, pid: int) -> str:
    try:
        p = player(state, pid)
    except KeyError:
        return f"player {pid}"
    return hero_name(p) if p.hero else f"seat {[x.id for x in state.players].index(pid) + 1}"


def describe_choice(state: DramaState, pid: int, key: str, value: Any) -> str:
    try:
        if key == "type":
            return TYPE_LABELS.get(value, str(value))
        if key == "target":
            return _who(state, value)
        if key in ("card", "pick", "member", "replace", "discard") and isinstance(value, int):
            label = CARDS.name(value)
            return {"replace": f"replacing {label}", "discard": f"discarding {label}"}.get(key, label)
        if key == "slot":
            cid = state.kedai[value]
            if cid is None:
                return f"Slot {value}: empty"
            g = CARDS.g(cid)
            cost = f"{g.price} Juta" if g.kind == "item" else _plural(g.recruit, "card")
            return f"Slot {value}: {g.name} ({cost})"
        if key == "entry" and state.window is not None:
            e = state.window.stack[value]
            return f"{_who(state, e['player'])}'s {entry_name(e)}"
        if key == "hero":
            k, side = CARDS.side_names()[value]
            h = CARDS.hero(k)
            return f"{value} ({h.sides[side][1]}): {h.ability.text}"[:100]
    except (KeyError, IndexError, TypeError):
        pass
    return str(value)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def describe_action(state: DramaState, pid: int, action: Mapping[str, Any]) -> str:
    typ = action.get("type")
    c = lambda k: describe_choice(state, pid, k, action[k])  # noqa: E731
    if typ == "pick_hero":
        text = f"Play as {c('hero')}"
    elif typ == "play":
        text = f"Play {c('card')}"
        if "target" in action:
            text += f" on {c('target')}"
        if "pick" in action:
            text += f": {c('pick')}"
        if "entry" in action:
            text += f" against {c('entry')}"
    elif typ in ("buy", "recruit"):
        text = f"{'Buy' if typ == 'buy' else 'Recruit'} {c('slot').split(': ', 1)[-1]}"
    elif typ == "kahwin":
        p = player(state, pid)
        text = f"KAHWIN {c('member')} ({shop.kahwin_cost(p, action['member'])} Juta)"
    elif typ == "hero_ability":
        text = "Hero ABILITY"
        if "target" in action:
            text += f" on {c('target')}"
    elif typ == "use":
        text = f"Use {c('card')}"
        if "target" in action:
            text += f" on {c('target')}"
    elif typ == "attack":
        text = f"DENGKI {c('target')}"
    elif typ == "pay":
        text = f"Discard {c('card')}"
    elif typ == "absorb":
        text = f"{c('member')} shields first"
    elif typ == "to_hand":
        text = f"{c('card')} goes to your hand"
    elif typ == "react":
        text = f"Use {c('card')}"
    else:
        text = TYPE_LABELS.get(str(typ), str(typ))
    for k in ("replace", "discard"):
        if k in action and typ not in ("pay",):
            text += f", {c(k)}"
    return text[:100]


def _n(names: Mapping[int, str], pid: Any) -> str:
    return names.get(pid, f"Player {pid}")


def _card(cid: Any) -> str:
    return CARDS.name(cid) if isinstance(cid, int) and cid >= 0 else "?"


EFFECT_TEXT = {
    "gain_juta": "{p} takes {amount} Juta from the Bank",
    "draw": "{p} draws {amount} card(s)",
    "heal": "{p} regains {amount} AIR MUKA (now {air_muka})",
    "extra_turn": "{p} will take another turn",
    "bonus_action": "{p} gets +{amount} ACTION this turn",
    "bonus_dengki": "{p} gets +{amount} DENGKI this turn",
    "kedai_discount": "{p}'s next ITEM costs {amount} Juta less",
    "all_pay": "{p} collects {amount} Juta from the others",
    "dengki": "{p} hits {t} with {amount} DENGKI",
    "lose_air_muka": "{t} is to lose {amount} AIR MUKA",
    "take_juta": "{p} takes {amount} Juta from {t}",
    "discard_random": "{t} discards {cards}",
    "steal_random_card": "{p} takes {amount} random card(s) from {t}",
    "discard_spouse": "{t}'s spouse {card} is discarded",
    "steal_item": "{p} steals {card} from {t}",
    "revive_member": "{p} brings back {card}",
    "skip_turn": "{t}'s turn is cut by a Cliffhanger ({timing} phase)",
    "lose_action": "{t} loses {amount} ACTION",
    "cancel": "{p}'s cancel takes effect",
    "reflect_attack": "the DENGKI turns on {t}",
    "reduce_attack": "the DENGKI loses {amount} strength (now {strength})",
}


def describe_event(event: Mapping[str, Any], names: Mapping[int, str]) -> str:
    e = dict(event)
    typ = e.get("type")
    p = _n(names, e.get("player"))
    t = _n(names, e.get("target"))
    if typ == "effect":
        tpl = EFFECT_TEXT.get(e["kind"], "{p}: " + e["kind"])
        fields = {"p": p, "t": t, "amount": e.get("amount", ""), "air_muka": e.get("air_muka", ""),
                  "cards": ", ".join(e.get("cards", [])) or "nothing", "card": _card(e.get("card")),
                  "timing": e.get("timing", ""), "strength": e.get("strength", "")}
        return tpl.format(**fields) + "."
    simple: dict[str, Any] = {
        "pick": lambda: f"{p} plays as {e.get('hero')}.",
        "first_player": lambda: f"{p} has the gold AIR MUKA card and goes first.",
        "turn": lambda: f"Turn {e.get('number')}: {p}.",
        "turn_end": lambda: f"{p}'s turn ends.",
        "extra_turn": lambda: f"{p} takes an extra turn (Pelumba Haram).",
        "skipped": lambda: f"{p} skips the whole turn.",
        "collect": lambda: f"{p} collects {e.get('juta')} Juta.",
        "draw": lambda: f"{p} draws {_plural(e.get('count', 0), 'card')}.",
        "drew": lambda: f"You drew: {', '.join(_card(x) for x in e.get('cards', []))}.",
        "reshuffle": lambda: f"The Deck {'Biru' if e.get('deck') == 'blue' else 'Hijau'} discard pile is shuffled into a new deck.",
        # A pass in a Plot Twist window is not announced: with automatic passes, the lines
        # would say who had a Plot Twist to weigh (and flood the table every turn).
        "pass": lambda: "",
        "in_play": lambda: f"{_card(e.get('card'))} is now in front of {p}.",
        "replaced": lambda: f"{p} takes {_card(e.get('card'))} back to hand.",
        "to_hand": lambda: f"{p} puts {_card(e.get('card'))} in hand.",
        "at_once": lambda: f"{_card(e.get('card'))} gives {p} {e.get('juta')} Juta and {e.get('draw')} card(s) at once.",
        "buy": lambda: f"{p} buys {_card(e.get('card'))} for {e.get('price')} Juta.",
        "recruit": lambda: f"{p} recruits {_card(e.get('card'))}, discarding {', '.join(_card(x) for x in e.get('paid', [])) or 'nothing'}.",
        "recruit_cancelled": lambda: f"{p} does not recruit after all.",
        "kahwin": lambda: f"{p} marries {_card(e.get('card'))} ({e.get('cost')} Juta). Husband and wife, always loyal!",
        "attack": lambda: f"{p} aims {e.get('strength')} DENGKI at {t}!",
        "attack_off": lambda: "The DENGKI comes to nothing.",
        "no_attack": lambda: f"{p} ends the turn without attacking.",
        "cancelled": lambda: f"{p}'s {e.get('name')} is cancelled.",
        "resolve": lambda: f"{p}'s {e.get('name')} resolves.",
        "fizzle": lambda: f"{p}'s {e.get('name')} has no effect" + (f" ({e['why']})." if e.get("why") else "."),
        "stolen": lambda: f"{p} took {', '.join(_card(x) for x in e.get('cards', []))} from {t}.",
        "dengki_reduced": lambda: f"{p}'s protection blocks {e.get('amount')} DENGKI.",
        "shield": lambda: f"{_card(e.get('card'))} shields {p} from {e.get('amount')} DENGKI"
                  + (" and stays, loyal." if e.get("spouse") else " and is discarded."),
        "no_loss": lambda: f"{p} loses no AIR MUKA.",
        "air_muka": lambda: f"{p} loses {-e.get('amount', 0)} AIR MUKA (now {e.get('air_muka')}).",
        "loss_changed": lambda: f"{p}'s loss of AIR MUKA changes by {e.get('amount')}.",
        "eliminated": lambda: (f"{p}'s hero is out of the game; their cards go to the discard piles."
                               if e.get("reason") == "left" else f"{p} has no AIR MUKA left and is out!"),
        "left": lambda: f"{p} left the match.",
        "take_fails": lambda: f"{p} does not get {e.get('name')}: it went to the discard pile with {t}'s cards.",
        "game_over": lambda: f"{_n(names, e.get('winner'))} is the protagonist of this drama!" if e.get("winner") is not None else "Nobody is left.",
    }
    if typ == "play":
        text = f"{p} plays {_card(e.get('card'))}" + (f" on {t}" if "target" in e else "")
        if "against" in e:
            text += f" against {_n(names, e.get('against_player'))}'s {e['against']}"
        return text + "."
    if typ == "ability":
        src = "hero ABILITY" if e.get("hero") else f"{_card(e.get('card'))} ABILITY"
        return f"{p} uses their {src}" + (f" on {t}" if "target" in e else "") + "."
    make = simple.get(typ)
    return make() if make else str(typ)


RULES = """**Drama Pukul 7**: knock the others' AIR MUKA (face) down to 0; the last player standing is the protagonist. 2 to 6 players.

**Setup**: each player picks a hero side (the side sets the gender) or is dealt a hero (host option); the gold AIR MUKA card, dealt at random, names the first player. Everyone starts with 7 AIR MUKA (never above 7), 4 Deck Biru cards and 1 Juta; the Bank holds 30 Juta; the KEDAI shows 4 Deck Hijau cards.

**Your turn**
1. *Collecting*: take Juta and draw cards equal to your JUTA and DRAW attributes.
2. *Action*: play up to your ACTION attribute in cards from hand (EPISODE, PLOT TWIST, or an ITEM/MEMBER from hand without paying). Free actions: buy ITEMs (Juta), recruit MEMBERs (discard cards), KAHWIN, your hero ABILITY once per turn, each card ABILITY once per turn.
3. *Dengki*: aim your DENGKI at one player, or end your turn. The turn ends once the attack is done.
Attributes: 1 each from your hero, plus the icons on your ITEMs and on your spouse (an unmarried MEMBER gives only its shield); a new card counts at once (an ITEM with +1 DRAW bought in your turn draws now).

**PLOT TWISTs** are played on your own turn (costs an ACTION) or, for free, during another player's turn in a response window. Conditions printed on cards are checked.
**Limits**: 2 each of ACCESSORY, BUILDING, VEHICLE and MEMBER; a third replaces one of yours, which goes back to your hand. One spouse; KAHWIN needs a MEMBER in front of you of the other gender and its printed cost (2 Juta unless printed otherwise).
**KEDAI**: a bought slot is refilled face down and turns face up when the next turn starts.

**Rulings this game uses**
- PLOT TWIST windows open at the start of every turn (the Collecting phase), at the start of the Action phase, after every card or ABILITY is put into play (bought and recruited cards too), when DENGKI is declared, and again after each PLOT TWIST so counters can be countered. Everyone holding a card is asked, so being asked reveals nothing. A window closes when all have passed or the timer runs out.
- Responses resolve last in, first out; a cancelled cancel does nothing. Reflections of DENGKI (Jelaskan Di Social Media) swap attacker and target, so two of them cancel out.
- Cliffhanger before Collecting skips the whole turn; later it stops card play and the attack (free actions stay allowed).
- DENGKI of strength D: passive protection first, then unmarried MEMBERs (you choose the order when it matters), each absorbing up to its AIR MUKA and then discarded; then your spouse absorbs up to its AIR MUKA and stays; the rest comes off your hero.
- A reactive ABILITY (Klinik Kampung Ubi) is used just before your hero would lose AIR MUKA, only on another player's turn, and can be cancelled.
- An effect that names a card or player checks it again when it resolves and does nothing if it is gone.
- At 0 AIR MUKA you are out: your cards go to the discard piles and your Juta to the Bank. Empty decks reshuffle their discard piles. An empty Bank pays what it has.
- Leaving a match of three or more: your hero is out as at 0 AIR MUKA, at once, and you count as a loser; PLOT TWISTs you had stacked do nothing.
- Pelumba Haram: one more turn after this one (skipped if you are out).
- Collecting happens by itself at the start of your turn; DENGKI strength is counted when it is declared.
"""


def rules_summary() -> str:
    return RULES


#: The question of each action parameter, by action type (``None``: any type).
_QUESTIONS: dict[tuple[str | None, str], str] = {
    ("pick_hero", "hero"): "Which hero (and side) do you play?",
    ("play", "card"): "Which card do you play?",
    ("play", "target"): "On which player?",
    ("play", "pick"): "Which card does it take?",
    ("play", "entry"): "Against which card in the window?",
    ("play", "replace"): "Your slots are full: which card does it replace?",
    ("buy", "slot"): "Buy which ITEM from the Kedai?",
    ("buy", "replace"): "Your ITEMs are full: which one does it replace?",
    ("recruit", "slot"): "Recruit which MEMBER from the Kedai?",
    ("recruit", "replace"): "Your MEMBERs are full: which one does it replace?",
    ("kahwin", "member"): "KAHWIN which of your MEMBERs?",
    ("hero_ability", "target"): "Use your hero's ABILITY on which player?",
    ("hero_ability", "pick"): "Which card does your ABILITY take?",
    ("hero_ability", "discard"): "Which card do you discard to pay for it?",
    ("use", "card"): "Use which card's ABILITY?",
    ("use", "target"): "Use it on which player?",
    ("use", "discard"): "Which card do you discard to pay for it?",
    ("attack", "target"): "DENGKI (attack) which player?",
    ("pay", "card"): "Which card do you discard to pay?",
    ("absorb", "member"): "Which MEMBER shields you first?",
    ("to_hand", "card"): "Which card goes to your hand?",
    ("react", "card"): "Which reactive ABILITY do you use?",
    ("react", "discard"): "Which card do you discard to pay for it?",
    (None, "card"): "Which card?",
    (None, "target"): "On which player?",
    (None, "pick"): "Which card do you take?",
    (None, "entry"): "Against which card in the window?",
    (None, "slot"): "Which Kedai slot?",
    (None, "replace"): "Which card does it replace?",
    (None, "discard"): "Which card do you discard?",
    (None, "member"): "Which MEMBER?",
    (None, "hero"): "Which hero?",
}


def _first_question(state: DramaState, pid: int) -> str:
    m = mode(state, pid)
    if m == "pick":
        return "Choose your hero."
    if m == "window":
        w = state.window
        live = [e for e in w.stack if not e.get("void")] if w is not None else []
        a = state.attack
        aimed = a.target if a is not None and projected_target(state) is None else projected_target(state)
        if a is not None and aimed == pid and w is not None and w.kind == "dengki":
            return f"A DENGKI {a.strength} is aimed at you: play a Plot Twist?"
        if live:
            return f"{entry_name(live[-1])[:40]} was played: respond with a Plot Twist?"
        return "A Plot Twist window is open: respond?"
    if m == "turn":
        left = actions_left(state)
        return f"Your turn ({left} ACTION left): what do you do?"
    c = state.choice
    if m == "pay" and c is not None:
        left = c.data["need"] - len(c.data["chosen"])
        return f"Recruiting {CARDS.name(c.data['card'])[:30]}: discard a card to pay ({left} left)?"
    if m == "absorb" and c is not None:
        return f"You are hit for {c.data['task']['amount']}: which MEMBER shields first?"
    if m == "to_hand":
        return "Which card goes to your hand?"
    if m == "react" and c is not None:
        return f"You are to lose {c.data['task']['amount']} Air Muka: use a reactive ABILITY?"
    return "What do you do?"


def describe_question(state: DramaState, pid: int, key: str | None, chosen: Any) -> str:
    """The question a picker step asks (name-free: the engine knows no player names)."""
    if key in (None, "type"):
        return _first_question(state, pid)[:100]
    kind = next((v for k, v in chosen if k == "type"), None)
    return _QUESTIONS.get((kind, key)) or _QUESTIONS.get((None, key)) or f"Choose {key.replace('_', ' ')}:"
