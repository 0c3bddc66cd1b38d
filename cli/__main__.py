"""`python -m unospec` and the `unospec` command: the command, loaded under a Ctrl-C guard.

Loading the command takes about a tenth of a second (`python -X importtime -m unospec
--help`; a command's own modules, and the engine for those that run it, load after, under
`main`'s handling); Ctrl-C (or `timeout -s INT`) in that time printed a traceback, since
`main` installs its handling only once loaded."""

import sys


def run() -> None:
    """Load and run the command; exit with its code (130, as `main` says, when interrupted
    while loading)."""
    try:
        from unospec.cli import main
    except KeyboardInterrupt:
        print("unospec: interrupted", file=sys.stderr)
        raise SystemExit(130) from None
    raise SystemExit(main())


if __name__ == "__main__":
    run()
