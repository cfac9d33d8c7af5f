"""The player-facing rules page, including every ruling and reading the engine relies on."""

from bot.kernel.i18n import t


def rules_summary() -> str:
    """The rules page in the reader's language: one text per paragraph (each ruling is its own text)."""
    return (
        "\n\n".join(
            (
                t(
                    "**Laga Jakarta** (2-6 players): move tokens round a ring of six tiles to earn resources, change "
                    "Jobs and complete Dreams. Most points after 12 News cards wins."
                ),
                t(
                    "**Setup.** The 6 tiles form a ring in random order; the 8 tokens start at random, at most 4 a "
                    "tile. Each player gets a random Level 1 Job face up and one secret Dream. 12 of the 16 News cards "
                    "form the News deck. A random player goes first and opens the News each round. Everyone starts "
                    "with nothing."
                ),
                t(
                    "**A turn.** *News* (first player only): open a card; it holds for the whole round. *Salary*: take "
                    "your Job's salary, or, if your Job is face down, flip it up instead. *Action*: take every token "
                    "of a non-empty tile and drop one on each next tile, clockwise or counter-clockwise; the tile of "
                    "the last token activates, counting the tokens on it. *End*: use abilities, end the turn."
                ),
                t(
                    "**Fines.** When a tile holds more than 4 tokens the mover is fined (once per turn): the latest "
                    "Job goes face down (no ability, no salary at the next Salary phase). The tile gives one token to "
                    "each other tile, clockwise, repeated until no tile holds more than 4. The landing count is noted "
                    "before this, so landing on Lowongan or Impian with 5 tokens shows 5 cards."
                ),
                t(
                    "**Tiles.** Kerja +2 Coin, Nongkrong +2 Pride, Training +2 Skill. Lowongan: look at as many Jobs "
                    "as tokens (1 any resource per extra card) and you may change Job by paying its cost; the new Job "
                    "goes on top and every Job card you hold scores. Impian: look at as many Dreams, keep at most 1, "
                    "then you may complete one Dream. Stasiun: pay 1 any resource to copy another tile, counting "
                    "Stasiun's tokens. Unused cards go to the bottom of their deck."
                ),
                t(
                    "**Scoring.** Points of every Job card held plus completed Dreams, minus 1 per uncompleted Dream, "
                    "plus Dream bonuses. Ties: Monas Selfie wins; then more Jobs held; then the later seat in turn "
                    "order."
                ),
                "\n".join(
                    (
                        t("**Rulings and readings used**"),
                        t(
                            '- Costs, salaries and points are set per level (Jobs cost 3/6/9/12, Dreams 4/7/10). "Any '
                            'resource" is paid or taken in a mix of your choice. The bank never runs out.'
                        ),
                        t(
                            "- The rulebook prints 21 Dreams and 16 News (the box says 20 and 20): all printed cards "
                            "are used."
                        ),
                        t(
                            "- Dolphin Trainer and Board Game Designer's grey counter is read as tiles: skip one tile "
                            "once while moving; swap two tiles with their tokens once per round."
                        ),
                        t(
                            "- Dreams are completed only on Impian (landed on, copied by Stasiun or reached by "
                            'Transit); their effects start once completed. Banjir Kanal Timur\'s "extra token" is 1 '
                            "extra resource."
                        ),
                        t(
                            '- "Moves N" counts the tokens moved. "Lands on" is the tile of the last token; '
                            '"activates" also covers Stasiun copies and Transit. Transit activates a neighbour of the '
                            "landing tile instead of it."
                        ),
                        t("- GPS carries a lone token to any other tile, in any direction."),
                        t(
                            "- Abilities without a timing are used once per turn in your own turn. Abra-Cadabra turns "
                            "resources into one type before your move. Free looks and discounts apply automatically "
                            "and are announced."
                        ),
                        t(
                            "- Make It Rain replaces a salary: not with a face-down Job or under Monetary Crisis. Car "
                            "Free Day's extra income counts as a News reward for Kerak Telor Peddler."
                        ),
                        t(
                            '- Every "may choose" is asked: whether to ignore each News card (Umbrella Ojek, '
                            "Protesting), Make It Rain at each Salary."
                        ),
                        t("- Steals and losses take only what a player has; the stealer picks the resource."),
                        t(
                            "- Immune players (Provocator, Pilgrimage) are skipped by other players' Job and Dream "
                            "effects, including Tenabang Thug (they pay the bank)."
                        ),
                        t(
                            "- A fine holds to your next Salary phase: a Job taken the same turn is placed face down. "
                            "Be on TV pays nothing while face down."
                        ),
                        t(
                            "- Takes English Course, once completed, may be returned on Lowongan to take a seen Level "
                            "2 Job free."
                        ),
                        t("- MRT Route Draft's extra turn follows this turn: no News, no Salary."),
                        t("- SPG targets only players whose gender was set in the lobby."),
                    )
                ),
            )
        )
        + "\n"
    )
