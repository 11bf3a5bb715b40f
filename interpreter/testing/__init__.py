"""Rule tests: scenarios that set up a position, fix the dice, script the choices and check the outcome."""
