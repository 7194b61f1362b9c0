import sys

from warbench.launcher import main

sys.exit(main())
