"""Two rule-based Drama Pukul 7 players, used as independent yardsticks for the project's AI.

They were written from the printed rulebook (``/work/shared/rules/drama-pukul-7.txt``), the Drama Pukul 7
section of ``RULINGS.md`` and the engine's public surface (the legal actions, the player's ``view`` and the
printed card data) alone, without looking at the project's own AI. Each decides from what its seat may see:
its hand, the table, the open Kedai, the response window and the pending Dengki; it never copies or
simulates the engine state.

Both share one way of judging a position (``_Player``): every candidate action gets a score in "Juta-like"
points (1 Juta or 1 card in hand is about one point, 1 Air Muka about two, more as a hero gets low), the best
positive one is taken, and the turn ends with a Dengki when it does something. They differ in their weights and habits:

* ``planner`` (class :class:`Planner`) builds first: Juta, Draw and ACTION ITEMs, MEMBERs as shields, and a
  spouse of the other gender (a spouse shields every attack and stays). It keeps its cancelling Plot Twists
  for what really hurts, holds small harmful ones until they pay well, and attacks when the Dengki gets
  through, holding back when a Dengki turned back on it would knock it out.
* ``brawler`` (class :class:`Brawler`) goes for the opponent: it values DENGKI and the opponent's Air Muka
  above its own growth, fires harmful Plot Twists on the opponent's turn as soon as they pay (they cost no
  ACTION there), cancels readily, values making the opponent discard (their answers to its attacks) and
  attacks every turn, even only to strip unmarried MEMBERs.

Both open the opponent's turn with Cliffhanger when they hold one (before Collecting it skips the whole
turn), answer a Dengki aimed at them with Jelaskan Di Social Media or Pengsan Tiba-Tiba, and take the hero
Cikgu Azman when it is free (an extra ACTION and a fresh card each turn for a spare card), else Inspektor
Wang. The heroes were chosen by measurement: a male side, which marries the female MEMBERs, did better.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.drama.state import CARDS, MAX_AIR_MUKA
from bot.games.drama.windows import cancelled_flags, named_entry_effects
from bot.kernel.contract import Action
from bot.kernel.rng import Rng

View = Mapping[str, Any]
Seat = Mapping[str, Any]

#: How much a player holds on to each Blue card when paying for a recruit or an ABILITY (its worth in hand).
_KEEP: dict[str, float] = {
    "Pelumba Haram": 3.5,
    "Sebenarnya Semua Hanyalah Mimpi": 3.2,
    "Jelaskan Di Social Media": 3.0,
    "Cliffhanger": 3.0,
    "Aku Sebenarnya Polis": 2.4,
    "Pengsan Tiba-Tiba": 2.0,
    "Rupanya Kembar!": 2.0,
    "Cerai Talak Tiga": 1.8,
    "Anak Luar Nikah Muncul": 2.0,
    "Tampar Depan Orang Ramai": 2.0,
    "Tiba-Tiba Rajin": 1.8,
    "Menang Cabutan Bertuah": 1.8,
    "Dapat Duit Raya": 1.6,
    "Jumpa Bomoh": 1.6,
    "Kahwin Lari": 1.5,
    "Kena Pukau": 1.4,
    "Rampas Harta Pusaka": 1.3,
    "Saksi Palsu": 1.3,
    "Balik Kampung": 1.2,
    "Dendam Kesumat": 1.2,
    "Gangster Tapi Hati Baik": 1.0,
    "Minta Sedekah Raya": 1.0,
    "Anak Tiri Kaki Curi": 1.0,
    "Hutang Keliling Pinggang": 0.9,
    "Jualan Murah Tengah Malam": 0.8,
    "Gosip Kak Limah": 0.8,
}

#: Worth of a Green card's ABILITY on top of its attributes (the passive/reactive/active text on the card).
_ABILITY_WORTH: dict[str, float] = {
    "Cincin Batu Akik": 3.5,
    "Telefon Lipat": 0.6,
    "Cermin Mata Hitam": 1.0,
    "Klinik Kampung Ubi": 2.0,
    "Banglo Atas Bukit": 0.6,
    "Kedai Runcit Pak Mat": 1.0,
    "Surau Kampung": 1.5,
    "Pejabat Guaman": 1.0,
    "Motor Kapcai": 0.8,
    "Van Nasi Lemak": 1.0,
    "Dato Rashid": 1.5,
    "Abang Long": 3.0,
    "Mira Influencer": 1.5,
    "Siti Tukang Masak": 1.2,
    "Haji Bakhil": 0.6,
    "Ah Chong Kawan Baik": 1.0,
}


class _Player:
    """The shared judgement; subclasses set the weights and the habits that make their style."""

    name = "_base"
    #: Hero sides in order of preference; without any of them, the first male side offered.
    heroes: tuple[str, ...] = ()
    #: Worth of one point of each attribute owned for the rest of the game, early on.
    w_juta = 3.5
    w_draw = 3.0
    w_action = 3.0
    w_dengki = 2.5
    #: Worth of one Air Muka a MEMBER can absorb once (unmarried) or every attack (spouse).
    w_shield = 1.0
    w_spouse_shield = 1.6
    #: Worth of one Air Muka: the opponent's and my own (both rise as the hero gets low).
    w_their_face = 2.0
    w_my_face = 2.0
    #: Minimum worth of what a cancelling card stops, by card: below it the card is kept for later.
    cancel_bar: Mapping[str, float] = {
        "Sebenarnya Semua Hanyalah Mimpi": 3.5,
        "Rupanya Kembar!": 2.2,
        "Saksi Palsu": 2.0,
    }
    #: Minimum worth to fire a harmful Plot Twist on the opponent's turn (it costs no ACTION there).
    fire_bar = 1.5
    #: Extra price of playing a Plot Twist on my own turn, where it costs an ACTION it would not cost later.
    own_turn_twist_penalty = 2.0
    #: Worth of each card an opponent is made to discard at random (it may be their answer to my attack).
    w_hand_hit = 0.9
    #: Share of a future spouse's worth credited to an unmarried MEMBER of the other gender.
    marriage_hope = 0.4
    #: How much the chance of my Dengki being turned back on me counts.
    reflect_fear = 1.0
    #: Attack even when the Dengki only strips unmarried MEMBERs.
    strip_members = True

    # --- entry point ---------------------------------------------------------------------------

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        """One of ``legal``: dispatch on what the table is asking this seat for."""
        if not legal:
            raise ValueError("no legal action to choose from")
        first = legal[0]["type"]
        try:
            if first == "pick_hero":
                return self._pick_hero(legal)
            if view.get("choice") is not None and view["choice"]["player"] == view["viewer"]:
                got = self._choice(view, legal)
            elif first == "pass":
                got = self._window(view, legal)
            else:
                got = self._turn(view, legal)
        except (KeyError, IndexError, TypeError, ValueError):  # a view shape this player did not expect
            got = None
        if got is None or got not in legal:
            got = self._fallback(legal)
        return got

    @staticmethod
    def _fallback(legal: Sequence[Action]) -> Action:
        """The quiet option: pass, decline, collect or end the turn; else the first listed."""
        for typ in ("pass", "decline", "collect", "end_turn"):
            for a in legal:
                if a["type"] == typ:
                    return a
        return legal[0]

    # --- reading the view ----------------------------------------------------------------------

    @staticmethod
    def _me(view: View) -> Seat:
        """The seat of the player deciding."""
        return next(p for p in view["players"] if p["id"] == view["viewer"])

    @staticmethod
    def _seat(view: View, pid: int) -> Seat:
        """The seat of player ``pid``."""
        return next(p for p in view["players"] if p["id"] == pid)

    @staticmethod
    def _opponents(view: View) -> list[Seat]:
        """Every other player still in the game."""
        return [p for p in view["players"] if p["alive"] and p["id"] != view["viewer"]]

    #: Turns (both players' counted) over which growth loses its worth; games last about a dozen.
    horizon = 28.0

    def _late(self, view: View) -> float:
        """How far the game is: 1.0 at the start down to 0.35; growth cards are worth less later."""
        return max(0.35, 1.0 - view["turn"]["number"] / self.horizon)

    @staticmethod
    def _reduce(seat: Seat) -> int:
        """DENGKI reduction from passive abilities (an ITEM, or a married MEMBER)."""
        total = 0
        cards = [c["id"] for c in seat["items"]] + [m["id"] for m in seat["members"] if m["married"]]
        for cid in cards:
            ab = CARDS.g(cid).ability
            if ab.kind == "passive":
                total += ab.amount("dengki_reduce")
        return total

    def _through(self, strength: int, seat: Seat) -> tuple[int, list[Mapping[str, Any]]]:
        """What a Dengki of ``strength`` does to ``seat``: Air Muka lost and unmarried MEMBERs used up.

        Follows the ruled order (reduction, unmarried MEMBERs each up to their Air Muka, spouse, hero),
        with the defender using the MEMBER that covers the rest most cheaply first.
        """
        amount = max(0, strength - self._reduce(seat))
        unmarried = [m for m in seat["members"] if not m["married"]]
        lost: list[Mapping[str, Any]] = []
        while amount > 0 and unmarried:
            covering = [m for m in unmarried if m["air_muka"] >= amount]
            m = min(covering, key=lambda x: x["air_muka"]) if covering else max(unmarried, key=lambda x: x["air_muka"])
            unmarried.remove(m)
            lost.append(m)
            amount -= min(amount, m["air_muka"])
        for m in seat["members"]:
            if m["married"]:
                amount -= min(amount, m["air_muka"])
        return amount, lost

    def _face(self, seat: Seat, mine: bool) -> float:
        """Worth of one Air Muka of ``seat``: more as they get low."""
        base = self.w_my_face if mine else self.w_their_face
        return base + 0.35 * (MAX_AIR_MUKA - seat["air_muka"])

    def _loss_worth(self, seat: Seat, loss: int, mine: bool) -> float:
        """Worth of ``seat`` losing ``loss`` Air Muka; knocking a hero out is worth almost anything."""
        if loss <= 0:
            return 0.0
        if loss >= seat["air_muka"]:
            return 60.0
        return loss * self._face(seat, mine)

    def _hit_worth(self, strength: int, seat: Seat, mine: bool) -> float:
        """Worth of a Dengki landing on ``seat`` (for its owner's enemy when ``mine`` is False)."""
        loss, lost = self._through(strength, seat)
        return self._loss_worth(seat, loss, mine) + sum(0.8 + 0.6 * m["air_muka"] for m in lost)

    # --- card worth --------------------------------------------------------------------------

    def _attr_worth(self, attrs: Mapping[str, int] | Sequence[int], view: View) -> float:
        """Attributes owned from now on: growth (Juta, Draw, ACTION) fades as the game goes on, DENGKI grows."""
        if not isinstance(attrs, Mapping):
            attrs = dict(zip(("juta", "draw", "action", "dengki"), attrs, strict=True))
        late = self._late(view)
        return (
            attrs.get("juta", 0) * self.w_juta * late
            + attrs.get("draw", 0) * self.w_draw * late
            + attrs.get("action", 0) * self.w_action * late
            + attrs.get("dengki", 0) * self.w_dengki * (0.6 + 0.4 * (1.0 - late) / 0.65)
        )

    def _item_worth(self, cid: int, view: View) -> float:
        """An ITEM in front of me: its attributes and its ABILITY."""
        g = CARDS.g(cid)
        return self._attr_worth(g.attrs, view) + _ABILITY_WORTH.get(g.name, 0.0)

    def _spouse_worth(self, cid: int, view: View) -> float:
        """A married MEMBER: its attributes, its ABILITY, and a shield that stays after every attack."""
        g = CARDS.g(cid)
        return self._attr_worth(g.attrs, view) + _ABILITY_WORTH.get(g.name, 0.0) + g.air_muka * self.w_spouse_shield

    def _member_worth(self, cid: int, seat: Seat, view: View) -> float:
        """An unmarried MEMBER: a one-time shield, plus the hope of marrying them."""
        g = CARDS.g(cid)
        worth = g.air_muka * self.w_shield + 0.5
        spouse = any(m["married"] for m in seat["members"])
        if not spouse and g.gender != seat["gender"]:
            worth += self.marriage_hope * self._spouse_worth(cid, view)
        return worth

    def _in_play_worth(self, card: Mapping[str, Any], seat: Seat, view: View) -> float:
        """A card in front of ``seat``, as it stands (ITEM, spouse or unmarried MEMBER)."""
        if card["kind"] == "item":
            return self._item_worth(card["id"], view)
        if card.get("married"):
            return self._spouse_worth(card["id"], view)
        return self._member_worth(card["id"], seat, view)

    def _keep(self, cid: int, view: View) -> float:
        """What a card in hand is worth keeping (less when the hand is full)."""
        return self._keep_one(cid, view) * self._crowded(view)

    def _keep_one(self, cid: int, view: View) -> float:
        """A card's worth in hand before the full-hand discount; a few depend on the table."""
        if CARDS.is_blue(cid):
            name = CARDS.blue[cid].name
            me = self._me(view)
            worth = _KEEP.get(name, 1.0)
            if name == "Balik Kampung":
                worth += 0.3 * (MAX_AIR_MUKA - me["air_muka"])
            if name == "Kahwin Lari" and any(m["married"] for m in me["members"]):
                worth = 0.5
            return worth
        g = CARDS.g(cid)
        if g.kind == "item":
            return 0.5 * self._item_worth(cid, view) + 0.5
        return 0.5 * self._member_worth(cid, self._me(view), view) + 0.5

    def _cheapest(self, view: View, n: int, skip: Sequence[int] = ()) -> float:
        """The least worth of ``n`` cards from hand (what paying ``n`` cards costs)."""
        values = sorted(self._keep(c["id"], view) for c in view["hand"] if c["id"] not in skip)
        if len(values) < n:
            return 99.0
        return sum(values[:n])

    # --- hero choice -------------------------------------------------------------------------

    def _pick_hero(self, legal: Sequence[Action]) -> Action:
        """The first hero side of my list still free, else a male side."""
        names = [a["hero"] for a in legal]
        for want in self.heroes:
            if want in names:
                return legal[names.index(want)]
        male = [a for a in legal if self._male(a["hero"])]
        return male[0] if male else legal[0]

    @staticmethod
    def _male(side_name: str) -> bool:
        """Whether a hero side is a man (he marries the female MEMBERs)."""
        key, side = CARDS.side_names()[side_name]
        return CARDS.hero(key).sides[side][1] == "M"

    # --- the turn player's decisions ---------------------------------------------------------

    def _attack_worth(self, view: View, target: Seat, bonus: int = 0) -> float:
        """Worth of my Dengki (plus ``bonus``) landing on ``target``."""
        me = self._me(view)
        strength = me["attributes"]["dengki"] + bonus
        loss, lost = self._through(strength, target)
        if loss <= 0 and lost and not self.strip_members:
            return 0.1
        gain = self._hit_worth(strength, target, mine=False)
        # Four Jelaskan Di Social Media in 64 Blue cards: the fuller their hand, the likelier it comes back.
        p = 1.0 - (60.0 / 64.0) ** target["hand_count"]
        return (1.0 - p) * gain - p * self._hit_worth(strength, me, mine=True) * self.reflect_fear

    def _best_target(self, view: View, worth: Any) -> tuple[float, int | None]:
        """The opponent for whom ``worth`` is highest, with that worth (0 and None: nobody worth it)."""
        best: tuple[float, int | None] = (0.0, None)
        for o in self._opponents(view):
            w = worth(o)
            if w > best[0]:
                best = (w, o["id"])
        return best

    def _turn(self, view: View, legal: Sequence[Action]) -> Action | None:
        """My Action phase: the best positive free action or card; when none is left, attack or end the turn."""
        scored = [(self._score(view, a), i) for i, a in enumerate(legal) if a["type"] not in ("attack", "end_turn")]
        if scored:
            best, i = max(scored)
            if best > 0.05:
                return legal[i]
        attacks = [a for a in legal if a["type"] == "attack"]
        if attacks:
            worth = {a["target"]: self._attack_worth(view, self._seat(view, a["target"])) for a in attacks}
            target = max(worth, key=lambda k: worth[k])
            if worth[target] > 0:
                return next(a for a in attacks if a["target"] == target)
        return next((a for a in legal if a["type"] == "end_turn"), None)

    def _score(self, view: View, a: Action) -> float:
        """Worth of one turn action other than attacking or ending the turn (those are decided last)."""
        typ = a["type"]
        if typ == "play":
            return self._play_score(view, a)
        if typ == "buy":
            return self._buy_score(view, a)
        if typ == "recruit":
            return self._recruit_score(view, a)
        if typ == "kahwin":
            return self._kahwin_score(view, a["member"])
        if typ == "hero_ability":
            return self._hero_score(view, a)
        if typ == "use":
            return self._use_score(view, a)
        return 0.0

    def _kedai_card(self, view: View, slot: int) -> Mapping[str, Any]:
        """The face-up card in a Kedai slot."""
        return view["kedai"][slot]["card"]

    def _replace_cost(self, view: View, a: Action) -> float:
        """Making room when a type is full: the card sent back to hand, less what it still gives there."""
        if "replace" not in a:
            return 0.0
        me = self._me(view)
        owned = next(c for c in me["items"] + me["members"] if c["id"] == a["replace"])
        # The replaced card goes back to hand: some of it is kept.
        return self._in_play_worth(owned, me, view) - self._keep(a["replace"], view) * 0.5

    def _item_price(self, view: View, cid: int) -> int:
        """An ITEM's price for me now, after this turn's discount and a married Dato Rashid."""
        me = self._me(view)
        discount = view["turn"]["discount"]
        for c in [i["id"] for i in me["items"]] + [m["id"] for m in me["members"] if m["married"]]:
            ab = CARDS.g(c).ability
            if ab.kind == "passive":
                discount += ab.amount("item_discount")
        return max(0, CARDS.g(cid).price - discount)

    def _juta_worth(self, view: View) -> float:
        """Worth of a Juta in my purse: less when neither the Kedai nor a KAHWIN wants it."""
        me = self._me(view)
        if not any(m["married"] for m in me["members"]):
            if any(CARDS.g(m["id"]).gender != me["gender"] for m in me["members"]):
                return 1.0
        for slot in view["kedai"]:
            card = slot["card"]
            if card is not None and not slot["face_down"] and card["kind"] == "item":
                if self._item_worth(card["id"], view) - self._item_price(view, card["id"]) > 0.5:
                    return 1.0
        return 0.6

    def _buy_score(self, view: View, a: Action) -> float:
        """Buying an ITEM: its worth less its price in Juta (and what it replaces)."""
        cid = self._kedai_card(view, a["slot"])["id"]
        price = self._item_price(view, cid)
        return self._item_worth(cid, view) - price * self._juta_worth(view) - self._replace_cost(view, a)

    def _recruit_score(self, view: View, a: Action) -> float:
        """Recruiting a MEMBER: its worth less the cheapest cards that pay for it (and what it replaces)."""
        me = self._me(view)
        card = self._kedai_card(view, a["slot"])
        need = card["recruit"]
        for c in [i["id"] for i in me["items"]] + [m["id"] for m in me["members"] if m["married"]]:
            ab = CARDS.g(c).ability
            if ab.kind == "passive":
                need -= ab.amount("recruit_discount")
        cost = self._cheapest(view, max(0, need))
        return self._member_worth(card["id"], me, view) - cost - self._replace_cost(view, a)

    def _kahwin_score(self, view: View, member: int) -> float:
        """KAHWIN: what the MEMBER adds once married (attributes, ABILITY, a lasting shield) less its price."""
        me = self._me(view)
        g = CARDS.g(member)
        cost = g.kahwin
        for c in [i["id"] for i in me["items"]]:
            ab = CARDS.g(c).ability
            if ab.kind == "passive":
                cost -= ab.amount("kahwin_discount")
        gain = self._spouse_worth(member, view) - (g.air_muka * self.w_shield + 0.5)
        # Another member of the other gender, tougher or richer, would be the better spouse: wait for it.
        for m in me["members"]:
            if m["id"] != member and CARDS.g(m["id"]).gender == g.gender:
                if self._spouse_worth(m["id"], view) > self._spouse_worth(member, view) + 0.5:
                    gain -= 3.0
        return gain + 1.0 - max(0, cost) * self._juta_worth(view)

    def _damage_bonus_worth(self, view: View, bonus: int) -> float:
        """Worth of ``bonus`` more Dengki on this turn's attack (zero if it changes nothing)."""
        if view["turn"].get("silenced"):
            return 0.0
        now = self._best_target(view, lambda o: self._attack_worth(view, o))[0]
        more = self._best_target(view, lambda o: self._attack_worth(view, o, bonus))[0]
        return max(0.0, more - now)

    def _effect_worth(self, view: View, a: Action, effects: Sequence[Any], name: str) -> float:
        """Worth to me of effects I put into play on my own turn, with the action's chosen targets."""
        me = self._me(view)
        target = self._seat(view, a["target"]) if "target" in a else None
        total = 0.0
        for e in effects:
            k, n = e.kind, e.amount
            if k == "gain_juta":
                total += n * 1.0
            elif k == "draw":
                total += n * 1.1
            elif k == "heal":
                healed = min(n, MAX_AIR_MUKA - me["air_muka"])
                total += healed * self._face(me, mine=True)
            elif k == "extra_turn":
                total += 8.0
            elif k == "bonus_action":
                playable = [c for c in view["hand"] if c["name"] != name]
                total += 2.5 * n if playable else 0.3
            elif k == "bonus_dengki":
                total += self._damage_bonus_worth(view, n)
            elif k == "kedai_discount":
                total += self._discount_worth(view, n)
            elif k == "all_pay":
                total += sum(1.6 for o in self._opponents(view) if o["juta"] > 0)
            elif k == "dengki" and target is not None:
                total += self._hit_worth(n, target, mine=False)
            elif k == "lose_air_muka" and target is not None:
                total += self._loss_worth(target, n, mine=False)
            elif k == "take_juta" and target is not None:
                total += 1.6 * min(n, target["juta"])
            elif k == "discard_random" and target is not None:
                total += self.w_hand_hit * min(n, target["hand_count"])
            elif k == "steal_random_card" and target is not None:
                total += 1.8 * min(n, target["hand_count"])
            elif k == "discard_spouse" and target is not None:
                spouse = next((m for m in target["members"] if m["married"]), None)
                total += self._spouse_worth(spouse["id"], view) if spouse else 0.0
            elif k == "steal_item" and "pick" in a:
                total += 2.0 * self._item_worth(a["pick"], view)
            elif k == "revive_member" and "pick" in a:
                total += self._member_worth(a["pick"], me, view)
            elif k == "free_kahwin" and "pick" in a:
                g = CARDS.g(a["pick"])
                total += self._kahwin_score(view, a["pick"]) + g.kahwin
        return total

    def _discount_worth(self, view: View, n: int) -> float:
        """A Kedai discount is worth what it saves on the best ITEM I would then buy."""
        me = self._me(view)
        best = 0.0
        for slot in view["kedai"]:
            card = slot["card"]
            if slot["face_down"] or card is None or card["kind"] != "item":
                continue
            price = self._item_price(view, card["id"])
            if price - n > me["juta"]:
                continue
            worth = self._item_worth(card["id"], view) - max(0, price - n)
            plain = self._item_worth(card["id"], view) - price if price <= me["juta"] else 0.0
            best = max(best, worth - max(0.0, plain))
        return best

    def _play_score(self, view: View, a: Action) -> float:
        """A card from hand on my turn: its effect less the ACTION (and, for a Plot Twist, its free use later)."""
        cid = a["card"]
        if "replace" in a or not CARDS.is_blue(cid):
            me = self._me(view)
            g = CARDS.g(cid)
            worth = self._item_worth(cid, view) if g.kind == "item" else self._member_worth(cid, me, view)
            return worth - self._replace_cost(view, a) - self._action_cost(view)
        d = CARDS.blue[cid]
        worth = self._effect_worth(view, a, d.effects, d.name)
        if d.kind == "plot_twist":
            worth -= self.own_turn_twist_penalty
        return worth - self._action_cost(view) - 0.3 * self._keep(cid, view)

    def _action_cost(self, view: View) -> float:
        """What spending one ACTION gives up: nothing when it is the last, little otherwise."""
        return 0.0 if view["turn"]["actions_left"] <= 1 else 0.2

    def _discard_cost(self, view: View, a: Action) -> float:
        """The card an ABILITY discards, if any."""
        return self._keep(a["discard"], view) if "discard" in a else 0.0

    def _hero_score(self, view: View, a: Action) -> float:
        """My hero's ABILITY with the chosen targets and payment."""
        me = self._me(view)
        ab = CARDS.hero(me["hero_key"]).ability
        return self._ability_score(view, a, ab)

    def _use_score(self, view: View, a: Action) -> float:
        """An active ABILITY of an ITEM or my spouse."""
        ab = CARDS.g(a["card"]).ability
        return self._ability_score(view, a, ab)

    def _ability_score(self, view: View, a: Action, ab: Any) -> float:
        """An ABILITY is worth its effects less its price; one giving an ACTION is worth the card it lets me play."""
        kinds = {e.kind for e in ab.effects}
        worth = self._effect_worth(view, a, ab.effects, "")
        if "bonus_action" in kinds:
            skip = a.get("discard")
            worth = 1.1 * ab.amount("draw") + self._hand_play_worth(view, skip)
        if "draw" in kinds and ab.cost.juta:
            worth *= 0.9
        cost = ab.cost.juta * self._juta_worth(view) + self._discard_cost(view, a)
        return worth - cost - 0.1

    def _hand_play_worth(self, view: View, skip: int | None) -> float:
        """Roughly what one more ACTION is worth: the best card in hand that the ACTIONs I have leave over."""
        plays = self._hand_plays(view, skip)
        left = max(0, view["turn"]["actions_left"])
        return plays[left] if len(plays) > left else 0.0

    def _hand_plays(self, view: View, skip: int | None) -> list[float]:
        """Rough worth of playing each card in hand (printed conditions checked), best first."""
        out = []
        opponents = self._opponents(view)
        for c in view["hand"]:
            cid = c["id"]
            if cid == skip:
                continue
            if not CARDS.is_blue(cid):
                worth = self._item_worth(cid, view) if c["kind"] == "item" else 1.0
            else:
                d = CARDS.blue[cid]
                if d.kind != "episode" or not self._conditions_hold(view, d.conditions):
                    continue
                guess: dict[str, Any] = {"card": cid}
                if opponents:
                    guess["target"] = opponents[0]["id"]
                needs_pick = {"revive_member", "free_kahwin", "steal_item"} & {e.kind for e in d.effects}
                worth = 1.5 if needs_pick else self._effect_worth(view, guess, d.effects, d.name)
                worth -= 0.3 * self._keep(cid, view)
            if worth > 0:
                out.append(worth)
        return sorted(out, reverse=True)

    def _conditions_hold(self, view: View, conditions: Sequence[Any]) -> bool:
        """The printed conditions an Episode of mine could meet on my own turn."""
        me = self._me(view)
        for cond in conditions:
            k = cond.kind
            if k == "air_muka_at_most" and me["air_muka"] > cond.value:
                return False
            if k == "no_spouse" and any(m["married"] for m in me["members"]):
                return False
            if k == "member_in_discard" and not any(c["kind"] == "member" for c in view["green_discard"]):
                return False
            if k in ("others_turn", "dengki_target"):
                return False
        return True

    # --- choices in the middle of something --------------------------------------------------

    def _choice(self, view: View, legal: Sequence[Action]) -> Action | None:
        """A decision asked in the middle of something: collect, pay, absorb, make room, or react."""
        kind = view["choice"]["kind"]
        if kind == "start":
            return self._start(view, legal)
        if kind == "pay":
            pays = [a for a in legal if a["type"] == "pay"]
            return min(pays, key=lambda a: self._keep(a["card"], view)) if pays else None
        if kind == "absorb":
            return self._absorb(view, legal)
        if kind == "to_hand":
            return self._to_hand(view, legal)
        if kind == "react":
            return self._react(view, legal)
        return None

    def _start(self, view: View, legal: Sequence[Action]) -> Action | None:
        """Collect, unless the Dengki I have right now knocks someone out (then strike before anything)."""
        for a in legal:
            if a["type"] == "attack":
                target = self._seat(view, a["target"])
                loss, _ = self._through(self._me(view)["attributes"]["dengki"], target)
                if loss >= target["air_muka"]:
                    return a
        return next((a for a in legal if a["type"] == "collect"), None)

    def _absorb(self, view: View, legal: Sequence[Action]) -> Action | None:
        """Lose the cheapest MEMBER that covers the rest; if none covers it, spend the toughest first."""
        amount = view["choice"]["amount"]
        me = self._me(view)
        options = {c["id"]: c for c in view["choice"]["options"]}
        covering = [a for a in legal if options[a["member"]]["air_muka"] >= amount]
        if covering:
            return min(
                covering,
                key=lambda a: (options[a["member"]]["air_muka"], self._member_worth(a["member"], me, view)),
            )
        return max(legal, key=lambda a: options[a["member"]]["air_muka"])

    def _to_hand(self, view: View, legal: Sequence[Action]) -> Action | None:
        """A type is full: the least useful of the owned cards and the new one goes back to hand."""
        me = self._me(view)

        def worth(cid: int) -> float:
            """A card in front of me (or the one arriving), as it would stand."""
            g = CARDS.g(cid)
            if g.kind == "item":
                return self._item_worth(cid, view)
            owned = next((m for m in me["members"] if m["id"] == cid), None)
            if owned is not None and owned["married"]:
                return self._spouse_worth(cid, view)
            return self._member_worth(cid, me, view)

        return min(legal, key=lambda a: worth(a["card"]))

    def _react(self, view: View, legal: Sequence[Action]) -> Action | None:
        """A reactive ABILITY before losing Air Muka: use it when the loss is worth more than its price."""
        me = self._me(view)
        amount = view["choice"]["amount"]
        saved_face = self._loss_worth(me, amount, mine=True) - self._loss_worth(me, amount - 1, mine=True)
        best: tuple[float, Action | None] = (0.0, None)
        for a in legal:
            if a["type"] != "react":
                continue
            g = CARDS.g(a["card"])
            if g.ability.amount("reduce_loss") or any(e.kind == "reduce_loss" for e in g.ability.effects):
                worth = saved_face - g.ability.cost.juta * 1.2 - self._discard_cost(view, a)
            else:  # prevents the whole loss by giving up the card
                worth = self._loss_worth(me, amount, mine=True) - self._item_worth(a["card"], view)
            if worth > best[0]:
                best = (worth, a)
        return best[1] or next((a for a in legal if a["type"] == "decline"), None)

    # --- Plot Twist windows ------------------------------------------------------------------

    def _window(self, view: View, legal: Sequence[Action]) -> Action | None:
        """A Plot Twist window: the response whose worth clears its bar by the most, else pass."""
        plays = [a for a in legal if a["type"] == "play"]
        if not plays:
            return legal[0]
        w = view["window"]
        stack = w["stack"] if w else []
        flags = cancelled_flags(stack, named_entry_effects) if stack else []
        my_turn = view["turn"]["player"] == view["viewer"]
        best: tuple[float, Action | None] = (0.0, None)
        for a in plays:
            worth = self._twist_worth(view, a, stack, flags) - self._twist_bar(a) * self._crowded(view)
            if my_turn and view["phase"] != "dengki":
                worth -= 1.5  # it costs an ACTION on my own turn (once my Dengki is declared, nothing else would)
            if worth > best[0]:
                best = (worth, a)
        return best[1] or legal[0]

    #: How much a full hand lowers the bars and the worth of keeping cards, per card beyond three.
    crowd = 0.0

    def _crowded(self, view: View) -> float:
        """1.0 for a hand of three or fewer; less for a fuller hand, whose cards are cheaper to spend."""
        return max(0.4, 1.0 - self.crowd * max(0, len(view["hand"]) - 3))

    def _twist_bar(self, a: Action) -> float:
        """How much a Plot Twist must achieve before it is spent; each cancelling card has its own bar."""
        name = CARDS.name(a["card"])
        if name in self.cancel_bar:
            return self.cancel_bar[name]
        if name in ("Jelaskan Di Social Media", "Pengsan Tiba-Tiba", "Cliffhanger"):
            return 1.0
        return self.fire_bar

    def _twist_worth(self, view: View, a: Action, stack: Sequence[Mapping[str, Any]], flags: Sequence[bool]) -> float:
        """Worth of playing a Plot Twist in this window, by what it answers or does."""
        me_id = view["viewer"]
        d = CARDS.blue[a["card"]]
        kinds = {e.kind for e in d.effects}
        attack = view.get("attack")
        if "cancel" in kinds:
            i = a["entry"]
            if flags[i]:
                return 0.0
            return self._entry_harm(view, stack, i)
        if "skip_turn" in kinds:
            if any(not f and e["name"] == "Cliffhanger" for e, f in zip(stack, flags, strict=True)):
                return 0.0
            return self._turn_worth(view, view["turn"]["player"], against=me_id)
        if "lose_action" in kinds:
            if any(not f and e["name"] == "Kena Pukau" for e, f in zip(stack, flags, strict=True)):
                return 0.0
            tv = view["turn"]
            left = tv["actions_left"] if tv["collected"] else self._seat(view, tv["player"])["attributes"]["action"]
            return 2.2 if left >= 1 else 0.0
        if "reflect_attack" in kinds and attack:
            me = self._me(view)
            strength = attack["strength"]
            other = attack["attacker"] if attack["attacker"] != me_id else attack["target"]
            return self._hit_worth(strength, me, mine=True) + self._hit_worth(strength, self._seat(view, other), False)
        if "reduce_attack" in kinds and attack:
            me = self._me(view)
            strength = attack["strength"]
            return self._hit_worth(strength, me, mine=True) - self._hit_worth(strength - 2, me, mine=True)
        # A harmful or greedy Plot Twist fired on someone else's turn.
        return self._effect_worth(view, a, d.effects, d.name) * self._timing(view, kinds)

    def _timing(self, view: View, kinds: set[str]) -> float:
        """Fire Juta thefts once the victim has collected (there is more to take); the rest at once."""
        tv = view["turn"]
        if tv["player"] != view["viewer"] and "take_juta" in kinds and not tv["collected"]:
            return 0.5
        return 1.0

    def _turn_worth(self, view: View, pid: int, against: int) -> float:
        """Worth to ``against`` of stopping the rest of ``pid``'s turn (Cliffhanger)."""
        tv = view["turn"]
        seat = self._seat(view, pid)
        victim = self._seat(view, against)
        mine = against == view["viewer"]
        attack = view.get("attack")
        hit = 0.0
        if attack and attack["source"] == "attack" and not attack["stopped"]:
            if attack["projected_target"] == against:
                hit = self._hit_worth(attack["strength"], victim, mine=mine)
        elif pid != against:
            hit = self._hit_worth(seat["attributes"]["dengki"], victim, mine=mine)
        if not tv["collected"]:
            growth = 2.0 + seat["attributes"]["juta"] + seat["attributes"]["draw"] + 1.5 * seat["attributes"]["action"]
            return growth + hit
        if view["phase"] == "dengki":
            return hit
        return hit + 1.5 * tv["actions_left"]

    def _entry_harm(self, view: View, stack: Sequence[Mapping[str, Any]], i: int) -> float:
        """Worth to me of cancelling stack entry ``i`` (the damage or gain it would bring someone else)."""
        me_id = view["viewer"]
        e = stack[i]
        owner = e["player"]
        if owner == me_id:
            return 0.0
        worth = 0.0
        target_id = e.get("target")
        victim = self._seat(view, target_id) if target_id is not None else None
        at_me = target_id == me_id
        me = self._me(view)
        for eff in named_entry_effects(e):
            k, n = eff.kind, eff.amount
            if k == "cancel":
                j = e.get("entry")
                if j is not None and stack[j]["player"] == me_id:
                    worth += self._own_entry_worth(view, stack[j])
            elif k == "skip_turn":
                worth += self._turn_worth(view, view["turn"]["player"], against=owner)
            elif k == "lose_action":
                worth += 2.2 if view["turn"]["player"] == me_id else 0.0
            elif k == "reflect_attack":
                attack = view.get("attack")
                if attack:
                    worth += self._hit_worth(attack["strength"], me, mine=True)
                    other = self._seat(view, owner)
                    worth += self._hit_worth(attack["strength"], other, mine=False)
            elif k == "reduce_attack":
                attack = view.get("attack")
                if attack:
                    other = self._seat(view, owner)
                    worth += self._hit_worth(attack["strength"], other, False) - self._hit_worth(
                        attack["strength"] - n, other, False
                    )
            elif k == "dengki" and victim is not None:
                worth += self._hit_worth(n, victim, mine=at_me) * (1.0 if at_me else 0.3)
            elif k == "lose_air_muka" and victim is not None:
                worth += self._loss_worth(victim, n, mine=at_me) * (1.0 if at_me else 0.3)
            elif k == "take_juta" and victim is not None:
                worth += 1.6 * min(n, victim["juta"]) if at_me else 0.5
            elif k == "discard_random" and victim is not None:
                worth += 0.9 * min(n, victim["hand_count"]) if at_me else 0.2
            elif k == "steal_random_card":
                worth += 1.8 if at_me else 0.5
            elif k == "discard_spouse" and victim is not None:
                spouse = next((m for m in victim["members"] if m["married"]), None)
                if spouse is not None:
                    worth += self._spouse_worth(spouse["id"], view) * (1.0 if at_me else 0.3)
            elif k == "steal_item" and "pick" in e:
                worth += self._item_worth(e["pick"], view) * (2.0 if at_me else 1.0)
            elif k == "extra_turn":
                worth += 7.0
            elif k == "free_kahwin" and "pick" in e:
                worth += self._spouse_worth(e["pick"], view) * 0.8
            elif k == "revive_member" and "pick" in e:
                worth += 1.5 + CARDS.g(e["pick"]).air_muka
            elif k == "bonus_dengki":
                worth += self._hit_worth(self._seat(view, owner)["attributes"]["dengki"] + n, me, True) - (
                    self._hit_worth(self._seat(view, owner)["attributes"]["dengki"], me, True)
                )
            elif k == "bonus_action":
                worth += 1.5
            elif k in ("gain_juta", "draw"):
                worth += 0.8 * n
            elif k == "heal":
                worth += 1.8 * n
            elif k == "kedai_discount":
                worth += 1.0 * n
            elif k == "all_pay":
                worth += 1.6 if me["juta"] > 0 else 0.5
            elif k in ("prevent_loss", "reduce_loss"):
                worth += 2.0 * self._face(self._seat(view, owner), mine=False) / 2.0 * (2 if k == "prevent_loss" else 1)
        return worth

    def _own_entry_worth(self, view: View, e: Mapping[str, Any]) -> float:
        """Worth to me of my own stack entry going through (to defend it against a cancel)."""
        me = self._me(view)
        worth = 0.0
        target = self._seat(view, e["target"]) if "target" in e else None
        for eff in named_entry_effects(e):
            k, n = eff.kind, eff.amount
            if k == "extra_turn":
                worth += 7.0
            elif k == "skip_turn":
                worth += self._turn_worth(view, view["turn"]["player"], against=me["id"])
            elif k == "reflect_attack" or k == "reduce_attack":
                attack = view.get("attack")
                if attack:
                    share = 1.5 if k == "reflect_attack" else 0.6
                    worth += self._hit_worth(attack["strength"], me, mine=True) * share
            elif k == "dengki" and target is not None:
                worth += self._hit_worth(n, target, mine=False)
            elif k == "lose_air_muka" and target is not None:
                worth += self._loss_worth(target, n, mine=False)
            elif k == "steal_item" and "pick" in e:
                worth += 2.0 * self._item_worth(e["pick"], view)
            elif k == "discard_spouse" and target is not None:
                spouse = next((m for m in target["members"] if m["married"]), None)
                worth += self._spouse_worth(spouse["id"], view) if spouse else 0.0
            elif k == "free_kahwin" and "pick" in e:
                worth += self._spouse_worth(e["pick"], view)
            elif k in ("prevent_loss", "reduce_loss"):
                worth += 2.5
            elif k == "cancel":
                worth += 2.0
            else:
                worth += 1.0 + 0.8 * n
        return worth


class Planner(_Player):
    """Builds an economy and a married team, then wins the longer game.

    Rules: take Cikgu Azman, else Inspektor Wang, else Datuk Razak. Play Pelumba Haram, Tiba-Tiba Rajin and
    the Juta and Draw Episodes first; buy an ITEM when its attributes (Juta and Draw weigh most, early in
    the game most of all) are worth more than its price; recruit a MEMBER when its shield is worth more
    than the cheapest cards that pay for it, and KAHWIN the best MEMBER of the other gender. Cancel with
    Sebenarnya Semua Hanyalah Mimpi only what is worth 3.8 points or more (an extra turn, a Cliffhanger on
    its turn, a stolen ITEM or spouse, a big Dengki); fire Anak Luar Nikah and the thefts only when worth
    2 points (so mostly once the opponent is hurt). Spend cards more freely when the hand is full. Attack
    when the Dengki does something, weighing the chance that it comes back.
    """

    name = "planner"
    heroes = ("Cikgu Azman", "Inspektor Wang", "Datuk Razak", "Kaya bin Raya", "Ryan Kaya-Raya")
    w_juta = 4.0
    w_draw = 3.5
    w_action = 3.2
    w_dengki = 2.2
    w_shield = 1.1
    w_spouse_shield = 1.8
    w_my_face = 2.4
    w_their_face = 1.8
    cancel_bar = {"Sebenarnya Semua Hanyalah Mimpi": 3.8, "Rupanya Kembar!": 2.4, "Saksi Palsu": 2.0}
    fire_bar = 2.0
    strip_members = False
    crowd = 0.2


class Brawler(_Player):
    """Hits early and often, and spoils whatever the opponent tries.

    Rules: take Cikgu Azman (more ACTIONs, more attack cards), else Inspektor Wang (two of the opponent's
    cards discarded at random: their answers to its attacks), else Mat Rempit (+2 DENGKI). DENGKI weighs
    most among attributes and the opponent's Air Muka more than its own; play Tampar Depan Orang Ramai
    and Dendam Kesumat when they land; fire Anak Luar Nikah, thefts and divorce on the opponent's turn as
    soon as they are worth a point; cancel readily (Mimpi from 3 points, Rupanya Kembar and Saksi Palsu
    from less than 2); attack every turn, even when only unmarried MEMBERs absorb it.
    """

    name = "brawler"
    heroes = ("Cikgu Azman", "Inspektor Wang", "Mat Rempit", "Pak Jo Mulut Laser", "Datuk Razak")
    w_juta = 3.2
    w_draw = 2.8
    w_action = 3.0
    w_dengki = 3.4
    w_shield = 0.9
    w_spouse_shield = 1.4
    w_my_face = 1.8
    w_their_face = 2.4
    cancel_bar = {"Sebenarnya Semua Hanyalah Mimpi": 3.0, "Rupanya Kembar!": 1.8, "Saksi Palsu": 1.6}
    fire_bar = 1.0
    strip_members = True
    w_hand_hit = 1.2
