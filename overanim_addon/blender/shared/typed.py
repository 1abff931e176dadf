"""Typed views of what fake-bpy-module can only type loosely: an object's data of the type its
``type`` already says, and the context members the 5.2 stubs make Optional though a running
operator or panel always has them; and what the panel and operator mixins are to mypy. Casts only:
nothing here changes a value. ``Object.overanim`` is ``object_data.py``'s."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Literal, cast

import bpy

if TYPE_CHECKING:
    from bpy.stub_internal.rna_enums import IconItems as Icon  # noqa: F401 (Blender's icon names, for annotations)

    # what execute, invoke and modal return (Blender's set of flags)
    OperatorResult = set[Literal["RUNNING_MODAL", "CANCELLED", "FINISHED", "PASS_THROUGH", "INTERFACE"]]

    class PanelBase(bpy.types.Panel):
        """What mypy sees under a panel mixin: a Panel (so its bl_ fields take the Panel's types)."""

    class OperatorBase(bpy.types.Operator):
        """What mypy sees under an operator mixin: an Operator."""
else:  # at run time the mixins stay plain classes, as Blender's own mixins are
    PanelBase = OperatorBase = object


# the context Blender passes to poll, draw, execute, invoke and modal: the 5.2 stubs type it Optional
# (an override must accept what its base accepts), though Blender never passes None there
MaybeContext = bpy.types.Context | None


def context_of(context: MaybeContext) -> bpy.types.Context:
    """The context a poll, draw, execute, invoke or modal was given (never None there)."""
    assert context is not None
    return context


def armature_data(obj: bpy.types.Object) -> bpy.types.Armature:
    """The data of an object the caller knows is an ARMATURE."""
    return cast(bpy.types.Armature, obj.data)


def mesh_data(obj: bpy.types.Object) -> bpy.types.Mesh:
    """The data of an object the caller knows is a MESH."""
    return cast(bpy.types.Mesh, obj.data)


def scene_of(context: bpy.types.Context) -> bpy.types.Scene:
    """The context's scene: always set where an operator runs or a panel draws."""
    return cast(bpy.types.Scene, context.scene)


def view_layer_of(context: bpy.types.Context) -> bpy.types.ViewLayer:
    return cast(bpy.types.ViewLayer, context.view_layer)


def temp_override(context: bpy.types.Context, **members: Any) -> AbstractContextManager[Any]:
    """``context.temp_override``: fake-bpy-module 5.2 omits its ``__enter__``/``__exit__``."""
    return cast(AbstractContextManager[Any], context.temp_override(**members))


def window_manager_of(context: bpy.types.Context) -> bpy.types.WindowManager:
    return cast(bpy.types.WindowManager, context.window_manager)


def preferences_of(context: bpy.types.Context) -> bpy.types.Preferences:
    return cast(bpy.types.Preferences, context.preferences)


def pose_of(obj: bpy.types.Object) -> bpy.types.Pose:
    """The pose of an object the caller knows is an ARMATURE (every armature object has one)."""
    return cast(bpy.types.Pose, obj.pose)


def layout_of(
    ui: bpy.types.Panel | bpy.types.Menu | bpy.types.Operator | bpy.types.AddonPreferences,
) -> bpy.types.UILayout:
    """The layout a panel, menu or operator draws into: set while its draw() runs."""
    return cast(bpy.types.UILayout, ui.layout)


def animation_data_of(obj: bpy.types.Object) -> bpy.types.AnimData:
    """The animation data of an object the caller knows is animated (it has read or made it before)."""
    return cast(bpy.types.AnimData, obj.animation_data)


def shape_keys_of(mesh: bpy.types.Mesh) -> bpy.types.Key:
    """The shape keys of a mesh the caller knows has some."""
    return cast(bpy.types.Key, mesh.shape_keys)


def has_property(owner: bpy.types.bpy_struct, key: str) -> bool:
    """``key in owner``: whether ``owner`` holds the custom property ``key`` (the stubs give
    bpy_struct no ``__contains__``)."""
    return key in cast(Any, owner)


def property_ui(owner: bpy.types.bpy_struct, key: str) -> Any:
    """``owner.id_properties_ui(key)``, the UI data of a custom property (the stubs say it returns None)."""
    return cast(Any, owner).id_properties_ui(key)


def workspace_of(context: bpy.types.Context) -> bpy.types.WorkSpace:
    """The context's workspace: set where a window is (a modal operator's session runs in one)."""
    return cast(bpy.types.WorkSpace, context.workspace)
