"""A process that writes through safe_files the way an export does and stays alive meanwhile: the
safe-files and export tests run it beside their own writes."""

import textwrap

LIVE_WRITER = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from overanim_addon import safe_files
    temp = safe_files.owned_sibling(Path(sys.argv[1]))
    temp.write_bytes(b"an export in progress")
    print(temp, flush=True)
    time.sleep(60)
""")
