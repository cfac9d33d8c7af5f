"""Words for people: action labels, picker choices, the move log and the rules page.

Engines do not know display names, so labels name players by their hero (the
log gets a names map from the cog and uses it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.games.drama import cardtext, explain, shop
from bot.games.drama.actions import mode
from bot.games.drama.state import CARDS, DramaState, actions_left, hero_name, player
from bot.games.drama.windows import entry_label, entry_text
from bot.kernel.i18n import N_, step_question, t, tn, translate

TYPE_LABELS = {
    "pick_hero": N_("Choose a hero"),
    "pass": N_("Pass"),
    "play": N_("Play a card"),
    "buy": N_("Buy an ITEM"),
    "recruit": N_("Recruit a MEMBER"),
    "kahwin": N_("KAHWIN"),
    "hero_ability": N_("Use your hero's ABILITY"),
    "use": N_("Use a card's ABILITY"),
    "attack": N_("DENGKI (attack)"),
    "end_turn": N_("End turn without attacking"),
    "pay": N_("Discard a card to pay"),
    "cancel": N_("Cancel recruiting"),
    "absorb": N_("Choose who shields"),
    "to_hand": N_("Choose the card that goes to your hand"),
    "react": N_("Use a reactive ABILITY"),
    "decline": N_("Do not react"),
    "collect": N_("Collect, then play cards"),
}


def _type_label(typ: Any) -> str:
    label = TYPE_LABELS.get(typ) if isinstance(typ, str) else None
    return translate(label) if label else str(typ)


def _who(state: DramaState, pid: int) -> str:
    try:
        p = player(state, pid)
    except KeyError:
        return t("player {pid}", pid=pid)
    return hero_name(p) if p.hero else t("seat {seat}", seat=[x.id for x in state.players].index(pid) + 1)


def _offer(state: DramaState, slot: Any) -> str:
    """A Kedai card with its cost, e.g. "Kereta (3 Juta)" (raises on an empty or unknown slot)."""
    g = CARDS.g(state.kedai[slot])
    if g.kind == "item":
        return t("{card} ({price} Juta)", card=g.name, price=g.price)
    return tn("{card} ({n} card)", "{card} ({n} cards)", g.recruit, card=g.name)


def describe_choice(state: DramaState, pid: int, key: str, value: Any) -> str:
    try:
        if key == "type":
            if value == "attack" and mode(state, pid) == "start":
                return t("DENGKI now (no Collecting; your turn ends)")
            return _type_label(value)
        if key == "target":
            return _who(state, value)
        if key in ("card", "pick", "member", "replace", "discard") and isinstance(value, int):
            label = CARDS.name(value)
            if key == "replace":
                return t("Replacing {card}", card=label)
            if key == "discard":
                return t("Discarding {card}", card=label)
            return label
        if key == "slot":
            if state.kedai[value] is None:
                return t("Slot {slot}: empty", slot=value + 1)
            return t("Slot {slot}: {offer}", slot=value + 1, offer=_offer(state, value))
        if key == "entry" and state.window is not None:
            e = state.window.stack[value]
            return t("{player}'s {card}", player=_who(state, e["player"]), card=entry_label(e))
        if key == "hero":
            k, side = CARDS.side_names()[value]
            h = CARDS.hero(k)
            return t("{hero} ({gender})", hero=value, gender=cardtext.gender_word(h.sides[side][1]))
    except (KeyError, IndexError, TypeError):
        pass
    return str(value)


#: "Play" labels by which of target, pick and entry the action names.
_PLAY_LABELS = {
    (False, False, False): N_("Play {card}"),
    (True, False, False): N_("Play {card} on {target}"),
    (False, True, False): N_("Play {card}: {pick}"),
    (True, True, False): N_("Play {card} on {target}: {pick}"),
    (False, False, True): N_("Play {card} against {entry}"),
    (True, False, True): N_("Play {card} on {target} against {entry}"),
    (False, True, True): N_("Play {card}: {pick} against {entry}"),
    (True, True, True): N_("Play {card} on {target}: {pick} against {entry}"),
}


def describe_action(state: DramaState, pid: int, action: Mapping[str, Any]) -> str:
    typ = action.get("type")

    def c(k: str) -> str:
        return describe_choice(state, pid, k, action[k])

    if typ == "pick_hero":
        text = t("Play as {hero}", hero=c("hero"))
    elif typ == "play":
        shape = ("target" in action, "pick" in action, "entry" in action)
        text = translate(
            _PLAY_LABELS[shape],
            card=c("card"),
            target=c("target") if shape[0] else "",
            pick=c("pick") if shape[1] else "",
            entry=c("entry") if shape[2] else "",
        )
    elif typ in ("buy", "recruit"):
        try:
            offer = _offer(state, action["slot"])
        except (KeyError, IndexError, TypeError, AttributeError):
            offer = c("slot").split(": ", 1)[-1]
        text = t("Buy {offer}", offer=offer) if typ == "buy" else t("Recruit {offer}", offer=offer)
    elif typ == "kahwin":
        p = player(state, pid)
        text = t("KAHWIN {member} ({cost} Juta)", member=c("member"), cost=shop.kahwin_cost(p, action["member"]))
    elif typ == "hero_ability":
        text = t("Hero ABILITY on {target}", target=c("target")) if "target" in action else t("Hero ABILITY")
    elif typ == "use":
        text = (
            t("Use {card} on {target}", card=c("card"), target=c("target"))
            if "target" in action
            else t("Use {card}", card=c("card"))
        )
    elif typ == "attack" and mode(state, pid) == "start":
        text = t("DENGKI {target} now (your turn then ends)", target=c("target"))
    elif typ == "attack":
        text = t("DENGKI {target}", target=c("target"))
    elif typ == "pay":
        text = t("Discard {card}", card=c("card"))
    elif typ == "absorb":
        text = t("{member} shields first", member=c("member"))
    elif typ == "to_hand":
        text = t("{card} goes to your hand", card=c("card"))
    elif typ == "react":
        text = t("Use {card}", card=c("card"))
    else:
        text = _type_label(typ)
    for k in ("replace", "discard"):
        if k in action and typ not in ("pay",):
            text = t("{action}, {detail}", action=text, detail=c(k))
    return text


def _n(names: Mapping[int, str], pid: Any) -> str:
    return names.get(pid, t("Player {pid}", pid=pid))


def _card(cid: Any) -> str:
    """A card an event names, by id or (as the effects that move random cards tell them) by its name."""
    if isinstance(cid, str):
        return cid
    return CARDS.name(cid) if isinstance(cid, int) and cid >= 0 else "?"


def _cards(cids: Any) -> str:
    """Card names in a list, or "nothing"."""
    return ", ".join(_card(x) for x in cids or []) or t("nothing")


#: Effect event templates (``{p}`` the player, ``{t}`` the target); counted ones are in ``_effect_text``.
EFFECT_TEXT = {
    "gain_juta": N_("{p} takes {amount} Juta from the Bank."),
    "heal": N_("{p} regains {amount} AIR MUKA (now {air_muka})."),
    "extra_turn": N_("{p} will take another turn."),
    "bonus_action": N_("{p} gets +{amount} ACTION this turn."),
    "bonus_dengki": N_("{p} gets +{amount} DENGKI this turn."),
    "kedai_discount": N_("{p}'s next ITEM costs {amount} Juta less."),
    "all_pay": N_("{p} collects {amount} Juta from the others."),
    "dengki": N_("{p} aims {amount} DENGKI at {t}."),
    "lose_air_muka": N_("{t} is to lose {amount} AIR MUKA."),
    "take_juta": N_("{p} takes {amount} Juta from {t}."),
    "discard_random": N_("{t} discards {cards}."),
    "discard_spouse": N_("{t}'s spouse {card} is discarded."),
    "steal_item": N_("{p} steals {card} from {t}."),
    "revive_member": N_("{p} brings back {card}."),
    "skip_turn": N_("{t}'s turn is cut by a Cliffhanger: {timing}."),
    "lose_action": N_("{t} loses {amount} ACTION."),
    "cancel": N_("{p}'s cancel takes effect."),
    "reflect_attack": N_("The DENGKI turns on {t}."),
    "reduce_attack": N_("The DENGKI loses {amount} strength (now {strength})."),
}


#: A Cliffhanger's two timings, in words.
_TIMINGS = {
    "collecting": lambda: t("before Collecting, so the whole turn is skipped"),
    "action": lambda: t("no more cards from hand and no attack this turn"),
}


def _effect_text(e: Mapping[str, Any], p: str, tg: str) -> str:
    kind = e["kind"]
    amount = e.get("amount", "")
    if kind in ("draw", "steal_random_card") and isinstance(amount, int):
        if kind == "draw":
            return tn("{p} draws {n} card.", "{p} draws {n} cards.", amount, p=p)
        return tn("{p} takes {n} random card from {t}.", "{p} takes {n} random cards from {t}.", amount, p=p, t=tg)
    fields = {
        "p": p,
        "t": tg,
        "amount": amount,
        "air_muka": e.get("air_muka", ""),
        "cards": _cards(e.get("cards")),
        "card": _card(e.get("card")),
        "timing": _TIMINGS.get(e.get("timing", ""), lambda: "")(),
        "strength": e.get("strength", ""),
    }
    tpl = EFFECT_TEXT.get(kind)
    if tpl is None:
        return t("{p}: {kind}.", p=p, kind=kind)
    return translate(tpl, **fields)


def describe_event(event: Mapping[str, Any], names: Mapping[int, str]) -> str:
    e = dict(event)
    typ = e.get("type")
    p = _n(names, e.get("player"))
    tg = _n(names, e.get("target"))
    if typ == "effect":
        return _effect_text(e, p, tg)
    simple: dict[str, Callable[[], str]] = {
        "pick": lambda: t("{p} plays as {hero}.", p=p, hero=e.get("hero")),
        "first_player": lambda: t("{p} has the gold AIR MUKA card and goes first.", p=p),
        "turn": lambda: t("Turn {number}: {p}.", number=e.get("number"), p=p),
        "turn_end": lambda: t("{p}'s turn ends.", p=p),
        "extra_turn": lambda: t("{p} takes an extra turn (Pelumba Haram).", p=p),
        "skipped": lambda: t("{p} skips the whole turn.", p=p),
        "collect": lambda: t("{p} collects {juta} Juta.", p=p, juta=e.get("juta")),
        "draw": lambda: tn("{p} draws {n} card.", "{p} draws {n} cards.", e.get("count", 0), p=p),
        "drew": lambda: t("You drew: {cards}.", cards=", ".join(_card(x) for x in e.get("cards", []))),
        "reshuffle": lambda: (
            t("The Deck Biru discard pile is shuffled into a new deck.")
            if e.get("deck") == "blue"
            else t("The Deck Hijau discard pile is shuffled into a new deck.")
        ),
        # A pass in a Plot Twist window is not announced: with automatic passes, the lines
        # would say who had a Plot Twist to weigh (and flood the table every turn).
        "pass": lambda: "",
        "in_play": lambda: t("{card} is now in front of {p}.", card=_card(e.get("card")), p=p),
        "replaced": lambda: t("{p} takes {card} back to hand.", p=p, card=_card(e.get("card"))),
        "to_hand": lambda: t("{p} puts {card} in hand.", p=p, card=_card(e.get("card"))),
        "at_once": lambda: tn(
            "{card} gives {p} {juta} Juta and {n} card at once.",
            "{card} gives {p} {juta} Juta and {n} cards at once.",
            e["draw"],
            card=_card(e.get("card")),
            p=p,
            juta=e.get("juta"),
        ),
        "buy": lambda: t("{p} buys {card} for {price} Juta.", p=p, card=_card(e.get("card")), price=e.get("price")),
        "recruit": lambda: t(
            "{p} recruits {card}, discarding {cards}.", p=p, card=_card(e.get("card")), cards=_cards(e.get("paid"))
        ),
        "recruit_cancelled": lambda: t("{p} does not recruit after all.", p=p),
        "kahwin": lambda: t(
            "{p} marries {card} ({cost} Juta). Husband and wife, always loyal!",
            p=p,
            card=_card(e.get("card")),
            cost=e.get("cost"),
        ),
        "attack": lambda: t("{p} aims {strength} DENGKI at {t}!", p=p, strength=e.get("strength"), t=tg),
        "attack_off": lambda: t("The DENGKI comes to nothing."),
        "no_attack": lambda: t("{p} ends the turn without attacking.", p=p),
        "early_attack": lambda: t("{p} skips Collecting and attacks at once!", p=p),
        "cancelled": lambda: t("{p}'s {card} is cancelled.", p=p, card=entry_text(e.get("name"))),
        "resolve": lambda: t("{p}'s {card} resolves.", p=p, card=entry_text(e.get("name"))),
        "fizzle": lambda: (
            t("{p}'s {card} has no effect ({why}).", p=p, card=entry_text(e.get("name")), why=translate(e["why"]))
            if e.get("why")
            else t("{p}'s {card} has no effect.", p=p, card=entry_text(e.get("name")))
        ),
        "stolen": lambda: t(
            "{p} took {cards} from {t}.", p=p, cards=", ".join(_card(x) for x in e.get("cards", [])), t=tg
        ),
        "dengki_reduced": lambda: t("{p}'s protection blocks {amount} DENGKI.", p=p, amount=e.get("amount")),
        "shield": lambda: (
            t(
                "{card} shields {p} from {amount} DENGKI and stays, loyal.",
                card=_card(e.get("card")),
                p=p,
                amount=e.get("amount"),
            )
            if e.get("spouse")
            else t(
                "{card} shields {p} from {amount} DENGKI and is discarded.",
                card=_card(e.get("card")),
                p=p,
                amount=e.get("amount"),
            )
        ),
        "no_loss": lambda: t("{p} loses no AIR MUKA.", p=p),
        "air_muka": lambda: t(
            "{p} loses {amount} AIR MUKA (now {air_muka}).", p=p, amount=-e.get("amount", 0), air_muka=e.get("air_muka")
        ),
        "loss_changed": lambda: t("{p}'s loss of AIR MUKA changes by {amount}.", p=p, amount=e.get("amount")),
        "eliminated": lambda: (
            t("{p}'s hero is out of the game; their cards go to the discard piles.", p=p)
            if e.get("reason") == "left"
            else t("{p} has no AIR MUKA left and is out!", p=p)
        ),
        "left": lambda: t("{p} left the match.", p=p),
        "take_fails": lambda: t(
            "{p} does not get {card}: it went to the discard pile with {t}'s cards.",
            p=p,
            card=entry_text(e.get("name")),
            t=tg,
        ),
        "game_over": lambda: (
            t("{winner} is the protagonist of this drama!", winner=_n(names, e.get("winner")))
            if e.get("winner") is not None
            else t("Nobody is left.")
        ),
    }
    if typ == "play":
        card = _card(e.get("card"))
        if "against" in e:
            owner, against = _n(names, e.get("against_player")), entry_text(e["against"])
            if "target" in e:
                return t(
                    "{p} plays {card} on {t} against {owner}'s {against}.",
                    p=p,
                    card=card,
                    t=tg,
                    owner=owner,
                    against=against,
                )
            return t("{p} plays {card} against {owner}'s {against}.", p=p, card=card, owner=owner, against=against)
        return (
            t("{p} plays {card} on {t}.", p=p, card=card, t=tg)
            if "target" in e
            else t("{p} plays {card}.", p=p, card=card)
        )
    if typ == "ability":
        if e.get("hero"):
            return (
                t("{p} uses their hero ABILITY on {t}.", p=p, t=tg)
                if "target" in e
                else t("{p} uses their hero ABILITY.", p=p)
            )
        card = _card(e.get("card"))
        return (
            t("{p} uses their {card} ABILITY on {t}.", p=p, card=card, t=tg)
            if "target" in e
            else t("{p} uses their {card} ABILITY.", p=p, card=card)
        )
    make = simple.get(typ) if isinstance(typ, str) else None
    return make() if make else str(typ)


def rules_summary() -> str:
    """The rules page: one text per paragraph (each rulings item is its own text)."""
    return (
        "\n\n".join(
            (
                t(
                    "**Drama Pukul 7**: knock the others' AIR MUKA (face) down to 0; the last player standing is the "
                    "protagonist. 2 to 6 players."
                ),
                t(
                    "**Setup**: each player picks a hero side (the side sets the gender) or is dealt a hero (host "
                    "option); the gold AIR MUKA card, dealt at random, names the first player. Everyone starts with 7 "
                    "AIR MUKA (never above 7), 4 Deck Biru cards and 1 Juta; the Bank holds 30 Juta; the KEDAI shows 4 "
                    "Deck Hijau cards."
                ),
                "\n".join(
                    (
                        t("**Your turn**"),
                        t("1. *Collecting*: take Juta and draw cards equal to your JUTA and DRAW attributes."),
                        t(
                            "2. *Action*: play up to your ACTION attribute in cards from hand (EPISODE, PLOT TWIST, or "
                            "an ITEM/MEMBER from hand without paying). Free actions: buy ITEMs (Juta), recruit MEMBERs "
                            "(discard cards), KAHWIN, your hero ABILITY once per turn, each card ABILITY once per turn."
                        ),
                        t(
                            "3. *Dengki*: aim your DENGKI at one player, or end your turn. The turn ends once the "
                            "attack is done."
                        ),
                        t(
                            "Attributes: 1 each from your hero, plus the icons on your ITEMs and on your spouse (an "
                            "unmarried MEMBER gives only its shield); a new card counts at once (an ITEM with +1 DRAW "
                            "bought in your turn draws now)."
                        ),
                    )
                ),
                "\n".join(
                    (
                        t(
                            "**PLOT TWISTs** are played on your own turn (costs an ACTION) or, for free, during "
                            "another player's turn in a response window. Conditions printed on cards are checked."
                        ),
                        t(
                            "**Limits**: 2 each of ACCESSORY, BUILDING, VEHICLE and MEMBER; a third replaces one of "
                            "yours, which goes back to your hand. One spouse; KAHWIN needs a MEMBER in front of you of "
                            "the other gender and its printed cost (2 Juta unless printed otherwise)."
                        ),
                        t(
                            "**KEDAI**: a bought slot is refilled face down and turns face up when the next turn "
                            "starts."
                        ),
                    )
                ),
                "\n".join(
                    (
                        t("**Rulings this game uses**"),
                        t(
                            "- PLOT TWIST windows open at the start of every turn (the Collecting phase), at the start "
                            "of the Action phase, after every card or ABILITY is put into play (bought and recruited "
                            "cards too), when DENGKI is declared, and again after each PLOT TWIST so counters can be "
                            "countered. Everyone holding a card is asked, so being asked reveals nothing. A window "
                            "closes when all have passed or time runs out (at once if none can answer); who let it "
                            "lapse is never shown."
                        ),
                        t(
                            "- Responses resolve last in, first out; a cancelled cancel does nothing. Reflections of "
                            "DENGKI (Jelaskan Di Social Media) swap attacker and target, so two of them cancel out."
                        ),
                        t(
                            "- Cliffhanger before Collecting skips the whole turn; later it stops card play and the "
                            "attack (free actions stay allowed)."
                        ),
                        t(
                            "- DENGKI of strength D: passive protection first, then unmarried MEMBERs (you choose the "
                            "order when it matters), each absorbing up to its AIR MUKA and then discarded; then your "
                            "spouse absorbs up to its AIR MUKA and stays; the rest comes off your hero."
                        ),
                        t(
                            "- A reactive ABILITY (Klinik Kampung Ubi) is used just before your hero would lose AIR "
                            "MUKA, only on another player's turn, and can be cancelled."
                        ),
                        t(
                            "- An effect that names a card or player checks it again when it resolves and does nothing "
                            "if it is gone."
                        ),
                        t(
                            "- At 0 AIR MUKA you are out: your cards go to the discard piles and your Juta to the "
                            "Bank. Empty decks reshuffle their discard piles. An empty Bank pays what it has."
                        ),
                        t(
                            "- Leaving a match of three or more: your hero is out as at 0 AIR MUKA, at once, and you "
                            "count as a loser; PLOT TWISTs you had stacked do nothing."
                        ),
                        t("- Pelumba Haram: one more turn after this one (skipped if you are out)."),
                        t(
                            "- You may DENGKI at once instead of Collecting; the turn then ends with the attack. "
                            "Strength counts when declared."
                        ),
                        t("- A card that hits with DENGKI is a DENGKI: defence cards answer it, MEMBERs absorb it."),
                    )
                ),
            )
        )
        + "\n"
    )


#: The question of each action parameter, by action type (``None``: any type).
_QUESTIONS: dict[tuple[str | None, str], str] = {
    ("pick_hero", "hero"): N_("Which hero (and side) do you play?"),
    ("play", "card"): N_("Which card do you play?"),
    ("play", "target"): N_("On which player?"),
    ("play", "pick"): N_("Which card does it take?"),
    ("play", "entry"): N_("Against which card in the window?"),
    ("play", "replace"): N_("Your slots are full: which card does it replace?"),
    ("buy", "slot"): N_("Buy which ITEM from the Kedai?"),
    ("buy", "replace"): N_("Your ITEMs are full: which one does it replace?"),
    ("recruit", "slot"): N_("Recruit which MEMBER from the Kedai?"),
    ("recruit", "replace"): N_("Your MEMBERs are full: which one does it replace?"),
    ("kahwin", "member"): N_("KAHWIN which of your MEMBERs?"),
    ("hero_ability", "target"): N_("Use your hero's ABILITY on which player?"),
    ("hero_ability", "pick"): N_("Which card does your ABILITY take?"),
    ("hero_ability", "discard"): N_("Which card do you discard to pay for it?"),
    ("use", "card"): N_("Use which card's ABILITY?"),
    ("use", "target"): N_("Use it on which player?"),
    ("use", "discard"): N_("Which card do you discard to pay for it?"),
    ("attack", "target"): N_("DENGKI (attack) which player?"),
    ("pay", "card"): N_("Which card do you discard to pay?"),
    ("absorb", "member"): N_("Which MEMBER shields you first?"),
    ("to_hand", "card"): N_("Which card goes to your hand?"),
    ("react", "card"): N_("Which reactive ABILITY do you use?"),
    ("react", "discard"): N_("Which card do you discard to pay for it?"),
    (None, "card"): N_("Which card?"),
    (None, "target"): N_("On which player?"),
    (None, "pick"): N_("Which card do you take?"),
    (None, "entry"): N_("Against which card in the window?"),
    (None, "slot"): N_("Which Kedai slot?"),
    (None, "replace"): N_("Which card does it replace?"),
    (None, "discard"): N_("Which card do you discard?"),
    (None, "member"): N_("Which MEMBER?"),
    (None, "hero"): N_("Which hero?"),
}


def _first_question(state: DramaState, pid: int, names: Mapping[int, str]) -> str:
    m = mode(state, pid)
    if m == "pick":
        return t("Choose your hero.")
    if m == "window":
        return explain.window_question(state, pid, names)
    if m == "start":
        return explain.start_question(state, pid)
    if m == "turn":
        left = actions_left(state)
        return t("Your turn ({left} ACTION left): what do you do?", left=left)
    c = state.choice
    if m == "pay" and c is not None:
        left = c.data["need"] - len(c.data["chosen"])
        return tn(
            "Recruiting {card}: discard a card to pay ({n} left)?",
            "Recruiting {card}: discard a card to pay ({n} left)?",
            left,
            card=CARDS.name(c.data["card"])[:30],
        )
    if m == "absorb" and c is not None:
        return t("You are hit for {amount}: which MEMBER shields first?", amount=c.data["task"]["amount"])
    if m == "to_hand":
        return t("Which card goes to your hand?")
    if m == "react" and c is not None:
        return t("You are to lose {amount} Air Muka: use a reactive ABILITY?", amount=c.data["task"]["amount"])
    return t("What do you do?")


def describe_question(
    state: DramaState, pid: int, key: str | None, chosen: Any, names: Mapping[int, str] | None = None
) -> str:
    """The question a picker step asks; seats are named by ``names`` where given, else by hero."""
    if key in (None, "type"):
        return _first_question(state, pid, names or {})
    return step_question(_QUESTIONS, key, chosen)
