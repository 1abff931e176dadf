#!/usr/bin/env python3
"""Set up the project and run its jobs. Runs on any Python 3; it finds the Python that the bpy
module of the current Blender LTS (5.2) needs, 3.13, by itself.

    python3 tasks.py demo      # make .venv if needed, then run the headless demo
    python3 tasks.py test      # make .venv if needed, then ruff, mypy and the whole test suite
    python3 tasks.py versions  # the whole suite on every supported Blender (scripts/test_versions.py)
    python3 tasks.py fixtures  # the third-party test files (test and versions fetch them first)
    python3 tasks.py readers   # assimp's command line, an outside FBX reader (test and versions install it)
    python3 tasks.py --help    # this text

Arguments after the command go to the demo script, to pytest (python3 tasks.py test -k falloff -x)
or to the version matrix (python3 tasks.py versions 4.5 5.3 --no-real).

The virtual environment lives in .venv (override with OVERANIM_VENV). Requirements are installed
again only when a requirements file changed since the last install (a hash stamp in the venv); a
venv made with another Python is made again. Python 3.13 is looked for on PATH (python3.13), then
in pyenv's versions folder ($PYENV_ROOT or ~/.pyenv), then /usr/bin and /usr/local/bin.
Standard library only, and no syntax newer than Python 3.6: this file runs before anything is installed.
"""

import glob
import hashlib
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.abspath(__file__))
REQUIREMENTS = os.path.join(ROOT, "requirements")
DEFAULT_PYTHON = "3.13"  # bpy 5.1 and later are built for exactly this Python
SYSTEM_FOLDERS = ("/usr/local/bin", "/usr/bin")


def run(cmd, env=None):
    cmd = [str(c) for c in cmd]
    print("+ " + " ".join(cmd), flush=True)
    return subprocess.call(cmd, cwd=ROOT, env=env)


