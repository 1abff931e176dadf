import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from overanim_addon.core import InvalidInputError, RegionCompositionPolicy, compose_region_deltas

ADD, STRONG = RegionCompositionPolicy.ADDITIVE_CLAMPED, RegionCompositionPolicy.STRONGEST_DELTA
finite = st.floats(-100, 100, allow_nan=False)


def test_enum_values_and_display_names():
    assert [p.value for p in RegionCompositionPolicy] == ["AdditiveClamped", "StrongestDelta"]
    assert ADD.display_name == "Additive Delta" and STRONG.display_name == "Strongest Delta"


def test_additive_adds_a_seam_up_to_the_authored_delta_given_as_the_per_vertex_limit():
    # a seam: two Regions each carry half (mask 0.5) of an authored delta of 1.0
    deltas = np.array([[0.5, 1.0, 0.0], [0.5, 0.0, 0.2]])
    authored = np.array([1.0, 1.0, 0.2])
    np.testing.assert_allclose(compose_region_deltas(ADD, deltas, limit=authored), [1.0, 1.0, 0.2])
    # without it, the limit is the longest delta present at the vertex (0.5 at the seam)
    np.testing.assert_allclose(compose_region_deltas(ADD, deltas), [0.5, 1.0, 0.2])


def test_additive_clamps_overlap_to_the_longest_single_delta_at_that_vertex():
    deltas = np.array([[1.0, 0.3], [1.0, 0.3]])
    np.testing.assert_allclose(compose_region_deltas(ADD, deltas), [1.0, 0.3])


def test_a_far_away_vertex_does_not_change_a_vertex_result():
    """The issue's case: one vertex's result changed when an unrelated vertex got a large delta."""
    near = np.array([[0.3, 0.0], [0.3, 0.0]])
    far = near.copy()
    far[0, 1] = 50.0
    assert compose_region_deltas(ADD, near)[0] == compose_region_deltas(ADD, far)[0] == pytest.approx(0.3)


@pytest.mark.parametrize("bad", [-1.0, float("nan"), float("inf"), [1.0, -1.0], [1.0, 2.0, 3.0], "far", [[1.0]]])
def test_bad_limit_is_a_domain_error(bad):
    with pytest.raises(InvalidInputError):
        compose_region_deltas(ADD, np.zeros((1, 2)), limit=bad)


def test_strongest_keeps_sign_and_picks_by_magnitude():
    deltas = np.array([[0.5, -0.9], [-0.7, 0.2]])
    np.testing.assert_allclose(compose_region_deltas(STRONG, deltas), [-0.7, -0.9])


def test_strongest_ties_go_to_the_first_region():
    deltas = np.array([[[1.0, 0, 0]], [[0, 1.0, 0]]])
    np.testing.assert_allclose(compose_region_deltas(STRONG, deltas), [[1.0, 0, 0]])


@pytest.mark.parametrize("policy", list(RegionCompositionPolicy))
def test_non_finite_deltas_contribute_nothing(policy):
    deltas = np.array([[np.nan, np.inf, 0.5], [0.25, 0.25, -np.inf]])
    out = compose_region_deltas(policy, deltas)
    assert np.all(np.isfinite(out))
    np.testing.assert_allclose(out, [0.25, 0.25, 0.5])


@pytest.mark.parametrize("policy", list(RegionCompositionPolicy))
def test_no_regions_gives_zeros(policy):
    assert compose_region_deltas(policy, np.zeros((0, 5, 3))).shape == (5, 3)
    np.testing.assert_array_equal(compose_region_deltas(policy, np.zeros((0, 5))), np.zeros(5))


@pytest.mark.parametrize("shape", [(3,), (1, 2, 3, 4)])
def test_wrong_shape_is_a_domain_error(shape):
    with pytest.raises(InvalidInputError, match="shape"):
        compose_region_deltas(ADD, np.zeros(shape))


def test_policy_by_unreal_spelling_and_dtype_kept():
    out = compose_region_deltas("StrongestDelta", np.ones((2, 3), np.float32))
    assert out.dtype == np.float32


deltas3 = st.integers(1, 4).flatmap(
    lambda r: st.integers(1, 6).flatmap(lambda v: arrays(np.float64, (r, v, 3), elements=finite))
)


@given(deltas3)
def test_additive_never_longer_than_the_longest_input_delta_at_the_vertex(d):
    out = compose_region_deltas(ADD, d)
    cap = np.linalg.norm(d, axis=2).max(axis=0)
    assert np.all(np.linalg.norm(out, axis=1) <= cap * (1 + 1e-9) + 1e-12)


@given(deltas3)
def test_additive_equals_the_plain_sum_when_inside_the_cap(d):
    total = d.sum(axis=0)
    cap = np.linalg.norm(d, axis=2).max(axis=0)
    inside = np.linalg.norm(total, axis=1) <= cap
    np.testing.assert_allclose(compose_region_deltas(ADD, d)[inside], total[inside], atol=1e-9)


