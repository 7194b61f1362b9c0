"""Entry point of the PyInstaller bundle: the same ``warbench`` command (CLI and window)."""

import sys

from warbench.launcher import main

sys.exit(main())
