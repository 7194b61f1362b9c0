"""The language of the window: Qt's own translations and Warbench's, and QLocale for numbers.

The language follows the desktop (``QLocale.system()``) unless the ``language`` setting names one
(View ▸ Language; applied at the next start). Warbench's translations are ``resources/i18n/warbench_<code>.qm``,
built from the ``.ts`` sources by ``make translations`` (docs/translating.md); the model's words (cost lines,
the systems' labels, states) follow the same language through ``model/i18n.py``. Rule texts quoted from the
documents (attribute and spell texts) stay as printed.
"""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QTranslator
from PySide6.QtGui import QActionGroup
from PySide6.QtWidgets import QMenu, QStatusBar, QWidget

from warbench.gui import settings
from warbench.model import i18n as model_i18n
from warbench.model.resources import ResourcesError, resources_dir

# code -> the language's own name, as the menu shows it ("" follows the desktop)
LANGUAGES = {"en": "English", "de": "Deutsch"}

_installed: list[QTranslator] = []  # kept alive while installed (Qt holds no reference)


def chosen() -> QLocale:
    """The locale to use: the ``language`` setting's, else the desktop's (``QLocale.system()``)."""
    code = settings.LANGUAGE.read()
    return QLocale(code) if code in LANGUAGES else QLocale.system()


def install(app: QCoreApplication, locale: QLocale | None = None) -> QLocale:
    """Install the translators for ``locale`` (default: :func:`chosen`) in place of any installed before,
    and make it the default locale for numbers; returns the locale used. Qt picks the files by the
    locale's UI languages ("de_DE" finds warbench_de.qm); English needs none."""
    locale = locale or chosen()
    for old in _installed:
        app.removeTranslator(old)
    _installed.clear()
    QLocale.setDefault(locale)
    model_i18n.use(locale.uiLanguages()[0] if locale.uiLanguages() else locale.name())  # the model's words too
    try:
        ours = str(resources_dir() / "i18n")
    except ResourcesError:
        ours = ""  # reported when the window loads the rules data
    qt = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    for name, folder in (("qtbase", qt), ("warbench", ours)):
        translator = QTranslator(app)
        found = bool(folder) and translator.load(locale, name, "_", folder)
        if not found and name == "warbench" and folder:  # English (or a language we lack): the plural forms
            found = translator.load("warbench_en", folder)  # "%n page(s)" -> "3 pages" (warbench_en.qm)
        if found:
            app.installTranslator(translator)
            _installed.append(translator)
    return locale


def number(value: float | Fraction, decimals: int = 1) -> str:
    """``value`` with ``decimals`` places in the default locale ("31.2", "31,2"): rounded as Python rounds
    (as the CLI and the PDFs show it), written with the locale's decimal point and minus sign."""
    locale = QLocale()
    text = f"{float(value):.{decimals}f}"
    return text.replace("-", locale.negativeSign()).replace(".", locale.decimalPoint())


def percent(value: float, decimals: int = 1) -> str:
    """``value`` (already times 100) as a percentage in the default locale ("50.0%", "50,0 %")."""
    return QCoreApplication.translate("i18n", "{number}%").format(number=number(value, decimals))


def chance(p: Fraction | float, decimals: int = 1) -> str:
    """A probability (0 to 1) as a percentage in the default locale ("58.3%", "58,3 %")."""
    return percent(float(p) * 100, decimals)


def language_menu(parent: QWidget, status: QStatusBar) -> QMenu:
    """View ▸ Language: System default and each language by its own name; the choice is saved in the
    ``language`` setting and applies at the next start (the status bar says so)."""
    menu = QMenu(QCoreApplication.translate("i18n", "&Language"), parent)
    menu.setObjectName("language_menu")
    group = QActionGroup(menu)
    current = settings.LANGUAGE.read()
    choices = {"": QCoreApplication.translate("i18n", "System default"), **LANGUAGES}
    for code, name in choices.items():
        action = menu.addAction(name)
        action.setObjectName(f"language_{code or 'system'}")
        action.setCheckable(True)
        action.setChecked(code == current or (code == "" and current not in LANGUAGES))
        group.addAction(action)
        action.triggered.connect(lambda _=False, c=code: _choose(c, status))
    return menu


def _choose(code: str, status: QStatusBar) -> None:
    settings.LANGUAGE.write(code)
    status.showMessage(QCoreApplication.translate("i18n", "The language changes when Warbench starts again"), 8000)


def whole(value: int | float) -> str:
    """A whole number with the default locale's group separator ("1,000", "1.000"); with commas for
    the C locale, which has none."""
    locale = QLocale()
    return f"{value:,}" if locale.language() == QLocale.Language.C else locale.toString(value)


class Counted(QObject):
    """Counts the window says, with Qt's plural forms (lupdate reads numerus forms from ``self.tr`` only); one
    object, :data:`COUNTED`. (The play view's own counts are ``play_text.Counts``.)"""

    def elements(self, n: int) -> str:
        return self.tr("%Ln element(s)", "", n)

    def pages_laid_out(self, title: str, n: int) -> str:
        return self.tr("{title}: %Ln page(s) laid out…", "", n).format(title=title)

    def dice_cut(self, details: str, n: int) -> str:
        """A long roll's faces cut short, saying how many dice it had and where the rest are."""
        return self.tr("{details}, … (%Ln dice; every face is in the History)", "", n).format(details=details)


COUNTED = Counted()
