from __future__ import annotations

import subprocess
import sys

from warbench.model.folding import fold


def test_fold_drops_case_and_accents():
    assert fold("Zoë") == "zoe" and fold("ÉLAN Vital") == "elan vital" and fold("Straße") == "strasse"


def test_the_cost_lines_rule_lookup_does_not_load_the_search():
    """warbench.model.element_rules (the cost panel, at start) folds with model.folding, not model.search."""
    code = "import sys, model.element_rules; print('warbench.model.search' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
