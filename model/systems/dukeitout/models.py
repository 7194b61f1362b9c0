"""Duke It Out's army file shapes: an element (a template's stat block) and its weapons."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field

from warbench.model.army import FileModel, new_list
from warbench.model.errors import custom_error

STAT = re.compile(r"^[0-9]+(\.[0-9]+)?([/-]([0-9]+|\*))*$|^[0-9]+/\*$")
UNIT_TYPES = ("infantry", "infantry-squad", "tank", "jump", "flyer", "swarm")


def _stat(value: Any) -> str:
    text = str(value).strip() if isinstance(value, (int, float, str)) and not isinstance(value, bool) else ""
    if STAT.match(text):
        return text
    raise custom_error("stat", f"{value!r} is not a stat (a number, or values like 15/20/25, 5-10 or 8/*)")


Stat = Annotated[str, BeforeValidator(_stat)]


def points_label(template: dict[str, Any]) -> str:
    """A template's points as a player reads them: 2 and 1.5, not the printed "02" and "01.5";
    the printed text stays where it is a range (12-18)."""
    low, high = template["points_min"], template["points_max"]
    return f"{low:g}" if low == high else template["points_text"]


def numbers(text: str) -> list[float]:
    return [float(n) for n in re.findall(r"\d+(?:\.\d+)?", str(text))]


class DukeWeapon(FileModel):
    name: str = Field(min_length=1)
    power: int = Field(ge=0)
    range: str = "0"
    count: str = "1"
    note: str = ""


class DukeElement(FileModel):
    name: str = Field(min_length=1)
    type: Literal["infantry", "infantry-squad", "tank", "jump", "flyer", "swarm"] = "tank"
    count: int = Field(default=1, ge=1)
    template: str | None = None
    jump: int | None = Field(default=None, ge=0)
    move: Stat = "3"
    initiative: int = Field(default=3, ge=0)
    evade: Stat = "3"
    accuracy: int = Field(default=4, ge=0)
    armor: Stat = "3"
    body: Stat = "3"
    weapons: list[DukeWeapon] = Field(default_factory=new_list)
    special: str = ""
    points: float = Field(default=1, ge=0)
