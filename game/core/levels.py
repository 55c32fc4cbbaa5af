"""Computer levels in players' words: names for buttons and lists, and the form written
after a name. Records, settings and the network keep the level itself ("hard")."""

from __future__ import annotations

from game.core.i18n import t


def level_name(level: str) -> str:
    """A computer level as players read it ("Easy"), in their language; records keep `level`."""
    names = {
        "easy": t("level.easy", "Easy"),
        "normal": t("level.normal", "Normal"),
        "hard": t("level.hard", "Hard"),
        "expert": t("level.expert", "Expert"),
        "human": t("level.human", "Human"),
    }
    return names.get(level, level.capitalize())


def level_in_words(level: str) -> str:
    """A computer level as written after a name or inside a sentence ("Ann (hard)"): each
    language says how (lower case in English and French, but German keeps its nouns
    capitalised: "(schwer)", yet "(Profi)")."""
    names = {
        "easy": t("level.easy.in_words", "easy"),
        "normal": t("level.normal.in_words", "normal"),
        "hard": t("level.hard.in_words", "hard"),
        "expert": t("level.expert.in_words", "expert"),
        "human": t("level.human.in_words", "human"),
    }
    return names.get(level, level)
