"""The commands: each one parses nothing (`arguments` did), calls the library, prints its
result with a view (`views`) and returns the exit code."""
