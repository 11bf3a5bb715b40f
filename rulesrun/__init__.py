"""rulesrun: dice games written as .rules files, run by a generic interpreter.

The folders of the repository are the stages of one pipeline, installed as subpackages:
`rulesrun.dsl` (text -> AST -> composed and checked program), `rulesrun.interpreter`
(compiled rules -> running game -> log) and `rulesrun.cli` (the `rulesrun` command).
"""
