import bpy
import pytest

import overanim_addon
from overanim_addon import blender
from overanim_addon.blender import FEATURES, MODULES

from ..sidebar import SIDEBAR, sidebar_order

OPERATORS = ["measure_proportions", "export_results_json", "run_checks", "fix_check", "region_add",
             "region_remove", "region_move", "build_sample_character", "apply_studio_defaults",
             "calibration_preset_add", "probe_ground", "bake_foot_ik", "remove_foot_ik_bake", "detect_foot_bones"]


def registered_classes():
    return {name for name in dir(bpy.types) if name.startswith("OVERANIM_")}


def test_register_unregister_cycles_leave_nothing_behind(addon):
    for _ in range(3):
        overanim_addon.unregister()
        assert not hasattr(bpy.types.Object, "overanim")
        assert registered_classes() == set()
        with pytest.raises(KeyError):
            bpy.ops.overanim.measure_proportions.get_rna_type()
        overanim_addon.register()
        assert hasattr(bpy.types.Object, "overanim")
    assert {"OVERANIM_PT_main", "OVERANIM_PT_calibration", "OVERANIM_PT_regions", "OVERANIM_PT_results",
            "OVERANIM_PT_checks", "OVERANIM_UL_regions", "OVERANIM_PT_foot_ik"} <= registered_classes()


def test_register_twice_in_a_row_is_harmless(addon):
    overanim_addon.register()
    overanim_addon.register()
    assert hasattr(bpy.types.Object, "overanim")


@pytest.mark.parametrize("name", OPERATORS)
def test_every_operator_is_registered_with_a_description(addon, name):
    op = getattr(bpy.ops.overanim, name)
    rna = op.get_rna_type()
    assert rna.description, f"{name} needs a tooltip"


def test_every_panel_operator_is_in_the_object_menu_for_f3_search(addon):
    import inspect

    from overanim_addon.blender import ui

    # F3 is menu search: an operator is found there only when some menu draws it
    source = inspect.getsource(ui.OVERANIM_MT_object.draw)
    missing = [name for name in OPERATORS if f'"overanim.{name}"' not in source]
    # region_move needs a direction, fix_check a fix, calibration_preset_add a name: the panel's job
    assert set(missing) == {"fix_check", "calibration_preset_add", "region_move"}
    assert ui.draw_object_menu in bpy.types.VIEW3D_MT_object._dyn_ui_initialize()


def test_every_feature_module_registers_and_unregisters_its_own_classes(addon):
    # one module at a time, in the add-on's own reverse order and then forward: each feature takes
    # away exactly the classes it brings back, and nothing is left once all are gone
    owned = {}
    for module in reversed(MODULES):
        before = registered_classes()
        module.unregister()
        owned[module] = before - registered_classes()
        assert registered_classes() <= before
    assert registered_classes() == set()
    assert not hasattr(bpy.types.Object, "overanim")
    for module in MODULES:
        before = registered_classes()
        module.register()
        assert registered_classes() - before == owned[module], module.__name__
    assert all(owned[feature] for feature in FEATURES), "a feature that registers no class"
    assert hasattr(bpy.types.Object, "overanim")


CHANGES_DATA = ["measure_proportions", "run_checks", "fix_check", "region_add", "region_remove", "region_move",
                "build_sample_character", "apply_studio_defaults", "paint_region_masks", "clear_region_preview",
                "check_lod_coverage", "compose_region_deltas", "probe_ground", "bake_foot_ik", "remove_foot_ik_bake",
                "detect_foot_bones"]


@pytest.mark.parametrize("name", CHANGES_DATA)
def test_operators_that_change_data_are_one_undo_step(addon, name):
    # The PyPI bpy module has no window, so ed.undo cannot run here; an operator with UNDO in
    # bl_options makes exactly one undo step for everything its single execute() wrote.
    cls = getattr(bpy.types, f"OVERANIM_OT_{name}")
    assert {"REGISTER", "UNDO"} <= set(cls.bl_options)


def test_no_property_group_property_has_a_python_callback(addon):
    # With one registered, even once, the bpy 4.2 module segfaults when its process exits (every
    # script and test process returned 139). Live Preview watches the fields from a handler instead.
    # A PointerProperty's poll and a StringProperty's search are such callbacks too (Transfer's
    # Source picker had a poll: 4.2 crashed at exit).
    # From 4.3 on, Transfer's Source picker polls for armatures: those versions exit cleanly with it
    # (test_a_process_with_the_source_poll_exits_cleanly).
    allowed = {("OVERANIM_PG_transfer", "source", "poll")} if bpy.app.version >= (4, 3, 0) else set()
    groups = [cls for cls in bpy.types.PropertyGroup.__subclasses__() if cls.__module__.startswith("overanim_addon")]
    assert {cls.__name__ for cls in groups} >= {"OVERANIM_PG_object", "OVERANIM_PG_region", "OVERANIM_PG_transfer"}
    for cls in groups:
        for name, prop in cls.__annotations__.items():
            keywords = {k for k in getattr(prop, "keywords", {}) if (cls.__name__, name, k) not in allowed}
            assert not {"update", "get", "set", "poll", "search"} & keywords, f"{cls.__name__}.{name}"