def python_version(executable):
    """'3.13' for a Python that starts, None for one that does not (a pyenv shim without
    PYENV_VERSION fails, for one)."""
    try:
        out = subprocess.run([executable, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.decode().strip() if out.returncode == 0 else None


def python_candidates(version):
    if "%d.%d" % sys.version_info[:2] == version:
        yield sys.executable
    found = shutil.which("python" + version)
    if found:
        yield found
    pyenv = os.environ.get("PYENV_ROOT") or os.path.expanduser("~/.pyenv")
    pattern = os.path.join(pyenv, "versions", version + "*", "bin", "python" + version)
    for path in sorted(glob.glob(pattern), reverse=True):  # the newest patch release first
        yield path
    for folder in SYSTEM_FOLDERS:
        yield os.path.join(folder, "python" + version)


def find_python(version):
    """A working Python of ``version`` (``'3.13'``), or None."""
    for candidate in python_candidates(version):
        if os.path.exists(candidate) and python_version(candidate) == version:
            return candidate
    return None


def missing_python(version, purpose):
    return (f"Python {version} is needed ({purpose}) and none was found: not python{version} on PATH, not in pyenv's "
            "versions folder, not in /usr/bin or /usr/local/bin.\n"
            f"Install it, for example `pyenv install {version}` or your system's python{version} package "
            f"(`apt-get install python{version}-venv` on Debian and Ubuntu), then run this again."
            )


def real_blender_root(version):
    """The chroot of ../shared/tools/real-blender's Blender ``version`` ('4.3' or '5.2'): the tool's own
    default, or REAL_BLENDER_ROOT_4_3 / REAL_BLENDER_ROOT_5_2 (its REAL_BLENDER_ROOT would move both)."""
    default = "/var/tmp/real-blender-root" if version == "4.3" else "/var/tmp/real-blender-{}-root".format(version)
    return os.environ.get("REAL_BLENDER_ROOT_" + version.replace(".", "_"), default)


def venv_python(venv):
    return os.path.join(venv, "Scripts", "python.exe") if os.name == "nt" else os.path.join(venv, "bin", "python")


def requirement_digest(paths, extra=""):
    digest = hashlib.sha256(extra.encode())
    for path in paths:
        with open(path, "rb") as handle:
            digest.update(handle.read())
    return digest.hexdigest()


def ensure_venv(venv, version, requirements, purpose, extra_specs=()):
    """The venv's python with ``requirements`` (requirement files; every file they include must be
    in the list) and ``extra_specs`` installed; made with Python ``version``, made again when it was
    made with another one, installed again only when the requirements changed."""
    python = venv_python(venv)
    if os.path.exists(python) and python_version(python) != version:
        if not os.path.exists(os.path.join(venv, "pyvenv.cfg")):
            sys.exit(f"{venv} is not a virtual environment; move it away or set OVERANIM_VENV")
        print(f"{venv} was made with another Python than {version}: making it again", flush=True)
        shutil.rmtree(venv)
    if not os.path.exists(python):
        base = find_python(version)
        if base is None:
            sys.exit(missing_python(version, purpose))
        if run([base, "-m", "venv", venv]) != 0:
            sys.exit(f"could not create the virtual environment {venv} "
                     f"(on Debian: apt-get install python{version}-venv)")
    digest = requirement_digest(requirements, " ".join(extra_specs))
    stamp = os.path.join(venv, ".installed-" + hashlib.sha256(" ".join(requirements).encode()).hexdigest()[:12])
    current = None
    if os.path.exists(stamp):
        with open(stamp) as handle:
            current = handle.read()
    if current != digest:
        args = [python, "-m", "pip", "install", "--disable-pip-version-check", "-q"]
        for path in requirements[:1]:
            args += ["-r", path]
        if run(args + list(extra_specs)) != 0:
            sys.exit("installing {} failed".format(", ".join(os.path.basename(p) for p in requirements)))
        with open(stamp, "w") as handle:
            handle.write(digest)
    return python


def requirement_files(name):
    """``name`` and every file it includes with ``-r``, the named one first."""
    files, queue = [], [os.path.join(REQUIREMENTS, name)]
    while queue:
        path = queue.pop(0)
        if path in files:
            continue
        files.append(path)
        with open(path) as handle:
            for line in handle:
                if line.startswith("-r "):
                    queue.append(os.path.join(os.path.dirname(path), line[3:].split("#")[0].strip()))
    return files


def default_venv(requirements):
    venv = os.environ.get("OVERANIM_VENV") or os.path.join(ROOT, ".venv")
    return ensure_venv(venv, DEFAULT_PYTHON, requirement_files(requirements), "the bpy module of Blender 5.2 LTS")


def test_env():
    env = dict(os.environ)
    env.setdefault("PYTHONDONTWRITEBYTECODE", "1")
    return env


# Real motion capture for the tests, as artists get it: CMU's BVH (free for any use), as Debian's
# assimp-testmodels package carries it. Fetched with apt-get, checked against these hashes, and kept
# in tests/fixtures/downloaded/ (ignored by git; inside the checkout so the real-blender chroots see it).
THIRD_PARTY_PACKAGE = "assimp-testmodels"
THIRD_PARTY_FILES = {
    "usr/share/assimp/models/BVH/01_01.bvh": "1d9ee909452ee62784306545cf1fcd634243db1173e0c90cecbed793e50361a8",
    "usr/share/assimp/models/BVH/01_03.bvh": "72d3f37de5af9adfc228dda72422cadb8cfc58d1cd8336076241ba115715c87c",
    "usr/share/assimp/models/BVH/Boxing_Toes.bvh":
        "ad81c1e3bb2349cb8ea5ac5d753b8a199fce9182bf9015bcc45c2f0414bc99af",
    "usr/share/assimp/models/BVH/01_nn.bvh.source.txt": None,  # CMU's and the converter's terms of use
}
DOWNLOADED = os.path.join(ROOT, "tests", "fixtures", "downloaded")


def file_sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def apt_get(args, cwd=ROOT):
    """``apt-get <args>``, once more after ``apt-get update`` when it fails: a new machine may have no
    package lists yet. The exit code."""
    command = ["apt-get"] + list(args)
    if subprocess.call(command, cwd=cwd) == 0:
        return 0
    run(["apt-get", "update", "-qq"])
    return subprocess.call(command, cwd=cwd)


# assimp's command line reads every export's colours per polygon corner and its bind pose, beside ufbx
# (tests/blender/outside_fbx.py); Debian's package, installed here so no machine runs the tests without it
OUTSIDE_READER_PACKAGE, OUTSIDE_READER_COMMAND = "assimp-utils", "assimp"


def cmd_readers(args=()):
    """Install assimp's command line when it is missing; exit 1 when it cannot be."""
    if shutil.which(OUTSIDE_READER_COMMAND):
        return 0
    if apt_get(["install", "-y", "-q", OUTSIDE_READER_PACKAGE]) != 0 or not shutil.which(OUTSIDE_READER_COMMAND):
        print("could not install {} with apt-get (Debian's package, needed by the tests: "
              "tests/blender/outside_fbx.py)".format(OUTSIDE_READER_PACKAGE), file=sys.stderr)
        return 1
    return 0


# Khronos's glTF characters: only the steering repo's shared/ may carry them. Copied (hash-checked by
# the tests) into downloaded/khronos, inside the checkout, where the real-blender chroots see them too.
KHRONOS_SHARED = os.path.join(os.path.dirname(ROOT), "shared", "fixtures", "khronos")
KHRONOS_MODELS = ("CesiumMan", "Fox", "RiggedFigure")


def copy_khronos():
    """Copy each Khronos model shared/ has into downloaded/khronos; the tests say what is missing."""
    for model in KHRONOS_MODELS:
        source = os.path.join(KHRONOS_SHARED, model, model + ".glb")
        target = os.path.join(DOWNLOADED, "khronos", model, model + ".glb")
        if os.path.exists(source) and (not os.path.exists(target) or file_sha256(source) != file_sha256(target)):
            if not os.path.isdir(os.path.dirname(target)):
                os.makedirs(os.path.dirname(target))
            shutil.copyfile(source, target + ".tmp")
            os.replace(target + ".tmp", target)


def fixtures_present():
    for member, expected in THIRD_PARTY_FILES.items():
        path = os.path.join(DOWNLOADED, os.path.basename(member))
        if not os.path.exists(path) or (expected and file_sha256(path) != expected):
            return False
    return True


def cmd_fixtures(args=()):
    """Download the Debian package once, extract the files, check every hash; exit 1 when any fails.
    Copies the Khronos models from shared/ as well."""
    if fixtures_present():
        copy_khronos()
        return 0
    import tempfile
    work = tempfile.mkdtemp(prefix="overanim-fixtures-")
    try:
        if apt_get(["download", THIRD_PARTY_PACKAGE], cwd=work) != 0:
            print("could not download {} with apt-get (Debian's package, needed by the tests)".format(
                THIRD_PARTY_PACKAGE), file=sys.stderr)
            return 1
        deb = next(name for name in os.listdir(work) if name.endswith(".deb"))
        tree = os.path.join(work, "tree")
        if run(["dpkg-deb", "-x", os.path.join(work, deb), tree]) != 0:
            return 1
        if not os.path.isdir(DOWNLOADED):
            os.makedirs(DOWNLOADED)
        for member, expected in THIRD_PARTY_FILES.items():
            source = os.path.join(tree, member)
            if not os.path.exists(source) or (expected and file_sha256(source) != expected):
                print("{} in {} is missing or not the file the tests expect".format(member, deb), file=sys.stderr)
                return 1
            target = os.path.join(DOWNLOADED, os.path.basename(member))
            shutil.copyfile(source, target + ".tmp")
            os.replace(target + ".tmp", target)
        print("third-party fixtures in " + DOWNLOADED, flush=True)
        copy_khronos()
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


def cmd_demo(args):
    return run([default_venv("runtime.txt"), "scripts/demo.py"] + args)


def cmd_test(args):
    if cmd_fixtures() != 0 or cmd_readers() != 0:
        return 1
    python = default_venv("dev.txt")
    env = test_env()
    steps = [
        ("ruff", [python, "-m", "ruff", "check", "."]),
        ("mypy", [python, "-m", "mypy"]),
        ("pytest", [python, "-m", "pytest"] + args),
    ]
    failed = [name for name, cmd in steps if run(cmd, env=env) != 0]
    if failed:
        print("FAILED: " + ", ".join(failed), flush=True)
        return 1
    return 0


def cmd_versions(args):
    if cmd_fixtures() != 0 or cmd_readers() != 0:
        return 1
    return run([sys.executable, os.path.join("scripts", "test_versions.py")] + args, env=test_env())


def main(argv):
    commands = {"demo": cmd_demo, "test": cmd_test, "versions": cmd_versions, "fixtures": cmd_fixtures,
                "readers": cmd_readers}
    if argv and argv[0] in ("-h", "--help", "help"):
        print(__doc__)
        return 0
    if not argv or argv[0] not in commands:
        print(__doc__, file=sys.stderr)
        return 2
    return commands[argv[0]](argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
