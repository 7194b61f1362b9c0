"""The 2D6 skirmish game's schema facet (``model.systems.schema``): the army model, the unit's form, a
new unit."""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Annotated, Any, cast

from pydantic import BaseModel, Field, create_model

from warbench.model.army import Army, new_list
from warbench.model.forms import FieldSpec
from warbench.model.systems.common import WeaponTableSchema, army_model_for, choice_of
from warbench.model.systems.skirmish2d6.models import SkirmishUnit

if TYPE_CHECKING:
    from warbench.model.systems.skirmish2d6 import Skirmish2D6  # noqa: F401 (the type argument of the facet's base)


class SkirmishSchema(WeaponTableSchema["Skirmish2D6"]):
    """2D6 sci-fi skirmish's schema facet (``model.systems.schema``)."""

    @cached_property
    def army_model(self) -> type[Army[Any, Any]]:
        fields: dict[str, Any] = {  # types made at run time from the system's data
            "quality": (Annotated[str, choice_of(self.system.data["qualities"], "quality")], "regular"),
            "type": (Annotated[str, choice_of(self.system.data["types"], "unit type")], "infantry"),
            "weapons": (
                cast(Any, list)[self.system.pick_model("Skirmish2D6", __name__)],
                Field(default_factory=new_list),
            ),
        }
        element = create_model("Skirmish2D6Element", __base__=SkirmishUnit, __module__=__name__, **fields)
        return army_model_for("Skirmish2D6", __name__, element)

    @cached_property
    def element_form(self) -> tuple[FieldSpec, ...]:
        q, t = self.system.data["qualities"], self.system.data["types"]
        return (
            FieldSpec("name", "Name", "text", default="Squad"),
            FieldSpec(
                "quality",
                "Quality",
                "choice",
                choices=tuple(q),
                choice_labels={k: f"{v['name']} (activates {v['activation']}+ on 2D6)" for k, v in q.items()},
            ),
            FieldSpec(
                "type",
                "Type",
                "choice",
                choices=tuple(t),
                choice_labels={k: f'{v["name"]} (move {v["move"]}")' for k, v in t.items()},
            ),
            FieldSpec("figures", "Figures", "int", minimum=1, maximum=100, default=5),
            self.system.weapons_field(100),
            self.system.points_field(),
        )

    def new_element(self, name: str) -> BaseModel:
        return self.element_model.model_validate(
            {
                "name": name,
                "quality": "regular",
                "type": "infantry",
                "figures": 5,
                "weapons": [{"weapon": "rifle", "count": 5}],
            }
        )
