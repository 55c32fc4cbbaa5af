"""The table layout (game/luckybox/data/table.tmx via pytmx) and the box-fitting helpers."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from game.core.ui.toolkit.layout import (
    BUTTON_REGIONS,
    REQUIRED_REGIONS,
    Layout,
    LayoutError,
    grid_in,
    row_in,
)
from game.luckybox.ui.descriptor import TABLE_LAYOUT as DEFAULT_PATH

SCREEN = pygame.FRect(0, 0, 1280, 720)
EPS = 1e-3  # FRect stores float32


def inside(box: pygame.FRect, area: pygame.FRect) -> bool:
    return (
        box.left >= area.left - EPS
        and box.top >= area.top - EPS
        and box.right <= area.right + EPS
        and box.bottom <= area.bottom + EPS
    )


def overlap(a: pygame.FRect, b: pygame.FRect) -> bool:
    """Interiors intersect (touching edges is fine)."""
    return (
        a.left < b.right - EPS
        and b.left < a.right - EPS
        and a.top < b.bottom - EPS
        and b.top < a.bottom - EPS
    )


def test_tmx_is_a_plain_orthogonal_1280x720_map() -> None:
    root = ET.parse(DEFAULT_PATH).getroot()
    assert root.tag == "map"
    assert root.get("orientation") == "orthogonal"
    w, h = int(root.get("width")), int(root.get("height"))
    tw, th = int(root.get("tilewidth")), int(root.get("tileheight"))
    assert (w * tw, h * th) == (1280, 720)
    assert root.find("tileset") is None
    ids = [int(o.get("id")) for o in root.iter("object")]
    assert len(set(ids)) == len(ids) and int(root.get("nextobjectid")) > max(ids)


def test_all_regions_load_inside_the_screen() -> None:
    layout = Layout.load(DEFAULT_PATH)
    for name in REQUIRED_REGIONS:
        r = layout.region(name)
        assert isinstance(r, pygame.FRect)
        assert r.width > 0 and r.height > 0, name
        assert inside(r, SCREEN), name


def test_no_two_regions_overlap() -> None:
    layout = Layout.load(DEFAULT_PATH)
    for a, b in itertools.combinations(layout.names(), 2):
        assert not overlap(layout.region(a), layout.region(b)), (a, b)


def test_buttons_are_big_enough_to_hit() -> None:
    layout = Layout.load(DEFAULT_PATH)
    for name in BUTTON_REGIONS:
        r = layout.region(name)
        assert r.width >= 40 and r.height >= 32, name


def test_region_returns_a_copy() -> None:
    layout = Layout.load(DEFAULT_PATH)
    r = layout.region("scorecard")
    r.x += 500
    assert layout.region("scorecard").x != r.x


def _write_tmx(path: Path, names: list[str], layer: str = "regions") -> Path:
    objects = "\n".join(
        f'<object id="{i}" name="{n}" x="0" y="{i * 10}" width="5" height="5"/>'
        for i, n in enumerate(names, 1)
    )
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<map version="1.10" orientation="orthogonal" renderorder="right-down" width="80" '
        'height="45" tilewidth="16" tileheight="16" infinite="0" nextlayerid="2" '
        f'nextobjectid="{len(names) + 1}">\n<objectgroup id="1" name="{layer}">\n{objects}\n'
        "</objectgroup>\n</map>\n"
    )
    return path


def test_missing_region_fails_at_load_naming_it(tmp_path: Path) -> None:
    names = [n for n in REQUIRED_REGIONS if n != "scorecard"]
    with pytest.raises(LayoutError, match="scorecard"):
        Layout.load(_write_tmx(tmp_path / "t.tmx", names))


def test_missing_layer_or_file_is_a_layout_error(tmp_path: Path) -> None:
    with pytest.raises(LayoutError, match="regions"):
        Layout.load(_write_tmx(tmp_path / "t.tmx", list(REQUIRED_REGIONS), layer="other"))
    with pytest.raises(LayoutError):
        Layout.load(tmp_path / "nope.tmx")
    with pytest.raises(LayoutError, match="nowhere"):
        Layout.load(DEFAULT_PATH).region("nowhere")


def check_grid(area: pygame.FRect, count: int, aspect: float, gap: float) -> list:
    boxes = grid_in(area, count, aspect, gap)
    assert len(boxes) == count
    for box in boxes:
        assert inside(box, area), (box, area)
        assert box.width == pytest.approx(boxes[0].width)
        assert box.height == pytest.approx(boxes[0].height)
        if box.height > 0:
            assert box.width / box.height == pytest.approx(aspect)
    for a, b in itertools.combinations(boxes, 2):
        assert not overlap(a, b)
    return boxes


@pytest.mark.parametrize("count", range(1, 16))
@pytest.mark.parametrize("region,aspect", [("current_board", 0.85), ("other_boards", 1.5)])
def test_grid_in_fits_boxes_for_every_count(region: str, aspect: float, count: int) -> None:
    area = Layout.load(DEFAULT_PATH).region(region)
    boxes = check_grid(area, count, aspect, gap=12)
    assert boxes[0].width > 40  # even 15 boxes stay usable


def test_grid_in_uses_the_space() -> None:
    area = pygame.FRect(0, 0, 900, 400)
    three = grid_in(area, 3, 0.7, 10)
    assert three[0].height == pytest.approx(400)  # 3 cards in a row, full height
    assert len({b.y for b in three}) == 1
    assert grid_in(area, 0, 1.0) == []
    one = grid_in(area, 1, 1.0)[0]
    assert one.center == pytest.approx(area.center)


@settings(deadline=None)  # timing on a busy CI machine is not what is tested
@given(
    st.floats(10, 1500),
    st.floats(10, 900),
    st.integers(1, 30),
    st.floats(0.2, 5),
    st.floats(0, 20),
)
def test_grid_in_property(w: float, h: float, count: int, aspect: float, gap: float) -> None:
    check_grid(pygame.FRect(7, 11, w, h), count, aspect, gap)


def test_row_in_splits_evenly() -> None:
    boxes = row_in(pygame.FRect(0, 0, 320, 40), 3, gap=10)
    assert [b.x for b in boxes] == pytest.approx([0, 110, 220])
    assert all(b.width == pytest.approx(100) for b in boxes)
    stacked = row_in(pygame.FRect(0, 0, 100, 100), 2, gap=0, vertical=True)
    assert [b.y for b in stacked] == pytest.approx([0, 50])


def test_anchored_regions_follow_a_wide_or_tall_view() -> None:
    """`Layout.fit`: each anchored edge moves by the room beside (or above) the design; a
    region not anchored stays where the design has it."""
    from game.core.ui.toolkit.layout import END, GROW_END, START, STAY, STRETCH

    layout = Layout(
        {
            "left": pygame.FRect(16, 16, 100, 50),
            "right": pygame.FRect(1164, 600, 100, 50),
            "middle": pygame.FRect(200, 200, 800, 400),
            "grows": pygame.FRect(700, 16, 300, 100),
            "still": pygame.FRect(600, 16, 80, 100),
        },
        required=(),
    ).anchor(
        {
            "left": (START, START),
            "right": (END, END),
            "middle": (STRETCH, STRETCH),
            "grows": (GROW_END, STAY),
        }
    )
    assert layout.region("left") == pygame.FRect(16, 16, 100, 50)  # 16:9: the design
    layout.fit(pygame.Rect(-200, 0, 1680, 720))  # 200 px of room each side
    assert layout.region("left") == pygame.FRect(-184, 16, 100, 50)
    assert layout.region("right") == pygame.FRect(1364, 600, 100, 50)
    assert layout.region("middle") == pygame.FRect(0, 200, 1200, 400)
    assert layout.region("grows") == pygame.FRect(700, 16, 500, 100)
    assert layout.region("still") == pygame.FRect(600, 16, 80, 100)
    layout.fit(pygame.Rect(0, -100, 1280, 920))  # taller: 100 px above and below
    assert layout.region("left") == pygame.FRect(16, -84, 100, 50)
    assert layout.region("right") == pygame.FRect(1164, 700, 100, 50)
    assert layout.region("middle") == pygame.FRect(200, 100, 800, 600)
    layout.fit(pygame.Rect(0, 0, 1280, 720))
    assert layout.region("middle") == pygame.FRect(200, 200, 800, 400)


def test_every_variant_keeps_its_regions_on_screen_and_apart() -> None:
    """A layout variant (an object layer "regions:NAME") moves some regions: used, its regions
    and the plain ones it leaves still lie on the screen and never overlap (the big hand's
    tightened top band too)."""
    layout = Layout.load(DEFAULT_PATH)
    assert "big_hand" in layout.variants
    for variant in layout.variants:
        assert layout.use(variant)
        for name in REQUIRED_REGIONS:
            assert inside(layout.region(name), SCREEN), (variant, name)
        for a, b in itertools.combinations(layout.names(), 2):
            assert not overlap(layout.region(a), layout.region(b)), (variant, a, b)
        assert not layout.use(variant)  # the same again: nothing changed
    layout.use(None)
    assert layout.region("current_board") == pygame.FRect(16, 240, 976, 416)


def test_the_big_hand_gives_the_cards_height_and_leaves_the_rest_in_place() -> None:
    layout = Layout.load(DEFAULT_PATH)
    plain = {name: layout.region(name) for name in REQUIRED_REGIONS}
    layout.use("big_hand")
    board = layout.region("current_board")
    assert board.height >= plain["current_board"].height + 48
    assert board.bottom == plain["current_board"].bottom and board.w == plain["current_board"].w
    moved = {name for name in REQUIRED_REGIONS if layout.region(name) != plain[name]}
    assert moved == set(layout.variants["big_hand"])
    assert moved <= {
        "player_banner",
        "pending_queue",
        "number_deck",
        "revealed_card",
        "other_boards",
        "current_board",
    }  # the top band and the cards: the piles, scorecard, buttons and message stay put
    # Weighed without being used: region_in reads either layout whichever is in use.
    assert layout.region_in("current_board", None) == plain["current_board"]


def test_a_variant_naming_an_unknown_region_is_a_layout_error() -> None:
    layout = Layout.load(DEFAULT_PATH)
    with pytest.raises(LayoutError, match="nowhere"):
        layout.add_variant("odd", {"nowhere": pygame.FRect(0, 0, 10, 10)})
    with pytest.raises(LayoutError, match="odd"):
        layout.use("odd")
