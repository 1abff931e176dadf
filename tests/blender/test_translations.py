import json
import re
import subprocess
from pathlib import Path

import pytest

from overanim_addon.blender.regions.properties import BASIS_ITEMS, SPATIAL_ITEMS, OVERANIM_PG_region
from overanim_addon.blender.translations import TRANSLATIONS
from overanim_addon.core import FIELDS

from .. import real_blender

ROOT = Path(__file__).resolve().parents[2]
HANGUL = re.compile("[\uac00-\ud7a3]")
KO_PAGE = (ROOT.parent / "shared/spec/overanim-region-calibration-types.ko.txt")
RUN_SH = real_blender.RUN_SH

# every tooltip the Korean page gives a sentence for
COVERED = [f.tooltip for f in FIELDS] + [
    OVERANIM_PG_region.__annotations__[name].keywords["description"]
    for name in ("falloff_mode", "zero_weight", "full_weight", "falloff_exponent", "lod_policy", "composition_policy")
] + [item[2] for item in SPATIAL_ITEMS + BASIS_ITEMS]


@pytest.mark.parametrize("tooltip", COVERED)
def test_every_covered_tooltip_has_a_korean_entry(tooltip):
    korean = TRANSLATIONS["ko_KR"].get(("*", tooltip))
    assert korean and HANGUL.search(korean), tooltip


def test_korean_sentences_come_from_the_korean_page():
    if not KO_PAGE.exists():
        pytest.skip("the Korean spec page is not beside the project")
    page = KO_PAGE.read_text().replace("`", "")
    for korean in TRANSLATIONS["ko_KR"].values():
        first_sentence = korean.split(". ")[0].removesuffix(".")
        core = first_sentence.replace("Falloff Exponent", "FalloffExponent")
        assert core in page or first_sentence in page, korean


@pytest.mark.real_blender
def test_tooltip_in_korean_through_a_real_blender():
    real_blender.require()
    result = subprocess.run(["bash", str(RUN_SH), "-b", "--factory-startup", "--python-exit-code", "1",
                             "--python", "tests/real_blender_i18n.py"], cwd=ROOT, capture_output=True, text=True,
                            timeout=300, check=False)
    lines = [line for line in result.stdout.splitlines() if line.startswith("RESULT ")]
    assert lines, result.stdout[-2000:] + result.stderr[-2000:]
    out = json.loads(lines[-1][len("RESULT "):])
    assert out["locales"]
    assert out["ko"] == "character scale이 1이 되는 기준 높이입니다"
    assert out["ko_tooltips_off"] == out["en"] == "Reference height at which character scale equals 1"
