"""Entry point of the PyInstaller bundle's two programs: ``warbench`` (the commands and the window) and
``warbench-gui`` (the window, built without a console window on Windows), as pip's entry points."""

import sys
from pathlib import Path

if Path(sys.executable).stem == "warbench-gui":
    from warbench.gui.app import run

    sys.exit(run())
else:
    from warbench.launcher import main

    sys.exit(main())
