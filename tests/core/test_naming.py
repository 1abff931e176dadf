import pytest
from hypothesis import given
from hypothesis import strategies as st

from overanim_addon.core import InvalidInputError
from overanim_addon.core.naming import (
    HASH_DIGITS,
    KEY_BYTES,
    MAX_NAME_BYTES,
    cut_utf8,
    derived_name,
    name_hash,
    region_key,
    region_keys,
)

# the longest frame any feature puts around a key (measure/results.py): 39 bytes
LONGEST_FRAME = ("OverAnim_Region_", "_AverageBoneLengthScale")


def nbytes(text):
    return len(text.encode("utf-8"))


@pytest.mark.parametrize("name", ["LeftArm", "Spine", "left_arm_01", "왼팔", "左腕", "A" * KEY_BYTES])
def test_clean_short_names_are_their_own_key(name):
    assert region_key(name) == name


@pytest.mark.parametrize(("a", "b"), [("Left Arm", "Left-Arm"), ("左腕", "右腕"), ("🦾", "🦿"),
                                      ("A" * 30 + "x", "A" * 30 + "y")])
def test_names_that_look_alike_get_different_keys(a, b):
    assert region_key(a) != region_key(b)
    assert region_keys([a, b]) == [region_key(a), region_key(b)]


def test_changed_or_long_names_keep_a_readable_start_and_a_hash_of_the_whole_name():
    assert region_key("Left Arm") == f"Left_Arm_{name_hash('Left Arm')}"
    long = "UpperArmTwistCorrective_Left_01"
    key = region_key(long)
    assert key.startswith("UpperArmTwistCorr") and key.endswith(name_hash(long)) and nbytes(key) == KEY_BYTES


def test_the_hash_is_stable_across_processes():
    # BLAKE2b of the UTF-8 name: a fixed value, unlike Python's per-process salted hash()
    assert name_hash("Left Arm") == "3a1d6c"  # changing it renames keys on rigs already measured
    assert len(name_hash("x")) == HASH_DIGITS


@pytest.mark.parametrize("length", [25, 50, 70])
def test_long_and_multibyte_names_fit_every_frame(length):
    for name in ("R" * length, "한" * length, "🦾" * length, ("Arm " * length)[:length]):
        key = region_key(name)
        assert nbytes(key) <= KEY_BYTES
        assert nbytes(derived_name(LONGEST_FRAME[0], key, LONGEST_FRAME[1])) <= MAX_NAME_BYTES


@given(st.text(min_size=1, max_size=80))
def test_every_key_is_short_valid_and_deterministic(name):
    key = region_key(name)
    assert 0 < nbytes(key) <= KEY_BYTES
    assert key.encode("utf-8").decode("utf-8") == key
    assert all(c.isalnum() or c == "_" for c in key)
    assert region_key(name) == key


@given(st.text(min_size=1, max_size=60), st.text(min_size=1, max_size=60))
def test_two_different_names_give_two_keys_or_a_clear_refusal(a, b):
    if a == b or not a.strip() or not b.strip():
        return
    try:
        keys = region_keys([a, b])
    except InvalidInputError as error:
        assert a in str(error) and b in str(error)
        return
    assert keys[0] != keys[1]


def test_cut_never_splits_a_character():
    assert cut_utf8("한국어", 4) == "한"
    assert cut_utf8("한국어", 6) == "한국"
    assert cut_utf8("ab🦾", 5) == "ab"
    assert cut_utf8("abc", 0) == ""


def test_refusals_name_the_problem():
    with pytest.raises(InvalidInputError, match="Two Regions are named 'Arm'"):
        region_keys(["Arm", "Leg", "Arm"])
    with pytest.raises(InvalidInputError, match="has no name"):
        region_keys(["Arm", "  "])
    typed_like_a_key = region_key("Left Arm")  # "Left_Arm_3a1d6c" typed by hand
    with pytest.raises(InvalidInputError, match=f"'Left Arm' and '{typed_like_a_key}' give the same name key"):
        region_keys(["Left Arm", typed_like_a_key])


def test_derived_name_refuses_what_blender_cannot_hold():
    assert derived_name("OverAnim_Mask_", "Arm") == "OverAnim_Mask_Arm"
    with pytest.raises(InvalidInputError, match="63-byte"):
        derived_name("OverAnim_Mask_", "x" * 50)
