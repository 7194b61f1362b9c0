"""Validation errors: those raised by the systems' own validators, whose message already says everything, and
how any pydantic error is said to the player (``json_path``, ``describe_error``).

The army-file code shows a system's error's message as it is, without knowing which system raised it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic_core import ErrorDetails, PydanticCustomError

from warbench.model.limits import excerpt

#: set in the context of every error :func:`custom_error` makes
COMPLETE = "complete_message"


def custom_error(kind: str, message: str) -> PydanticCustomError:
    """A pydantic error of type ``kind`` whose ``message`` is shown to the user unchanged."""
    return PydanticCustomError(kind, message.replace("{", "{{").replace("}", "}}"), {COMPLETE: True})


def is_complete(error: Mapping[str, Any]) -> bool:
    """Whether a pydantic error dict came from :func:`custom_error`."""
    return bool((error.get("ctx") or {}).get(COMPLETE))


def json_path(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


def describe_error(error: ErrorDetails) -> str:
    kind, ctx, value = error["type"], error.get("ctx") or {}, error.get("input")
    shown = excerpt(value) if not isinstance(value, (dict, list)) else type(value).__name__
    if kind == "missing":
        return "required field is missing"
    if kind in ("greater_than_equal", "greater_than"):
        return f"must be at least {ctx.get('ge', ctx.get('gt'))} (found {shown})"
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return f"must be a whole number (found {shown})"
    if kind == "string_type":
        return f"must be text (found {shown})"
    if kind == "string_too_short":
        return "must not be empty"
    if kind == "literal_error":
        return f"must be one of {ctx.get('expected')} (found {shown})"
    if kind in ("list_type", "model_type", "dict_type", "model_attributes_type"):
        expected = "a list" if kind == "list_type" else "an object"
        return f"must be {expected} (found {type(value).__name__ if value is not None else 'null'})"
    if is_complete(error):
        return str(error["msg"])
    return f"{error['msg']} (found {shown})"
