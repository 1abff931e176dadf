"""ko_KR translations: the tooltips the Korean "Region · Calibration Types" page covers, and the
add-on's messages (check findings, reports, status lines). Labels stay as they are (see i18n.py).

Tooltips keep the terms the Korean page keeps in English. Where the page has the sentence it is
taken word for word (``KO_CALIBRATION``, the first six of ``KO_REGION``, ``KO_SPATIAL``,
``KO_BASIS``); the others are written in the page's terms. Keys are the English tooltips exactly as
registered (built from the same tables), so a changed tooltip fails the tests.

Messages are keyed by their English template (``core.messages``) in the add-on's own context. A new
message joins Korean by adding one entry to ``KO_MESSAGES``; until then it reads in English.
"""

from __future__ import annotations

import bpy

from ..core.calibration import FIELDS_BY_NAME
from .calibration.properties import description
from .i18n import CONTEXT
from .regions.properties import (
    BASIS_SPECS,
    COMPOSITION_SPECS,
    FALLOFF_SPECS,
    LOD_SPECS,
    SPATIAL_SPECS,
    OVERANIM_PG_region,
    item_description,
)

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
    # written in the page's terms (its RequiresCoverage contract and Calibration Enum section)
    "is_attachment_dependency": "켜져 있으면 policy와 무관하게 coverage가 필수입니다 "
                                "(Region의 bone에 parent된 object가 있을 때도 그렇게 간주합니다)",
    "spatial_calibration_mode": "이 Region의 authored linear distance가 character 크기를 따르는 방식입니다",
    "measurement_basis": "이 Region의 motion을 보정하는 측정 scale입니다",
    "mask_channel": "이 Region의 mask를 담는 packed byte color attribute OverAnim_RegionMasks의 channel입니다. "
                    "Export for Unreal이 이를 vertex color로 씁니다 (material의 Vertex Color node)",
}
KO_FALLOFF = {
    "LINEAR": "Zero Weight와 Full Weight 사이의 직선 ramp입니다",
    "SMOOTH_STEP": "Zero Weight와 Full Weight 사이의 부드러운 ease-in/ease-out ramp입니다",
    "POWER": "Falloff Exponent로 휜 ramp입니다 (FalloffExponent를 읽는 유일한 mode)",
}
KO_LOD = {
    "ALLOW_INACTIVE": "해당 LOD의 Region coverage 부족을 허용합니다",
    "WARN_IF_INACTIVE": "해당 LOD의 Region coverage 부족을 경고합니다",
    "REQUIRE_COVERAGE": "모든 LOD에서 Region coverage를 필수 조건으로 처리합니다",
}
KO_COMPOSITION = {
    "ADDITIVE_CLAMPED": "겹치는 Region delta를 clamp한 합으로 합성합니다",
    "STRONGEST_DELTA": "겹치는 Region delta를 가장 강한 delta 하나로 합성합니다",
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
ITEM_TABLES = ((FALLOFF_SPECS, KO_FALLOFF), (LOD_SPECS, KO_LOD), (COMPOSITION_SPECS, KO_COMPOSITION),
               (SPATIAL_SPECS, KO_SPATIAL), (BASIS_SPECS, KO_BASIS))

# English template -> Korean template, the same {fields}. Blender's own settings are named as its
# Korean interface names them (에디트 모드, 단위 축적); the add-on's buttons and fields keep their names.
KO_MESSAGES = {
    # status lines in the panels
    "All checks passed": "모든 검사를 통과했습니다",
    "Not measured yet": "아직 측정하지 않았습니다",
    "Not probed yet": "아직 probe하지 않았습니다",
    "Found by name on first use": "처음 쓸 때 이름으로 찾습니다",
    "Select an armature or a mesh it deforms": "armature 또는 armature가 변형하는 mesh를 선택하세요",
    "Full Weight must be above Zero Weight: hard step":
        "Full Weight는 Zero Weight보다 커야 합니다: 지금은 계단형 전이입니다",
    "Mixed policies: Strongest Delta wins where its Region is present":
        "policy가 섞여 있습니다: Strongest Delta Region이 있는 곳에서는 그 delta가 우선합니다",
    "{region} LOD{lod}: covered": "{region} LOD{lod}: coverage 있음",
    "{region} LOD{lod}: inactive": "{region} LOD{lod}: 비활성",
    "{region} LOD{lod}: covered, attachment": "{region} LOD{lod}: coverage 있음, attachment",
    "{region} LOD{lod}: inactive, attachment": "{region} LOD{lod}: 비활성, attachment",
    # counts (Korean has one form for both)
    "{n} error": "오류 {n}개", "{n} errors": "오류 {n}개",
    "{n} warning": "경고 {n}개", "{n} warnings": "경고 {n}개",
    "{n} posed bone": "포즈된 bone {n}개", "{n} posed bones": "포즈된 bone {n}개",
    "{n} Region": "Region {n}개", "{n} Regions": "Region {n}개",
    "{n} property": "property {n}개", "{n} properties": "property {n}개",
    "{n} Region mask": "Region mask {n}개", "{n} Region masks": "Region mask {n}개",
    "{n} Region delta": "Region delta {n}개", "{n} Region deltas": "Region delta {n}개",
    "{n} mesh": "mesh {n}개", "{n} meshes": "mesh {n}개",
    "{n:,} vertex": "vertex {n:,}개", "{n:,} vertices": "vertex {n:,}개",
    # checks
    "Calibration: {problem}": "Calibration 문제: {problem}",
    "{field} is not a number": "{field} 값이 숫자가 아닙니다",
    "{field} must be at least {limit:g}": "{field}은(는) {limit:g} 이상이어야 합니다",
    "{field} must be at most {limit:g}": "{field}은(는) {limit:g} 이하여야 합니다",
    "'{name}'{source} has a non-uniform scale {scale}: world-space lengths are distorted; apply the scale{together}":
        "'{name}'{source}의 scale이 균일하지 않습니다 {scale}: world space 길이가 왜곡됩니다. "
        "scale을 적용하세요{together}",
    "'{name}'{source} has an unapplied scale of {scale:.3g}: Unreal will import it as component scale; apply "
    "it{together} unless that is intended":
        "'{name}'{source}에 적용되지 않은 scale {scale:.3g}이(가) 있습니다: Unreal은 이를 component scale로 "
        "가져옵니다. 의도한 것이 아니면 적용하세요{together}",
    " (with its {meshes}, which keep their place)": " (변형되는 {meshes}와 함께, 위치는 그대로)",
    "{n} deformed mesh": "mesh {n}개", "{n} deformed meshes": "mesh {n}개",
    "'{name}'{source} has an object scale of {scale:g} {rotated}(the FBX importer's unit conversion): WS values "
    "measure the rig as it stands ({ws:.4g} cm tall), CS values are its own data without that scale ({cs:.4g} cm, "
    "{factor:g}× WS) and their scales clamp at the maximum. Apply the scale{together} to make CS equal WS":
        "'{name}'{source}의 object scale이 {scale:g}입니다 {rotated}(FBX importer의 단위 변환): WS 값은 보이는 "
        "그대로의 rig를 잽니다 (키 {ws:.4g} cm). CS 값은 그 scale이 빠진 rig 자체의 data입니다 ({cs:.4g} cm, WS의 "
        "{factor:g}배). 그래서 CS scale은 최대값에서 clamp됩니다. CS를 WS와 같게 하려면 scale을 적용하세요{together}",
    "and a rotation ": "회전과 함께 ",
    " (scaled by its parent '{parent}')": " (parent '{parent}'의 scale)",
    " (scaled by its constraints)": " (constraint의 scale)",
    "'{name}' is scaled by its constraints: Apply Scale cannot keep it in place; remove or apply those "
    "constraints first":
        "'{name}'의 scale은 constraint에서 옵니다: Apply Scale로는 제자리에 둘 수 없습니다. 먼저 그 constraint를 "
        "지우거나 적용하세요",
    " and {count} more": " 외 {count}개",
    "Deformed meshes with an unapplied scale: {meshes}{more}; they export to Unreal at that scale: apply it":
        "적용되지 않은 scale이 있는 변형 mesh: {meshes}{more}. 그 scale로 Unreal에 export됩니다: 적용하세요",
    "Bones with a rest position that is not a number (NaN or inf): {bones}{more}: fix or delete them":
        "rest 위치가 숫자가 아닌 bone (NaN 또는 inf): {bones}{more}: 고치거나 지우세요",
    "'{name}' lies along world {axis}: {length:.4g} cm long but {tall:.4g} cm tall along world up (+Z), which "
    "Measure uses as up. Stand it up: rotate the armature object {rotation} (or fix its rest pose){unless}":
        "'{name}'이(가) world {axis} 방향으로 누워 있습니다: 길이는 {length:.4g} cm이지만 Measure가 위로 쓰는 "
        "world up(+Z) 방향 높이는 {tall:.4g} cm입니다. 세우세요: armature object를 {rotation} 회전하세요 "
        "(또는 rest pose를 고치세요){unless}",
    ", unless the creature really is long and low": ". 정말 길고 낮은 생물이라면 그대로 두세요",
    "'{name}' reaches {depth:.4g} cm below its origin along world up (+Z) and {above:.4g} cm above it: Measure "
    "takes the plane through the armature's origin as the ground. {advice}":
        "'{name}'이(가) world up(+Z) 방향으로 origin보다 {depth:.4g} cm 아래, {above:.4g} cm 위까지 있습니다: "
        "Measure는 armature의 origin을 지나는 평면을 바닥으로 씁니다. {advice}",
    "It stands upside down: rotate the armature object 180° about X (or fix its rest pose)":
        "거꾸로 서 있습니다: armature object를 X축으로 180° 회전하세요 (또는 rest pose를 고치세요)",
    "'{name}' hangs {depth:.4g} cm below its origin along world up (+Z), as a BVH rest pose hangs from its hips: "
    "Measure takes its ground at its lowest point in the rest pose, not at its origin":
        "'{name}'이(가) world up(+Z) 방향으로 origin보다 {depth:.4g} cm 아래까지 매달려 있습니다 (BVH rest pose가 "
        "hips에 매달리듯이): Measure는 origin이 아니라 rest pose의 가장 낮은 점을 바닥으로 씁니다",
    "The meshes are shown posed ({count}, e.g. '{bone}'): measuring uses the rest pose; switch the rig to Rest "
    "Position to see what is measured":
        "mesh가 포즈된 상태로 보입니다 ({count}, 예: '{bone}'): 측정은 rest pose를 씁니다. 측정되는 모습을 보려면 "
        "rig를 Rest Position으로 바꾸세요",
    "Locomotion root '{bone}' is at ground level ({height:.2f} cm): locomotion height would be 0; pick the pelvis "
    "in Locomotion Root Bone":
        "Locomotion root '{bone}'이(가) 바닥 높이에 있습니다 ({height:.2f} cm): locomotion height가 0이 됩니다. "
        "Locomotion Root Bone에서 pelvis를 고르세요",
    "The character measures {size:.4g} cm at Unit Scale {scale:g}, outside a human's {low:g} to {high:g} cm{offer}":
        "단위 축적(Unit Scale) {scale:g}에서 캐릭터 크기가 {size:.4g} cm로, 사람의 키 범위 {low:g}~{high:g} cm를 "
        "벗어납니다{offer}",
    ": if it is not that size, its file's units are not the scene's: Match Unit Scale sets {fix:g} ({unit}), "
    "which makes it {fixed:.4g} cm":
        ": 실제로 그 크기가 아니라면 파일의 단위가 씬의 단위와 다릅니다: Match Unit Scale은 {fix:g}({unit})로 "
        "설정하며, 그러면 {fixed:.4g} cm가 됩니다",
    "The character measures {size:.4g} cm at Unit Scale {scale:g}, outside a human's {low:g} to {high:g} cm: its "
    "object scale of {object_scale:.3g} makes it so":
        "단위 축적(Unit Scale) {scale:g}에서 캐릭터 크기가 {size:.4g} cm로, 사람의 키 범위 {low:g}~{high:g} cm를 "
        "벗어납니다: object scale {object_scale:.3g} 때문입니다",
    "metric": "미터법", "inches": "인치", "feet": "피트",
    "CMU motion capture's 1/0.45 inch": "CMU 모션 캡처의 1/0.45 인치",
    "Region '{region}': bones without Deform: {bones}": "Region '{region}': Deform이 꺼진 bone: {bones}",
    "Region '{region}': bones that deform no vertex: {bones}":
        "Region '{region}': 어떤 vertex도 변형하지 않는 bone: {bones}",
    "No mesh is deformed by '{name}': heights come from the bones":
        "'{name}'이(가) 변형하는 mesh가 없습니다: 높이는 bone에서 잽니다",
    "Regions '{first}' and '{second}' both use channel {channel} of {attribute}":
        "Region '{first}'과(와) '{second}'이(가) 모두 {attribute}의 {channel} channel을 씁니다",
    "The rig has no height to match a unit scale to": "단위 축적을 맞출 rig 높이가 없습니다",
    "Checks: {errors}, {warnings}": "검사: {errors}, {warnings}",
    "{fix}: done": "{fix}: 완료",
    # what every operator refuses
    "The scene's Unit Scale ({scale}) is not a positive number": "씬의 단위 축적({scale})이 양수가 아닙니다",
    "Select an armature, or a mesh deformed by one": "armature 또는 armature가 변형하는 mesh를 선택하세요",
    "Armature '{name}' has no bones": "Armature '{name}'에 bone이 없습니다",
    "'{name}' is linked from a library and read-only: make it local or a library override first":
        "'{name}'은(는) library에서 link되어 읽기 전용입니다: 먼저 로컬로 만들거나 library override를 만드세요",
    "'{name}' is a non-editable library override: make it editable first":
        "'{name}'은(는) 편집할 수 없는 library override입니다: 먼저 편집 가능하게 만드세요",
    "'{name}' is hidden or disabled in the viewport: unhide it first":
        "'{name}'이(가) 뷰포트에서 숨겨져 있거나 꺼져 있습니다: 먼저 보이게 하세요",
    "'{name}' is in Edit Mode: switch to Object Mode (Tab) first":
        "'{name}'이(가) 에디트 모드입니다: 먼저 오브젝트 모드로 바꾸세요 (Tab)",
    "'{name}' is sculpted with Dynamic Topology: turn it off or leave Sculpt Mode first":
        "'{name}'이(가) Dynamic Topology로 스컬프트 중입니다: "
        "먼저 Dynamic Topology를 끄거나 스컬프트 모드에서 나가세요",
    "Mesh '{name}' is linked from a library and read-only": "Mesh '{name}'은(는) library에서 link되어 읽기 전용입니다",
    # Apply Scale
    "'{name}' is linked from a library: its scale cannot be applied":
        "'{name}'은(는) library에서 link되어 있어 scale을 적용할 수 없습니다",
    "The armature data of '{name}' is shared by other objects: make it single-user":
        "'{name}'의 armature data를 다른 object도 사용합니다: single-user로 만드세요",
    "Mesh data '{mesh}' of '{name}' is also used outside the rig: make it single-user (Object > Relations) "
    "before applying its scale":
        "'{name}'의 mesh data '{mesh}'을(를) rig 밖에서도 사용합니다: scale을 적용하기 전에 single-user로 "
        "만드세요 (Object > Relations)",
    "Mesh data '{mesh}' is shared by objects of different scales: make them single-user first":
        "mesh data '{mesh}'을(를) scale이 다른 object들이 함께 사용합니다: 먼저 single-user로 만드세요",
    # names OverAnim writes
    "'{mesh}' has a vertex group named '{name}', the name of the colour attribute OverAnim writes: "
    "rename or remove that group first":
        "'{mesh}'에 OverAnim이 쓰는 color attribute와 같은 이름 '{name}'의 vertex group이 있습니다: "
        "먼저 그 group의 이름을 바꾸거나 제거하세요",
    "'{mesh}' has a {data_type} {domain} attribute named '{name}', the name of the colour attribute "
    "OverAnim writes: rename or remove it first":
        "'{mesh}'에 OverAnim이 쓰는 color attribute와 같은 이름 '{name}'의 {data_type} {domain} attribute가 "
        "있습니다: 먼저 이름을 바꾸거나 제거하세요",
    "'{mesh}' has an attribute named '{name}', the name of the vertex group OverAnim writes: "
    "rename or remove it first":
        "'{mesh}'에 OverAnim이 쓰는 vertex group과 같은 이름 '{name}'의 attribute가 있습니다: "
        "먼저 이름을 바꾸거나 제거하세요",
    "'{name}' is longer than Blender's {limit}-byte name limit":
        "'{name}'은(는) Blender의 이름 길이 한도 {limit}바이트보다 깁니다",
    "Region '{region}': {field} holds an unknown value; pick one in the Regions panel":
        "Region '{region}': {field}에 알 수 없는 값이 있습니다. Regions 패널에서 하나를 고르세요",
    "A Region has no name: name every Region": "이름이 없는 Region이 있습니다: 모든 Region에 이름을 붙이세요",
    "Two Regions are named '{name}': Region names must be unique":
        "두 Region의 이름이 '{name}'입니다: Region 이름은 고유해야 합니다",
    "Regions '{first}' and '{second}' give the same name key '{key}': rename one":
        "Region '{first}'과(와) '{second}'의 name key가 '{key}'(으)로 같습니다: 하나의 이름을 바꾸세요",
    # measuring
    "Not measured: {reason}{more}": "측정하지 않았습니다: {reason}{more}",
    "Not exported: {reason}{more}": "내보내지 않았습니다: {reason}{more}",
    " (+{count} more in Checks)": " (Checks에 {count}개 더)",
    "'{name}': height {height:.1f} cm (scale {scale:.3f}), locomotion {locomotion:.1f} cm from '{root}', "
    "{regions}; {properties} written":
        "'{name}': 키 {height:.1f} cm (scale {scale:.3f}), '{root}' 기준 locomotion {locomotion:.1f} cm, "
        "{regions}; {properties} 기록",
    "The measurement gave no number for {names}: look for bones or vertices at NaN/inf positions (Checks)":
        "측정 결과 {names}에 숫자가 나오지 않았습니다: NaN/inf 위치의 bone이나 vertex를 찾으세요 (Checks)",
    "Region '{region}': Measurement Basis {basis} cannot resolve (no such Region measurement): its motion scale "
    "is written as 0":
        "Region '{region}': Measurement Basis {basis}를 해석할 수 없습니다 (해당 Region measurement가 없음): "
        "motion scale은 0으로 기록됩니다",
    "Region '{region}': lengths from leaf bones' own tails (no child joint): {leaves}":
        "Region '{region}': child joint가 없는 leaf bone의 길이는 자신의 tail에서 잽니다: {leaves}",
    "'{bone}' {length:.1f} cm (no mesh bounds it)": "'{bone}' {length:.1f} cm (제한할 mesh가 없음)",
    "'{bone}' {tail:.1f} cm, cut to {length:.1f} cm where the skin it deforms ends":
        "'{bone}' {tail:.1f} cm, 변형하는 skin이 끝나는 {length:.1f} cm로 줄임",
    "'{bone}' {length:.1f} cm (within the skin it deforms)": "'{bone}' {length:.1f} cm (변형하는 skin 안)",
    "Scales clamped to Minimum/Maximum Character Scale ({low:g} to {high:g}), with the ratio each had: {scales}":
        "Minimum/Maximum Character Scale({low:g}~{high:g})로 clamp된 scale과 원래 비율: {scales}",
    "{scale} {ratio:.3g}×": "{scale} {ratio:.3g}배",
    "Region '{region}' {scale} {space} {ratio:.3g}×": "Region '{region}' {scale} {space} {ratio:.3g}배",
    "Region names written as their keys (letters, digits and _ only, at most {limit} bytes): {names}":
        "key로 기록한 Region 이름 (글자, 숫자, _만, 최대 {limit} byte): {names}",
    "cannot resolve": "해석 불가",
    "Region '{region}' has no bones: {why}": "Region '{region}'에 bone이 없습니다: {why}",
    "no bone collection is set": "bone collection이 지정되지 않았습니다",
    "bone collection '{name}' was not found": "bone collection '{name}'을(를) 찾을 수 없습니다",
    "bone collection '{name}' is empty": "bone collection '{name}'이(가) 비어 있습니다",
    "No body root found (no bone named pelvis/hips and no bone with two legs below it): set Locomotion Root Bone":
        "body root를 찾지 못했습니다 (pelvis/hips라는 bone도, 아래에 다리가 둘 있는 bone도 없습니다): "
        "Locomotion Root Bone을 지정하세요",
    "The armature has no bone named '{bone}'": "armature에 이름이 '{bone}'인 bone이 없습니다",
    "Saved {name}": "{name}을(를) 저장했습니다",
    "Could not write {path}: {reason}": "{path}에 쓸 수 없습니다: {reason}",
    "Calibration set to the studio defaults": "Calibration을 studio 기본값으로 설정했습니다",
    # Regions and masks
    "Added Region '{name}'": "Region '{name}'을(를) 추가했습니다",
    "Removed Region '{name}'": "Region '{name}'을(를) 제거했습니다",
    "'{name}' has no Regions to paint: add one in the Regions panel":
        "'{name}'에 칠할 Region이 없습니다: Regions 패널에서 추가하세요",
    "No mesh is deformed by '{name}'": "'{name}'이(가) 변형하는 mesh가 없습니다",
    "Painted {masks} on {meshes} ({vertices})": "{meshes}에 {masks}를 칠했습니다 ({vertices})",
    "Removed {n} OverAnim item": "OverAnim 항목 {n}개를 제거했습니다",
    "Removed {n} OverAnim items": "OverAnim 항목 {n}개를 제거했습니다",
    "Live Preview on: the masks follow the Region fields and the weights":
        "Live Preview 켜짐: mask가 Region field와 weight를 따라갑니다",
    "Live Preview off": "Live Preview 꺼짐",
    "Region '{region}' is inactive at LOD{lod} (an attachment dependency)":
        "Region '{region}'이(가) LOD{lod}에서 비활성입니다 (attachment dependency)",
    "Region '{region}' is inactive at LOD{lod} (RequireCoverage)":
        "Region '{region}'이(가) LOD{lod}에서 비활성입니다 (RequireCoverage)",
    "Region '{region}' is inactive at LOD{lod}": "Region '{region}'이(가) LOD{lod}에서 비활성입니다",
    "The {n} Region/LOD pair is fine": "Region/LOD 쌍 {n}개가 문제없습니다",
    "All {n} Region/LOD pairs are fine": "Region/LOD 쌍 {n}개 모두 문제없습니다",
    "No Region names a Delta Shape Key: set one in the Regions panel":
        "Delta Shape Key를 지정한 Region이 없습니다: Regions 패널에서 지정하세요",
    "No deformed mesh has the Delta Shape Keys ({names})":
        "변형되는 mesh 중 Delta Shape Key({names})를 가진 것이 없습니다",
    "Composed {deltas} on {meshes}; {overlap} where Regions overlap":
        "{meshes}에 {deltas}를 합성했습니다; Region이 겹치는 곳은 {overlap}",
    "Added '{name}' with {regions}": "'{name}'을(를) 추가했습니다 ({regions})",
    "Studio defaults applied by 'Apply Studio Defaults' and to the sample character":
        "'Apply Studio Defaults'와 샘플 캐릭터에 적용되는 studio 기본값",
    # Foot IK
    "No foot bones found by name on '{name}': pick Left Foot and Right Foot with the bone pickers of the Foot IK "
    "panel":
        "'{name}'에서 이름으로 foot bone을 찾지 못했습니다: Foot IK 패널의 bone 선택기로 Left Foot과 Right Foot을 "
        "고르세요",
    "'{name}' has numbered bone names (such as '{example}'): its feet cannot be found by name. Pick Left Foot and "
    "Right Foot with the bone pickers of the Foot IK panel":
        "'{name}'의 bone 이름이 번호입니다 (예: '{example}'): 이름으로는 발을 찾을 수 없습니다. Foot IK 패널의 bone "
        "선택기로 Left Foot과 Right Foot을 고르세요",
    "Found {bones}": "찾음: {bones}",
    "Found {bones}: pick the missing foot with its bone picker": "찾음: {bones}. 빠진 발은 bone 선택기로 고르세요",
    "Forward Axis {axis} of '{name}' points straight up or down in the world: pick the axis of the armature object "
    "the character faces":
        "'{name}'의 Forward Axis {axis}가 world에서 똑바로 위나 아래를 향합니다: 캐릭터가 바라보는 armature "
        "object의 축을 고르세요",
    "Forward Axis {axis} of '{name}' points straight up or down in the world; its toes point along {toes} of its "
    "object: set Forward Axis to {toes} (Detect Forward Axis in the Foot IK panel)":
        "'{name}'의 Forward Axis {axis}가 world에서 똑바로 위나 아래를 향합니다. 발끝은 object의 {toes} 방향입니다: "
        "Forward Axis를 {toes}로 설정하세요 (Foot IK 패널의 Detect Forward Axis)",
    "Forward Axis is {axis}, but the toes of '{name}' point along {toes} of its object: Pitch and Roll are measured "
    "along {axis} (Detect Forward Axis sets {toes})":
        "Forward Axis는 {axis}이지만 '{name}'의 발끝은 object의 {toes} 방향입니다: Pitch와 Roll은 {axis} 기준으로 "
        "잽니다 (Detect Forward Axis는 {toes}로 설정합니다)",
    "The character's Forward Axis points straight up or down in the world: pick the axis of the armature object "
    "the character faces (Detect Forward Axis finds it from its toes)":
        "캐릭터의 Forward Axis가 world에서 똑바로 위나 아래를 향합니다: 캐릭터가 바라보는 armature object의 축을 "
        "고르세요 (Detect Forward Axis가 발끝으로 찾습니다)",
    "The toes of '{name}' point along no axis of its object (within 45°): set Forward Axis by hand":
        "'{name}'의 발끝이 object의 어느 축과도 45° 안에 있지 않습니다: Forward Axis를 직접 설정하세요",
    "Forward Axis set to {axis}: the toes of '{name}' point along it":
        "Forward Axis를 {axis}로 설정했습니다: '{name}'의 발끝이 그 방향입니다",
    "Its toes point along {axis} of its object": "발끝이 object의 {axis} 방향입니다",
    # Export for Unreal
    "Choose a file to export to": "내보낼 파일을 고르세요",
    "Blender's FBX exporter (io_scene_fbx) is not available": "Blender의 FBX exporter(io_scene_fbx)를 쓸 수 없습니다",
    "{n} bone": "bone {n}개", "{n} bones": "bone {n}개",
    "{file}: '{armature}' ({bones}) and {meshes}{names}": "{file}: '{armature}' ({bones})와 {meshes}{names}",
    "Vertex colour: {attribute} ({packing})": "vertex color는 {attribute}입니다 ({packing})",
    "Vertex colour: no Region has a mask channel; OverAnim's colour layers left out":
        "vertex color: mask channel을 가진 Region이 없어 OverAnim의 color layer는 넣지 않았습니다",
    "{n} OverAnim custom property, measured just now": "방금 측정한 OverAnim custom property {n}개",
    "{n} OverAnim custom properties, measured just now": "방금 측정한 OverAnim custom property {n}개",
    "Animation: frames {start}-{end}, baked from the evaluated pose":
        "애니메이션: {start}-{end} 프레임, 평가된 pose에서 bake했습니다",
    "No animation": "애니메이션 없음",
    "{n} animated custom property as an animation curve on '{node}'":
        "애니메이션된 custom property {n}개를 '{node}'에 animation curve로 넣었습니다",
    "{n} animated custom properties as animation curves on '{node}'":
        "애니메이션된 custom property {n}개를 '{node}'에 animation curve로 넣었습니다",
    "The FBX file Blender wrote lacks {missing}: the animation curves were not added":
        "Blender가 쓴 FBX 파일에 {missing}이(가) 없어 animation curve를 넣지 않았습니다",
    "Bone '{bone}' has a custom property '{name}' of its own: not exported over it":
        "bone '{bone}'에 같은 이름의 custom property '{name}'이(가) 있어 그 위에 내보내지 않았습니다",
    "'{name}' is linked: its colour layers went into the file unfiltered":
        "'{name}'은(는) link되어 있어 color layer를 거르지 못한 채 파일에 넣었습니다",
    "Exported {file} for Unreal{lods}": "Unreal용 {file}을(를) 내보냈습니다{lods}",
    " (+{n} LOD file)": " (+LOD 파일 {n}개)", " (+{n} LOD files)": " (+LOD 파일 {n}개)",
}


def _region_tooltip(name: str) -> str:
    return OVERANIM_PG_region.__annotations__[name].keywords["description"]


def build() -> dict[str, dict[tuple[str, str], str]]:
    tooltips: dict[str, str] = {}
    for name, korean in KO_CALIBRATION.items():
        spec = FIELDS_BY_NAME[name]
        tooltips[description(spec)] = description(spec, korean)
    for name, korean in KO_REGION.items():
        tooltips[_region_tooltip(name)] = korean
    for specs, korean_by_id in ITEM_TABLES:
        for identifier, label, spec_name, sentence in specs:
            tooltips[item_description(label, spec_name, sentence)] = item_description(label, spec_name,
                                                                                      korean_by_id[identifier])
    entries: dict[tuple[str, str], str] = {}
    for english, korean in tooltips.items():
        # Blender looks tooltips up in its default context; ours too, in case a build looks a property's
        # tooltip up in the property's own context
        entries[("*", english)] = entries[(CONTEXT, english)] = korean
    for english, korean in KO_MESSAGES.items():
        entries[(CONTEXT, english)] = korean
    return {"ko_KR": entries}


TRANSLATIONS = build()
_KEY = __package__ or "overanim_addon.blender"


def register() -> None:
    bpy.app.translations.register(_KEY, TRANSLATIONS)


def unregister() -> None:
    bpy.app.translations.unregister(_KEY)
