"""Duke It Out: units are templates (stat blocks) from the document's library or the
player's own; points may be fractional (1.5) and some templates print a range (12-18).

This package is the system: here the system itself (its templates); one file a facet (``schema``,
``presentation``, ``pricing``, ``reference``, ``homebrew``, ``combat``, ``play``) and the army file's shapes
(``models``)."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from warbench.model.resources import load_entries, read_json, system_dir
from warbench.model.rules import Attribute, Catalogue, CostRule, RuleTable
from warbench.model.systems.base import Facets, RuleSystem, later
from warbench.model.systems.common import parse_homebrew
from warbench.model.systems.dukeitout.homebrew import DukeHomebrew, HomebrewSection
from warbench.model.systems.dukeitout.models import points_label
from warbench.model.systems.dukeitout.presentation import DukePresentation
from warbench.model.systems.dukeitout.pricing import DukePricing
from warbench.model.systems.dukeitout.reference import DukeReference
from warbench.model.systems.dukeitout.schema import DukeSchema


class DukeItOut(RuleSystem):
    facets = Facets(
        schema=DukeSchema,
        presentation=DukePresentation,
        pricing=DukePricing,
        reference=DukeReference,
        play=later(f"{__name__}.play", "DukePlay"),
        turn=later(f"{__name__}.play", "DukeTurn"),
        combat=later(f"{__name__}.combat", "DukeAttackModel"),
        homebrew=DukeHomebrew,
    )

    @cached_property
    def templates(self) -> dict[str, dict[str, Any]]:
        """The template library, with the army's homebrew templates (marked ``"homebrew": true``) on copies."""
        library = {t["id"]: t for t in read_json(system_dir(self.id) / "templates.json")["templates"]}
        return library | self._homebrew(self.homebrew.section if self.homebrew else None)[0]

    @cached_property
    def homebrew_weapons(self) -> dict[str, dict[str, Any]]:
        return self._homebrew(self.homebrew.section if self.homebrew else None)[1]

    @staticmethod
    def _homebrew(section: Any) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
        if section is None:
            return {}, {}
        parsed = parse_homebrew(HomebrewSection, section)
        templates = {}
        for t in parsed.templates:
            low, high, text = t.points_range()
            data = t.model_dump(exclude={"count", "template", "points"})
            templates[t.id] = {**data, "points_text": text, "points_min": low, "points_max": high, "homebrew": True}
        weapons = {w.id: {**w.model_dump(exclude={"count"}), "homebrew": True} for w in parsed.weapons}
        return templates, weapons

    @cached_property
    def catalogue(self) -> Catalogue:
        tables = [RuleTable.model_validate(t) for t in load_entries(self.id, "tables.json", "tables")]
        return Catalogue([self._template_entry(t) for t in self.templates.values()], [], tables)

    def _template_entry(self, t: dict[str, Any]) -> Attribute:
        kind = self.data["unit_types"][t["type"]] + (f" {t['jump']}" if t["jump"] else "")
        stats = (
            f"Move {t['move']}, Initiative {t['initiative']}, Evade {t['evade']}, Accuracy {t['accuracy']}, "
            f"Armor {t['armor']}, Body {t['body']}"
        )
        weapons = "; ".join(f"{w['name']} power {w['power']} range {w['range']}" for w in t["weapons"])
        return Attribute(
            id=t["id"],
            name=t["name"],
            cost=CostRule(label=f"{points_label(t)} pts"),
            summary=f"{kind}. {stats}. {t['special']} Weapons: {weapons}.",
            tags=(t["type"],),
        )

    def element_from_template(self, template_id: str) -> dict[str, Any]:
        t = self.templates[template_id]
        return {
            "name": t["name"],
            "type": t["type"],
            "count": 1,
            "template": t["id"],
            "jump": t["jump"],
            "move": t["move"],
            "initiative": t["initiative"],
            "evade": t["evade"],
            "accuracy": t["accuracy"],
            "armor": t["armor"],
            "body": t["body"],
            "weapons": [dict(w) for w in t["weapons"]],
            "special": t["special"],
            "points": t["points_min"],
        }

    # --- points and checks ---------------------------------------------------------------------


SYSTEM_CLASS = DukeItOut
