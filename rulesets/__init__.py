"""The rulesets shipped with rulesrun (package data: the .rules files beside this one)."""
