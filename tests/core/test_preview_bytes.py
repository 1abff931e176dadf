"""A one-Region preview as sRGB bytes (issue 33.2: a quarter of the bytes a Live Preview step writes):
the bytes are the float preview's colours through the sRGB curve, written independently here, and a
block of rows computed alone is those rows of the whole (Live Preview writes only the rows a step
can move)."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from overanim_addon.core.preview_bytes import LEVELS, preview_bytes
from overanim_addon.core.region_preview import CHUNK, UNMASKED_GREY, region_palette


def srgb_reference(linear):
    """The sRGB curve (IEC 61966-2-1) per value, rounded to a byte."""
    out = []
    for value in np.asarray(linear, float).ravel():
        value = min(max(value, 0.0), 1.0)
        curve = value * 12.92 if value <= 0.0031308 else 1.055 * value ** (1 / 2.4) - 0.055
        out.append(int(np.floor(curve * 255 + 0.5)))
    return np.array(out).reshape(np.shape(linear))


def decoded(byte):
    """What Blender's viewport shows for a stored sRGB byte: its linear value."""
    value = np.asarray(byte, float) / 255
    return np.where(value <= 0.04045, value / 12.92, ((value + 0.055) / 1.055) ** 2.4)


unit_masks = arrays(np.float32, st.integers(1, 300), elements=st.floats(0.0, 1.0, width=32))


@given(unit_masks, st.integers(0, 7))
def test_bytes_are_the_regions_colour_over_grey_through_the_srgb_curve(mask, region):
    colour = region_palette(8)[region]
    out = preview_bytes(mask, colour, np.empty((len(mask), 4), np.uint8))
    level = np.floor(mask.astype(float) * LEVELS) / LEVELS  # the mask's 4,096th
    grey = UNMASKED_GREY[:3].astype(float)
    linear = grey + level[:, None] * (colour[:3].astype(float) - grey)
    assert np.all(np.abs(out[:, :3].astype(int) - srgb_reference(linear)) <= 1)  # float32 vs float64 rounding
    assert np.all(out[:, 3] == 255)
    exact = grey + mask.astype(float)[:, None] * (colour[:3].astype(float) - grey)  # unquantised
    assert np.all(np.abs(decoded(out[:, :3]) - exact) <= 0.01)  # an 8-bit sRGB step at most


def test_ends_are_grey_and_the_regions_colour():
    colour = region_palette(3)[2]
    out = preview_bytes(np.array([0.0, 1.0], np.float32), colour, np.empty((2, 4), np.uint8))
    assert out[0].tolist() == [*srgb_reference(UNMASKED_GREY[:3]).tolist(), 255]
    assert out[1].tolist() == [*srgb_reference(colour[:3]).tolist(), 255]


@given(st.data())
def test_rows_computed_alone_are_those_rows_of_the_whole(data):
    vertices = data.draw(st.integers(1, 3 * CHUNK // 1000)) * 1000 + data.draw(st.integers(0, 999))
    mask = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1))).random(vertices, np.float32)
    rows = np.unique(data.draw(st.lists(st.integers(0, vertices - 1), min_size=1, max_size=50)))
    colour = region_palette(1)[0]
    whole = preview_bytes(mask, colour, np.empty((vertices, 4), np.uint8))
    alone = preview_bytes(mask[rows], colour, np.empty((len(rows), 4), np.uint8))
    np.testing.assert_array_equal(alone, whole[rows])


def test_a_wrong_buffer_is_refused():
    mask = np.zeros(4, np.float32)
    for out in (np.empty((4, 4), np.float32), np.empty((4, 3), np.uint8), np.empty((4, 4), np.uint8).T):
        with pytest.raises(ValueError):
            preview_bytes(mask, region_palette(1)[0], out)
