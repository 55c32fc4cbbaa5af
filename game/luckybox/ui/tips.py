"""Lucky Box's help texts for tooltips and the scoring reference: what each bonus icon, token
pile and scorecard row does and what it is worth. The numbers come from the engine's tables
(`game.luckybox.rules.scoring`); the texts go through `t` when asked."""

from __future__ import annotations

import pygame

from game.core.i18n import t, tn
from game.core.ui.toolkit.tooltip import Tip
from game.luckybox.rules.cards import CardFace
from game.luckybox.rules.scoring import (
    CARD_POINTS,
    MAX_STARS,
    MOON_SWING,
    SOLO_MOON_POINTS,
    STAR_POINTS,
)
from game.luckybox.ui.cardview import CardView, _line_done


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def star_rule() -> str:
    return t(
        "luckybox.tip.star_rule",
        "At most {cap} stars count per round: 1 / 2 / 3 stars score {one} / {two} / "
        "{three} points.",
        cap=MAX_STARS,
        one=STAR_POINTS[1],
        two=STAR_POINTS[2],
        three=STAR_POINTS[3],
    )


def moon_rule(players: int) -> str:
    """The end-of-game moon rule for this many players (RULES.md)."""
    if players == 1:
        counts = " / ".join(str(n) for n in range(len(SOLO_MOON_POINTS) - 1))
        points = " / ".join(signed(p) for p in SOLO_MOON_POINTS)
        return t(
            "luckybox.tip.moon_solo",
            "Solo: {counts} / {last}+ moons score {points}.",
            counts=counts,
            last=len(SOLO_MOON_POINTS) - 1,
            points=points,
        )
    if players == 2:
        return t(
            "luckybox.tip.moon_two",
            "The player with the most moons gains {n} (tied: both do). With 2 players "
            "nobody loses points for moons.",
            n=MOON_SWING,
        )
    return t(
        "luckybox.tip.moon_many",
        "The most moons gain {n}; the fewest (zero counts) lose {n}. Tied players each "
        "gain or lose the full {n}.",
        n=MOON_SWING,
    )


def bonus_tip(bonus: tuple[str, int], players: int) -> tuple[str, str]:
    """(title, text) for a bonus icon: what completing its line gives."""
    kind, value = bonus
    if kind == "number":
        return (
            t("luckybox.tip.number.title", "Number bonus: {n}", n=value),
            t(
                "luckybox.tip.number",
                "Complete this line to cross an open square showing {n} on any of your "
                "cards. No open {n}: the bonus is lost.",
                n=value,
            ),
        )
    if kind == "question":
        return (
            t("luckybox.tip.question.title", "Question mark"),
            t(
                "luckybox.tip.question",
                "Complete this line to cross any open square on any of your cards.",
            ),
        )
    if kind == "lightning":
        return (
            tn("luckybox.tip.lightning.title", value, "{count} Lightning", "{count} Lightning"),
            tn(
                "luckybox.tip.lightning",
                value,
                "Complete this line to take {count} Lightning token. Each token "
                "shifts a revealed number by 1, up or down.",
                "Complete this line to take {count} Lightning tokens. Each token shifts a "
                "revealed number by 1, up or down.",
            ),
        )
    if kind == "star":
        return (
            t("luckybox.tip.star.title", "Star"),
            t("luckybox.tip.star", "Complete this line for a star. {rule}", rule=star_rule()),
        )
    if kind == "moon":
        return (
            t("luckybox.tip.moon.title", "Moon"),
            t(
                "luckybox.tip.moon",
                "Complete this line to take a Moon. At the end: {rule}",
                rule=moon_rule(players),
            ),
        )
    return (
        t("luckybox.tip.blank.title", "Nothing"),
        t("luckybox.tip.blank", "Completing this line gives no bonus."),
    )


def icon_tip(
    cards: CardView,
    face: CardFace,
    card_rect: pygame.FRect,
    mask: int,
    pos: tuple[float, float],
    players: int,
) -> Tip | None:
    """The tip for the bonus icon of a card drawn at `card_rect` under `pos`, if any."""
    radius = cards.icon_radius(card_rect)
    for line, bonuses in (("row", face.row_bonus), ("col", face.col_bonus)):
        for index, bonus in enumerate(bonuses):
            cx, cy = cards.icon_center(card_rect, line, index)
            if (pos[0] - cx) ** 2 + (pos[1] - cy) ** 2 <= (radius * 1.15) ** 2:
                title, text = bonus_tip(bonus, players)
                if _line_done(mask, line, index):
                    text += " " + t("luckybox.tip.circled", "(Circled: already given.)")
                rect = pygame.FRect(cx - radius, cy - radius, 2 * radius, 2 * radius)
                return Tip(rect, text, title)
    return None


def lightning_pile_tip(count: int) -> tuple[str, str]:
    return (
        tn(
            "luckybox.tip.pile.lightning.title",
            count,
            "{count} Lightning token",
            "{count} Lightning tokens",
        ),
        t(
            "luckybox.tip.pile.lightning",
            "Spend them to shift the revealed number by 1 each, all up or all down "
            "(9 wraps to 1). Click here or press L to show the squares they reach; click one, "
            "then Spend.",
        ),
    )


def moon_pile_tip(count: int, players: int) -> tuple[str, str]:
    return (
        tn("luckybox.tip.pile.moons.title", count, "{count} Moon", "{count} Moons"),
        t(
            "luckybox.tip.pile.moons",
            "Scored at the end of the game. {rule}",
            rule=moon_rule(players),
        ),
    )


def round_row_tip(
    round_no: int,
    current: int,
    over: bool,
    cards: int,
    card_points: int,
    stars: int,
    star_points: int,
) -> tuple[str, str]:
    """A scorecard row: what the round scored, or what it will."""
    title = t("luckybox.tip.round.title", "Round {n}", n=round_no)
    worth = CARD_POINTS[round_no - 1]
    if round_no < current or over:
        text = tn(
            "luckybox.tip.round.done",
            cards,
            "{count} completed card: {points} points. Stars: {stars} = {star_points}.",
            "{count} completed cards: {points} points. Stars: {stars} = {star_points}.",
            points=card_points,
            stars=stars,
            star_points=star_points,
        )
    else:
        text = t(
            "luckybox.tip.round.coming",
            "Each card completed this round scores {worth}. Stars so far: {stars}.",
            worth=worth,
            stars=stars,
        )
    return title, text + " " + star_rule()
