"""ko_KR translations of the tooltips the Korean "Region · Calibration Types" page gives, keeping the
terms that page keeps in English (labels are the Details UI names, English on both pages).
Keys are the English tooltips exactly as registered, so a changed tooltip fails the tests."""

from __future__ import annotations

import bpy

from ..core.calibration import FIELDS_BY_NAME
from .regions.properties import BASIS_ITEMS, SPATIAL_ITEMS, OVERANIM_PG_region

KO_CALIBRATION = {
    "enable_automatic_calibration": "linear distance, speed, acceleration을 측정된 비율로 보정합니다. "
                                    "angular/time 값은 바꾸지 않습니다",
    "reference_character_height": "character scale이 1이 되는 기준 높이입니다",
    "locomotion_root_bone": "locomotion height를 바닥에서 재는 reference-pose bone입니다. "
                            "None이면 body root를 자동 선택합니다",
    "reference_locomotion_height": "actor speed/acceleration authored 기준 높이입니다",
    "reference_ground_probe_radius": "ground probe distance의 scale 기준입니다",
    "reference_region_span_length": "Region endpoint span의 scale 기준입니다",
    "reference_region_bounds_radius": "Region bounds radius의 scale 기준입니다",
    "reference_region_chain_length": "Region chain length의 scale 기준입니다",
    "reference_average_bone_length": "Region average bone length의 scale 기준입니다",
    "minimum_character_scale": "자동 계산 scale의 하한입니다",
    "maximum_character_scale": "자동 계산 scale의 상한입니다. 내부 해석은 최소값보다 작지 않게 정리합니다",
}
KO_REGION = {
    "falloff_mode": "vertex mask의 0과 full 사이 curve를 선택합니다. Power만 Falloff Exponent를 읽습니다",
    "zero_weight": "이 skin weight 이하에서 Region mask는 0입니다",
    "full_weight": "이 skin weight 이상에서 Region mask는 1입니다. ZeroWeight보다 커야 유효한 전이 구간을 만듭니다",
    "falloff_exponent": "Power mode의 곡률입니다. 다른 mode에서는 값이 남아 있어도 결과에 쓰이지 않습니다",
    "lod_policy": "해당 LOD의 Region coverage 부족을 허용, 경고, 필수 조건으로 각각 처리합니다",
    "composition_policy": "겹치는 Region delta를 clamp한 합으로 합성하거나, 가장 강한 delta 하나로 합성합니다",
}
KO_SPATIAL = {
    "CHARACTER_RELATIVE": "authored linear distance에 character scale을 곱합니다",
    "REGION_RELATIVE": "Region reference size와 ratio가 유효하면 그 값을 사용하고, 아니면 character-relative로 "
                       "fallback합니다",
    "ABSOLUTE": "authored distance를 그대로 사용합니다",
}
KO_BASIS = {
    "AUTO": "actor motion은 locomotion height, Region motion은 chain/span/bounds/average bone 순으로 선택합니다",
    "CHARACTER_HEIGHT": "전 캐릭터 기준의 scale을 사용합니다",
    "LOCOMOTION_HEIGHT": "전 캐릭터 기준의 scale을 사용합니다",
    "REGION_SPAN": "Region measurement가 있을 때만 해당 scale을 사용합니다. 없으면 해석 실패입니다",
    "REGION_BOUNDS_RADIUS": "Region measurement가 있을 때만 해당 scale을 사용합니다. 없으면 해석 실패입니다",
    "REGION_CHAIN_LENGTH": "Region measurement가 있을 때만 해당 scale을 사용합니다. 없으면 해석 실패입니다",
    "AVERAGE_BONE_LENGTH": "Region measurement가 있을 때만 해당 scale을 사용합니다. 없으면 해석 실패입니다",
    "ABSOLUTE": "scale 1을 사용합니다",
}


def _region_tooltip(name: str) -> str:
    return OVERANIM_PG_region.__annotations__[name].keywords["description"]


def build() -> dict[str, dict[tuple[str, str], str]]:
    entries: dict[tuple[str, str], str] = {}
    for name, korean in KO_CALIBRATION.items():
        entries[("*", FIELDS_BY_NAME[name].tooltip)] = korean
    for name, korean in KO_REGION.items():
        entries[("*", _region_tooltip(name))] = korean
    for items, korean_by_id in ((SPATIAL_ITEMS, KO_SPATIAL), (BASIS_ITEMS, KO_BASIS)):
        for identifier, _label, description in items:
            entries[("*", description)] = korean_by_id[identifier]
    return {"ko_KR": entries}


TRANSLATIONS = build()
_KEY = __package__ or "overanim_addon.blender"


def register() -> None:
    bpy.app.translations.register(_KEY, TRANSLATIONS)


def unregister() -> None:
    bpy.app.translations.unregister(_KEY)
