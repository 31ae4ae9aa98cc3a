"""Which game engines the site tests render with: the real ones once they exist."""

from __future__ import annotations

import importlib.util

from pipeline.render import Games, real_games


def games_for_tests() -> Games:
    if importlib.util.find_spec("pipeline.beehive") and importlib.util.find_spec("pipeline.racks"):
        return real_games()
    from site_standins import stand_in_games

    return stand_in_games()
