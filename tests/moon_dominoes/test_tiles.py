"""Domino tiles: pips never digits, trump tiles stand out, names are checked, CSS is safe."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from ui.moon_dominoes import tiles

_SVG = "{http://www.w3.org/2000/svg}"


def _classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def _pips(svg_text: str) -> int:
    root = ET.fromstring(svg_text)
    return sum("md-pip" in _classes(e) for e in root.iter(f"{_SVG}circle"))


def _marked(svg_text: str) -> bool:
    root = ET.fromstring(svg_text)
    stars = [e for e in root.iter() if "md-star" in _classes(e)]
    return "md-trump" in _classes(root) and bool(stars)


def test_the_set_is_the_22_tiles_high_end_first() -> None:
    assert len(tiles.TILES) == len(set(tiles.TILES)) == 22
    assert "0-0" in tiles.TILES and "6-0" not in tiles.TILES
    assert all(int(name[0]) >= int(name[2]) for name in tiles.TILES)


@pytest.mark.parametrize("name", tiles.TILES)
@pytest.mark.parametrize("upright", [True, False])
def test_every_tile_shows_as_many_pips_as_its_two_ends(name: str, upright: bool) -> None:
    high, low = int(name[0]), int(name[2])
    assert _pips(tiles.svg(name, upright=upright)) == high + low


@pytest.mark.parametrize("name", tiles.TILES)
def test_no_tile_shows_a_digit(name: str) -> None:
    root = ET.fromstring(tiles.svg(name, 4))
    assert not list(root.iter(f"{_SVG}text"))


def test_a_tile_lies_on_its_side_when_not_upright() -> None:
    assert ET.fromstring(tiles.svg("6-4")).get("viewBox") == "0 0 100 200"
    assert ET.fromstring(tiles.svg("6-4", upright=False)).get("viewBox") == "0 0 200 100"


def test_a_tile_says_its_name_and_whether_it_is_trump() -> None:
    title = ET.fromstring(tiles.svg("6-4", 4)).find(f"{_SVG}title")
    assert title is not None and title.text == "Six-four, trump"
    title = ET.fromstring(tiles.svg("6-5", 4)).find(f"{_SVG}title")
    assert title is not None and title.text == "Six-five"
    assert ET.fromstring(tiles.svg("6-5", title=False)).find(f"{_SVG}title") is None


@pytest.mark.parametrize(
    ("trump", "name", "marked"),
    [
        (4, "6-4", True),
        (4, "4-4", True),
        (4, "6-5", False),
        (0, "0-0", True),
        (0, "1-1", False),
        ("doubles", "3-3", True),
        ("doubles", "6-3", False),
        ("none", "6-6", False),
        (None, "6-4", False),
    ],
)
def test_trump_tiles_are_marked_and_others_are_not(
    trump: int | str | None, name: str, marked: bool
) -> None:
    assert _marked(tiles.svg(name, trump)) is marked


def test_only_the_half_showing_the_trump_number_is_tinted() -> None:
    root = ET.fromstring(tiles.svg("6-4", 4))
    tinted = [e for e in root.iter() if "md-trump-half" in _classes(e)]
    assert [e.get("y") for e in tinted] == ["111"]


def test_a_double_under_doubles_trump_is_tinted_whole() -> None:
    root = ET.fromstring(tiles.svg("3-3", "doubles"))
    assert sum("md-trump-half" in _classes(e) for e in root.iter()) == 2


@pytest.mark.parametrize("name", ["4-6", "6-0", "7-1", "1-0", "6-6 ", "66", "", "<script>"])
def test_a_name_outside_the_set_is_refused(name: str) -> None:
    with pytest.raises(ValueError, match="not a tile"):
        tiles.svg(name)


@pytest.mark.parametrize("trump", [7, -1, "4", "hearts", True])
def test_an_unknown_trump_is_refused(trump: int | str) -> None:
    with pytest.raises(ValueError, match="trump"):
        tiles.svg("6-4", trump)


def test_a_face_down_tile_shows_no_pips() -> None:
    for upright in (True, False):
        root = ET.fromstring(tiles.back_svg(upright))
        assert "md-back" in _classes(root) and _pips(tiles.back_svg(upright)) == 0


def test_a_tile_picture_survives_a_css_rule() -> None:
    value = tiles.data_uri(tiles.svg("6-4", 4))
    inner = re.fullmatch(r'url\("(data:image/svg\+xml,[^"]*)"\)', value)
    assert inner is not None
    assert not set("#<>\"'\\\n") & set(inner.group(1))


def test_button_css_draws_every_hand_tile() -> None:
    keys = {"tile-6-4-0": "6-4", "tile-5-5-1": "5-5", "tile-0-0-2": "0-0", "tile-6-4-3": "6-4"}
    css = tiles.button_css(keys, 5)
    for key in keys:
        assert f"div.st-key-{key} button" in css
    assert css.count("data:image/svg+xml") == 3
    assert "<style" not in css and "opacity: 0.45" in css


def test_button_css_refuses_a_key_streamlit_would_rename() -> None:
    with pytest.raises(ValueError, match="keys"):
        tiles.button_css({"tile 6-4": "6-4"}, None)


def test_button_css_refuses_a_tile_outside_the_set() -> None:
    with pytest.raises(ValueError, match="not a tile"):
        tiles.button_css({"tile-4-6-0": "4-6"}, None)


def test_tile_sizes_shrink_on_a_phone() -> None:
    for variable in ("--md-tw", "--md-th", "--md-small-w", "--md-small-h"):
        assert tiles.TILE_CSS.count(variable) == 2
    assert "max-width: 640px" in tiles.TILE_CSS
