"""A list's fingerprint: eight characters that name an army's content, printed on every page of its sheet
and summary and reported by ``warbench verify`` and ``warbench check`` (docs/organiser.md), so that a printed
list can be matched to the file or code it claims to be, and the same list sent twice is seen at once.

The fingerprint is the SHA-256 of the army's canonical JSON (the validated army as the army file holds it,
keys sorted, no whitespace, text as UTF-8), its first 40 bits written in Crockford's base32 (the digits and
the capital letters but I, L, O and U: nothing read as another character when typed from paper). Equal
armies give equal fingerprints however their files are formatted or their keys ordered, a file that a
migration brings up to date included; any change of content (a name, a count, a die, an attribute, the
points limit, a note, a homebrew entry) gives another, but for a chance of one in 2**40 per pair.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from warbench.model.army import Army

#: characters of a fingerprint
LENGTH = 8
#: Crockford's base32 alphabet: digits and capitals, without I, L, O and U
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
#: what a typed fingerprint may hold that reads as one of ours (Crockford's decoding: O is 0, I and L are 1)
_TYPED = str.maketrans({"O": "0", "I": "1", "L": "1"})


def canonical_json(data: Any) -> bytes:
    """An army's content (``army.model_dump(mode="json")``, what its file holds) as one canonical JSON text:
    keys sorted, compact."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode(
        "utf-8", "surrogatepass"
    )


def fingerprint(army: Army[Any, Any]) -> str:
    """The army's fingerprint: :data:`LENGTH` characters of :data:`ALPHABET` (see the module's text)."""
    return data_fingerprint(army.model_dump(mode="json"))


def data_fingerprint(data: Any) -> str:
    """:func:`fingerprint` of the army whose ``model_dump(mode="json")`` is ``data`` (for a caller that has it)."""
    digest = hashlib.sha256(canonical_json(data)).digest()
    bits = int.from_bytes(digest[: LENGTH * 5 // 8], "big")
    return "".join(ALPHABET[(bits >> shift) & 31] for shift in range(5 * (LENGTH - 1), -1, -5))


def typed_fingerprint(text: str) -> str | None:
    """A fingerprint as a person typed it from paper ("abcd-1234", "ABCD 1234", O for 0, l for 1) written as
    :func:`fingerprint` writes it; None when it cannot be one (another length, other characters)."""
    kept = "".join(text.split()).replace("-", "").upper().translate(_TYPED)
    if len(kept) != LENGTH or any(c not in ALPHABET for c in kept):
        return None
    return kept
