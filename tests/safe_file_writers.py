"""A process that writes through safe_files the way an export does and stays alive meanwhile: the
safe-files and export tests run it beside their own writes; and the files those tests age or
leave beside an export as another program's."""

import os
import textwrap
import time
from pathlib import Path

from overanim_addon import safe_files

LIVE_WRITER = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from overanim_addon import safe_files
    temp = safe_files.owned_sibling(Path(sys.argv[1]))
    temp.write_bytes(b"an export in progress")
    print(temp, flush=True)
    time.sleep(60)
""")


def age(path: Path, seconds: float) -> Path:
    past = time.time() - seconds
    os.utime(path, (past, past))
    return path


OTHER_PROGRAMS = (".notes.txt.deadbeef.tmp.txt", ".hero.json.0badc0de.tmp.json",  # issue 31's: a notes app's,
                  ".hero.fbx.1f2e3d4c.tmp.fbx", ".hero.fbx.1f2e3d4c.4242-00000000.tmp.fbx")  # a tool's FBX


def other_programs_files(folder: Path) -> list[str]:
    """Hidden files shaped as a temporary of ours was, another program's (no ``.overanim.`` prefix),
    untouched for ten times as long as a killed write's leftover may stay."""
    for name in OTHER_PROGRAMS:
        (folder / name).write_text("theirs")
        age(folder / name, 10 * safe_files.FOREIGN_JOURNAL_SECONDS)
    return sorted(OTHER_PROGRAMS)
