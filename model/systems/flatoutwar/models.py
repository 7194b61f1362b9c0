"""Flat Out War's army file shapes: an element, its weapons and attribute references (each parameter checked
against the attribute's declared kind), the army options, and a transport's payloads as the editor writes them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BeforeValidator, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from warbench.model.army import FileModel, new_list
from warbench.model.errors import custom_error
from warbench.model.rules import Catalogue
from warbench.model.systems.flatoutwar.entries import FowAttribute, fow

DICE = ("d4", "d6", "d8", "d10", "d12", "d20")
WEAPON_ATTRIBUTES = ("extra-weapon", "sponson", "turret")


def normalize_die(value: Any) -> str:
    if isinstance(value, str) and value.strip().lower() in DICE:
        return value.strip().lower()
    raise custom_error("die", f"{value!r} is not a die (use one of {', '.join(DICE)})")


Die = Annotated[str, BeforeValidator(normalize_die)]


class Weapon(FileModel):
    name: str = ""
    die: Die


class RangedWeapon(Weapon):
    range: int = Field(ge=0)


class AttributeRef(FileModel):
    """``{"id": ..., params}`` — params are kept as extra fields, as the spec writes them."""

    id: str
    catalogue: ClassVar[Catalogue]

    @field_validator("id", mode="before")
    @classmethod
    def _canonical_id(cls, value: Any) -> str:
        resolved = cls.catalogue.resolve_attribute(value)
        if resolved is None:
            raise custom_error("attribute", f"{value!r} is not an attribute of this system")
        return resolved

    @model_validator(mode="after")
    def _check_params(self) -> AttributeRef:
        attr = fow(self.catalogue.attributes[self.id])
        extra = self.__pydantic_extra__ if self.__pydantic_extra__ is not None else {}
        for param, kind in attr.params.items():
            value = extra.get(param)
            extra_value = _PARAM_CHECKS[kind](self.catalogue, attr, param, value)
            if extra_value is not None:
                extra[param] = extra_value
        return self

    def param(self, name: str, default: Any = None) -> Any:
        return (self.__pydantic_extra__ or {}).get(name, default)


def is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_die(cat: Catalogue, attr: FowAttribute, param: str, value: Any) -> Any:
    if value is None:
        raise custom_error("param", f"{attr.name} needs '{param}', the weapon's die (one of {', '.join(DICE)})")
    try:
        return normalize_die(value)
    except PydanticCustomError:
        raise custom_error("param", f"{attr.name} '{param}': {value!r} is not a die") from None


def _check_inches(cat: Catalogue, attr: FowAttribute, param: str, value: Any) -> Any:
    if value is None:
        if attr.cost.default is not None:  # e.g. Loose Cohesion: the game's default range
            return None
        raise custom_error("param", f"{attr.name} needs '{param}' in whole inches")
    if not is_whole(value) or value < 0:
        raise custom_error("param", f"{attr.name} '{param}' must be whole inches ≥ 0 (found {value!r})")
    return None


def _check_count(cat: Catalogue, attr: FowAttribute, param: str, value: Any) -> Any:
    if not is_whole(value) or value < 1:
        raise custom_error("param", f"{attr.name} needs '{param}', a whole number ≥ 1 (found {value!r})")
    return None


def _check_shots(cat: Catalogue, attr: FowAttribute, param: str, value: Any) -> Any:
    if not is_whole(value) or not 2 <= value <= 4:
        raise custom_error("param", f"{attr.name} needs '{param}', the total rate of fire 2, 3 or 4 (found {value!r})")
    return None


def _check_turns(cat: Catalogue, attr: FowAttribute, param: str, value: Any) -> Any:
    if not is_whole(value) or value < 1:
        raise custom_error("param", f"{attr.name} needs '{param}', reload turns ≥ 1 (found {value!r})")
    return None


def _check_payloads(cat: Catalogue, attr: FowAttribute, param: str, value: Any) -> Any:
    if not isinstance(value, list) or not value or not all(isinstance(p, list) and p for p in value):
        raise custom_error("param", f"{attr.name} needs '{param}': a list of payloads, each a list of passenger dice")
    try:
        return [[normalize_die(d) for d in payload] for payload in value]
    except PydanticCustomError as exc:
        raise custom_error("param", f"{attr.name} '{param}': {exc.message()}") from None


def _check_attribute(cat: Catalogue, attr: FowAttribute, param: str, value: Any) -> Any:
    resolved = cat.resolve_attribute(value)
    if resolved is None:
        raise custom_error(
            "param", f"{attr.name} needs '{param}', the id of the attribute it switches (found {value!r})"
        )
    if resolved == attr.id:
        raise custom_error("param", f"{attr.name} cannot switch itself")
    return resolved


def _check_weapon_ref(cat: Catalogue, attr: FowAttribute, param: str, value: Any) -> Any:
    if value is None:
        return None
    allowed = ("ranged",) + tuple(
        w for w in WEAPON_ATTRIBUTES if w in cat.attributes and fow(cat.attributes[w]).cost.kind == "weapon"
    )
    resolved = "ranged" if value == "ranged" else cat.resolve_attribute(value)
    if resolved not in allowed:
        raise custom_error("param", f"{attr.name} '{param}' must be one of {', '.join(allowed)} (found {value!r})")
    return resolved


def _check_text(cat: Catalogue, attr: FowAttribute, param: str, value: Any) -> Any:
    if value is not None and not isinstance(value, str):
        raise custom_error("param", f"{attr.name} '{param}' must be text")
    return None


_PARAM_CHECKS: dict[str, Callable[[Catalogue, FowAttribute, str, Any], Any]] = {
    "die": _check_die,
    "inches": _check_inches,
    "count": _check_count,
    "shots": _check_shots,
    "turns": _check_turns,
    "payloads": _check_payloads,
    "attribute": _check_attribute,
    "weapon_ref": _check_weapon_ref,
    "text": _check_text,
}


class FowOptions(FileModel):
    ranged_base_dac: Literal[1, 2] = 1
    free_attributes: list[str] = Field(default_factory=new_list)


class FowElement(FileModel):
    name: str = Field(min_length=1)
    type: Literal["trooper", "vehicle"] = "trooper"
    count: int = Field(default=1, ge=1)
    die: Die
    move: int = Field(default=0, ge=0)
    melee: Weapon | None = None
    ranged: RangedWeapon | None = None
    attributes: list[AttributeRef] = Field(default_factory=new_list)
    spells: list[str] = Field(default_factory=new_list)

    def has(self, attribute_id: str) -> bool:
        return any(ref.id == attribute_id for ref in self.attributes)


def payloads_text(payloads: list[list[str]]) -> str:
    """``[["d6"] * 10, ["d12"]]`` → ``10×d6 | 1×d12`` (the transport editor's text form)."""
    return " | ".join(payload_text(p) for p in payloads)


#: passengers of one kind in a payload typed in the transport editor ("99999999999×d6" was a MemoryError)
MAX_PASSENGERS = 1000


def parse_payloads(text: str) -> list[list[str]]:
    """The inverse of ``payloads_text``; accepts ``x`` for ``×``. Raises ValueError naming the bad part."""
    payloads = []
    for part in text.split("|"):
        payload: list[str] = []
        for term in part.replace("+", ",").split(","):
            term = term.strip().lower().replace("×", "x")
            if not term:
                continue
            count, _, die = term.partition("x") if "x" in term else ("1", "", term)
            if not count.strip().isdigit() or die.strip() not in DICE:
                raise ValueError(f"{term!r} is not like 10×d6")
            if len(count.strip()) > len(str(MAX_PASSENGERS)) or int(count) > MAX_PASSENGERS:
                raise ValueError(f"{term[:20]!r}: at most {MAX_PASSENGERS:,} passengers of one kind")
            payload += [die.strip()] * int(count)
        if not payload:
            raise ValueError("each payload needs at least one passenger, e.g. 10×d6")
        payloads.append(payload)
    return payloads


def payload_text(payload: list[str]) -> str:
    counts: dict[str, int] = {}
    for die in payload:
        counts[die] = counts.get(die, 0) + 1
    return " + ".join(f"{n}×{die}" for die, n in counts.items())
