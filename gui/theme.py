"""Colours for text the app draws itself, derived from the palette so light and dark schemes both read.

Nothing here hard-codes a text colour: a *tone* (warning, error, muted) starts from a hue or from the
palette's own text, then is made lighter or darker until it has at least WCAG's 4.5:1 contrast against
the background it is drawn on. ``install`` also lifts Qt's own selected-row colours to 4.5:1 where the
style's palette falls short (Fusion's light highlight is 3.7:1), follows the system's colour scheme, and
frames the list, table or tree that has the keyboard focus (styles draw a focused one as any other).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QAbstractItemView, QApplication, QHeaderView, QWidget

from warbench.gui import text_limits

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


#: the hue of the best cell of a heat map (the matchup matrix)
HEAT = QColor(46, 160, 67)


def heat(palette: QPalette, share: float) -> QColor:
    """A heat-map cell's background for ``share`` (0: nothing, 1: the best cell): from Base towards green,
    never so far that the palette's Text on it reads below 4.5:1 (a plain mix reached 3.7:1 on a dark palette)."""
    return heat_scale(palette)(share)


def heat_scale(palette: QPalette) -> Callable[[float], QColor]:
    """:func:`heat` for many cells of one palette: the strongest tint is found once (finding it for each of
    the 90,000 cells of a 300 × 300 matrix took over 40 s)."""
    base, text = palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Text)
    strongest = strongest_tint(HEAT, base, text, MIN_CONTRAST + _MARGIN)

    def colour(share: float) -> QColor:
        return mix(base, strongest, 0.15 + 0.85 * share) if share > 0 else QColor(base)

    return colour


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


def fix_links(palette: QPalette) -> bool:
    """Links (the cost panel's rule lines, the browsers' links) readable at 4.5:1 on Base; a dark desktop
    palette often keeps Qt's default #0000ff, 1.9:1 on a dark background. True if the palette changed."""
    changed = False
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
        base = palette.color(group, QPalette.ColorRole.Base)
        for role in (QPalette.ColorRole.Link, QPalette.ColorRole.LinkVisited):
            colour = palette.color(group, role)
            if contrast(colour, base) < MIN_CONTRAST:
                palette.setColor(group, role, readable(colour, base))
                changed = True
    return changed


#: a dark palette for when the system asks for dark but the style's own palette is light (Windows' native
#: style, a Linux desktop without a platform theme): GNOME/KDE-like greys, a blue accent
DARK = {
    QPalette.ColorRole.Window: "#2d2d2d",
    QPalette.ColorRole.WindowText: "#eeeeee",
    QPalette.ColorRole.Base: "#1e1e1e",
    QPalette.ColorRole.AlternateBase: "#262626",
    QPalette.ColorRole.Text: "#eeeeee",
    QPalette.ColorRole.Button: "#3a3a3a",
    QPalette.ColorRole.ButtonText: "#eeeeee",
    QPalette.ColorRole.BrightText: "#ff7b72",
    QPalette.ColorRole.Light: "#4a4a4a",
    QPalette.ColorRole.Midlight: "#404040",
    QPalette.ColorRole.Mid: "#5a5a5a",
    QPalette.ColorRole.Dark: "#1a1a1a",
    QPalette.ColorRole.Shadow: "#0a0a0a",
    QPalette.ColorRole.Highlight: "#2a6bc0",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.Link: "#8ab4f8",
    QPalette.ColorRole.LinkVisited: "#c58af9",
    QPalette.ColorRole.ToolTipBase: "#3a3a3a",
    QPalette.ColorRole.ToolTipText: "#eeeeee",
    QPalette.ColorRole.PlaceholderText: "#9a9a9a",
    QPalette.ColorRole.Accent: "#2a6bc0",
}
#: disabled text: dimmer, still told apart from the background
DARK_DISABLED = {
    QPalette.ColorRole.WindowText: "#8a8a8a",
    QPalette.ColorRole.Text: "#8a8a8a",
    QPalette.ColorRole.ButtonText: "#8a8a8a",
    QPalette.ColorRole.Base: "#262626",
    QPalette.ColorRole.Button: "#333333",
    QPalette.ColorRole.Highlight: "#4a4a4a",
    QPalette.ColorRole.HighlightedText: "#bbbbbb",
}


