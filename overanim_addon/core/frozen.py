"""Deeply immutable results: a frozen dataclass whose fields are tuples, read-only mappings and
read-only arrays, so nothing a caller holds can change what an engine returned (a frozen dataclass
alone still lets ``result.values["x"][0] = 1`` through)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TypeVar

import numpy as np

K = TypeVar("K")
V = TypeVar("V")


def read_only(array: np.ndarray) -> np.ndarray:
    """A read-only view of ``array`` (no copy: the view cannot write, whoever else holds the array)."""
    view = np.asarray(array).view()
    view.flags.writeable = False
    return view


def frozen_mapping(mapping: Mapping[K, V]) -> Mapping[K, V]:
    """``mapping`` read-only, its arrays read-only views."""
    return MappingProxyType({key: read_only(value) if isinstance(value, np.ndarray) else value  # type: ignore[misc]
                             for key, value in mapping.items()})