@given(deltas3, st.integers(0, 5), arrays(np.float64, (4, 3), elements=st.floats(-1e3, 1e3)))
def test_composition_is_local_to_each_vertex(d, pick, other):
    """Changing every Region's delta at one vertex leaves every other vertex's result as it was."""
    vertex = pick % d.shape[1]
    changed = d.copy()
    changed[:, vertex] = other[: d.shape[0]]
    keep = np.arange(d.shape[1]) != vertex
    for policy in RegionCompositionPolicy:
        np.testing.assert_array_equal(compose_region_deltas(policy, d)[keep],
                                      compose_region_deltas(policy, changed)[keep])
    limit = np.abs(d[0, :, 0])
    np.testing.assert_array_equal(compose_region_deltas(ADD, d, limit=limit)[keep],
                                  compose_region_deltas(ADD, changed, limit=limit)[keep])


def test_additive_clamp_keeps_direction_for_vectors():
    deltas = np.array([[[3.0, 0, 0]], [[0, 4.0, 0]]])  # sum (3,4,0) has length 5, cap 4
    out = compose_region_deltas(ADD, deltas)
    np.testing.assert_allclose(out, [[2.4, 3.2, 0.0]])


def test_additive_explicit_limit():
    deltas = np.array([[0.8], [0.7]])
    np.testing.assert_allclose(compose_region_deltas(ADD, deltas, limit=1.0), [1.0])
    np.testing.assert_allclose(compose_region_deltas(ADD, -deltas, limit=1.0), [-1.0])


@given(deltas3)
def test_strongest_is_one_of_the_inputs_with_the_greatest_length(d):
    out = compose_region_deltas(STRONG, d)
    lengths = np.linalg.norm(d, axis=2)
    for v in range(d.shape[1]):
        assert any(np.array_equal(out[v], d[r, v]) for r in range(d.shape[0]))
        assert np.linalg.norm(out[v]) == pytest.approx(lengths[:, v].max())


@given(deltas3)
def test_single_region_is_returned_unchanged_by_both_policies(d):
    one = d[:1]
    for policy in RegionCompositionPolicy:
        np.testing.assert_allclose(compose_region_deltas(policy, one), one[0], rtol=1e-12)


# -- mixed policies and the preview colours ---------------------------------------------------------
from overanim_addon.core.region_preview import (  # noqa: E402
    UNMASKED_GREY,
    PreviewWork,
    compose_mixed_policies,
    preview_colors,
    region_palette,
)


def test_mixed_policies_use_strongest_where_a_region_asking_for_it_is_present():
    deltas = np.array([[[1.0, 0, 0], [1.0, 0, 0]], [[1.0, 0, 0], [0, 0, 0]], [[0, 0, 0], [0.5, 0, 0]]])
    masks = np.array([[1.0, 1.0], [1.0, 0.0], [0.0, 1.0]])
    policies = [ADD, STRONG, ADD]
    out = compose_mixed_policies(policies, deltas, masks)
    np.testing.assert_allclose(out[0], [1.0, 0, 0])  # vertex 0: Region 1 (strongest) is present
    np.testing.assert_allclose(out[1], [1.0, 0, 0])  # vertex 1: additive, clamped to the longest (1.0)
    assert np.array_equal(compose_mixed_policies([ADD, ADD, ADD], deltas, masks),
                          compose_region_deltas(ADD, deltas))


def test_palette_colours_are_distinct_and_preview_is_grey_outside_regions():
    palette = region_palette(6)
    assert len({tuple(np.round(c, 3)) for c in palette}) == 6
    colors = preview_colors(np.array([[0.0, 1.0, 0.5]]), palette[:1])
    np.testing.assert_allclose(colors[0], UNMASKED_GREY)
    np.testing.assert_allclose(colors[1], palette[0])
    assert colors.dtype == np.float32 and colors.shape == (3, 4)
    assert preview_colors(np.zeros((0, 4)), palette[:0]).shape == (4, 4)


def _preview_reference(masks, palette):
    """The preview rule written per vertex, as a reader of the docstring would."""
    grey = UNMASKED_GREY[:3].astype(float)
    out = []
    for column in np.asarray(masks, float).T:
        m = np.nan_to_num(np.clip(column, 0.0, 1.0), nan=0.0)
        strength, total = m.max(initial=0.0), m.sum()
        mixed = (m[:, None] * palette[:, :3]).sum(axis=0) / total if total > 0 else np.zeros(3)
        out.append([*(grey * (1 - strength) + mixed * strength), 1.0])
    return np.array(out)


mask_values = st.one_of(st.floats(-0.5, 1.5), st.just(float("nan")))


