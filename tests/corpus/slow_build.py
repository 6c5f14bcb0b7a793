"""Run ``puthi build`` with the repair stage replaced by a slow stand-in (for the kill and lock tests).

Usage: python slow_build.py SECONDS_PER_PAGE build SOURCES... --db DB
"""

import sys
import time

from puthi.corpus import cli, pipeline


def slow_repair(text: str, lang: str, noise=None):
    time.sleep(DELAY)
    return text, [], "bn"


if __name__ == "__main__":
    DELAY = float(sys.argv[1])
    pipeline._repair = slow_repair
    sys.exit(cli.main(sys.argv[2:]))
