import sys

from totembot.cli import main

sys.exit(main())