@given(st.integers(1, 5).flatmap(lambda r: arrays(np.float64, (r, 7), elements=mask_values)))
def test_preview_matches_the_per_vertex_rule(masks):
    palette = region_palette(len(masks))
    np.testing.assert_allclose(preview_colors(masks, palette), _preview_reference(masks, palette), atol=1e-5)


def test_preview_fills_a_given_buffer_and_rejects_a_wrong_one():
    masks = np.array([[0.0, 0.25, 1.0], [1.0, 0.5, 0.0]], np.float32)
    palette = region_palette(2)
    buffer = np.full((3, 4), -1.0, np.float32)
    assert preview_colors(masks, palette, out=buffer) is buffer
    np.testing.assert_allclose(buffer, _preview_reference(masks, palette), atol=1e-6)
    with pytest.raises(ValueError):
        preview_colors(masks, palette, out=np.empty((3, 4), np.float64))
    with pytest.raises(ValueError):
        preview_colors(masks, palette, out=np.empty((4, 3), np.float32).T)


def _preview_before_work_rows(masks, palette):
    """preview_colors as it was before it took kept work rows, kept as the bit-for-bit reference."""
    m = np.array(masks, dtype=np.float32)
    np.clip(m, 0.0, 1.0, out=m)
    if np.isnan(np.add.reduce(m, axis=None)):
        np.copyto(m, np.float32(0.0), where=np.isnan(m))
    regions, vertices = m.shape
    out = np.empty((vertices, 4), np.float32)
    pal = np.asarray(palette, np.float32)
    grey = UNMASKED_GREY[:3]
    value = np.empty(vertices, np.float32)
    if regions == 1:
        for channel in range(3):
            np.multiply(m[0], pal[0, channel] - grey[channel], out=value)
            value += grey[channel]
            out[:, channel] = value
    else:
        total = m.sum(axis=0)
        fade = m.max(axis=0)
        keep = 1.0 - fade
        np.divide(fade, total, out=fade, where=total > 0)
        for channel in range(3):
            np.matmul(pal[:, channel], m, out=value)
            value *= fade
            value += keep * grey[channel]
            out[:, channel] = value
    out[:, 3] = 1.0
    return out


mask_values32 = st.one_of(st.floats(-0.5, 1.5, width=32, allow_subnormal=False), st.just(float("nan")))


@given(st.integers(1, 5).flatmap(lambda r: arrays(np.float32, (r, 33), elements=mask_values32)), st.booleans())
def test_preview_with_kept_work_rows_is_bit_identical_to_before(masks, clean):
    if clean:  # masks straight from the falloff: used as they are, without a sanitised copy
        masks = np.nan_to_num(np.clip(masks, 0.0, 1.0), nan=0.0)
    palette = region_palette(len(masks))
    reference = _preview_before_work_rows(masks, palette)
    work, out = PreviewWork(masks.shape[1]), np.empty((masks.shape[1], 4), np.float32)
    for _ in range(2):  # the second call reuses rows the first one filled
        preview_colors(masks, palette, out=out, work=work)
        np.testing.assert_array_equal(out.view(np.uint32), reference.view(np.uint32))
    if clean:  # as paint calls it: masks from the falloff, known to be inside 0..1
        preview_colors(np.ascontiguousarray(masks, np.float32), palette, out=out, work=work, unit=True)
        np.testing.assert_array_equal(out.view(np.uint32), reference.view(np.uint32))


@given(st.integers(1, 3), st.sampled_from([1, 1023, 32767, 32768, 2 * 32768 + 37]), st.booleans(),
       st.integers(0, 2**32 - 1))
def test_preview_of_many_vertices_is_bit_identical_to_before(regions, vertices, clean, seed):
    # one Region's colours are made a CHUNK (32768 vertices) at a time: below, at and across one
    rng = np.random.default_rng(seed)
    masks = (rng.random((regions, vertices), dtype=np.float32) * 1.4 - 0.2).astype(np.float32)
    masks[:, rng.integers(0, vertices, 3)] = np.float32("nan")
    if clean:
        masks = np.nan_to_num(np.clip(masks, 0.0, 1.0), nan=0.0)
    palette = region_palette(regions)
    reference = _preview_before_work_rows(masks, palette)
    out = np.full((vertices, 4), np.float32("nan"))
    preview_colors(masks, palette, out=out, work=PreviewWork(vertices))
    np.testing.assert_array_equal(out.view(np.uint32), reference.view(np.uint32))


def test_grey_colors_fill_every_chunk():
    from overanim_addon.core.region_preview import CHUNK, grey_colors

    mask = np.random.default_rng(5).random(2 * CHUNK + 7, dtype=np.float32)
    out = grey_colors(mask, np.full((len(mask), 4), np.float32("nan")))
    np.testing.assert_array_equal(out, np.column_stack([mask, mask, mask, np.ones_like(mask)]))
