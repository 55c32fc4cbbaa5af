"""Lucky Box's How to play pages: each a title, a sentence or two, and an example drawn with the
table's own card renderer (`CardView`), tokens and score-card sprites. The rules are
`../shared/spec/RULES.md`; `docs/rules-luckybox.md` says them in full for players."""

from __future__ import annotations

from game.core.i18n import t
from game.core.ui.screens.howto import Page
from game.luckybox.ui.learn import examples as ex


def pages() -> list[Page]:
    """The pages, in reading order."""
    return [
        Page(
            "goal",
            lambda: t("luckybox.howto.goal.title", "Super Mega Lucky Box"),
            lambda: t(
                "luckybox.howto.goal.body",
                "Each card is a 3x3 grid of numbers with a bonus at the end of each row "
                "and the foot of each column. Cross numbers, complete lines and cards.",
            ),
            ex.draw_goal,
        ),
        Page(
            "crossing",
            lambda: t("luckybox.howto.crossing.title", "Crossing a number"),
            lambda: t(
                "luckybox.howto.crossing.body",
                "A number is revealed: cross one open square showing it, on any of your "
                "cards. If you have one, you must cross; if not, you may pass.",
            ),
            ex.draw_crossing,
        ),
        Page(
            "lightning",
            lambda: t("luckybox.howto.lightning.title", "Lightning"),
            lambda: t(
                "luckybox.howto.lightning.body",
                "Each Lightning token moves the number 1 up or down, all the same way, "
                "round the clock. L shows the blue squares it reaches: click one, then Spend. "
                "You start with 4.",
            ),
            ex.draw_lightning,
        ),
        Page(
            "number_bonus",
            lambda: t("luckybox.howto.bonus.title", "Completing a line"),
            lambda: t(
                "luckybox.howto.bonus.body",
                "Cross all three squares of a row or column: its icon is circled and its "
                "bonus comes at once. A number or ? is a free cross on any card.",
            ),
            ex.draw_number_bonus,
        ),
        Page(
            "token_bonuses",
            lambda: t("luckybox.howto.tokens.title", "The other bonuses"),
            lambda: t(
                "luckybox.howto.tokens.body",
                "Stars score at the end of the round. Bolts give Lightning tokens, moons "
                "give Moon tokens. A bonus with no square left to cross is lost.",
            ),
            ex.draw_token_bonuses,
        ),
        Page(
            "cascade",
            lambda: t("luckybox.howto.cascade.title", "A cascade"),
            lambda: t(
                "luckybox.howto.cascade.body",
                "A bonus cross can complete another line, which gives its own bonus, and "
                "so on. When two come at once, you choose the order.",
            ),
            ex.draw_cascade,
        ),
        Page(
            "star_cap",
            lambda: t("luckybox.howto.stars.title", "Three stars a round"),
            lambda: t(
                "luckybox.howto.stars.body",
                "Each round has three star slots: 1, 2 or 3 stars score 1, 4 or 9. A "
                "fourth star in the same round counts for nothing.",
            ),
            ex.draw_star_cap,
        ),
        Page(
            "round_scoring",
            lambda: t("luckybox.howto.scoring.title", "End of a round"),
            lambda: t(
                "luckybox.howto.scoring.body",
                "After 9 numbers, every completed card scores: the sooner, the more. "
                "The round's stars score too.",
            ),
            ex.draw_round_scoring,
        ),
        Page(
            "draft",
            lambda: t("luckybox.howto.draft.title", "The draft"),
            lambda: t(
                "luckybox.howto.draft.body",
                "At the start, draw 5 cards and keep 3. After rounds 1, 2 and 3, draw 3 "
                "and keep 1. Incomplete cards stay with their crosses.",
            ),
            ex.draw_draft,
        ),
        Page(
            "end_scoring",
            lambda: t("luckybox.howto.end.title", "End of the game"),
            lambda: t(
                "luckybox.howto.end.body",
                "Crosses on incomplete cards score half, rounded down. Most Moons: +6; "
                "fewest: -6. The best Mega Total wins; a tie goes to the most Moons.",
            ),
            ex.draw_end_scoring,
        ),
        Page(
            "solo_moons",
            lambda: t("luckybox.howto.solo.title", "Playing solo"),
            lambda: t(
                "luckybox.howto.solo.body",
                "Alone, your Moons score by this table instead: from -6 for none to +10 "
                "for six or more.",
            ),
            ex.draw_solo_moons,
        ),
        Page(
            "solo_rating",
            lambda: t("luckybox.howto.rating.title", "How good was your game?"),
            lambda: t(
                "luckybox.howto.rating.body",
                "A solo game ends with a rating for your Mega Total. Can you become a "
                "Super Mega Lucky Champion?",
            ),
            ex.draw_solo_rating,
        ),
    ]
