"""Compose Region Deltas on the sample, against the spec's two policies written out in the test."""

import bpy
import numpy as np
import pytest

from overanim_addon.blender.sample.build import add_sample_deltas

from ..mask_reads import body, naive_region_weight, spec_composition, spec_mask


def composed_delta(obj):
    keys = obj.data.shape_keys.key_blocks
    n = len(obj.data.vertices)
    out, basis = np.empty(n * 3, np.float32), np.empty(n * 3, np.float32)
    keys["OverAnim_Composed"].data.foreach_get("co", out)
    keys["Basis"].data.foreach_get("co", basis)
    return (out - basis).reshape(-1, 3)


@pytest.mark.parametrize("policy", ["ADDITIVE_CLAMPED", "STRONGEST_DELTA"])
def test_composition_for_both_policies(sample, policy):
    add_sample_deltas(sample)
    for region in sample.overanim.regions:
        region.composition_policy = policy
    assert bpy.ops.overanim.compose_region_deltas(select_overlaps=True) == {"FINISHED"}
    obj = body()
    keys = obj.data.shape_keys.key_blocks
    n = len(obj.data.vertices)

    def key(name):
        co = np.empty(n * 3, np.float32)
        keys[name].data.foreach_get("co", co)
        return co.reshape(-1, 3)

    basis = key("Basis")
    spine = spec_mask(naive_region_weight(obj, ["spine_01", "spine_02", "spine_03"]))
    arm = spec_mask(naive_region_weight(obj, ["clavicle_l", "upperarm_l", "lowerarm_l", "hand_l"]))
    authored = np.stack([key("Delta_Spine") - basis, key("Delta_LeftArm") - basis])
    masks = np.stack([spine, arm])
    deltas = authored * masks[:, :, None]
    # the clamped sum's limit: the longest authored delta of the Regions present at each vertex
    present = [np.linalg.norm(authored[r], axis=1) * (masks[r] > 0) for r in range(2)]
    expected = spec_composition(policy, deltas.astype(np.float64), limit=np.maximum(*present))
    np.testing.assert_allclose(composed_delta(obj), expected, atol=1e-5)
    overlap = (np.linalg.norm(deltas, axis=2) > 0).sum(axis=0) >= 2
    assert overlap.any()
    selected = np.empty(n, bool)
    obj.data.vertices.foreach_get("select", selected)
    np.testing.assert_array_equal(selected, overlap)


def test_a_vertex_composed_result_does_not_change_when_another_vertex_changes(sample):
    add_sample_deltas(sample)
    obj = body()
    keys = obj.data.shape_keys.key_blocks
    co = np.empty(len(obj.data.vertices) * 3, np.float32)
    keys["Delta_Spine"].data.foreach_get("co", co)
    keys["Delta_LeftArm"].data.foreach_set("co", co)  # one delta for both, and masks that reach 1
    for name in ("Spine", "LeftArm"):  # early: where they overlap, the sum goes past the delta
        sample.overanim.regions[name].full_weight = 0.2
    bpy.ops.overanim.compose_region_deltas()
    before = composed_delta(obj)
    spine = keys["Delta_Spine"]
    far = int(np.argmax(np.linalg.norm(before, axis=1)))  # a vertex the spine delta moves
    spine.data[far].co = spine.data[far].co * 40.0  # an unrelated, very large delta there
    bpy.ops.overanim.compose_region_deltas()
    after = composed_delta(obj)
    others = np.arange(len(before)) != far
    assert not np.allclose(after[far], before[far])
    np.testing.assert_array_equal(after[others], before[others])


def test_clear_keeps_the_artists_active_shape_key(sample):
    add_sample_deltas(sample)
    obj = body()
    bpy.ops.overanim.compose_region_deltas()
    artist = obj.shape_key_add(name="ArtistAfterOurs", from_mix=False)  # after OverAnim_Composed
    obj.active_shape_key_index = obj.data.shape_keys.key_blocks.find(artist.name)
    bpy.ops.overanim.compose_region_deltas()  # composing again keeps it too
    assert obj.active_shape_key.name == "ArtistAfterOurs"
    bpy.ops.overanim.clear_region_preview()
    assert "OverAnim_Composed" not in obj.data.shape_keys.key_blocks
    assert obj.active_shape_key.name == "ArtistAfterOurs"


def test_composition_needs_a_delta_shape_key(sample):
    with pytest.raises(RuntimeError, match="No Region names a Delta Shape Key"):
        bpy.ops.overanim.compose_region_deltas()
    sample.overanim.regions["Head"].delta_shape_key = "Missing"
    with pytest.raises(RuntimeError, match="No deformed mesh has the Delta Shape Keys"):
        bpy.ops.overanim.compose_region_deltas()


def test_compose_names_the_shape_key_it_wrote(sample, capsys):
    from overanim_addon.blender.compose.shape_key import COMPOSED
    from overanim_addon.blender.sample.build import add_sample_deltas

    add_sample_deltas(sample)
    assert bpy.ops.overanim.compose_region_deltas() == {"FINISHED"}
    assert f"into shape key '{COMPOSED}'" in capsys.readouterr().out  # the INFO report, as the bpy module prints it
    assert COMPOSED in bpy.data.objects["SK_OverAnimSample_Body"].data.shape_keys.key_blocks
