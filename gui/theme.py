"""Colours for text the app draws itself, derived from the palette so light and dark schemes both read.

Nothing here hard-codes a text colour: a *tone* (warning, error, muted) starts from a hue or from the
palette's own text, then is made lighter or darker until it has at least WCAG's 4.5:1 contrast against
the background it is drawn on. ``install`` also lifts Qt's own selected-row colours to 4.5:1 where the
style's palette falls short (Fusion's light highlight is 3.7:1) and follows the system's colour scheme.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QWidget

MIN_CONTRAST = 4.5  # WCAG 2 AA for body text
_MARGIN = 0.2  # aim a little above the minimum: styles shade what they paint (Fusion's gradients)
_FOLLOWING = "_warbench_follows_palette"  # set on the application once install() has connected

#: hues the tones start from; each is then adjusted to the background it is drawn on
HUES = {"warning": QColor(179, 89, 0), "error": QColor(198, 40, 40), "good": QColor(46, 125, 50)}


def luminance(colour: QColor) -> float:
    """WCAG relative luminance of an opaque colour."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(colour.red()) + 0.7152 * channel(colour.green()) + 0.0722 * channel(colour.blue())


def contrast(a: QColor, b: QColor) -> float:
    """WCAG contrast ratio of two colours, 1.0 to 21.0."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def mix(a: QColor, b: QColor, share_of_b: float) -> QColor:
    t = min(1.0, max(0.0, share_of_b))
    return QColor(
        round(a.red() + (b.red() - a.red()) * t),
        round(a.green() + (b.green() - a.green()) * t),
        round(a.blue() + (b.blue() - a.blue()) * t),
    )


def is_dark(palette: QPalette) -> bool:
    return luminance(palette.color(QPalette.ColorRole.Base)) < luminance(palette.color(QPalette.ColorRole.Text))


def readable(colour: QColor, *backgrounds: QColor, minimum: float = MIN_CONTRAST + _MARGIN) -> QColor:
    """``colour`` moved towards black or white (whichever the first background contrasts with more)
    just far enough to reach ``minimum`` against every one of ``backgrounds``."""

    def worst(c: QColor) -> float:
        return min(contrast(c, back) for back in backgrounds)

    if worst(colour) >= minimum:
        return QColor(colour)
    black, white = QColor(0, 0, 0), QColor(255, 255, 255)
    end = white if contrast(white, backgrounds[0]) > contrast(black, backgrounds[0]) else black
    for step in range(1, 21):
        candidate = mix(colour, end, step / 20)
        if worst(candidate) >= minimum:
            return candidate
    return end


def tone(kind: str, palette: QPalette | None = None, *roles: QPalette.ColorRole) -> QColor:
    """The text colour of a ``kind`` ("warning", "error", "muted", "good") readable on each of the
    palette's ``roles`` (Base if none)."""
    palette = palette or QApplication.palette()
    backs = [palette.color(role) for role in roles or (QPalette.ColorRole.Base,)]
    if kind == "muted":  # secondary text: halfway to the background, then back up to 4.5:1
        start = mix(palette.color(QPalette.ColorRole.Text), backs[0], 0.45)
    else:
        start = HUES[kind]
    return readable(start, *backs)


def strongest_tint(hue: QColor, background: QColor, text: QColor, minimum: float = 7.0) -> QColor:
    """The most saturated mix of ``hue`` over ``background`` on which ``text`` still reads."""
    best = QColor(background)
    for step in range(1, 21):
        candidate = mix(background, hue, step / 20)
        if contrast(text, candidate) < minimum:
            break
        best = candidate
    return best


def points_bar_colours(palette: QPalette, over: bool) -> tuple[QColor, QColor, QColor]:
    """(text, chunk, groove) of the points bar: one text colour that reads on both the filled chunk
    (green, red when over the limit) and the empty groove."""
    text, groove = palette.color(QPalette.ColorRole.Text), palette.color(QPalette.ColorRole.Base)
    chunk = strongest_tint(HUES["error" if over else "good"], groove, text)
    return text, chunk, groove


