"""Booklet sections the rule functions cite, by the headings all five booklets share.

Each rule function declares the section it implements with `@cites(...)` (model/flows.py),
by one of these names, and its docstring cites the same words for a reader (a test keeps
the two equal). Card rules are reported under the section an edition file records for that
card (`Edition.section_of`): the card sections below are what their rule functions cite.
"""

CONTENTS = "Contents"
SET_UP = "Set Up"
DEALING = "Set Up 1-3"
DEAL = "Set Up 2"
FIRST_FLIP = "Set Up 4"
TURN_UP = "Set Up 4-5"
TURN = "Let's Play"
MATCHING = "Let's Play 1"
NO_MATCHING_CARD = "Let's Play: If you do not have a matching card"
DRAWN_CARD = "Let's Play: If you do not have a matching card 1"
DRAW_BY_CHOICE = "Let's Play: If you do not have a matching card 2"
RESHUFFLE = "Let's Play: NOTE"
RESHUFFLE_NOTE = "Let's Play NOTE"
"""The NOTE of `RESHUFFLE` as the reshuffle's own rules cite it: a dead-rule finding about
the reshuffle names it, so joining the two spellings would change that finding."""
UNO = "Calling UNO"
WINNING = "Winning"
SCORING = "Keeping Score"
ACTION_CARDS = "Action Cards"
WILD_CARD = "Action Cards: Wild card"
WILD_DRAW = "Action Cards: Wild Draw Four card / Wild Draw Two"
PENALTY_RACE = "Action Cards: Wild Touchdown! Card / Wild My Favorite Line Card"
HAIL_MARY = "Action Cards: Wild Hail Mary Card"

# Effects no booklet of the five has: the primitives that state them cite where they come
# from, the official edition that prints them or the widely published house rules.
NO_MERCY = "UNO Show 'Em No Mercy"  # Mattel, 2023
SEVEN_O = "House rules: 7-0"
STACKING = "House rules: Stacking"
JUMP_IN = "House rules: Jump-In"
MERCY_RULE = "UNO Show 'Em No Mercy: the mercy rule"
DRAW_UNTIL_PLAYABLE = "House rules: Draw until you can play"
RLCARD = "RLCard's UNO: rlcard.games.uno.round"  # the reinforcement-learning toolkit's game
