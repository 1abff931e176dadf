"""ko_KR: the Korean entries, data only (the table is built and registered by ``__init__.py``).

Tooltips keep the terms the Korean "Region · Calibration Types" page keeps in English. Where the
page has the sentence it is taken word for word (``KO_CALIBRATION``, the first six of
``KO_REGION``, ``KO_SPATIAL``, ``KO_BASIS``); the others are written in the page's terms.
``KO_CALIBRATION`` is keyed by field name (its English tooltip is built from the field's spec),
``KO_REGION`` by the Region field's English tooltip, the enum tables by item identifier.

``KO_MESSAGES``: English template -> Korean template, the same {fields}.
"""

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
    "Selects the curve between 0 and full in the vertex mask. Only Power reads Falloff Exponent":
        "vertex mask의 0과 full 사이 curve를 선택합니다. Power만 Falloff Exponent를 읽습니다",
    "The Region mask is 0 at or below this skin weight": "이 skin weight 이하에서 Region mask는 0입니다",
    "The Region mask is 1 at or above this skin weight. Must be greater than ZeroWeight to create a valid "
    "transition range":
        "이 skin weight 이상에서 Region mask는 1입니다. ZeroWeight보다 커야 유효한 전이 구간을 만듭니다",
    "Curvature of Power mode. Other modes retain the value but do not use it in the result":
        "Power mode의 곡률입니다. 다른 mode에서는 값이 남아 있어도 결과에 쓰이지 않습니다",
    "Respectively allows, warns about, or requires Region coverage at the LOD":
        "해당 LOD의 Region coverage 부족을 허용, 경고, 필수 조건으로 각각 처리합니다",
    "Composes overlapping Region deltas either as a clamped sum or as the single strongest delta":
        "겹치는 Region delta를 clamp한 합으로 합성하거나, 가장 강한 delta 하나로 합성합니다",
    # written in the page's terms (its RequiresCoverage contract and Calibration Enum section)
    "Coverage is always required when this is on, regardless of policy (also assumed when an object is parented "
    "to one of the Region's bones)":
        "켜져 있으면 policy와 무관하게 coverage가 필수입니다 (Region의 bone에 parent된 object가 있을 때도 그렇게 "
        "간주합니다)",
    "How this Region's authored linear distances follow character size":
        "이 Region의 authored linear distance가 character 크기를 따르는 방식입니다",
    "Which measured scale calibrates this Region's motion": "이 Region의 motion을 보정하는 측정 scale입니다",
    "Channel of the packed byte colour attribute OverAnim_RegionMasks that holds this Region's mask; Export for "
    "Unreal writes it as the vertex colour (a material's Vertex Color node)":
        "이 Region의 mask를 담는 packed byte color attribute OverAnim_RegionMasks의 channel입니다. "
        "Export for Unreal이 이를 vertex color로 씁니다 (material의 Vertex Color node)",
    "Name of the Region": "Region의 이름입니다",
    "The armature's Bone Collection whose bones this Region covers (OverAnim's Bone Group)":
        "이 Region이 다루는 bone들의 armature Bone Collection입니다 (OverAnim의 Bone Group)",
    "A linear distance authored for the reference character, in cm; Measure resolves it by Spatial Calibration "
    "(OverAnim_Region_<Key>_SpatialDistanceCS/WS)":
        "reference character 기준으로 authored한 linear distance (cm)입니다. Measure가 Spatial Calibration으로 "
        "해석합니다 (OverAnim_Region_<Key>_SpatialDistanceCS/WS)",
    "RegionRelative: the distance is this fraction of the Region's offset reference length (0 falls back to "
    "character-relative)":
        "RegionRelative: distance는 Region의 offset reference length에 이 비율을 곱한 값입니다 (0이면 "
        "character-relative로 대체)",
    "Optional shape key whose offsets are this Region's delta (for composition)":
        "이 Region의 delta가 되는 offset을 가진 shape key입니다 (선택, composition용)",
}
# the other fields' tooltips (Blender shows them over the field), keyed by the English tooltip
KO_FIELDS = {
    "Which measured scale calibrates the actor's motion (Analyze Motion); Auto: the locomotion height scale":
        "actor의 motion을 보정하는 측정 scale입니다 (Analyze Motion). Auto: locomotion height scale",
    # Foot IK (foot_ik/properties.py)
    "The left foot bone: the ray goes down at its head": "왼발 bone입니다: ray가 그 head에서 아래로 내려갑니다",
    "The right foot bone: the ray goes down at its head": "오른발 bone입니다: ray가 그 head에서 아래로 내려갑니다",
    "Optional bone the bake moves and turns so the left foot meets the ground (empty: no keys)":
        "왼발이 바닥에 닿도록 bake가 옮기고 돌리는 bone입니다 (선택, 비우면 key 없음)",
    "Optional bone the bake moves and turns so the right foot meets the ground (empty: no keys)":
        "오른발이 바닥에 닿도록 bake가 옮기고 돌리는 bone입니다 (선택, 비우면 key 없음)",
    "Optional bone (pelvis, hips) the bake moves by the body offset (empty: no keys)":
        "bake가 body offset만큼 옮기는 bone (pelvis, hips)입니다 (선택, 비우면 key 없음)",
    "The axis of the armature object the character faces: Pitch and Roll are measured along it":
        "캐릭터가 바라보는 armature object의 축입니다: Pitch와 Roll은 이 축을 따라 잽니다",
    "How far below the ground reference the ray reaches (cm, authored: calibrated by Trace Calibration)":
        "ray가 ground reference 아래로 닿는 거리입니다 (cm, authored: Trace Calibration으로 보정)",
    "How the trace distance follows the character's size (the measured ground-probe scale); there is no Region "
    "here, so RegionRelative falls back to character-relative":
        "trace distance가 캐릭터 크기 (측정된 ground-probe scale)를 따르는 방식입니다. 여기에는 Region이 없으므로 "
        "RegionRelative는 character-relative로 대체됩니다",
    "Only the objects of this collection (meshes, curves, instances; hidden ones too) are probed. Empty: everything "
    "visible in the scene but the character's own":
        "이 collection의 object (mesh, curve, instance, 숨긴 것도)만 probe합니다. 비우면 캐릭터 자신의 것을 뺀 "
        "scene의 보이는 모든 것",
    "Max vertical offset of the body (pelvis) from the animation, cm (Foot Placement's Pelvis Settings). Past it "
    "the feet may not reach the ground":
        "애니메이션에서 body (pelvis)가 위아래로 옮겨질 수 있는 최대 거리입니다 (cm, Foot Placement의 Pelvis "
        "Settings). 이를 넘으면 발이 바닥에 닿지 못할 수 있습니다",
    "How fast the body follows the ground (the spring's stiffness, 1/s²; Foot Placement's Pelvis Settings). The "
    "bake runs it forwards and backwards: the body starts before a step":
        "body가 바닥을 따라가는 빠르기입니다 (spring의 stiffness, 1/s², Foot Placement의 Pelvis Settings). bake는 "
        "앞뒤로 두 번 돌리므로 body가 계단 전에 움직이기 시작합니다",
    "The body spring's damping, 1 critically damped (no overshoot), less bounces (Foot Placement's Pelvis "
    "Settings)":
        "body spring의 damping입니다. 1은 임계 감쇠 (넘침 없음), 그보다 작으면 튕깁니다 (Foot Placement의 Pelvis "
        "Settings)",
    "How much a foot lifts its heel (pitching about its toe) before the body drops to let it reach lower ground: "
    "1 fully favours the heel, 0 the body (Foot Placement's Pelvis Settings; ours defaults to 0 so a planted sole "
    "stays flat)":
        "더 낮은 바닥에 발이 닿도록 body를 내리기 전에 발이 뒤꿈치를 얼마나 드는지입니다 (발끝을 축으로 기울임). "
        "1은 뒤꿈치를, 0은 body를 먼저 씁니다 (Foot Placement의 Pelvis Settings, 접지한 발바닥이 평평하게 남도록 "
        "기본값은 0)",
    "A foot slower than this (cm/s, at the reference character's size) is planted: held where it stands (Foot "
    "Placement's Plant Settings; Motion's contact speed)":
        "이보다 느린 발은 (cm/s, reference character 크기 기준) 접지한 것으로 보고 그 자리에 고정합니다 (Foot "
        "Placement의 Plant Settings, Motion의 contact speed)",
    "A foot nearer the ground than this (cm, at the reference character's size) can be planted (Foot Placement's "
    "Plant Settings; Motion's contact height)":
        "바닥에 이보다 가까운 발은 (cm, reference character 크기 기준) 접지할 수 있습니다 (Foot Placement의 Plant "
        "Settings, Motion의 contact height)",
    "How far a leg without IK target may straighten, of what is left between the animation's pose and a straight "
    "leg (1: all of it; Foot Placement's Plant Settings). The bake reports the frames a leg could not reach":
        "IK target 없는 다리가 애니메이션 포즈에서 곧게 편 다리까지 남은 길이 중 얼마나 펼 수 있는지입니다 (1: 전부, "
        "Foot Placement의 Plant Settings). bake는 다리가 닿지 못한 프레임을 알려 줍니다",
    "With a Foot IK bake: what the clip carries, never both (Unreal's foot IK would lift the feet the bake put on "
    "the ground again)":
        "Foot IK bake가 있을 때 클립에 담을 것입니다. 둘 다는 담지 않습니다 (Unreal의 foot IK가 bake로 바닥에 놓인 "
        "발을 다시 들어 올리게 됩니다)",
    # Motion (motion/properties.py)
    "A foot is planted while its lowest point moves slower than this (cm/s, authored at the reference character: "
    "follows the character's locomotion scale)":
        "발의 가장 낮은 점이 이보다 느리게 움직이는 동안 발이 접지한 것으로 봅니다 (cm/s, reference character 기준 "
        "authored: 캐릭터의 locomotion scale을 따름)",
    "A foot is planted while its lowest point is less than this above the ground reference (cm, authored at the "
    "reference character: follows the character's locomotion scale)":
        "발의 가장 낮은 점이 ground reference 위로 이보다 낮은 동안 발이 접지한 것으로 봅니다 (cm, reference "
        "character 기준 authored: 캐릭터의 locomotion scale을 따름)",
    "The Distance curve's stop point is the slowest frame under this horizontal speed (cm/s); none under it: the "
    "first frame":
        "Distance curve의 stop point는 이 수평 속도 (cm/s) 미만인 프레임 중 가장 느린 프레임입니다. 없으면 첫 프레임",
    # Transfer (transfer/properties.py)
    "The armature the clip was made on": "clip을 만든 armature입니다",
    "The clip to transfer (empty: the source's active action)":
        "옮길 clip입니다 (비우면 source의 active action)",
    "Which measured scale of each character the translations follow (the ratio is target / source); Absolute keeps "
    "them unchanged":
        "translation이 따르는 각 캐릭터의 측정 scale입니다 (ratio는 target / source). Absolute는 그대로 둡니다",
    "The Region whose measurement a Region basis (and Auto, when set) uses; both armatures need a Region of this name":
        "Region basis (설정된 경우 Auto도)가 쓰는 measurement의 Region입니다. 두 armature 모두 이 이름의 Region이 "
        "있어야 합니다",
    "Multiplies the world-horizontal part of every translation, on top of the ratio (travel, sway)":
        "ratio에 더해 모든 translation의 world 수평 성분에 곱합니다 (이동, sway)",
    "Multiplies the world-vertical part of every translation, on top of the ratio (0: no bob)":
        "ratio에 더해 모든 translation의 world 수직 성분에 곱합니다 (0: bob 없음)",
    "Scale by each character's calibrated scale (its references and Minimum/Maximum Character Scale) instead of the "
    "plain ratio of the two measured sizes; a clamp that changes the ratio is reported":
        "두 측정 크기의 단순 ratio 대신 각 캐릭터의 calibrated scale (reference와 Minimum/Maximum Character Scale)로 "
        "scale합니다. ratio를 바꾸는 clamp는 보고합니다",
    "Across skeletons: hold the target's feet where the source's are planted, the legs solved by Two Bone IK (the "
    "pelvis sinks where a held foot is out of reach)":
        "skeleton이 다를 때: source의 발이 plant된 곳에 target의 발을 고정하고 다리는 Two Bone IK로 풉니다 (고정된 "
        "발에 닿지 않으면 pelvis가 내려갑니다)",
    "The bone of this armature whose row is set": "행을 설정할 이 armature의 bone",
    "The bone of the source armature it follows": "그것이 따르는 source armature의 bone",
    # the operators' settings (Adjust Last Operation, F9)
    "The name of the Region to remove (empty: the active one)": "삭제할 Region의 이름입니다 (비우면 active Region)",
    "Select the vertices where Region deltas overlap": "Region delta가 겹치는 vertex를 선택합니다",
    "Also write each mask to an OverAnim_MaskGroup_<Region> vertex group, for modifiers":
        "각 mask를 OverAnim_MaskGroup_<Region> vertex group에도 씁니다 (modifier용)",
    "Write the meshes of each _LOD<n> into <file>_LOD<n>.fbx (with the armature), as Unreal's LOD import expects; "
    "off: LOD0 only":
        "각 _LOD<n>의 mesh를 <file>_LOD<n>.fbx에 armature와 함께 씁니다 (Unreal의 LOD import가 기대하는 대로). "
        "끄면 LOD0만",
    "When OverAnim_RegionMasks exists, write it as the only vertex colour; off: your own colour attributes follow it "
    "(Unreal reads the first)":
        "OverAnim_RegionMasks가 있으면 유일한 vertex colour로 씁니다. 끄면 사용자의 colour attribute가 그 뒤에 "
        "따라옵니다 (Unreal은 첫 번째를 읽습니다)",
    "Leave out bones without Deform (control bones); the rig's root stays when it has children":
        "Deform이 없는 bone (control bone)을 뺍니다. rig의 root는 자식이 있으면 남습니다",
    "First frame to bake (default: the scene's start)": "bake할 첫 프레임입니다 (기본값: scene의 시작)",
    "Last frame to bake (default: the scene's end)": "bake할 마지막 프레임입니다 (기본값: scene의 끝)",
    "First frame to analyse (default: the action's first frame)": "분석할 첫 프레임입니다 (기본값: action의 첫 프레임)",
    "Last frame to analyse (default: the action's last frame)":
        "분석할 마지막 프레임입니다 (기본값: action의 마지막 프레임)",
    # the armature's own state (blender/properties.py's features)
    "Checks have run on this armature": "이 armature에서 check를 실행했습니다",
    "Show the measured results (opens after each measurement)": "측정 결과를 보여 줍니다 (측정할 때마다 열림)",
    "Region masks are painted (until Clear Preview)": "Region mask가 칠해져 있습니다 (Clear Preview 전까지)",
    "The Regions the last paint drew, in the order of their colours in OverAnim_Preview":
        "마지막 paint가 그린 Region들입니다 (OverAnim_Preview의 색 순서)",
    "On while the Region masks and the preview follow the mask fields and, in Weight Paint mode, the weights (the "
    "Live Preview button, or setting this from a script, turns it on and off)":
        "Region mask와 preview가 mask 필드와, Weight Paint 모드에서는 weight를 따르는 동안 켜져 있습니다 (Live "
        "Preview 버튼이나 script에서 이 값을 설정해 켜고 끕니다)",
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

# English template -> Korean template, the same {fields}. Blender's own settings are named as its
# Korean interface names them (에디트 모드, 단위 축적); the add-on's buttons and fields keep their names.
KO_MESSAGES = {
    "Unexpected error: {error}": "예기치 않은 오류: {error}",
    # status lines in the panels
    "All checks passed": "모든 검사를 통과했습니다",
    "Not measured yet": "아직 측정하지 않았습니다",
    "Locomotion root: {bone}": "locomotion root 본: {bone}",
    "Auto: {bone}": "자동: {bone}",
    "CS: component space, the rig's own data without its object's scale. WS: world space, as it stands in the "
    "scene. Lengths in cm, scales ×":
        "CS: component space, object scale을 뺀 rig 자신의 데이터입니다. WS: world space, scene에 서 있는 그대로의 "
        "값입니다. 길이는 cm, scale은 ×로 표시합니다",
    "Not probed yet": "아직 probe하지 않았습니다",
    "Not checked yet": "아직 검사하지 않았습니다",
    "Found by name on first use": "처음 쓸 때 이름으로 찾습니다",
    "Select an armature or a mesh it deforms": "armature 또는 armature가 변형하는 mesh를 선택하세요",
    "(none)": "(없음)",
    "not painted yet": "아직 칠하지 않음",
    "No Regions yet: + adds one for the active bone collection":
        "아직 Region이 없습니다: +로 활성 bone collection의 Region을 추가합니다",
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
    "Mesh '{mesh}' has {vertices} at a position that is not a number (NaN or inf): fix or delete them":
        "Mesh '{mesh}'에 위치가 숫자가 아닌 (NaN 또는 inf) {vertices}이(가) 있습니다: 고치거나 지우세요",
    "{n} vertex": "vertex {n}개", "{n} vertices": "vertex {n}개",
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
    "Position to see what is measured (Probe Ground, Bake Foot IK and Export for Unreal use the pose either way)":
        "mesh가 포즈된 상태로 보입니다 ({count}, 예: '{bone}'): 측정은 rest pose를 씁니다. 측정되는 모습을 보려면 "
        "rig를 Rest Position으로 바꾸세요 (Probe Ground, Bake Foot IK, Export for Unreal은 어느 쪽이든 포즈를 씁니다)",
    "The meshes show the animation's pose ({count}, e.g. '{bone}'): measuring uses the rest pose":
        "mesh가 애니메이션의 pose로 보입니다 ({count}, 예: '{bone}'): 측정은 rest pose를 씁니다",
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
    "{offer}, and every other character with it ({names}): Scale This Character gives this one that size alone":
        "{offer}. 그러면 다른 모든 캐릭터({names})도 함께 바뀝니다: Scale This Character는 이 캐릭터만 그 크기로 "
        "만듭니다",
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
    "Unit Scale of the scene set to {new:g} (was {old:g}): every object in it now measures {ratio:.4g} times what it "
    "did{others}":
        "씬의 Unit Scale을 {new:g}(으)로 설정했습니다 (이전 {old:g}): 씬의 모든 object가 이전의 {ratio:.4g}배 크기로 "
        "측정됩니다{others}",
    ", other characters included ({names})": ", 다른 캐릭터 포함 ({names})",
    "'{name}' scaled by {factor:.4g} and the scale applied ({objects}, its animation included): the scene's Unit "
    "Scale and every other object are as they were":
        "'{name}'을(를) {factor:.4g}배로 scale하고 scale을 적용했습니다 ({objects}, animation 포함): 씬의 Unit Scale과 "
        "다른 모든 object는 그대로입니다",
    "{others} hang from '{name}': scaling it would scale them too; unparent them first, or use Match Unit Scale":
        "{others}이(가) '{name}'에 매달려 있습니다: 크기를 바꾸면 그것들도 함께 바뀝니다. 먼저 parent를 해제하거나 "
        "Match Unit Scale을 쓰세요",
    "'{name}' has keyed {paths}: its keys would undo a scale of the character; use Match Unit Scale, or remove those "
    "keys first":
        "'{name}'에 key된 {paths}이(가) 있습니다: 그 key가 캐릭터의 scale을 되돌립니다. Match Unit Scale을 쓰거나 먼저 "
        "그 key를 지우세요",
    # what every operator refuses
    "The scene's Unit Scale ({scale}) is not a positive number": "씬의 단위 축적({scale})이 양수가 아닙니다",
    "Select an armature, or a mesh deformed by one": "armature 또는 armature가 변형하는 mesh를 선택하세요",
    "Armature '{name}' has no bones": "Armature '{name}'에 bone이 없습니다",
    "'{name}' is linked from a library and read-only: make it local or a library override first":
        "'{name}'은(는) library에서 link되어 읽기 전용입니다: 먼저 로컬로 만들거나 library override를 만드세요",
    "'{name}' is a non-editable library override: make it editable first":
        "'{name}'은(는) 편집할 수 없는 library override입니다: 먼저 편집 가능하게 만드세요",
    # an editable library override with linked data (overrides.py)
    "'{name}' is a library override of {library}, which lacks {properties} written here ({names}): they work "
    "until the file is closed but are not saved with this file; run {operator} on the rig in {library} once "
    "to keep them":
        "'{name}'은(는) {library}의 library override인데, {library}에는 여기서 쓴 {properties}({names})이(가) "
        "없습니다: 파일을 닫을 때까지는 쓰이지만 이 파일과 함께 저장되지 않습니다. 유지하려면 {library}에서 "
        "rig에 {operator}을(를) 한 번 실행하세요",
    "{names} (+{n} more)": "{names} (외 {n}개)",
    "The armature data '{data}' of '{name}' is linked from {library}: {what} cannot be changed here; change it "
    "in {library}":
        "'{name}'의 armature data '{data}'은(는) {library}에서 link되어 있습니다: 여기서는 {what}을(를) 바꿀 수 "
        "없으니 {library}에서 바꾸세요",
    "Region '{region}' comes from {library}: this library override can change it but not remove or move it; do "
    "that in {library}":
        "Region '{region}'은(는) {library}에서 왔습니다: 이 library override에서 바꿀 수는 있지만 지우거나 "
        "옮길 수는 없으니 {library}에서 하세요",
    "'{name}' is hidden or disabled in the viewport: unhide it first":
        "'{name}'이(가) 뷰포트에서 숨겨져 있거나 꺼져 있습니다: 먼저 보이게 하세요",
    "'{name}' is in Edit Mode: switch to Object Mode (Tab) first":
        "'{name}'이(가) 에디트 모드입니다: 먼저 오브젝트 모드로 바꾸세요 (Tab)",
    "'{name}' is sculpted with Dynamic Topology: turn it off or leave Sculpt Mode first":
        "'{name}'이(가) Dynamic Topology로 스컬프트 중입니다: "
        "먼저 Dynamic Topology를 끄거나 스컬프트 모드에서 나가세요",
    "Mesh '{name}' is linked from a library and read-only": "Mesh '{name}'은(는) library에서 link되어 읽기 전용입니다",
    # why a button is greyed (poll messages, in its tooltip)
    "'{name}' is neither an armature nor a mesh deformed by one: select one":
        "'{name}'은(는) armature도, armature가 변형하는 mesh도 아닙니다: 그런 object를 선택하세요",
    "'{name}' has no Regions yet: add one with + in the Regions panel":
        "'{name}'에 아직 Region이 없습니다: Regions 패널의 +로 추가하세요",
    "'{name}' has no Region to remove": "'{name}'에 제거할 Region이 없습니다",
    "'{name}' has fewer than two Regions: there is nothing to move past":
        "'{name}'의 Region이 두 개보다 적습니다: 순서를 바꿀 것이 없습니다",
    "The sample is added in Object Mode: switch to it first":
        "샘플은 오브젝트 모드에서 추가합니다: 먼저 오브젝트 모드로 바꾸세요",
    "'{name}' has no results yet: Measure Proportions first":
        "'{name}'에 아직 결과가 없습니다: 먼저 Measure Proportions를 실행하세요",
    "'{name}' has no Foot IK bake to remove": "'{name}'에 제거할 Foot IK bake가 없습니다",
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
    "'{name}' has its {channel} keyed ({actions}): Apply Scale would be undone or distorted by those keys; "
    "remove them or apply the scale before keying":
        "'{name}'의 {channel}에 key가 있습니다 ({actions}): 그 key가 Apply Scale을 되돌리거나 어긋나게 합니다. "
        "key를 지우거나, key를 넣기 전에 scale을 적용하세요",
    "'{name}' has its {channel} driven: Apply Scale would be undone or distorted by the driver; remove it or "
    "apply the scale first":
        "'{name}'의 {channel}을(를) driver가 움직입니다: 그 driver가 Apply Scale을 되돌리거나 어긋나게 합니다. "
        "driver를 지우거나 먼저 scale을 적용하세요",
    "'{name}' has a non-uniform or mirrored scale and its bones are animated ({actions}): their keys cannot "
    "take such a scale; give the armature a uniform scale first":
        "'{name}'의 scale이 균일하지 않거나 뒤집혀 있고 bone에 animation이 있습니다 ({actions}): 그 key에는 "
        "이런 scale을 적용할 수 없습니다. 먼저 armature에 균일한 scale을 주세요",
    "Actions {actions} (animating '{name}') are linked from a library: Apply Scale cannot rescale their bone "
    "locations; make them local first":
        "'{name}'을(를) 움직이는 action {actions}이(가) library에서 link되어 있습니다: Apply Scale로 bone "
        "location을 다시 맞출 수 없습니다. 먼저 로컬로 만드세요",
    "The animation of '{name}' ({actions}) also plays on {others}: Apply Scale would move them too; give "
    "'{name}' its own copy of the actions first":
        "'{name}'의 animation ({actions})이(가) {others}에서도 재생됩니다: Apply Scale이 그쪽도 움직입니다. "
        "먼저 '{name}'에 action의 사본을 따로 주세요",
    "Bone locations in {actions} have F-curve modifiers that Apply Scale cannot rescale (only Cycles can stay): "
    "apply or remove them first":
        "{actions}의 bone location에 Apply Scale이 다시 맞출 수 없는 F-curve modifier가 있습니다 (Cycles만 "
        "괜찮습니다): 먼저 적용하거나 제거하세요",
    "Actions {actions} multiply bone locations in the NLA of '{name}': a scale cannot be applied through a "
    "product; blend them another way first":
        "action {actions}이(가) '{name}'의 NLA에서 bone location을 곱합니다 (Multiply): 곱에는 scale을 적용할 "
        "수 없습니다. 먼저 다른 blend 방식으로 바꾸세요",
    "Bone locations of '{name}' are driven ({bones}): Apply Scale cannot rescale a driver; remove the drivers "
    "or apply the scale first":
        "'{name}'의 bone location을 driver가 움직입니다 ({bones}): Apply Scale로 driver를 다시 맞출 수 "
        "없습니다. driver를 지우거나 먼저 scale을 적용하세요",
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
    "'{name}' has no Region named '{region}'": "'{name}'에 이름이 '{region}'인 Region이 없습니다",
    # Foot IK
    "Trace or the measurement changed since: the next probe traces {now:.1f} cm":
        "그 뒤 Trace 또는 측정이 바뀌었습니다: 다음 probe는 {now:.1f} cm를 trace합니다",
    "No foot bones found on '{name}' (no bone is named like a left and a right foot): set Left Foot and Right "
    "Foot in the Foot IK panel":
        "'{name}'에서 foot bone을 찾지 못했습니다 (이름이 왼발, 오른발 같은 bone이 없습니다): Foot IK 패널에서 "
        "Left Foot과 Right Foot을 지정하세요",
    "Left Foot and Right Foot are not set": "Left Foot과 Right Foot이 지정되지 않았습니다",
    "{label} '{bone}' is not a bone of '{name}'": "{label} '{bone}'은(는) '{name}'의 bone이 아닙니다",
    "{label} is not set": "{label}이(가) 지정되지 않았습니다",
    "{problem}: pick it in the Foot IK panel": "{problem}: Foot IK 패널에서 고르세요",
    "{problem}: Detect Foot Bones (Foot IK panel) finds '{left}' and '{right}' by name":
        "{problem}: Detect Foot Bones(Foot IK 패널)가 이름으로 '{left}'와(과) '{right}'을(를) 찾습니다",
    "Could not write {path}: {reason}": "{path}에 쓸 수 없습니다: {reason}",
    "Calibration set to the studio defaults": "Calibration을 studio 기본값으로 설정했습니다",
    # Two Bone IK (Foot IK's legs without IK controls)
    "Two Bone IK: {name} must be N x 3 points": "Two Bone IK: {name}은(는) N x 3 점이어야 합니다",
    "Two Bone IK: {name} holds a value that is not a number": "Two Bone IK: {name}에 숫자가 아닌 값이 있습니다",
    "Two Bone IK: Max Extension Ratio must be above 0": "Two Bone IK: Max Extension Ratio는 0보다 커야 합니다",
    # Regions and masks
    "Added Region '{name}'": "Region '{name}'을(를) 추가했습니다",
    "Removed Region '{name}'": "Region '{name}'을(를) 제거했습니다",
    "'{name}' has no Regions to paint: add one in the Regions panel":
        "'{name}'에 칠할 Region이 없습니다: Regions 패널에서 추가하세요",
    "No mesh is deformed by '{name}'": "'{name}'이(가) 변형하는 mesh가 없습니다",
    "Painted {masks} on {meshes} ({vertices})": "{meshes}에 {masks}를 칠했습니다 ({vertices})",
    "Not painted: {why}": "칠하지 않음: {why}",
    "{fix}, then run the checks again": "{fix}을(를) 실행한 뒤 check를 다시 실행합니다",
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
    "'{name}' has no painted Region masks: Paint Region Masks first":
        "'{name}'에 칠해진 Region mask가 없습니다: 먼저 Paint Region Masks를 실행하세요",
    "Composed {deltas} into shape key '{key}' on {meshes}; {overlap} where Regions overlap":
        "{meshes}에 {deltas}를 shape key '{key}'(으)로 합성했습니다; Region이 겹치는 곳은 {overlap}",
    "Added '{name}' with {regions}, walking over '{terrain}' (the scene now plays frames {start}-{end})":
        "'{name}'을(를) 추가했습니다 ({regions}). '{terrain}' 위를 걷습니다 (이제 씬은 {start}-{end} 프레임을 "
        "재생합니다)",
    "The sample's skeleton file is missing ({path}): install the add-on again":
        "샘플의 스켈레톤 파일이 없습니다 ({path}): 애드온을 다시 설치하세요",
    "Studio defaults applied by 'Apply Studio Defaults' and to the sample character":
        "'Apply Studio Defaults'와 샘플 캐릭터에 적용되는 studio 기본값",
    # Remove Foot IK Bake
    "Removed {n} '{track}' track": "'{track}' track {n}개를 제거했습니다",
    "Removed {n} '{track}' tracks": "'{track}' track {n}개를 제거했습니다",
    "The bake's strip is removed from track '{track}'; the track stays with your strips in it":
        "track '{track}'에서 bake의 strip을 제거했습니다; 작업자의 strip이 있어 track은 그대로 둡니다",
    "'{action}' is the active action again": "'{action}'이(가) 다시 active action입니다",
    "'{action}' stays in the NLA on track {tracks}": "'{action}'은(는) NLA의 track {tracks}에 남아 있습니다",
    "'{action}' stays in the NLA on tracks {tracks}": "'{action}'은(는) NLA의 track {tracks}에 남아 있습니다",
    "'{action}' is kept on the muted NLA track '{track}': the armature has another active action":
        "'{action}'을(를) mute된 NLA track '{track}'에 보관했습니다: armature에 다른 active action이 있습니다",
    # replacing files (the export's; the batch's saves use the same words)
    "{file} is read-only": "{file}은(는) 읽기 전용입니다",
    "the folder {folder} is read-only": "폴더 {folder}은(는) 읽기 전용입니다",
    "the disk is full ({folder})": "디스크가 가득 찼습니다 ({folder})",
    "could not replace {file}: {reason}": "{file}을(를) 바꿀 수 없습니다: {reason}",
    "could not write {file}: {reason}": "{file}에 쓸 수 없습니다: {reason}",
    "Not exported: {reason}": "내보내지 않았습니다: {reason}",
    "Not exported: {reason}; the files there are as they were":
        "내보내지 않았습니다: {reason}; 그 자리의 파일은 그대로입니다",
    "Removed {n} temporary file an interrupted export left in {folder}":
        "중단된 내보내기가 {folder}에 남긴 임시 파일 {n}개를 제거했습니다",
    "Removed {n} temporary files interrupted exports left in {folder}":
        "중단된 내보내기가 {folder}에 남긴 임시 파일 {n}개를 제거했습니다",
    # Foot IK
    "Measure Proportions (run first, the rig had no measurement): {reason}":
        "Measure Proportions (rig에 측정값이 없어 먼저 실행): {reason}",
    "Measured first: {summary}": "먼저 측정했습니다: {summary}",
    "both feet": "두 발", "the left foot": "왼발", "the right foot": "오른발",
    "Frame {frame}: ground under {hits}; body {body} cm, left {left} cm, right {right} cm":
        "프레임 {frame}: {hits} 아래에 바닥이 있습니다; body {body} cm, 왼발 {left} cm, 오른발 {right} cm",
    "Frame {frame}: ground under neither foot: {why}; {hint}":
        "프레임 {frame}: 어느 발 아래에도 바닥이 없습니다: {why}. {hint}",
    "Ground under neither foot in frames {start}-{end}: {why}; nothing was baked: {hint}":
        "{start}-{end} 프레임에서 어느 발 아래에도 바닥이 없습니다: {why}. 아무것도 bake하지 않았습니다: {hint}",
    "put the ground under the character, or set Ground in the Foot IK panel to the collection that holds it":
        "캐릭터 아래에 바닥을 두거나, Foot IK 패널의 Ground를 바닥이 든 collection으로 지정하세요",
    "the rays met nothing of {probed} from {top:.0f} cm above to {trace:.1f} cm below the character's ground level":
        "ray가 캐릭터의 바닥 높이 {top:.0f} cm 위부터 {trace:.1f} cm 아래까지 {probed} 중 어디에도 닿지 않았습니다",
    "there is no ground in {where} (no mesh, curve or instance but the character's own)":
        "{where}에 바닥이 없습니다 (캐릭터 자신의 것 말고는 mesh, curve, instance가 없습니다)",
    "there is no ground in the scene: {others}": "scene에 바닥이 없습니다: {others}",
    "other characters' parts ({names}{more}) are no ground unless Ground names their collection":
        "다른 캐릭터의 부분 ({names}{more})은(는) Ground가 그 collection을 지정하지 않으면 바닥이 아닙니다",
    "meshes whose Armature modifier names no armature ({names}{more}) are taken for characters being rigged: no "
    "ground unless Ground names their collection":
        "Armature modifier에 armature가 지정되지 않은 mesh ({names}{more})은(는) 리깅 중인 캐릭터로 보아, Ground가 그 "
        "collection을 지정하지 않으면 바닥이 아닙니다",
    "Not ground: {others}": "바닥이 아님: {others}",
    "the {count} of collection '{collection}' ({names}{more})": "collection '{collection}'의 {count} ({names}{more})",
    "the {count} shown in the scene ({names}{more})": "씬에 보이는 {count} ({names}{more})",
    "collection '{name}'": "컬렉션 '{name}'",
    "the scene": "씬",
    "{n} object": "object {n}개", "{n} objects": "object {n}개",
    "Without an IK target, {legs} solved as Two Bone IK and keyed as FK rotations on the bake's track":
        "IK target이 없어 {legs}을(를) Two Bone IK로 풀고 bake의 track에 FK rotation으로 key했습니다",
    "'{foot}' has no thigh and calf above it: that leg is not solved; set its IK target in the Foot IK panel":
        "'{foot}' 위에 thigh와 calf가 없습니다: 그 다리는 풀지 않았습니다. Foot IK 패널에서 그 발의 IK target을 "
        "지정하세요",
    "Leg bone '{bone}' uses Axis Angle rotation: set it to Quaternion or an Euler order":
        "다리 bone '{bone}'이(가) Axis Angle rotation을 씁니다: Quaternion이나 Euler 순서로 바꾸세요",
    "Body Bone is empty: the bake moves '{bone}' (the measured locomotion root) with the ground":
        "Body Bone이 비어 있습니다: bake는 '{bone}'(측정된 locomotion root)을(를) 바닥에 맞춰 움직입니다",
    "{label} must be above 0 (it is {value:g})": "{label}은(는) 0보다 커야 합니다 (지금 {value:g})",
    "{label} must be from 0 to 1 (it is {value:g})": "{label}은(는) 0에서 1 사이여야 합니다 (지금 {value:g})",
    "Baked {n} frame onto NLA track '{track}'{pushed}. Ground found under the left foot on {left} of them, under "
    "the right on {right} (where none is, that foot plays as animated); body offset {low} to {high} cm":
        "{n} 프레임을 NLA track '{track}'에 bake했습니다{pushed}. 그중 왼발 아래에서 바닥을 찾은 프레임 {left}개, "
        "오른발 {right}개 (바닥이 없는 곳에서는 그 발이 애니메이션대로 움직입니다); body offset {low} ~ {high} cm",
    "Baked {n} frames onto NLA track '{track}'{pushed}. Ground found under the left foot on {left} of them, under "
    "the right on {right} (where none is, that foot plays as animated); body offset {low} to {high} cm":
        "{n} 프레임을 NLA track '{track}'에 bake했습니다{pushed}. 그중 왼발 아래에서 바닥을 찾은 프레임 {left}개, "
        "오른발 {right}개 (바닥이 없는 곳에서는 그 발이 애니메이션대로 움직입니다); body offset {low} ~ {high} cm",
    "Pelvis vertical speed at most {before:.0f} cm/s in the animation, {after:.0f} cm/s baked; acceleration "
    "{abefore:.0f} and {aafter:.0f} cm/s²":
        "pelvis 수직 속도 최대: 애니메이션 {before:.0f} cm/s, bake 후 {after:.0f} cm/s; 가속도 {abefore:.0f}, "
        "{aafter:.0f} cm/s²",
    "{line}: more than {speed:.0f} cm/s above the animation or {accel:.0f} cm/s²; lower Linear Stiffness":
        "{line}: 애니메이션보다 {speed:.0f} cm/s 넘게 빠르거나 {accel:.0f} cm/s²를 넘습니다. Linear Stiffness를 "
        "낮추세요",
    "Toe slide within a plant at most {before:.1f} cm in the animation, {after:.1f} cm baked":
        "plant 중 발끝 미끄러짐 최대: 애니메이션 {before:.1f} cm, bake 후 {after:.1f} cm",
    "{line}: more than {limit:.1f} cm added": "{line}: {limit:.1f} cm 넘게 늘었습니다",
    "Deepest a sole goes below the ground under it: {depth:.1f} cm":
        "발바닥이 바닥 아래로 들어간 최대 깊이: {depth:.1f} cm",
    "{line} (more than {limit:.1f} cm)": "{line} ({limit:.1f} cm 초과)",
    "The left leg": "왼다리", "The right leg": "오른다리",
    "Last bake": "마지막 bake",
    "Foot IK: the clip carries the offset curves for a runtime foot IK; the bake's bone keys are left out, the legs "
    "play as animated":
        "Foot IK: 클립에 runtime foot IK용 offset curve가 들어갑니다. bake의 bone key는 빠지고 다리는 애니메이션대로 "
        "움직입니다",
    "Foot IK: the clip carries the legs as baked in Blender; the OverAnim_FootIK_ curves are left out, so a runtime "
    "foot IK does not lift the feet again":
        "Foot IK: 클립에 Blender에서 bake한 다리가 들어갑니다. OverAnim_FootIK_ curve는 빠지므로 runtime foot IK가 "
        "발을 다시 들어 올리지 않습니다",
    "Pelvis speed {before:.0f} → {after:.0f} cm/s": "골반 속도 {before:.0f} → {after:.0f} cm/s",
    "Pelvis accel. {before:.0f} → {after:.0f} cm/s²": "골반 가속도 {before:.0f} → {after:.0f} cm/s²",
    "Toe slide {before:.1f} → {after:.1f} cm": "발끝 미끄러짐 {before:.1f} → {after:.1f} cm",
    "Below ground {depth:.1f} cm": "바닥 아래 {depth:.1f} cm",
    "Out of reach on {n} frame": "{n} 프레임에서 닿지 못함", "Out of reach on {n} frames": "{n} 프레임에서 닿지 못함",
    "First: put ground under the character (a mesh: a floor, steps), or set Ground to the collection that holds it":
        "먼저: 캐릭터 아래에 바닥(바닥, 계단 같은 mesh)을 두거나, Ground를 그것이 든 collection으로 지정하세요",
    "Next: Bake Foot IK. Without IK targets it solves the legs as Two Bone IK and keys them on a track of their "
    "own (Remove gives the animation back)":
        "다음: Bake Foot IK. IK target이 없으면 다리를 Two Bone IK로 풀어 별도 track에 key합니다 (Remove하면 "
        "애니메이션이 그대로 돌아옵니다)",
    "Next: Probe Ground to check what the feet stand on, then Bake Foot IK":
        "다음: Probe Ground로 발이 딛는 곳을 확인한 뒤 Bake Foot IK",
    "{leg} could not reach the ground in frames {frames} (Max Extension Ratio {ratio:g}): its foot stays above it "
    "there; lower the body (Max Offset) or allow more extension":
        "{leg}이(가) {frames} 프레임에서 바닥에 닿지 못했습니다 (Max Extension Ratio {ratio:g}): 그 발은 바닥 위에 "
        "떠 있습니다. body를 낮추거나(Max Offset) 더 펴지도록 허용하세요",
    "Body offset {offset} cm": "body offset은 {offset} cm",
    "Body offset {offset} cm (baked)": "body offset은 {offset} cm (bake됨)",
    # Foot IK: what Probe Ground and Bake Foot IK refuse (foot_ik/rig.py, bake.py, nla.py)
    "The IK targets and the body bone must be different bones": "IK target과 body bone은 서로 다른 bone이어야 합니다",
    "Left Foot and Right Foot are the same bone ('{bone}')": "Left Foot과 Right Foot이 같은 bone입니다 ('{bone}')",
    "{label} '{bone}' is connected to its parent: its location cannot move it; pick a bone that is not connected":
        "{label} '{bone}'이(가) parent에 connect되어 있어 location으로 움직일 수 없습니다: connect되지 않은 bone을 "
        "고르세요",
    "IK target '{bone}' uses Axis Angle rotation: set it to Quaternion or an Euler order":
        "IK target '{bone}'이(가) Axis Angle rotation을 씁니다: Quaternion이나 Euler 순서로 바꾸세요",
    "'{name}' has a non-uniform scale: bone keys cannot turn feet in world space through it; apply the scale first":
        "'{name}'의 scale이 균일하지 않습니다: 그 scale을 거쳐서는 bone key가 world space에서 발을 돌릴 수 없습니다. "
        "먼저 scale을 적용하세요",
    "'{name}' has a zero scale in the world: give it a scale": "'{name}'의 world scale이 0입니다: scale을 주세요",
    "Trace Distance must be 0 cm or more (it is {trace:g})": "Trace Distance는 0 cm 이상이어야 합니다 (지금 {trace:g})",
    "'{name}' measures {height:g} cm tall in world space: foot IK needs a character with a height (check its scale "
    "and measure again)":
        "'{name}'의 world space 키가 {height:g} cm입니다: foot IK에는 키가 있는 캐릭터가 필요합니다 (scale을 확인하고 "
        "다시 측정하세요)",
    "'{bone}' {channel}[{index}] is driven: the driver would override the bake's keys; remove the driver or pick "
    "another bone":
        "'{bone}' {channel}[{index}]을(를) driver가 움직입니다: driver가 bake의 key를 덮어씁니다. driver를 지우거나 "
        "다른 bone을 고르세요",
    "Bone '{bone}' has a zero scale in the baked frames": "bone '{bone}'의 scale이 bake한 프레임에서 0입니다",
    "An NLA track of '{name}' is solo: the bake's track would not play; unsolo it":
        "'{name}'의 NLA track 하나가 solo입니다: bake의 track이 재생되지 않습니다. solo를 푸세요",
    "The NLA of '{name}' is turned off: its tracks and the bake would not play":
        "'{name}'의 NLA가 꺼져 있습니다: 그 track과 bake가 재생되지 않습니다",
    # the core's refusals (core/foot_ik.py, measurement.py, region_composition.py)
    "The character's measured height is {height:g} cm: it must be above 0 to probe the ground":
        "측정된 캐릭터 키가 {height:g} cm입니다: 바닥을 probe하려면 0보다 커야 합니다",
    "Trace distance must be 0 or more (it is {trace:g} cm)": "trace distance는 0 이상이어야 합니다 (지금 {trace:g} cm)",
    "A ground normal is zero or not a number": "바닥의 normal이 0이거나 숫자가 아닙니다",
    "The armature's world transform is degenerate (zero or non-finite scale)":
        "armature의 world transform이 퇴화되었습니다 (scale이 0이거나 유한하지 않음)",
    "Bone '{bone}' has a rest position that is not a number (NaN or inf){more}":
        "bone '{bone}'의 rest 위치가 숫자가 아닙니다 (NaN 또는 inf){more}",
    ", and {count} more": ", 그 밖에 {count}개",
    "The armature has no bones": "armature에 bone이 없습니다",
    "Region deltas must have shape (regions, vertices) or (regions, vertices, k), got {shape}":
        "Region delta의 shape는 (regions, vertices) 또는 (regions, vertices, k)여야 합니다. 받은 shape: {shape}",
    "The composition limit must be a length, got {limit!r}": "composition limit은 길이여야 합니다. 받은 값: {limit!r}",
    "The composition limit must be one length or one per vertex ({vertices}), got shape {shape}":
        "composition limit은 길이 하나이거나 vertex마다 하나({vertices}개)여야 합니다. 받은 shape: {shape}",
    "The composition limit must be finite lengths >= 0": "composition limit은 0 이상의 유한한 길이여야 합니다",
    "; '{action}' pushed down into the NLA": "; '{action}'을(를) NLA로 push down했습니다",
    # Foot IK bake
    "Bake Foot IK bakes at most {limit:,} frames at once; {start} to {end} is {count:,} frames: set a shorter "
    "frame range (Start and End, or the scene's)":
        "Bake Foot IK는 한 번에 최대 {limit:,} 프레임까지 bake합니다. {start}부터 {end}까지는 {count:,} 프레임입니다: "
        "더 짧은 frame range를 정하세요 (Start와 End, 또는 scene의 range)",
    # Foot IK: names and facing of real imports
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
    "{n} of these curves stay 0 on every frame ({names}): Unreal's importer leaves them out while 'Do not import "
    "curves with only 0 values' is on (its default); turn it off in the animation import options to keep them":
        "이 중 curve {n}개는 모든 프레임에서 0입니다 ({names}): Unreal importer는 'Do not import curves with only "
        "0 values'가 켜져 있으면 (기본값) 이를 빼니, 유지하려면 animation import option에서 끄세요",
    "The FBX file Blender wrote lacks {missing}: the animation curves were not added":
        "Blender가 쓴 FBX 파일에 {missing}이(가) 없어 animation curve를 넣지 않았습니다",
    "Bone '{bone}' has a custom property '{name}' of its own: not exported over it":
        "bone '{bone}'에 같은 이름의 custom property '{name}'이(가) 있어 그 위에 내보내지 않았습니다",
    "Unreal drops the node '{armature}': the OverAnim custom properties are declared on '{node}', "
    "the skeleton's root there, too":
        "Unreal은 node '{armature}'을(를) 버리므로 OverAnim custom property를 그곳의 skeleton root인 "
        "'{node}'에도 선언했습니다",
    "'{armature}' has several top bones under a node named Armature: Unreal's FBX importer drops that node "
    "and refuses several root bones, Interchange keeps it with the OverAnim custom properties; rename the "
    "armature object to make it the one root bone everywhere":
        "'{armature}'은(는) Armature라는 node 아래에 top bone이 여러 개입니다: Unreal의 FBX importer는 그 node를 "
        "버리고 root bone이 여러 개인 skeleton을 거부하며, Interchange는 OverAnim custom property와 함께 그 node를 "
        "유지합니다. armature object의 이름을 바꾸면 어디서나 하나의 root bone이 됩니다",
    "'{name}' is linked: its colour layers went into the file unfiltered":
        "'{name}'은(는) link되어 있어 color layer를 거르지 못한 채 파일에 넣었습니다",
    # shape keys the FBX exporter drops (shared/shape_keys.py)
    "{n} shape key": "shape key {n}개", "{n} shape keys": "shape key {n}개",
    "'{mesh}' has {keys} and modifiers that change its geometry ({modifiers}): the FBX exporter applies them and "
    "then writes none of its shape keys, so Unreal gets no morph targets; apply the modifiers to the shape keys, "
    "or turn them off (viewport and render) to export the shape keys without them":
        "'{mesh}'에는 {keys}와 geometry를 바꾸는 modifier({modifiers})가 있습니다: FBX exporter는 modifier를 "
        "적용한 뒤 shape key를 하나도 쓰지 않으므로 Unreal에 morph target이 없습니다. modifier를 shape key에 "
        "적용하거나, modifier를 꺼서 (viewport와 render) shape key를 modifier 없이 내보내세요",
    "'{mesh}': no morph targets written: the FBX exporter applied its modifiers ({modifiers}) and left out its "
    "{keys}; apply the modifiers to the shape keys, or turn them off to export the shape keys without them":
        "'{mesh}': morph target을 쓰지 않았습니다: FBX exporter가 modifier({modifiers})를 적용하고 {keys}를 "
        "뺐습니다. modifier를 shape key에 적용하거나, modifier를 꺼서 shape key를 modifier 없이 내보내세요",
    "Exported {file} for Unreal{lods}": "Unreal용 {file}을(를) 내보냈습니다{lods}",
    " (+{n} LOD file)": " (+LOD 파일 {n}개)", " (+{n} LOD files)": " (+LOD 파일 {n}개)",
    # the last export in the panel
    "{bones} and {meshes}": "{bones}와(과) {meshes}",
    "Region masks in {packing}": "{packing}에 Region mask",
    "No Region mask channel": "Region mask channel 없음",
    "Frames {start}-{end}, {curves}": "{start}-{end} 프레임, {curves}",
    "Frames {start}-{end}": "{start}-{end} 프레임",
    "{n} property curve": "property curve {n}개", "{n} property curves": "property curve {n}개",
    # Transfer Action
    "{n} location channel": "location channel {n}개", "{n} location channels": "location channel {n}개",
    "{n} strip": "strip {n}개", "{n} strips": "strip {n}개",
    " and {channels} of the object": ", object의 {channels}",
    "The source '{name}' is not an armature": "source '{name}'은(는) armature가 아닙니다",
    "The target '{name}' is not an armature": "target '{name}'은(는) armature가 아닙니다",
    "'{name}' has no active action: name the action to transfer":
        "'{name}'에 활성 action이 없습니다: transfer할 action을 지정하세요",
    "The source and the target are both '{name}': the source is the armature the clip was made on":
        "source와 target이 모두 '{name}'입니다: source는 clip을 만든 armature입니다",
    "Action '{action}' has several slots and none belongs to '{name}': assign it to '{name}' first":
        "Action '{action}'에 slot이 여러 개 있고 '{name}'의 slot이 없습니다: 먼저 '{name}'에 할당하세요",
    "Action '{action}' has no channels for '{name}': nothing to transfer":
        "Action '{action}'에 '{name}'의 channel이 없습니다: transfer할 것이 없습니다",
    "'{source}' and '{target}' share no bone (by name or naming family): nothing to transfer":
        "'{source}'와(과) '{target}'에 공통 bone이 없습니다 (이름으로도 naming family로도): transfer할 것이 없습니다",
    "Transferred '{action}' from '{source}' onto '{target}' as '{result}': ratio {ratio:.4g} for the bones, "
    "{ratio_ws:.4g} for the object ({basis}: {target_scale:.4g} / {source_scale:.4g})":
        "'{action}'을(를) '{source}'에서 '{target}'(으)로 '{result}'(이)라는 이름으로 transfer했습니다: bone의 "
        "ratio {ratio:.4g}, object의 ratio {ratio_ws:.4g} ({basis}: {target_scale:.4g} / {source_scale:.4g})",
    "Scaled {channels} on {bones}{object}; everything else copied as it was":
        "{bones}의 {channels}{object}에 scale을 적용했습니다. 나머지는 그대로 복사했습니다",
    "'{name}' could not be measured: {reason}": "'{name}'을(를) 측정할 수 없습니다: {reason}",
    "'{name}' has no Region '{region}': Basis {basis} needs it on both armatures":
        "'{name}'에 Region '{region}'이(가) 없습니다: Basis {basis}는 두 armature 모두에 그 Region이 필요합니다",
    "Unknown basis '{basis}'": "알 수 없는 basis '{basis}'",
    "Matched by naming family: {pairs}": "naming family로 맞춘 bone: {pairs}",
    "Skipped {bones} that '{target}' lacks: {names}": "'{target}'에 없는 {bones}는 건너뛰었습니다: {names}",
    "The previous action of '{target}', '{name}', is kept (fake user)":
        "'{target}'의 이전 action '{name}'은(는) 보존됩니다 (fake user)",
    "Replaced the earlier result '{name}'": "이전 결과 '{name}'을(를) 교체했습니다",
    "'{name}' also plays {strips} in the NLA: only '{action}' was transferred (strips are not merged in)":
        "'{name}'은(는) NLA에서 {strips}도 재생합니다: '{action}'만 transfer했습니다 (strip은 합치지 않습니다)",
    "Location keys of {names} are on different frames per axis: the parts the horizontal/vertical split moves "
    "between axes follow each key's tangent":
        "{names}의 location key가 축마다 다른 frame에 있습니다: horizontal/vertical 분리로 축 사이를 옮기는 "
        "부분은 각 key의 tangent를 따릅니다",
    "F-curve modifiers on the location channels of {names} are copied unscaled":
        "{names}의 location channel에 있는 F-curve modifier는 scale 없이 복사했습니다",
    "'{name}' had no measurement: measured, and the results written":
        "'{name}'에 측정값이 없었습니다: 측정하고 결과를 기록했습니다",
    "Choose the source armature: the one the clip was made on":
        "source armature를 고르세요: clip을 만든 armature입니다",
    "There is no object named '{name}'": "이름이 '{name}'인 object가 없습니다",
    "Select the target armature (or a mesh it deforms)": "target armature(또는 그것이 변형하는 mesh)를 선택하세요",
    "There is no action named '{name}'": "이름이 '{name}'인 action이 없습니다",
    "Set Source to the clip's armature": "Source를 clip의 armature로 설정하세요",
    # Transfer across skeletons: the bone map, the retarget, its quality
    "Retargeted across skeletons ({source_profile} onto {target_profile}): {bones} keyed on every frame, each "
    "pointing where its source bone points":
        "skeleton 사이에서 retarget했습니다 ({source_profile}에서 {target_profile}(으)로): {bones}에 매 프레임 key를 "
        "넣어, 각각 source bone이 가리키는 방향을 가리킵니다",
    "'{target}' is a generated Rigify rig: its controls were keyed ({controls}), and its IK/FK switches keyed to FK "
    "over the clip ({switches})":
        "'{target}'은(는) 생성된 Rigify rig입니다: 그 control에 key를 넣었고({controls}), IK/FK 전환은 clip 동안 FK로 "
        "key를 넣었습니다({switches})",
    "{bones} of '{target}' have no control of their own: Rigify bends them between the controls keyed, so they "
    "follow their source bones only as far as that bend does":
        "'{target}'의 {bones}에는 자체 control이 없습니다: Rigify가 key를 넣은 control 사이에서 구부리므로, source "
        "bone을 그 구부림만큼만 따릅니다",
    "Set Source first: the bone map pairs its bones with this armature's":
        "먼저 Source를 설정하세요: bone map은 그 bone들을 이 armature의 bone과 짝짓습니다",
    "'{bone}' follows '{source_bone}' of '{source}'": "'{bone}'이(가) '{source}'의 '{source_bone}'을(를) 따릅니다",
    "Forgot {count} rows set by hand": "손으로 설정한 {count}개 행을 지웠습니다",
    "'{name}' has no bone map rows set by hand to forget": "'{name}'에는 지울 수동 설정 본 맵 행이 없습니다",
    "No bone map between '{source}' and '{target}' to save":
        "'{source}'와(과) '{target}' 사이에 저장할 bone map이 없습니다",
    "Saved the bone map to '{path}'": "bone map을 '{path}'에 저장했습니다",
    "Loaded {count} bone map rows from '{path}'": "'{path}'에서 bone map {count}개 행을 불러왔습니다",
    "{count} rows name bones this armature lacks: left out":
        "{count}개 행은 이 armature에 없는 bone을 가리킵니다: 빼었습니다",
    "its parent": "부모",
    "'{path}' is not an OverAnim bone map preset": "'{path}'은(는) OverAnim bone map preset이 아닙니다",
    "Could not write the bone map preset '{path}': {reason}":
        "bone map preset '{path}'을(를) 쓸 수 없습니다: {reason}",
    "Could not read the bone map preset '{path}': {reason}":
        "bone map preset '{path}'을(를) 읽을 수 없습니다: {reason}",
    "Spine": "척추",
    "Neck and Head": "목과 머리",
    "Left Arm": "왼팔",
    "Right Arm": "오른팔",
    "Left Leg": "왼다리",
    "Right Leg": "오른다리",
    "{side} {finger}": "{side} {finger} 손가락",
    "Other": "기타",
    "{source} onto {target}": "{source}에서 {target}(으)로",
    "Set Source to see the bone map": "bone map을 보려면 Source를 설정하세요",
    "No body found on one of the two rigs: the transfer copies channels by name":
        "두 rig 중 하나에서 몸을 찾지 못했습니다: transfer는 이름으로 channel을 복사합니다",
    "(its parent)": "(부모)",
    "'{name}' plays '{action}' from the NLA (pushed down by a Foot IK bake): transferring it":
        "'{name}'은(는) NLA에서 '{action}'을(를) 재생합니다 (Foot IK bake가 push down함): 그것을 transfer합니다",
    "The bone map of '{source}' onto '{target}' leaves {chains} unmapped: those bones keep their rest; set their rows "
    "in the Transfer panel":
        "'{source}'에서 '{target}'(으)로의 bone map에 {chains}이(가) 짝이 없습니다: 그 bone들은 rest를 유지합니다. "
        "Transfer 패널에서 그 행을 설정하세요",
    "No chain of '{target}' found a bone of '{source}' to follow: nothing was transferred":
        "'{target}'의 어느 chain도 따를 '{source}'의 bone을 찾지 못했습니다: 아무것도 transfer하지 않았습니다",
    "The pose of '{name}' is not a finite number at frame {frame}: nothing was transferred":
        "프레임 {frame}에서 '{name}'의 pose가 유한한 수가 아닙니다: 아무것도 transfer하지 않았습니다",
    "'{source}' and '{target}' share no bone (by name or naming family), and '{name}' has neither names of a known "
    "rig (Unreal, Mixamo, BVH, Rigify) nor two legs its hierarchy shows: nothing to transfer":
        "'{source}'와(과) '{target}'에 공통 bone이 없고 (이름으로도 naming family로도), '{name}'에는 알려진 "
        "rig(Unreal, Mixamo, BVH, Rigify)의 이름도, hierarchy가 보여 주는 두 다리도 없습니다: transfer할 것이 없습니다",
    "Chain {chain} points more than {most:g}° from the source's on {share:.0%} of the frames (up to {degrees:.1f}°): "
    "check its rows in the bone map":
        "chain {chain}이(가) 프레임의 {share:.0%}에서 source보다 {most:g}° 넘게 벗어납니다 (최대 {degrees:.1f}°): "
        "bone map에서 그 행을 확인하세요",
    "The {side} foot slides up to {slide:.2f} cm within a plant (more than {most:g} cm): the leg cannot reach its held "
    "place":
        "{side} 발이 plant 중 최대 {slide:.2f} cm 미끄러집니다 ({most:g} cm 초과): 다리가 고정된 위치에 닿지 못합니다",
    "The {side} foot is planted as the source's on {share:.0%} of the frames (less than {least:.0%})":
        "{side} 발이 프레임의 {share:.0%}에서만 source처럼 plant됩니다 ({least:.0%} 미만)",
    "Largest direction error: {chains}": "가장 큰 방향 오차: {chains}",
    "Stride ratio {stride:.3g}, leg ratio {legs:.3g}": "stride ratio {stride:.3g}, 다리 ratio {legs:.3g}",
    "Stride ratio: no stride in the clip (no foot plants twice), leg ratio {legs:.3g}":
        "stride ratio: clip에 stride가 없습니다 (두 번 plant되는 발이 없음), 다리 ratio {legs:.3g}",
    "Strides scale by {stride:.3g} but the legs by {legs:.3g}: the feet reach further (or less far) than the legs "
    "comfortably do":
        "stride는 {stride:.3g}배인데 다리는 {legs:.3g}배입니다: 발이 다리가 편하게 닿는 것보다 멀리(또는 "
        "가까이) 갑니다",
    "Feet: slide within plants {slides}; planted as the source {agreement}":
        "발: plant 중 미끄러짐 {slides}; source처럼 plant {agreement}",
    "(follow its parent)": "(부모를 따름)",
    "The bone keeps its rest pose under its parent": "bone이 부모 아래에서 rest pose를 유지합니다",
    "Ratio {ratio:.4g} for the bones": "bone의 ratio {ratio:.4g}",
    "Ratio {ratio:.4g} for the object": "object의 ratio {ratio:.4g}",
    "Basis: {basis}": "사용한 Basis: {basis}",
    "Target scale: {target:.4g}": "target의 scale: {target:.4g}",
    "Source scale: {source:.4g}": "source의 scale: {source:.4g}",
    "Target / source: {target:.4g} / {source:.4g} cm": "target / source의 크기: {target:.4g} / {source:.4g} cm",
    "Calibration clamps '{name}': its {space} scale {measured:.4g} is held at {scale:.4g} by Minimum/Maximum "
    "Character Scale, so the {what} ratio is {ratio:.4g} instead of {unclamped:.4g}":
        "Calibration이 '{name}'을(를) clamp합니다: {space} scale {measured:.4g}이(가) Minimum/Maximum Character "
        "Scale에 의해 {scale:.4g}(으)로 고정되어, {what} ratio가 {unclamped:.4g} 대신 {ratio:.4g}입니다",
    "bones'": "bone의", "object's": "object의",
    "Scale by each character's calibrated scale (its references and Minimum/Maximum Character Scale) instead of "
    "the plain ratio of the two measured sizes; a clamp that changes the ratio is reported":
        "두 측정 크기의 단순 비율 대신 각 캐릭터의 calibration된 scale(reference와 Minimum/Maximum Character "
        "Scale)로 scale합니다. clamp가 ratio를 바꾸면 보고합니다",
    "span length measurement": "span length 측정값", "bounds radius measurement": "bounds radius 측정값",
    "chain length measurement": "chain length 측정값", "average bone length measurement": "average bone length 측정값",
    "character height measurement": "character height 측정값",
    "locomotion height measurement": "locomotion height 측정값",
    "Basis {basis} cannot resolve on '{name}': the scale of its {measurement} is not a positive number":
        "'{name}'에서 Basis {basis}를 해석할 수 없습니다: {measurement}의 scale이 양수가 아닙니다",
    "Basis {basis} needs a Region measurement: name a Region that both armatures have":
        "Basis {basis}에는 Region measurement가 필요합니다: 두 armature 모두에 있는 Region을 지정하세요",
    "Basis {basis} cannot resolve on '{name}': Region '{region}' has no Region measurement":
        "'{name}'에서 Basis {basis}를 해석할 수 없습니다: Region '{region}'에 Region measurement가 없습니다",
    "Basis {basis} cannot resolve on '{name}': Region '{region}' has no {measurement}":
        "'{name}'에서 Basis {basis}를 해석할 수 없습니다: Region '{region}'에 {measurement}이(가) 없습니다",
    "The transfer ratio times Scale Horizontal or Scale Vertical is not a finite number ({value}): nothing was "
    "transferred":
        "transfer ratio에 Scale Horizontal 또는 Scale Vertical을 곱한 값이 유한한 수가 아닙니다 ({value}): "
        "아무것도 transfer하지 않았습니다",
    "Action '{action}' has a key of {where} that is not a finite number (NaN or infinite) on frame {frame:g}: "
    "nothing was written":
        "Action '{action}'에 유한한 수가 아닌 (NaN 또는 무한대) {where}의 key가 frame {frame:g}에 있습니다: "
        "아무것도 쓰지 않았습니다",
    "'{name}' is not a finite number (NaN or infinite) on frame {frame}: nothing was written":
        "'{name}'이(가) frame {frame}에서 유한한 수가 아닙니다 (NaN 또는 무한대): 아무것도 쓰지 않았습니다",
    "The pose of bone '{bone}' is not a finite number (NaN or infinite) on frame {frame:g}: nothing was written":
        "본 '{bone}'의 pose가 frame {frame:g}에서 유한한 수가 아닙니다 (NaN 또는 무한대): 아무것도 쓰지 않았습니다",
    "bone '{bone}'": "본 '{bone}'",
    "the object's {path}": "object의 {path}",
    "'{name}' has a non-uniform scale {scale}: its own location was scaled by the one ratio {ratio:.4g}, which its "
    "strides do not share in every direction, so its feet may slide; apply the scale (Checks) first":
        "'{name}'의 scale이 균일하지 않습니다 {scale}: object location은 하나의 ratio {ratio:.4g}로 scale되었지만 "
        "보폭은 방향마다 다르게 늘어나므로 발이 미끄러질 수 있습니다; 먼저 scale을 apply하세요 (Checks)",
    "A location channel's space is degenerate (a zero or non-finite scale)":
        "location channel의 공간이 퇴화되었습니다 (scale이 0이거나 유한하지 않음)",
    # shared by the features that read the measurement (foot IK, motion)
    "Computed on '{name}' before it was copied: run {operator} again for this copy":
        "복사 전 '{name}'에서 계산한 값입니다: 이 복사본에서 {operator}을(를) 다시 실행하세요",
    "The measured locomotion root '{bone}' is not a bone of '{name}': measure the rig again":
        "측정된 locomotion root '{bone}'은(는) '{name}'의 bone이 아닙니다: rig를 다시 측정하세요",
    # Motion (Analyze Motion, Remove Motion Curves, the Motion panel)
    "'{name}' has no animation to analyse: give it an action or NLA strips":
        "'{name}'에 분석할 애니메이션이 없습니다: action이나 NLA strip을 지정하세요",
    "Action '{action}' is linked from a library: make it local to write its motion summary":
        "action '{action}'은(는) library에서 link되어 있습니다: motion 요약을 쓰려면 local로 만드세요",
    "The frame range ends ({end}) before it starts ({start})": "프레임 범위의 끝({end})이 시작({start})보다 앞입니다",
    "Motion needs at least 2 frames (the range is frame {start} only)":
        "motion에는 프레임이 2개 이상 필요합니다 (범위가 {start} 프레임 하나뿐입니다)",
    "Motion needs at least 2 frames": "motion에는 프레임이 2개 이상 필요합니다",
    "The scene's frame rate ({fps}) is not a positive number": "scene의 frame rate({fps})가 양수가 아닙니다",
    "The frame rate must be above 0 (it is {fps})": "frame rate는 0보다 커야 합니다 (지금 {fps})",
    "A sampled position is not a number (NaN or inf): {name}": "샘플한 위치가 숫자가 아닙니다 (NaN 또는 inf): {name}",
    "Foot head, end and ground reference need the same frames":
        "foot의 head, 끝 joint와 ground reference는 같은 프레임이어야 합니다",
    "Ground reference: root bone '{bone}'": "바닥 기준: root bone '{bone}'",
    "Ground reference: '{bone}' projected on the ground (the rig has no ground-level root bone)":
        "바닥 기준: 바닥에 투영한 '{bone}' (rig에 바닥 높이의 root bone이 없습니다)",
    "Foot contacts: height above the ground under each foot ({names}{more})":
        "foot contact: 각 발 아래 바닥에서 잰 높이 ({names}{more})",
    "Foot contacts: height above the ground reference (no ground in the scene: {others})":
        "foot contact: 바닥 기준에서 잰 높이 (scene에 바닥이 없습니다: {others})",
    "Foot contacts: height above the ground reference (no ground in {where}: no mesh, curve or instance but the "
    "character's own)":
        "foot contact: 바닥 기준에서 잰 높이 ({where}에 바닥이 없습니다: 캐릭터 자신의 것 말고는 mesh, curve, "
        "instance가 없습니다)",
    "Left foot: no ground under it on {n} frame (frame {frame}): its contact height there is above the ground "
    "reference":
        "왼발: {n} 프레임 (프레임 {frame})에서 발 아래에 바닥이 없습니다: 그 프레임의 contact 높이는 바닥 기준에서 "
        "잽니다",
    "Left foot: no ground under it on {n} frames (from frame {frame}): its contact height there is above the "
    "ground reference":
        "왼발: {n} 프레임 (프레임 {frame}부터)에서 발 아래에 바닥이 없습니다: 그 프레임들의 contact 높이는 바닥 "
        "기준에서 잽니다",
    "Right foot: no ground under it on {n} frame (frame {frame}): its contact height there is above the ground "
    "reference":
        "오른발: {n} 프레임 (프레임 {frame})에서 발 아래에 바닥이 없습니다: 그 프레임의 contact 높이는 바닥 기준에서 "
        "잽니다",
    "Right foot: no ground under it on {n} frames (from frame {frame}): its contact height there is above the "
    "ground reference":
        "오른발: {n} 프레임 (프레임 {frame}부터)에서 발 아래에 바닥이 없습니다: 그 프레임들의 contact 높이는 바닥 "
        "기준에서 잽니다",
    "Root bone '{root}' stays put while '{bone}' ends {away:.1f} cm from where it starts over the ground: the "
    "clip is in place as root motion, its travel is in the hips (key it on the root for root motion)":
        "root bone '{root}'은(는) 제자리에 있지만 '{bone}'은(는) 바닥 위에서 시작점으로부터 {away:.1f} cm "
        "떨어진 곳에서 끝납니다: root motion으로는 제자리 클립이며 이동은 hips에 있습니다 "
        "(root motion을 원하면 root에 키를 넣으세요)",
    "{setting} ({value:g}) is not a number Motion can use (NaN or infinite): set it in the Motion panel":
        "{setting} ({value:g})은(는) Motion이 쓸 수 있는 숫자가 아닙니다 (NaN 또는 무한대): Motion 패널에서 설정하세요",
    "The stop speed is not a number": "stop speed가 숫자가 아닙니다",
    "A calibration scale must be above 0 (it is {scale})": "calibration scale은 0보다 커야 합니다 (지금 {scale})",
    "A Region without bones has no tip": "bone이 없는 Region에는 tip이 없습니다",
    "The actor's Measurement Basis {basis} cannot resolve (actor motion has no Region measurement): its calibrated "
    "values are left out":
        "actor의 Measurement Basis {basis}는 해석할 수 없습니다 (actor motion에는 Region measurement가 없습니다): "
        "보정된 값은 쓰지 않았습니다",
    "Region '{region}': Measurement Basis {basis} cannot resolve (no such Region measurement): its calibrated values "
    "are left out":
        "Region '{region}': Measurement Basis {basis}는 해석할 수 없습니다 (해당 Region measurement가 없습니다): "
        "보정된 값은 쓰지 않았습니다",
    "Region '{region}': its name key '{key}' is longer than the {limit} bytes the motion property names leave for "
    "it: its values are not written on the action (rename the Region)":
        "Region '{region}': name key '{key}'가 motion property 이름에 남는 {limit} byte보다 깁니다: 그 값은 action에 "
        "쓰지 않았습니다 (Region 이름을 바꾸세요)",
    "No foot bones found on '{name}' (Foot IK panel): foot contacts are left out":
        "'{name}'에서 foot bone을 찾지 못했습니다 (Foot IK 패널): foot contact는 쓰지 않았습니다",
    "'{action}' pushed down into the NLA": "'{action}'을(를) NLA로 내렸습니다 (push down)",
    "All keys 0 in {names}: Unreal's importer drops such a curve unless told to keep it (docs/unreal.md)":
        "{names}의 key가 모두 0입니다: Unreal importer는 따로 설정하지 않으면 이런 curve를 버립니다 (docs/unreal.md)",
    "All keys 0 in {names}: Unreal's importer drops such curves unless told to keep them (docs/unreal.md)":
        "{names}의 key가 모두 0입니다: Unreal importer는 따로 설정하지 않으면 이런 curve를 버립니다 (docs/unreal.md)",
    "in place (no actor motion)": "제자리 (actor motion 없음)",
    "{distance:.1f} cm at {speed:.1f} cm/s on average, {calibrated:.1f} cm/s calibrated":
        "{distance:.1f} cm, 평균 {speed:.1f} cm/s, 보정 {calibrated:.1f} cm/s",
    "{distance:.1f} cm at {speed:.1f} cm/s on average": "{distance:.1f} cm, 평균 {speed:.1f} cm/s",
    "foot contacts: left {left}, right {right} frames": "foot contact: 왼쪽 {left}, 오른쪽 {right} 프레임",
    "no foot contacts": "foot contact 없음",
    "'{action}', frames {start}-{end}: {motion}; {contacts}; curves on NLA track '{track}'":
        "'{action}', {start}-{end} 프레임: {motion}; {contacts}; curve는 NLA track '{track}'에 있습니다",
    "'{name}' is in NLA tweak mode: leave it (Tab in the NLA editor) first":
        "'{name}'이(가) NLA tweak mode입니다: 먼저 빠져나오세요 (NLA editor에서 Tab)",
    "'{action}' stays in the NLA: the armature has another active action, or track '{track}' was changed":
        "'{action}'은(는) NLA에 남습니다: armature에 다른 active action이 있거나 track '{track}'이(가) 바뀌었습니다",
    "Bake Foot IK: frame {done} of {total} (Esc to cancel)": "Bake Foot IK: {total} 프레임 중 {done} (Esc로 취소)",
    "Bake Foot IK cancelled: nothing was written": "Bake Foot IK를 취소했습니다: 아무것도 쓰지 않았습니다",
    "Analyze Motion: frame {done} of {total} (Esc to cancel)": "Analyze Motion: {total} 프레임 중 {done} (Esc로 취소)",
    "Analyze Motion cancelled: nothing was written": "Analyze Motion을 취소했습니다: 아무것도 쓰지 않았습니다",
    "No motion curves on '{name}': Analyze Motion first":
        "'{name}'에 motion curve가 없습니다: 먼저 Analyze Motion을 실행하세요",
    "Not analysed yet": "아직 분석하지 않았습니다",
    "Frames {start}-{end}, {duration:.2f} s": "{start}-{end} 프레임, {duration:.2f} s",
    "In place: no actor motion": "제자리: actor motion 없음",
    "Actor basis {basis}: scale {scale:.3f}": "actor basis {basis}: scale은 {scale:.3f}입니다",
    "Calibrated = Raw ÷ this scale: cm of the reference character, so characters of other sizes compare":
        "Calibrated = Raw ÷ 이 scale: reference character 기준 cm (크기가 달라도 비교 가능)",
    "Regions: Max Speed (cm/s)": "Region별 Max Speed (cm/s)",
    "Calibrated = Raw ÷ each Region's own scale (its Measurement Basis)":
        "Calibrated = Raw ÷ 각 Region 자신의 scale (그 Region의 Measurement Basis)",
    "Actor basis {basis} cannot resolve: not calibrated":
        "actor basis {basis}는 해석할 수 없습니다: 보정하지 않았습니다",
    "Planted under {speed:.1f} cm/s and {height:.1f} cm": "{speed:.1f} cm/s 미만, {height:.1f} cm 미만이면 접지",
    "Left foot: {n} frame {runs}": "왼발: {n} 프레임 {runs}",
    "Left foot: {n} frames {runs}": "왼발: {n} 프레임 {runs}",
    "Right foot: {n} frame {runs}": "오른발: {n} 프레임 {runs}",
    "Right foot: {n} frames {runs}": "오른발: {n} 프레임 {runs}",
    "No foot bones: no contacts": "foot bone이 없습니다: contact 없음",
    "name too long": "이름이 너무 깁니다",
    "Actor Motion Basis holds an unknown value: pick one in the Calibration panel":
        "Actor Motion Basis 값을 알 수 없습니다: Calibration 패널에서 고르세요",
}

# operator tooltips, keyed by the registered description (the docstring as one paragraph)
KO_OPERATORS = {
    "Measure how the animation moves (cm, cm/s, cm/s², raw and calibrated), write the summary on the action and key "
    "the per-frame motion curves on an NLA track above your animation (your action is not changed). Esc cancels":
        "animation의 움직임을 측정하고 (cm, cm/s, cm/s², raw와 calibrated) 요약을 action에 기록하며, 프레임별 motion "
        "curve를 animation 위의 NLA track에 key합니다 (원래 action은 바뀌지 않습니다). Esc로 취소합니다",
    "Set the armature's calibration to the studio defaults from the add-on preferences":
        "armature의 calibration을 add-on 환경설정의 studio 기본값으로 설정합니다",
    "Probe every frame of the range and bake the foot IK offsets, rotations and OverAnim_FootIK_ curves into an NLA "
    "track above your animation (your action is not changed). Esc cancels":
        "범위의 모든 프레임에서 바닥을 probe하고 foot IK offset, rotation과 OverAnim_FootIK_ curve를 animation 위의 "
        "NLA track에 bake합니다 (원래 action은 바뀌지 않습니다). Esc로 취소합니다",
    "Add a small sample humanoid to try OverAnim on: Unreal bone names with IK foot bones, Regions, LOD0 and LOD1 "
    "meshes, two Region delta shape keys, and a walk over steps and slopes (the scene plays its frames); placed "
    "beside whatever stands at the 3D cursor":
        "OverAnim을 시험해 볼 작은 sample humanoid를 추가합니다: IK foot bone이 있는 Unreal bone 이름, Region, LOD0과 "
        "LOD1 mesh, Region delta shape key 두 개, 계단과 경사를 걷는 walk (scene이 그 프레임을 재생합니다). "
        "3D cursor에 있는 것의 옆에 놓입니다",
    "Save or remove a calibration preset (reference sizes and scale limits; not the root bone)":
        "calibration preset을 저장하거나 삭제합니다 (reference 크기와 scale 한계; root bone은 제외)",
    "Check that every Region is present at each LOD (_LOD<n> meshes) as its LOD Policy asks":
        "모든 Region이 LOD Policy가 요구하는 대로 각 LOD (_LOD<n> mesh)에 있는지 확인합니다",
    "Remove every OverAnim_* item on the meshes (masks, preview, vertex groups, composed shape key), turn Live "
    "Preview off and restore the previous active and render colour attributes":
        "mesh의 모든 OverAnim_* 항목 (mask, preview, vertex group, composed shape key)을 삭제하고 Live Preview를 "
        "끄며, 이전의 active와 render colour attribute를 되돌립니다",
    "Compose the mask-weighted Delta Shape Keys of all Regions into the OverAnim_Composed shape key":
        "모든 Region의 mask 가중 Delta Shape Key를 OverAnim_Composed shape key로 합성합니다",
    "Fill the Foot IK bone fields from the rig's bone names (Unreal, Rigify, Mixamo, .L/.R, LeftFoot...)":
        "rig의 bone 이름으로 Foot IK bone 필드를 채웁니다 (Unreal, Rigify, Mixamo, .L/.R, LeftFoot...)",
    "Set Forward Axis to the axis of the armature object the character's toes point along (its feet's heads to their "
    "toes, in the rest pose)":
        "Forward Axis를 캐릭터의 발끝이 향하는 armature object의 축으로 설정합니다 (rest pose에서 발의 head에서 "
        "발끝까지)",
    "Measure, then export the armature and its meshes as FBX for Unreal: custom properties, the packed Region masks "
    "as vertex colour, no leaf bones, animation baked when there is any":
        "측정한 뒤 armature와 mesh를 Unreal용 FBX로 내보냅니다: custom property, vertex colour로 packed Region mask, "
        "leaf bone 없음, animation이 있으면 bake",
    "Save the measured results of the armature (lengths in cm) as a JSON file":
        "armature의 측정 결과 (길이는 cm)를 JSON 파일로 저장합니다",
    "Apply Scale, then run the checks again": "Apply Scale을 실행한 뒤 check를 다시 실행합니다",
    "Apply Mesh Scale, then run the checks again": "Apply Mesh Scale을 실행한 뒤 check를 다시 실행합니다",
    "Rest Position, then run the checks again": "Rest Position을 실행한 뒤 check를 다시 실행합니다",
    "Set the scene's Unit Scale to the unit the character's file was made in: every object in the scene changes size "
    "with it, other characters included; then run the checks again":
        "씬의 Unit Scale을 캐릭터 파일이 만들어진 단위로 설정합니다: 다른 캐릭터를 포함해 씬의 모든 object의 크기가 "
        "함께 바뀝니다. 그 뒤 check를 다시 실행합니다",
    "Scale this character (its armature, the meshes it deforms and its animation) to the size Match Unit Scale would "
    "give it and apply the scale: the scene's Unit Scale and nothing else in the scene change; then run the checks "
    "again":
        "이 캐릭터 (armature, 그것이 변형하는 mesh와 animation)를 Match Unit Scale이 줄 크기로 scale하고 scale을 "
        "적용합니다: 씬의 Unit Scale과 씬의 다른 어떤 것도 바뀌지 않습니다. 그 뒤 check를 다시 실행합니다",
    "Apply the safe one-click fix of a check, then check again":
        "check의 안전한 원클릭 수정을 적용한 뒤 다시 check합니다",
    "Turn Live Preview on or off: while on, the Region masks and the preview follow every change of a Region's mask "
    "fields and, in Weight Paint mode, of the weights":
        "Live Preview를 켜거나 끕니다: 켜져 있는 동안 Region mask와 preview가 Region mask 필드의 모든 변경과, "
        "Weight Paint 모드에서는 weight의 변경을 따라갑니다",
    "Measure the rig in its rest pose (cm) and write the results on the armature as OverAnim_* custom properties":
        "rest pose의 rig를 cm로 측정하고, 결과를 armature의 OverAnim_* custom property (사용자 정의 속성)로 "
        "기록합니다",
    "Paint every Region's falloff mask into OverAnim_Mask_<Region> colour attributes and show a false-colour preview "
    "(OverAnim_Preview) in Solid mode":
        "모든 Region의 falloff mask를 OverAnim_Mask_<Region> colour attribute에 칠하고 Solid 모드에서 false-colour "
        "preview (OverAnim_Preview)를 보여 줍니다",
    "Probe the ground under both feet at the current frame and write the OverAnim_FootIK_ values (offsets in cm, pitch "
    "and roll in degrees) on the armature":
        "현재 프레임에서 두 발 아래의 바닥을 probe하고 OverAnim_FootIK_ 값 (offset은 cm, pitch와 roll은 도)을 "
        "armature에 기록합니다",
    "Add a Region; it takes the active bone's collection when there is one":
        "Region을 추가합니다. active bone collection이 있으면 그것을 사용합니다",
    "Move the active Region up or down the list": "active Region을 목록에서 위나 아래로 옮깁니다",
    "Remove the active Region (or the one a check finding is about)":
        "active Region (또는 check 결과가 가리키는 Region)을 삭제합니다",
    "Remove the OverAnim_FootIK track and action and the values they animated, and make the action the bake pushed "
    "down active again":
        "OverAnim_FootIK track과 action, 그리고 그것이 animate한 값을 삭제하고, bake가 push down한 action을 다시 "
        "active로 만듭니다",
    "Remove the OverAnim_Motion track and action and the curves they animated, and make the action the analysis "
    "pushed down active again (the motion summary stays on the action)":
        "OverAnim_Motion track과 action, 그리고 그것이 animate한 curve를 삭제하고, 분석이 push down한 action을 다시 "
        "active로 만듭니다 (motion 요약은 action에 남습니다)",
    "Check the rig before measuring: scale, pose, locomotion root, unit scale, Regions":
        "측정 전에 rig를 check합니다: scale, pose, locomotion root, unit scale, Region",
    "Show the Region mask preview again: every 3D View shows the colour attribute, as after Paint Region Masks (Clear "
    "Preview puts the views back)":
        "Region mask preview를 다시 보여 줍니다: Paint Region Masks 뒤처럼 모든 3D View가 colour attribute를 "
        "보여 줍니다 (Clear Preview가 view를 되돌립니다)",
    "Copy an action from the armature it was made on onto this one, its translations (root motion, pelvis bob) "
    "scaled by the ratio of the two characters' measured sizes; across skeletons (other names, other rest poses) "
    "each bone retargeted to point where its source bone points, the feet planted":
        "action을 그것이 만들어진 armature에서 이 armature로 복사하며, translation (root motion, pelvis bob)은 두 "
        "캐릭터의 측정된 크기의 비율로 scale합니다. skeleton이 다르면 (다른 이름, 다른 rest pose) 각 bone이 source "
        "bone이 가리키는 곳을 가리키도록 retarget하고 발을 고정합니다",
    "Choose the source bone this bone follows in the transfer (kept on this armature)":
        "transfer에서 이 bone이 따를 source bone을 고릅니다 (이 armature에 보관)",
    "Forget the bone map rows set by hand on this armature: the map is found again from the names and the hierarchy":
        "이 armature에서 손으로 설정한 bone map 행을 지웁니다: map은 이름과 hierarchy에서 다시 찾습니다",
    "Save the bone map (every row, found or set) as a preset file to load onto other characters":
        "bone map(찾은 행과 설정한 행 모두)을 다른 캐릭터에 불러올 preset 파일로 저장합니다",
    "Load a bone map preset onto this armature: its rows are kept here and used by the next transfer":
        "bone map preset을 이 armature에 불러옵니다: 그 행은 여기에 보관되어 다음 transfer에 쓰입니다",
}
