"""The Region domain: its fields, its operators, its names as artists type them."""
