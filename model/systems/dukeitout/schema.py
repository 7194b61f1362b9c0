"""Duke It Out's schema facet (``model.systems.schema``): the army model, the element's form, a new
element."""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, BeforeValidator, create_model

from warbench.model.army import Army
from warbench.model.errors import custom_error
from warbench.model.forms import FieldSpec
from warbench.model.systems.common import army_model_for
from warbench.model.systems.dukeitout.models import UNIT_TYPES, DukeElement
from warbench.model.systems.schema import Schema

if TYPE_CHECKING:
    from warbench.model.systems.dukeitout import DukeItOut  # noqa: F401 (the type argument of the facet's base)


class DukeSchema(Schema["DukeItOut"]):
    """Duke It Out's schema facet (``model.systems.schema``)."""

    @cached_property
    def army_model(self) -> type[Army[Any, Any]]:
        library = self.system.templates

        def template_id(value: Any) -> Any:
            if value is None or (isinstance(value, str) and value in library):
                return value
            raise custom_error("template", f"{value!r} is not a template of the library (use null for your own)")

        element = create_model(
            "DukeItOutElement",
            __base__=DukeElement,
            __module__=__name__,
            template=(Annotated[str | None, BeforeValidator(template_id)], None),
        )
        return army_model_for("DukeItOut", __name__, element)

    @cached_property
    def element_form(self) -> tuple[FieldSpec, ...]:
        types = self.system.data["unit_types"]
        return (
            FieldSpec("name", "Name", "text", default="Custom template"),
            FieldSpec("type", "Type", "choice", choices=UNIT_TYPES, choice_labels=types),
            FieldSpec("count", "Count", "int", minimum=1, maximum=99, default=1),
            FieldSpec(
                "points",
                "Points",
                "float",
                minimum=0,
                maximum=100,
                step=0.5,
                default=1,
                tooltip="library templates print their points; 1 point is about one person's size",
            ),
            FieldSpec("move", "MOVE", "text", default="3", tooltip="inches; modes like 15/20/25 or 8/* allowed"),
            FieldSpec("jump", "JUMP", "int", minimum=0, maximum=30, optional=True, default=4),
            FieldSpec("initiative", "INITIATIVE", "int", minimum=0, maximum=10, default=3),
            FieldSpec("evade", "EVADE", "text", default="3", tooltip="roll this or lower to evade a hit"),
            FieldSpec(
                "accuracy", "ACCURACY", "int", minimum=1, maximum=6, default=4, tooltip="roll this or higher to hit"
            ),
            FieldSpec("armor", "ARMOR", "text", default="3", tooltip="above 5 makes a unit nearly indestructible"),
            FieldSpec("body", "BODY/STRUCTURE", "text", default="3"),
            FieldSpec(
                "weapons",
                "Weapons",
                "records",
                children=(
                    # shares of the row: "Fragmentation Mortar" whole, "Power" over a 2-digit number
                    FieldSpec("name", "Weapon", "text", default="Cannon", chars=20),
                    FieldSpec("power", "Power", "int", minimum=0, maximum=20, default=4, chars=7),
                    FieldSpec(
                        "range",
                        "Range",
                        "text",
                        default="12",
                        tooltip="inches, /ST /MT /LT for templates, 0 for close range",
                        chars=7,
                    ),
                    FieldSpec("count", "Barrels", "text", default="1", chars=8),
                    FieldSpec("note", "Note", "text", default="", own_line=True),
                ),
            ),
            FieldSpec("special", "SPECIAL", "multiline", default=""),
        )

    def new_element(self, name: str) -> BaseModel:
        return self.element_model.model_validate(
            {
                "name": name,
                "type": "tank",
                "points": 1,
                "move": "3",
                "initiative": 3,
                "evade": "3",
                "accuracy": 4,
                "armor": "3",
                "body": "3",
                "weapons": [{"name": "Cannon", "power": 4, "range": "12"}],
            }
        )
