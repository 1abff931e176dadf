"""Motion features: what an action does, in cm, cm/s and cm/s², raw and calibrated (docs/motion.md)."""
