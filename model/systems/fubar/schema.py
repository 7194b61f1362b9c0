"""FUBAR's schema facet (``model.systems.schema``): the army model, the unit's form, a new unit."""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Annotated, Any, cast

from pydantic import BaseModel, Field, create_model, model_validator

from warbench.model.army import Army, new_list
from warbench.model.errors import custom_error
from warbench.model.forms import FieldSpec
from warbench.model.systems.common import WeaponTableSchema, army_model_for, choice_of
from warbench.model.systems.fubar.models import KINDS, FubarUnit

if TYPE_CHECKING:
    from warbench.model.systems.fubar import Fubar  # noqa: F401 (the type argument of the facet's base)


class FubarSchema(WeaponTableSchema["Fubar"]):
    """FUBAR's schema facet (``model.systems.schema``)."""

    @cached_property
    def army_model(self) -> type[Army[Any, Any]]:
        training = self.system.data["training"]
        personal, vehicle = self.system.data["personal_armour"], self.system.data["vehicle_armour"]

        def armour_fits(unit: Any) -> Any:
            table = personal if unit.kind == "infantry" else vehicle
            if unit.armour not in table:
                what = "personal armour" if unit.kind == "infantry" else "vehicle armour"
                raise custom_error("armour", f"armour {unit.armour!r} is not a {what} (one of {', '.join(table)})")
            return unit

        level: Any = Annotated[str, choice_of(training, "training level")]  # types made at run time
        fields: dict[str, Any] = {
            "training": (level, "seasoned"),
            "leader": (level | None, None),
            "weapons": (cast(Any, list)[self.system.pick_model("Fubar", __name__)], Field(default_factory=new_list)),
            "__validators__": {"armour_fits": model_validator(mode="after")(armour_fits)},
        }
        element = create_model("FubarElement", __base__=FubarUnit, __module__=__name__, **fields)
        return army_model_for("Fubar", __name__, element)

    @cached_property
    def element_form(self) -> tuple[FieldSpec, ...]:
        training = self.system.data["training"]
        personal, vehicle = self.system.data["personal_armour"], self.system.data["vehicle_armour"]
        armour_ids = tuple(dict.fromkeys([*personal, *vehicle]))
        armour = {}
        for key in armour_ids:
            saves = [f"infantry {personal[key]['save']}+" for _ in [0] if key in personal and personal[key]["save"]]
            saves += [f"vehicle {vehicle[key]['save']}+" for _ in [0] if key in vehicle]
            armour[key] = (personal.get(key) or vehicle[key])["name"] + (f" ({', '.join(saves)})" if saves else "")
        return (
            FieldSpec("name", "Name", "text", default="Rifle Section"),
            FieldSpec("kind", "Kind", "choice", choices=KINDS, choice_labels=self.system.data["kinds"]),
            FieldSpec(
                "training",
                "Training",
                "choice",
                choices=tuple(training),
                choice_labels={
                    k: f"{v['name']} (activate {v['activation']}+, hit {v['expertise']}+)" for k, v in training.items()
                },
            ),
            FieldSpec("figures", "Figures", "int", minimum=1, maximum=200, default=5),
            FieldSpec(
                "armour",
                "Armour",
                "choice",
                choices=armour_ids,
                choice_labels=armour,
                tooltip="personal armour for infantry; vehicle armour class for vehicles, tanks and bunkers",
            ),
            FieldSpec(
                "leader",
                "Leader",
                "choice",
                choices=("", *training),
                choice_labels={"": "none", **{k: v["name"] for k, v in training.items()}},
            ),
            self.system.weapons_field(200),
            self.system.points_field(),
        )

    def new_element(self, name: str) -> BaseModel:
        return self.element_model.model_validate(
            {
                "name": name,
                "kind": "infantry",
                "training": "seasoned",
                "figures": 5,
                "armour": "none",
                "weapons": [{"weapon": "infantry-rifle", "count": 5}],
            }
        )

    def follow_up(self, data: dict[str, Any], key_path: tuple[str, ...]) -> str:
        """A unit made a vehicle, tank or bunker is one model that mounts each weapon once (it fires one, or
        all when stationary): each weapon's count becomes 1; its figures stay, as its crew and passengers
        (they bail out when it is destroyed)."""
        if tuple(key_path) != ("kind",) or data.get("kind") == "infantry":
            return ""
        changed = []
        for pick in data.get("weapons", []):
            if pick.get("count", 1) != 1:
                table = self.system.weapons
                name = table[pick["weapon"]]["name"] if pick.get("weapon") in table else pick["weapon"]
                changed.append(f"{name} {pick['count']} → 1")
                pick["count"] = 1
        kind = self.system.data["kinds"].get(data["kind"], data["kind"]).lower()
        crew = f"Figures ({data.get('figures', 1)}) are its crew and passengers"
        weapons = f"; it mounts each weapon once: {', '.join(changed)} (Edit ▸ Undo puts them back)" if changed else ""
        return f"A {kind} is one model; {crew}{weapons}"
