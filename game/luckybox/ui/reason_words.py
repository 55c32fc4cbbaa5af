"""A hint's reason (`game.luckybox.ai.reasons.Reason`) in the player's language: one short line
saying why the move is good, as the bots see it ("completes a line: +1 Lightning")."""

from __future__ import annotations

from game.core.i18n import t, tn
from game.luckybox.ai import reasons as r
from game.luckybox.rules.cards import LIGHTNING, MOON, NUMBER, QUESTION, STAR, Bonus


def bonus_words(bonus: Bonus) -> str:
    """What a line's icon gives, as a gain: "+1 Lightning", "a star", "a free 6"."""
    kind, value = bonus
    if kind == LIGHTNING:
        return tn("luckybox.why.lightning", value, "+{count} Lightning", "+{count} Lightning")
    if kind == STAR:
        return t("luckybox.why.star", "a star")
    if kind == MOON:
        return t("luckybox.why.moon", "a Moon")
    if kind == NUMBER:
        return t("luckybox.why.number", "a free {n} to cross", n=value)
    if kind == QUESTION:
        return t("luckybox.why.question", "a free cross anywhere")
    return t("luckybox.why.blank", "no bonus")


def gains_words(bonuses: tuple[Bonus, ...]) -> str:
    """Several gains in one list ("+2 Lightning and 2 stars"): alike icons are counted once."""
    lightning = sum(value for kind, value in bonuses if kind == LIGHTNING)
    stars = sum(1 for kind, _ in bonuses if kind == STAR)
    moons = sum(1 for kind, _ in bonuses if kind == MOON)
    words: list[str] = []
    for bonus in dict.fromkeys(bonuses):  # in order, each icon once
        kind = bonus[0]
        if kind == LIGHTNING and lightning:
            words.append(bonus_words((LIGHTNING, lightning)))
            lightning = 0
        elif kind == STAR and stars:
            words.append(tn("luckybox.why.stars", stars, "a star", "{count} stars"))
            stars = 0
        elif kind == MOON and moons:
            words.append(tn("luckybox.why.moons", moons, "a Moon", "{count} Moons"))
            moons = 0
        elif kind not in (LIGHTNING, STAR, MOON):
            words.append(bonus_words(bonus))
    if len(words) < 2:
        return words[0] if words else ""
    return t("luckybox.why.and", "{first} and {last}", first=", ".join(words[:-1]), last=words[-1])


def reason_words(reason: r.Reason) -> str:
    """The reason in one short line, without the move itself (the hint says that)."""
    kind, gains = reason.kind, gains_words(reason.bonuses)
    if kind == r.CARD:
        if gains:
            return t(
                "luckybox.why.card_and",
                "completes the card: +{points} points, and {gains}",
                points=reason.points,
                gains=gains,
            )
        return t("luckybox.why.card", "completes the card: +{points} points", points=reason.points)
    if kind == r.LINE:
        if len(reason.bonuses) > 1:
            return t("luckybox.why.lines", "completes two lines: {gains}", gains=gains)
        return t("luckybox.why.line", "completes a line: {gains}", gains=gains)
    if kind == r.NEAR:
        return t("luckybox.why.near", "leaves one square to finish a line: {gains}", gains=gains)
    if kind == r.FULLEST:
        return t(
            "luckybox.why.fullest",
            "your card nearest complete ({count} of 9 crossed)",
            count=reason.amount,
        )
    if kind == r.BUILD:
        return t(
            "luckybox.why.build", "builds up a card ({count} of 9 crossed)", count=reason.amount
        )
    if kind == r.SPREAD:
        if gains:
            return t("luckybox.why.toward", "starts lines toward {gains}", gains=gains)
        return t("luckybox.why.spread", "starts a card: its other squares wait for later numbers")
    if kind == r.PASS:
        if reason.amount:
            return tn(
                "luckybox.why.pass",
                reason.amount,
                "keeps your Lightning token for a number that fits",
                "keeps your {count} Lightning for a number that fits",
            )
        return t("luckybox.why.pass_none", "no square shows this number")
    if kind == r.CARDS:
        if gains:
            return t("luckybox.why.cards", "the best bonuses: {gains}", gains=gains)
        return t("luckybox.why.cards_plain", "numbers that suit your cards")
    return ""


def why_line(reason: r.Reason | None) -> str:
    """ "Why: ..." for the hint's second line; "" when there is no reason to give."""
    words = reason_words(reason) if reason is not None else ""
    return t("luckybox.why.line_intro", "Why: {why}", why=words) if words else ""
