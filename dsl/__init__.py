"""The rules language: text -> AST -> composed program -> checked program."""
