"""PDF army sheets, roster summaries and quick-reference cards (reportlab, no Qt).

The paper and layout choices are declared here, without importing reportlab, so the CLI and the
window's menus offer exactly what the builders accept.
"""

_MM = 72 / 25.4  # points per millimetre, as reportlab's ``mm``
#: paper name → (width, height) in points, portrait
PAPERS = {"a4": (210 * _MM, 297 * _MM), "letter": (8.5 * 72, 11 * 72)}
#: cards on a page: nine poker-size cards, or four in large print (1.5×)
CARDS_PER_PAGE = (9, 4)
