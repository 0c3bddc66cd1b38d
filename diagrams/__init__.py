"""Rule diagrams: an edition's turn flow, its diff against another, its deck, a storyboard.

Extract, then render: `graph` reads the turn-flow machine into a small neutral model and words
an edition's numbers on it, `diff` marks two editions' flows against each other, and `dot` and
`mermaid` write that model as text; `deck` and `storyboard` draw tables and traces; `render`
runs Graphviz; `command` is `unospec diagram`. The committed pictures sit beside the code.
"""
