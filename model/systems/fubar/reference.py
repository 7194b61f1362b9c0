"""FUBAR's reference facet (``model.systems.reference``): its dice checks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warbench.model.systems.common import WeaponTableReference

if TYPE_CHECKING:
    from warbench.model.systems.fubar import Fubar  # noqa: F401 (the type argument of the facet's base)


class FubarReference(WeaponTableReference["Fubar"]):
    """FUBAR's reference facet (``model.systems.reference``)."""

    reference_cost_title = "Range · fire points"

    def dice_presets(self) -> list[tuple[str, str, int]]:
        out = []
        for t in self.system.data["training"].values():
            out.append((f"{t['name']}: activation {t['activation']}+ (d6)", "1d6", t["activation"]))
            out.append((f"{t['name']}: hit on expertise {t['expertise']}+ (d6 per FP)", "1d6", t["expertise"]))
        out += [(f"Cover: hit on {n}+ (expertise +{m})", "1d6", n) for n, m in ((5, 1), (6, 2))]
        out += [(f"Armour save {s}+", "1d6", s) for s in (6, 5, 4, 3, 2)]
        out.append(("Vehicle damage table (d6)", "1d6", 6))
        return out
