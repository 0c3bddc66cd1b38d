"""The review report: a static site a rule designer opens in a browser (`unospec report`)."""
