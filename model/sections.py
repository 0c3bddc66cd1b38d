"""Booklet sections the rule functions cite, by the headings all five booklets share.

Card rules cite the section an edition file records for that card (`Edition.section_of`).
"""

CONTENTS = "Contents"
SET_UP = "Set Up"
DEAL = "Set Up 2"
FIRST_FLIP = "Set Up 4"
TURN = "Let's Play"
MATCHING = "Let's Play 1"
DRAWN_CARD = "Let's Play: If you do not have a matching card 1"
DRAW_BY_CHOICE = "Let's Play: If you do not have a matching card 2"
RESHUFFLE = "Let's Play: NOTE"
UNO = "Calling UNO"
WINNING = "Winning"
SCORING = "Keeping Score"
ACTION_CARDS = "Action Cards"
