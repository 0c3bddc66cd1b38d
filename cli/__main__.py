"""`python -m unospec` is the `unospec` command."""

from unospec.cli import main

raise SystemExit(main())
