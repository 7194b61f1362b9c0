"""The army file (``.army.json``), version 1, as pydantic models.

The envelope (format, version, system, name, limit, options, units) is shared by
every rule system; the element shape and the options belong to the system
(see ``model/systems``). Every model keeps unknown fields (``extra="allow"``)
so that a file written by a newer minor version loses nothing when saved here.
"""

from __future__ import annotations

from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

FORMAT = "warbench-army"
SCHEMA_VERSION = 1

ElementT = TypeVar("ElementT", bound=BaseModel)
OptionsT = TypeVar("OptionsT", bound=BaseModel)


def new_list() -> list[Any]:
    """A new empty list: the default of a list field (``Field(default_factory=new_list)``). Not ``list`` itself:
    pydantic reads a default factory's signature, and Python 3.11 parses a builtin's from its text with
    ``tokenize``, whose patterns take 3-5 ms to compile in each process (``warbench cost`` of one unit)."""
    return []


class FileModel(BaseModel):
    """Base of every army-file model: keeps unknown fields, validates assignments, and is built on
    first use (a command pays only for the models it validates: not for homebrew sections, weapons
    an army has none of, other systems' shapes)."""

    model_config = ConfigDict(extra="allow", validate_assignment=True, defer_build=True)


class Unit(FileModel, Generic[ElementT]):
    name: str = Field(min_length=1)
    notes: str = ""
    elements: list[ElementT] = Field(default_factory=new_list)


class Army(FileModel, Generic[ElementT, OptionsT]):
    format: Literal["warbench-army"] = "warbench-army"  # FORMAT
    schema_version: int = SCHEMA_VERSION
    system: str
    name: str = Field(min_length=1)
    points_limit: int | None = Field(default=None, ge=0)
    options: OptionsT
    units: list[Unit[ElementT]] = Field(default_factory=new_list)


def element_path(unit_index: int, element_index: int) -> str:
    return f"units[{unit_index}].elements[{element_index}]"