# -- one folder, one feature (issue 18.2) ------------------------------------------------------------
OWNER = {  # a class -> the feature folder that defines and registers it
    "OVERANIM_PG_region": "regions", "OVERANIM_OT_region_add": "regions", "OVERANIM_UL_regions": "regions",
    "OVERANIM_PT_regions": "regions",
    "OVERANIM_OT_paint_region_masks": "masks", "OVERANIM_OT_live_preview": "masks",
    "OVERANIM_OT_clear_region_preview": "masks", "OVERANIM_OT_show_region_preview": "masks",
    "OVERANIM_PT_region_masks": "masks", "OVERANIM_PG_painted_region": "masks",
    "OVERANIM_OT_check_lod_coverage": "lod", "OVERANIM_PG_lod_row": "lod",
    "OVERANIM_OT_compose_region_deltas": "compose",
    "OVERANIM_PG_check": "checks",
}
FIELD_OWNER = {  # a field of Object.overanim -> the feature folder that declares it
    "regions": "regions", "active_region_index": "regions", "masks_painted": "masks", "live_preview": "masks",
    "painted_regions": "masks",
    "lod_rows": "lod", "checks": "checks", "checks_run": "checks", "show_results": "measure",
    "last_export": "export", "calibration": "calibration", "foot_ik": "foot_ik", "motion": "motion",
    "transfer": "transfer",
}


@pytest.mark.parametrize("name", sorted(OWNER))
def test_each_class_lives_in_the_folder_of_its_feature(addon, name):
    # bpy.types lists registered operators, panels and lists; property groups are found as classes
    cls = getattr(bpy.types, name, None) or next(c for c in bpy.types.PropertyGroup.__subclasses__()
                                                 if c.__name__ == name and c.is_registered)
    module = cls.__module__
    assert module.startswith(f"overanim_addon.blender.{OWNER[name]}."), module


def test_object_overanim_holds_what_the_features_declare_and_nothing_else(addon):
    import importlib

    from overanim_addon.blender.properties import OVERANIM_PG_object

    for field, feature in FIELD_OWNER.items():
        declared = importlib.import_module(f"overanim_addon.blender.{feature}.properties").OBJECT_PROPERTIES
        assert field in declared, (field, feature)
    ours = {p.identifier for p in OVERANIM_PG_object.bl_rna.properties} - {"rna_type", "name"}
    assert ours == set(FIELD_OWNER)


# -- registration that shows the features (issue 18.5) -----------------------------------------------
def register_recording(monkeypatch, modules):
    """Register ``modules`` in that order; returns the classes in the order they were registered."""
    registered, register_class = [], bpy.utils.register_class

    def record(cls):
        registered.append(cls)
        register_class(cls)

    monkeypatch.setattr(bpy.utils, "register_class", record)
    for module in modules:
        module.register()
    monkeypatch.setattr(bpy.utils, "register_class", register_class)
    return registered


def test_blender_init_lists_the_features_and_each_registers_its_own_classes(addon, monkeypatch):
    assert all(hasattr(feature, "__path__") for feature in FEATURES)  # packages, not modules
    overanim_addon.unregister()
    by_module = {}
    try:
        for module in MODULES:
            by_module[module] = register_recording(monkeypatch, [module])
        for feature in FEATURES:
            assert by_module[feature], feature.__name__
            for cls in by_module[feature]:
                assert cls.__module__.startswith(feature.__name__ + "."), (cls.__name__, feature.__name__)
        # bpy.types lists all but the property groups and the preferences
        assert registered_classes() <= {cls.__name__ for classes in by_module.values() for cls in classes}
    finally:
        for module in reversed(list(by_module)):
            module.unregister()
        overanim_addon.register()


def test_the_sidebar_order_is_the_panels_own_whatever_order_the_features_register_in(addon, monkeypatch):
    # the other way round, but for Transfer, whose panel sits in Motion's: a parent registers first
    backwards = [f for f in reversed(FEATURES) if f is not blender.transfer]
    backwards.insert(backwards.index(blender.motion) + 1, blender.transfer)
    modules = [blender.translations, blender.ui, *backwards, blender.properties]
    overanim_addon.unregister()
    done = []
    try:
        registered = []
        for module in modules:
            registered += register_recording(monkeypatch, [module])
            done.append(module)
        assert sidebar_order(registered) == SIDEBAR
        assert bpy.types.OVERANIM_PT_transfer.bl_parent_id == "OVERANIM_PT_motion"
    finally:
        for module in reversed(done):
            module.unregister()
        assert registered_classes() == set()
        overanim_addon.register()


def rna_properties():
    """Every property of every Blender type, as (type, property)."""
    found = set()
    for name in dir(bpy.types):
        rna = getattr(getattr(bpy.types, name, None), "bl_rna", None)
        if rna is not None:
            found.update((name, prop.identifier) for prop in rna.properties)
    return found


def test_unregister_removes_every_property_register_attached_to_a_blender_type(addon):
    overanim_addon.unregister()
    try:
        without = rna_properties()
        overanim_addon.register()
        attached = {(name, prop) for name, prop in rna_properties() - without if not name.startswith("OVERANIM_")}
        assert attached == {("Object", "overanim")}
        overanim_addon.unregister()
        assert rna_properties() == without
    finally:
        overanim_addon.register()
