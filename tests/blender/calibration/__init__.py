"""The Calibration fields, the studio defaults and the presets."""