def points_bar_style(palette: QPalette, over: bool) -> str:
    text, chunk, groove = points_bar_colours(palette, over)
    return (
        f"QProgressBar {{ text-align: center; color: {text.name()}; background: {groove.name()}; }}"
        f" QProgressBar::chunk {{ background: {chunk.name()}; }}"
    )


def mark_colours(palette: QPalette, selected: bool) -> tuple[QColor, QColor]:
    """(text, background) of a search match inside a cell: the palette's highlight colours, turned
    around on a selected row so the match still stands out from the selection."""
    highlight, highlighted_text = (
        palette.color(QPalette.ColorRole.Highlight),
        palette.color(QPalette.ColorRole.HighlightedText),
    )
    if selected:
        back = highlighted_text
        return readable(highlight, back), back
    back = mix(palette.color(QPalette.ColorRole.Base), highlight, 0.35)
    return readable(palette.color(QPalette.ColorRole.Text), back), back


def fix_selection(palette: QPalette) -> bool:
    """Darken (light scheme) or lighten (dark scheme) the highlight until selected text reads at 4.5:1;
    True if the palette changed."""
    changed = False
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
        text, back = (
            palette.color(group, QPalette.ColorRole.HighlightedText),
            palette.color(group, QPalette.ColorRole.Highlight),
        )
        if contrast(text, back) >= MIN_CONTRAST:
            continue
        away = QColor(0, 0, 0) if luminance(text) > 0.5 else QColor(255, 255, 255)
        for step in range(1, 21):
            back = mix(palette.color(group, QPalette.ColorRole.Highlight), away, step / 20)
            if contrast(text, back) >= MIN_CONTRAST + _MARGIN:
                break
        palette.setColor(group, QPalette.ColorRole.Highlight, back)
        changed = True
    return changed


def _palette_changed(_palette: QPalette) -> None:
    """Fixes the selection colours of each new application palette (a colour scheme switch)."""
    app = QApplication.instance()
    if isinstance(app, QApplication):
        palette = app.palette()
        if fix_selection(palette):  # the palette it sets is already fixed: no loop
            app.setPalette(palette)


class _Tinter(QObject):
    """Re-colours tinted widgets when the palette changes (a switch to or from dark mode)."""

    def eventFilter(self, obj, event) -> bool:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.StyleChange) and isinstance(obj, QWidget):
            _apply_tint(obj)
        return False


_tinter: _Tinter | None = None


def _apply_tint(widget: QWidget) -> None:
    """Only the text roles are set on the widget: every other role keeps following the application."""
    base = QApplication.palette(widget)
    colour = tone(widget.property("tone"), base, QPalette.ColorRole.Window)
    if widget.palette().color(QPalette.ColorRole.WindowText) != colour or widget.palette().color(
        QPalette.ColorRole.Window
    ) != base.color(QPalette.ColorRole.Window):
        palette = QPalette()
        palette.setColor(QPalette.ColorRole.WindowText, colour)
        palette.setColor(QPalette.ColorRole.Text, colour)
        widget.setPalette(palette)


def tint(widget: QWidget, kind: str) -> QWidget:
    """Give a label (or any widget's text) the ``kind`` tone, kept readable when the palette changes."""
    global _tinter
    if _tinter is None:
        _tinter = _Tinter(QApplication.instance())
    widget.setProperty("tone", kind)
    widget.removeEventFilter(_tinter)
    widget.installEventFilter(_tinter)
    _apply_tint(widget)
    return widget


def install(app: QApplication) -> None:
    """Selected rows readable at 4.5:1 now and after every change of the system's colour scheme."""
    palette = app.palette()
    if fix_selection(palette):
        app.setPalette(palette)
    if not app.property(_FOLLOWING):
        # the signal, not an application-wide event filter: such a filter runs Python for every event of
        # every widget (about 100 ms of the start-up and a share of every repaint after an edit)
        app.paletteChanged.connect(_palette_changed)
        app.setProperty(_FOLLOWING, True)
