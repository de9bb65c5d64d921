"""``python -m games.cribbage``: see :mod:`games.cribbage.cli`."""

import sys

from games.cribbage.cli import main

sys.exit(main())
