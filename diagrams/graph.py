"""The turn flow as a small neutral graph (`flow`), annotated with one edition's numbers
(`notes`).

The graph is extracted from the compiled machine (`MACHINE`, read from `TurnFlow`), never drawn
by hand: a phase or transition added to the machine appears in every diagram. The renderers
(`dot`, `mermaid`) only lay it out, so the same edition always gives the same graph.

>>> from unospec.editions import load_edition
>>> flow = turn_flow(load_edition("express"))
>>> [n.text for e in flow.edges if e.event == "challenge" for n in e.notes][:2]
['Wild Draw Two', 'guilty: its player draws 2, challenger plays \u2020']
"""

from __future__ import annotations

from unospec.diagrams.flow import Cluster, Diagram, DiagramDefinitionError, Edge, Mark, Node, spaced
from unospec.diagrams.notes import READING, branch_notes, capital, summary, with_readings
from unospec.diagrams.style import step_of, why_inactive
from unospec.model.edition import Edition
from unospec.model.table import MACHINE, CompiledMachine
from unospec.model.transitions import can_fire


def turn_flow(edition: Edition, machine: CompiledMachine = MACHINE) -> Diagram:
    """The turn flow of `edition`: every phase and transition, with the edition's numbers.

    A transition whose rule functions need a card effect the deck lacks is marked `INACTIVE`,
    and so is a phase only such transitions reach.
    """
    cluster_of = clusters_of(machine.phases)
    notes, governing = branch_notes(edition, machine)
    notes = {number: with_readings(edition, shown) for number, shown in notes.items()}
    governing = {number: with_readings(edition, shown) for number, shown in governing.items()}
    fires = {branch.number: can_fire(edition, branch) for branch in machine.branches}
    edges = tuple(
        Edge(
            id=f"t{branch.number}",
            source=branch.source,
            target=branch.target,
            event=branch.event,
            guards=branch.guard_names,
            notes=notes[branch.number] if fires[branch.number] else (),
            mark=Mark.PLAIN if fires[branch.number] else Mark.INACTIVE,
            step=step_of(branch),
            governed_by=governing[branch.number] if fires[branch.number] else (),
        )
        for branch in machine.branches
    )
    reached = _reached(machine.initial, edges)
    nodes = tuple(
        Node(
            id=phase,
            label=capital(machine.names.get(phase, spaced(phase))),
            cluster=cluster_of[phase],
            mark=Mark.PLAIN if phase in reached else Mark.INACTIVE,
            initial=phase == machine.initial,
            final=phase in machine.final,
        )
        for phase in machine.phases
    )
    return Diagram(
        name=edition.name,
        title=f"{edition.title}: turn flow",
        subtitle=summary(edition),
        clusters=tuple(Cluster(cid, label) for cid, label, _ in MACHINE.parts),
        nodes=nodes,
        edges=edges,
        legend=(
            (Mark.PLAIN, "a transition this edition can fire"),
            (Mark.INACTIVE, f"cannot fire here: {why_inactive((edition,), 'this deck')}"),
        ),
        readings=any(READING in n.text for e in edges for n in e.notes),
    )


def clusters_of(phases: tuple[str, ...]) -> dict[str, str]:
    """Each phase's cluster (its part of a hand, `machine.PARTS`); `DiagramDefinitionError`
    lists the phases no part holds (a toy machine's, say)."""
    mapping: dict[str, str] = {p: cid for cid, _, members in MACHINE.parts for p in members}
    missing = [phase for phase in phases if phase not in mapping]
    if missing:
        raise DiagramDefinitionError(
            f"phases with no cluster in unospec.model.machine.PARTS: {missing}"
        )
    return mapping


def _reached(initial: str, edges: tuple[Edge, ...]) -> set[str]:
    reached, frontier = {initial}, [initial]
    while frontier:
        phase = frontier.pop()
        for edge in edges:
            if edge.source == phase and edge.mark != Mark.INACTIVE and edge.target not in reached:
                reached.add(edge.target)
                frontier.append(edge.target)
    return reached


clusters_of(MACHINE.phases)  # a phase without a cluster fails here, at import
