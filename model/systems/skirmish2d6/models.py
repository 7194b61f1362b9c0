"""The 2D6 skirmish game's army file shapes: a unit (quality, type, models) and a homebrew weapon."""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import BeforeValidator, Field

from warbench.model.army import FileModel
from warbench.model.errors import custom_error
from warbench.model.limits import excerpt
from warbench.model.systems.common import HomebrewId


class SkirmishUnit(FileModel):
    name: str = Field(min_length=1)
    quality: str = "regular"
    type: str = "infantry"
    figures: int = Field(default=1, ge=1)
    points: float | None = Field(default=None, ge=0)


#: the most assault attacks one figure's weapon makes, as a number or a die's sides (the rules' largest is D6):
#: each figure's attacks are worked out exactly by the matchup, and a D3000 took hours
MAX_ASSAULT_ATTACKS = 100


def _attacks(value: object) -> str:
    """A number of assault attacks: a whole number ("2") or a die ("D3"), at most :data:`MAX_ASSAULT_ATTACKS`."""
    text = str(value).strip().upper() if isinstance(value, (str, int)) and not isinstance(value, bool) else ""
    found = re.fullmatch(r"([0-9]+)|D([1-9][0-9]*)", text)
    if found is None:
        raise custom_error(
            "attacks", f"{excerpt(value)} is not a number of attacks (a number such as 2, or a die such as D3)"
        )
    digits = (found[1] or found[2]).lstrip("0") or "0"
    if len(digits) > 3 or int(digits) > MAX_ASSAULT_ATTACKS:
        raise custom_error(
            "attacks",
            f"{excerpt(value)}: at most {MAX_ASSAULT_ATTACKS} attacks, or a die of at most D{MAX_ASSAULT_ATTACKS}",
        )
    return text


class SkirmishHomebrewWeapon(FileModel):
    """``homebrew.weapons[]``: the fields of ``resources/2d6-skirmish/weapons.json`` entries (docs/homebrew.md)."""

    id: HomebrewId
    name: str = Field(min_length=1)
    range: int = Field(ge=0)
    shots: int = Field(ge=0)
    assault_attacks: Annotated[str, BeforeValidator(_attacks)] = "1"
    to_kill: int = Field(default=4, ge=1, le=6)
    harms_armoured: bool = False