def dark_palette() -> QPalette:
    palette = QPalette()
    for role, colour in DARK.items():
        palette.setColor(role, QColor(colour))
    for role, colour in DARK_DISABLED.items():
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(colour))
    return palette


#: the application property that says the palette is ours (set for a dark scheme), not the style's
_OURS = "warbenchDarkPalette"


def follow_scheme(app: QApplication, scheme: Qt.ColorScheme | None = None) -> None:
    """Match the system's colour scheme (``scheme``, else what QStyleHints says now). Dark while the
    style's palette is light: our dark palette (with Fusion, when the style draws only light, as Windows'
    native style does). Light again: the style's own palette back. A palette the desktop made dark
    already is left as it is."""
    scheme = app.styleHints().colorScheme() if scheme is None else scheme
    ours = bool(app.property(_OURS))
    if scheme == Qt.ColorScheme.Dark and not ours and not is_dark(app.palette()):
        if app.style().name().lower() in ("windowsvista", "windows11", "windows"):
            text_limits.set_style(app, "Fusion")  # not app.setStyle: that would drop the text limit
        app.setProperty(_OURS, True)
        app.setPalette(dark_palette())
    elif scheme == Qt.ColorScheme.Light and ours:
        app.setProperty(_OURS, False)
        app.setPalette(app.style().standardPalette())


def _palette_changed(_palette: QPalette) -> None:
    """Fixes the selection and link colours of each new application palette (a colour scheme switch)."""
    app = QApplication.instance()
    if isinstance(app, QApplication):
        palette = app.palette()
        if fix_selection(palette) | fix_links(palette):  # the palette it sets is already fixed: no loop
            app.setPalette(palette)
        _frame_focus(app.focusWidget(), app.focusWidget())  # taken off and put back in the new colours


#: non-text contrast (WCAG 2.1, 1.4.11): a focus frame against what surrounds it
FOCUS_CONTRAST = 3.0
_FRAMED = "_warbench_focus_frame"  # set on a view while it shows the focus frame


def focus_colour(palette: QPalette) -> QColor:
    """The focus frame's colour: the palette's highlight, made to stand out from the window and the view."""
    return readable(
        palette.color(QPalette.ColorRole.Highlight),
        palette.color(QPalette.ColorRole.Window),
        palette.color(QPalette.ColorRole.Base),
        minimum=FOCUS_CONTRAST + _MARGIN,
    )


def _frame_focus(old: QWidget | None, new: QWidget | None) -> None:
    """The item view taking the keys gets a frame in the focus colour; the one losing them, its own frame
    back. Only views without a style sheet of their own. (A style sheet holds the palette the view had
    when it was set: after a scheme switch the frame is taken off and put back, ``old`` is ``new``.)"""
    for widget, framed in ((old, False), (new, True)):
        if not isinstance(widget, QAbstractItemView) or isinstance(widget, QHeaderView):
            continue
        if widget.styleSheet() and not widget.property(_FRAMED):
            continue
        widget.setProperty(_FRAMED, framed)
        selector = widget.metaObject().className()  # this class only: not its headers
        colour = focus_colour(QApplication.palette(widget)).name()
        inherited = not widget.testAttribute(Qt.WidgetAttribute.WA_SetFont)
        widget.setStyleSheet(f".{selector} {{ border: 2px solid {colour}; }}" if framed else "")
        if inherited:  # taking a style sheet off leaves the application's font set: the parent's again
            widget.setFont(QFont())


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
    """The system's colour scheme followed (at start and when it changes); selected rows and links
    readable at 4.5:1 in whatever palette results."""
    if not app.property(_FOLLOWING):
        # the signal, not an application-wide event filter: such a filter runs Python for every event of
        # every widget (about 100 ms of the start-up and a share of every repaint after an edit)
        app.paletteChanged.connect(_palette_changed)
        app.styleHints().colorSchemeChanged.connect(lambda scheme: follow_scheme(app, scheme))
        app.focusChanged.connect(_frame_focus)
        app.setProperty(_FOLLOWING, True)
        follow_scheme(app)
    _palette_changed(app.palette())  # the palette at start is fixed as every later one is
