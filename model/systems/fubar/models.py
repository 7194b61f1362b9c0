"""FUBAR's army file shapes: a unit (kind, training, armour, figures) and a homebrew weapon."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from warbench.model.army import FileModel, new_list
from warbench.model.systems.common import HomebrewId

KINDS = ("infantry", "vehicle", "tank", "bunker")


class FubarUnit(FileModel):
    name: str = Field(min_length=1)
    kind: Literal["infantry", "vehicle", "tank", "bunker"] = "infantry"
    training: str = "seasoned"
    figures: int = Field(default=1, ge=1)
    armour: str = "none"
    leader: str | None = None
    points: float | None = Field(default=None, ge=0)


class FubarHomebrewWeapon(FileModel):
    """``homebrew.weapons[]``: the fields of ``resources/fubar/weapons.json`` entries (docs/homebrew.md)."""

    id: HomebrewId
    name: str = Field(min_length=1)
    group: Literal["small arms", "support"] = "small arms"
    range_in: int = Field(ge=0)
    range_cm: int | None = Field(default=None, ge=0)
    fp: int = Field(ge=0)
    harms_armoured: bool = False
    ignores_cover: bool = False
    crew: int | None = Field(default=None, ge=1)
    mount: list[Literal["infantry", "vehicle", "tank", "bunker"]] | None = None
    notes: list[str] = Field(default_factory=new_list)

    @model_validator(mode="after")
    def _centimetres(self) -> FubarHomebrewWeapon:
        if self.range_cm is None:  # the tables give 2.5 cm per inch
            self.__dict__["range_cm"] = self.range_in * 5 // 2
        return self
