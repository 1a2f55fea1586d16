"""Keys the usual way: a `.env` file in the working directory is read into the environment (python-dotenv).

Variables already set in the environment win over the file; nothing is written anywhere, and the keys stay in the
engine's environment (the sandbox never inherits it). The only module that imports dotenv.
"""

from __future__ import annotations

from pathlib import Path

ENV_FILE = ".env"


def load_env_file(directory: Path | None = None) -> Path | None:
    """Read `<directory or cwd>/.env` into os.environ without overriding set variables; the file read, or None."""
    path = (directory or Path.cwd()) / ENV_FILE
    if not path.is_file():
        return None
    from dotenv import load_dotenv

    load_dotenv(path, override=False)
    return path
