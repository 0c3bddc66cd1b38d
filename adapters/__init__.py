"""Adapters: outside implementations of the rules wrapped in conformance's `Rules` calls,
each an engine `unospec conform --engine NAME` opens (an entry point of the group
`unospec.engines`), each behind the optional extra that installs its implementation."""
