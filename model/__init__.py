"""The game itself: cards, edition parameters, state, the turn-flow machine and the kernel."""
