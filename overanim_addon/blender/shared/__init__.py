"""What several feature folders use on the same rules: the character's ground reference, the NLA
tracks a feature keys its own curves on."""
