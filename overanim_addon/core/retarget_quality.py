"""How good a retarget is, in numbers an animator reads, bpy-free: each chain's largest direction
error against the source (degrees, relative to each character), each foot's largest slide within
one of the source's plants (cm), how often each target foot is planted as the source's is, and
the stride ratio against the leg ratio. A number out of its bound comes with a warning."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from .messages import Message
from .plant import runs

MOST_DEGREES = 18.0  # a chain pointing further from its source than this reads as another pose
MOST_SLIDE_CM = 1.0
LEAST_AGREEMENT = 0.9  # of the frames
LEAST_WITHIN = 0.95  # of the frames a chain must be within MOST_DEGREES of its source
STRIDE_TOLERANCE = 0.1  # stride ratio over leg ratio further from 1 than this: the legs over- or under-reach


@dataclass(frozen=True)
class RetargetQuality:
    chain_errors: Mapping[str, float]  # chain -> its largest direction error, degrees
    chain_within: Mapping[str, float]  # chain -> share of frames all its bones are within MOST_DEGREES
    slides: Mapping[str, float]  # side -> the largest slide within a plant, cm
    agreement: Mapping[str, float]  # side -> share of frames planted (or not) as the source's foot
    stride_ratio: float  # the target feet's travel over the source's; 0 where no foot plants twice (no stride)
    leg_ratio: float  # the target's leg length over the source's

    def warnings(self) -> list[Message]:
        out = [Message("Chain {chain} points more than {most:g}° from the source's on {share:.0%} of the frames (up to "
                       "{degrees:.1f}°): check its rows in the bone map", chain=c, degrees=self.chain_errors[c],
                       most=MOST_DEGREES, share=1.0 - v)
               for c, v in self.chain_within.items() if v < LEAST_WITHIN]
        out += [Message("The {side} foot slides up to {slide:.2f} cm within a plant (more than {most:g} cm): the leg "
                        "cannot reach its held place", side=s, slide=v, most=MOST_SLIDE_CM)
                for s, v in self.slides.items() if v > MOST_SLIDE_CM]
        out += [Message("The {side} foot is planted as the source's on {share:.0%} of the frames (less than "
                        "{least:.0%})", side=s, share=v, least=LEAST_AGREEMENT)
                for s, v in self.agreement.items() if v < LEAST_AGREEMENT]
        # a clip where no foot plants twice has no stride to compare (0): that is no warning
        measured = self.leg_ratio > 0 and self.stride_ratio > 0
        if measured and abs(self.stride_ratio / self.leg_ratio - 1.0) > STRIDE_TOLERANCE:
            out.append(Message("Strides scale by {stride:.3g} but the legs by {legs:.3g}: the feet reach further (or "
                               "less far) than the legs comfortably do", stride=self.stride_ratio, legs=self.leg_ratio))
        return out

    def lines(self) -> list[Message]:
        """The numbers, one line each, for the report and the panel."""
        out = [Message("Largest direction error: {chains}", chains=", ".join(
            f"{c} {d:.1f}°" for c, d in self.chain_errors.items()))]
        if self.slides:
            out.append(Message("Feet: slide within plants {slides}; planted as the source {agreement}",
                               slides=", ".join(f"{s} {v:.2f} cm" for s, v in self.slides.items()),
                               agreement=", ".join(f"{s} {v:.0%}" for s, v in self.agreement.items())))
        if self.stride_ratio > 0:
            out.append(Message("Stride ratio {stride:.3g}, leg ratio {legs:.3g}", stride=self.stride_ratio,
                               legs=self.leg_ratio))
        else:
            out.append(Message("Stride ratio: no stride in the clip (no foot plants twice), leg ratio {legs:.3g}",
                               legs=self.leg_ratio))
        return out


def largest_slide(points: np.ndarray, planted: np.ndarray) -> float:
    """The most a point (F, 3 world cm) moves across the ground within one run of ``planted``."""
    worst = 0.0
    for first, last in runs(planted):
        track = np.asarray(points)[first:last, :2]
        worst = max(worst, float(np.linalg.norm(track - track[0], axis=1).max()))
    return worst


def step_length(points: np.ndarray, planted: np.ndarray) -> float:
    """The ground a foot covers from plant to plant: the summed distances between the mean places of
    successive runs of ``planted`` (cm)."""
    places = [np.asarray(points)[first:last, :2].mean(axis=0) for first, last in runs(planted)]
    return float(sum(np.linalg.norm(b - a) for a, b in itertools.pairwise(places)))
